package engine

import (
	"fmt"
	"math"
	"strconv"
	"unsafe"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/text"
	"github.com/tickwork/tickwork/timing"
)

// Corner is a corner of the HUD, where the debug overlay sits.
type Corner uint8

// The corners. The zero value is TopLeft.
const (
	TopLeft Corner = iota
	TopRight
	BottomLeft
	BottomRight
	numCorners
)

var cornerNames = [...]string{"top-left", "top-right", "bottom-left", "bottom-right"}

// String returns "top-left", "top-right", "bottom-left" or "bottom-right".
func (c Corner) String() string {
	if c < numCorners {
		return cornerNames[c]
	}
	return "Corner(" + strconv.Itoa(int(c)) + ")"
}

// SetOverlayCorner moves the debug overlay to corner c of the HUD, from
// the next frame (TopLeft by default: move it when the game's own HUD
// lives there). It fails, changing nothing, for a value that is not one of
// the four corners. Call it on the main goroutine: from a state's hook or
// between frames.
func (d DebugControls) SetOverlayCorner(c Corner) error {
	if c >= numCorners {
		return fmt.Errorf("engine: SetOverlayCorner(%d): not a corner: use TopLeft, TopRight, BottomLeft or BottomRight", uint8(c))
	}
	d.g.overlay.corner = c
	return nil
}

// OverlayCorner returns the corner of the HUD the debug overlay sits in.
func (d DebugControls) OverlayCorner() Corner { return d.g.overlay.corner }

// overlay is the debug overlay: TPS, FPS, frame time, alpha, dropped time,
// and a graph of recent frame times. Its text is refreshed four times a
// second (numbers changing every frame cannot be read) into buffers it
// owns, so building it allocates nothing. The buffers are double: a refresh
// writes the set the current texts do not point into, so the bytes of a
// string never change while the string is in use.
type overlay struct {
	on      bool
	corner  Corner
	lines   [2][5][]byte
	set     int       // the buffer set the texts point into
	texts   [5]string // four lines of figures, then the graph's guide label
	updated timing.Micros
	have    bool

	graph [graphBars]timing.Micros // recent frame times, ring
	ig    int
	ng    int
}

const (
	graphBars  = 120
	graphH     = 80 // pixels
	graphScale = 2  // pixels per millisecond
	overlayPad = 8
)

var (
	overlayBG   = gfx.Color{R: 0, G: 0, B: 0, A: 0.6}
	overlayText = gfx.Color{R: 0.9, G: 0.95, B: 1, A: 1}
	overlaySlow = gfx.Color{R: 1, G: 0.45, B: 0.35, A: 1}
	barOK       = gfx.Color{R: 0.35, G: 0.85, B: 0.45, A: 0.9}
	barSlow     = gfx.Color{R: 0.95, G: 0.35, B: 0.3, A: 0.9}
	barGuide    = gfx.Color{R: 1, G: 1, B: 1, A: 0.35}
)

