package main

import (
	"errors"
	"image"
	"testing"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/collide"
)

// TestPickFindsTheActorDrawnUnderTheCursor: in a real frame of the arena
// (GL 4.1 under Xvfb), the pixels where the top box of the pile is drawn
// are found by drawing the frame with and without it; picking at the
// middle of them returns that box, and picking at a pixel of sky returns
// nothing.
func TestPickFindsTheActorDrawnUnderTheCursor(t *testing.T) {
	const w, h = 480, 270
	assets, err := demo.LoadAssets()
	if err != nil {
		t.Fatal(err)
	}
	g := demo.NewGameplay(demo.Config{Assets: assets})
	game, err := engine.NewHeadless(demo.Options(), g)
	if err != nil {
		t.Fatal(err)
	}
	defer game.Close()
	if err := game.RunTicks(45, nil); err != nil { // the pile settles; the frame ends on a tick
		t.Fatal(err)
	}
	box := topBox(t, g)

	var win *window.Window
	mainthread.Call(func() {
		win, err = window.Open(window.Config{Width: w, Height: h, Hidden: true, NoVSync: true, Renderer: gl41.Options{}})
	})
	if errors.Is(err, window.ErrNoDisplay) {
		t.Skipf("no display for GL tests: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer mainthread.Call(func() { _ = win.Close() })
	mainthread.Call(func() {
		win.Renderer().SetAssets(assets.Lib)
		err = win.Renderer().SetGraphics(gfx.Graphics{Shadows: gfx.ShadowOff}) // a hidden box leaves no shadow behind
	})
	if err != nil {
		t.Fatal(err)
	}
	m := g.Scene()
	a, err := m.Actor(box)
	if err != nil {
		t.Fatal(err)
	}
	shot := func() *image.RGBA {
		m.Interpolate(1) // the newest tick: where the collision world placed everything
		pic := gfx.Picture{Width: w, Height: h, Clear: demo.Background, Scenes: []*gfx.DrawList{m.BuildDrawList()}}
		var img *image.RGBA
		mainthread.Call(func() {
			if err = win.Renderer().Render(&pic); err == nil {
				img, err = win.Renderer().Screenshot()
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	with := shot()
	a.Hidden = true
	without := shot()
	a.Hidden = false

	// The middle of the pixels the box changes: its silhouette.
	var sx, sy, n int
	for y := range h {
		for x := range w {
			if differ(with, without, x, y) {
				sx, sy, n = sx+x, sy+y, n+1
			}
		}
	}
	if n < 20 {
		t.Fatalf("the top box covers %d pixels of the frame: want it in view", n)
	}
	cx, cy := sx/n, sy/n
	if !differ(with, without, cx, cy) {
		t.Fatalf("the middle of the box's pixels (%d, %d) is not on it", cx, cy)
	}
	hit, _, ok := g.PickAt(float32(cx)+0.5, float32(cy)+0.5, w, h)
	if !ok || hit.Actor != box {
		t.Errorf("picking at (%d, %d), on the box drawn there: %v (ok %v), want %v", cx, cy, hit.Actor, ok, box)
	}
	// The top row is sky: nothing to pick.
	if hit, _, ok := g.PickAt(w/2, 0.5, w, h); ok {
		t.Errorf("picking the sky at the top of the frame: %v, want nothing", hit.Actor)
	}
}

// differ reports whether the two frames differ noticeably at (x, y).
func differ(a, b *image.RGBA, x, y int) bool {
	i := a.PixOffset(x, y)
	d := 0
	for k := range 3 {
		v := int(a.Pix[i+k]) - int(b.Pix[i+k])
		d += max(v, -v)
	}
	return d > 24
}

// topBox returns the highest of the pile's boxes (dynamic box colliders).
func topBox(t *testing.T, g *demo.Gameplay) scene.Handle {
	t.Helper()
	best, top := scene.NoHandle, float32(-1)
	for _, a := range g.Scene().All() {
		c, ok := g.Physics().Collider(a.Handle())
		if !ok || c.Body != collide.Dynamic || c.Shape.Kind != collide.ShapeBox {
			continue
		}
		if y := a.World().Pos[1]; y > top {
			best, top = a.Handle(), y
		}
	}
	if best == scene.NoHandle {
		t.Fatal("the arena has no boxes")
	}
	return best
}
