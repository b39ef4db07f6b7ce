package engine

import (
	"errors"
	"fmt"

	"github.com/tickwork/tickwork/timing"
)

// draw builds the frame from the visible states, bottom first, and renders it.
func (g *Game) draw(f *timing.Due, w, h int) error {
	g.picture.Reset(w, h, g.opts.Clear)
	scale := float32(1)
	if g.display != nil {
		if s := g.display.ContentScale(); s > 0 {
			scale = s
		}
	}
	g.picture.HUDScale = scale
	// The HUD's size in logical units.
	hw, hh := int(float32(w)/scale), int(float32(h)/scale)
	alpha := float32(f.Alpha)
	dt := float32(f.Delta.Seconds() * g.sched.TimeScale())
	if f.Paused {
		dt = 0
	}
	tickLo := g.tickFloor()
	for i := g.drawFloor(); i < len(g.stack); i++ {
		e := g.stack[i]
		e.ticking = i >= tickLo
		edt := dt
		if e.ticking {
			e.alpha = alpha
		} else {
			edt = 0 // frozen under an overlay: no motion, no visual effects
		}
		first := len(g.picture.Scenes)
		g.debugFrame(e)
		if e.scenes != nil {
			g.mark(e, "Scenes", -1)
			for j, m := range scenesOf(e.scenes, &g.sbDraw) {
				g.mark(e, "actor Update", j)         // UpdateEffects and BuildDrawList panic with a *scene.PanicError
				m.SetAspect(float32(w) / float32(h)) // cull to what the renderer will show
				m.Interpolate(e.alpha)
				g.debugEnv(e, m) // DebugOf in Effects and Drawers
				m.UpdateEffects(edt)
				g.lap(&g.prof.Interpolate)
				g.picture.AddScene(m.BuildDrawList())
				m.SetEnv(nil)
				g.lap(&g.prof.Build)
			}
		}
		g.dctx = DrawContext{game: g, entry: e, Alpha: e.alpha, FrameDelta: edt, Width: hw, Height: hh, Scale: scale, Face: g.face, HUD: g.picture.HUD.Layer(uint16(i))}
		if err := g.callDraw(e); err != nil {
			return err
		}
		g.debugDraw(e, first, g.dctx.HUD, hw, hh)
	}
	g.overlay.build(g, g.picture.HUD.Layer(uint16(len(g.stack))), hw, hh)
	g.lap(&g.prof.Build)
	if err := g.r.Render(&g.picture); err != nil {
		return fmt.Errorf("engine: rendering: %w", err)
	}
	g.lap(&g.prof.Render)
	if g.screenshot != "" {
		path := g.screenshot
		g.screenshot = ""
		g.shotErr = writeScreenshot(g.r, path)
	}
	return nil
}

func (g *Game) callDraw(e *entry) (err error) {
	g.mark(e, "Draw", -1)
	defer func() {
		if r := recover(); r != nil {
			err = g.panicked(r)
		}
	}()
	e.state.Draw(&g.dctx)
	return nil
}

// errShotPending is ScreenshotErr's answer until the frame is drawn.
var errShotPending = errors.New("engine: screenshot not taken yet: no frame has been drawn since it was asked for")

// Screenshot asks for the next drawn frame to be saved as a PNG at path,
// written atomically. The result is reported by ScreenshotErr after that
// frame. Nothing is drawn while the window is minimised.
func (w WindowControls) Screenshot(path string) {
	w.g.screenshot = path
	w.g.shotErr = errShotPending
}

// ScreenshotErr returns the outcome of the latest screenshot: nil when it
// was written.
func (w WindowControls) ScreenshotErr() error { return w.g.shotErr }