func (o *overlay) build(g *Game, hud gfx.Layer, w, h int) {
	f := &g.lastFrame
	if f.Delta > 0 {
		o.graph[o.ig] = f.Delta
		o.ig = (o.ig + 1) % graphBars
		o.ng = min(o.ng+1, graphBars)
	}
	if !o.on {
		return
	}
	if !o.have || timing.Since(f.Now, o.updated) >= 250*timing.Millisecond {
		o.have, o.updated = true, f.Now
		o.refresh(g)
	}
	const lines = 4
	// Laid out with the default face the text is drawn with.
	lineHeight := float32(math.Ceil(float64(g.face.LineHeight())))
	width := float32(300)
	for _, s := range o.texts[:lines] {
		width = max(width, g.face.Measure(s, text.Options{}).Width+12)
	}
	// The panel keeps a margin of overlayPad-4 from the HUD's edges at its
	// corner; the text starts 4 units inside it.
	boxH := lines*lineHeight + graphH + 16
	x, y := float32(overlayPad), float32(overlayPad)
	if o.corner == TopRight || o.corner == BottomRight {
		x = float32(w) - (overlayPad - 4) - width + 4
	}
	if o.corner == BottomLeft || o.corner == BottomRight {
		y = float32(h) - (overlayPad - 4) - boxH + 4
	}
	hud.AddRect(x-4, y-4, width, boxH, overlayBG)
	for i, s := range o.texts[:lines] {
		c := overlayText
		if i == 3 && g.sched.RunningSlowly() {
			c = overlaySlow
		}
		hud.AddText(x, y+float32(i)*lineHeight, c, s)
	}
	// Frame-time graph: one bar per frame, newest on the right, 2 px per
	// ms up to 40 ms, with a guide line at the refresh interval; frames over
	// twice the interval are red. Each bar has a bright cap so the curve
	// reads as a line.
	gy := y + lines*lineHeight + 6 + graphH
	target := g.pace.refreshInterval()
	guide := min(float32(target)/1000*graphScale, graphH)
	hud.AddRect(x, gy-guide, graphBars*2, 1, barGuide)
	for k := range o.ng {
		i := (o.ig - o.ng + k + graphBars) % graphBars
		hgt := min(float32(o.graph[i])/1000*graphScale, graphH)
		c := barOK
		if o.graph[i] > 2*target {
			c = barSlow
		}
		bx := x + float32(k)*2
		hud.AddRect(bx, gy-hgt, 2, hgt, gfx.Color{R: c.R, G: c.G, B: c.B, A: 0.35})
		hud.AddRect(bx, gy-hgt, 2, 2, c)
	}
	hud.AddText(x+graphBars*2+6, gy-guide-6, barGuide, o.texts[4])
}

// refresh rewrites the overlay's text lines from the game's statistics.
func (o *overlay) refresh(g *Game) {
	o.set ^= 1
	lines := &o.lines[o.set]
	st := g.Debug().Stats()
	b := lines[0][:0]
	b = append(b, "TPS "...)
	b = strconv.AppendFloat(b, st.TPS, 'f', 1, 64)
	b = append(b, "  FPS "...)
	b = strconv.AppendFloat(b, st.FPS, 'f', 1, 64)
	b = append(b, "  rate "...)
	b = strconv.AppendInt(b, int64(g.Time().TickRate()), 10)
	b = append(b, " Hz"...)
	o.setLine(0, b)

	b = lines[1][:0]
	b = append(b, "frame "...)
	b = appendMillis(b, st.FrameMean)
	b = append(b, " ms  p99 "...)
	b = appendMillis(b, st.FrameP99)
	b = append(b, " ms"...)
	o.setLine(1, b)

	b = lines[2][:0]
	b = append(b, "alpha "...)
	b = strconv.AppendFloat(b, st.Alpha, 'f', 2, 64)
	b = append(b, "  mode "...)
	b = append(b, g.mode.String()...)
	b = append(b, "  scale "...)
	b = strconv.AppendFloat(b, g.Time().TimeScale(), 'g', 3, 64)
	o.setLine(2, b)

	b = lines[3][:0]
	b = append(b, "dropped "...)
	b = appendMillis(b, st.Dropped)
	b = append(b, " ms"...)
	if st.RunningSlowly {
		b = append(b, "  RUNNING SLOWLY"...)
	}
	if st.VSyncIgnored {
		b = append(b, "  vsync paced"...)
	}
	o.setLine(3, b)

	b = lines[4][:0]
	b = appendMillis(b, g.pace.refreshInterval())
	b = append(b, " ms"...)
	o.setLine(4, b)
}

// setLine keeps the line's buffer and points the text at it without copying.
func (o *overlay) setLine(i int, b []byte) {
	o.lines[o.set][i] = b
	if len(b) == 0 {
		o.texts[i] = ""
		return
	}
	o.texts[i] = unsafe.String(&b[0], len(b))
}

func appendMillis(b []byte, d timing.Micros) []byte {
	return strconv.AppendFloat(b, float64(d)/1000, 'f', 2, 64)
}
