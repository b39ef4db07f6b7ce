package window_test

import (
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
)

// panel draws a white square at (10, 10), 20 units wide, in the HUD's
// logical units, and keeps what its DrawContext said.
type panel struct {
	w, h  int
	scale float32
}

func (*panel) Tick(*engine.TickContext) error { return nil }
func (p *panel) Draw(ctx *engine.DrawContext) {
	p.w, p.h, p.scale = ctx.Width, ctx.Height, ctx.Scale
	ctx.HUD.AddRect(10, 10, 20, 20, gfx.RGB(1, 1, 1))
}

func TestForcedContentScaleLaysTheHUDOutInLogicalUnits(t *testing.T) {
	tests := []struct {
		scale  float32
		inside [2]int // a pixel inside the square at this scale
		out    [2]int // a pixel inside it only at a larger scale
	}{
		{1, [2]int{25, 25}, [2]int{45, 45}},
		{2, [2]int{45, 45}, [2]int{65, 65}},
	}
	for _, tt := range tests {
		w := open(t, window.Config{Width: 200, Height: 100, Hidden: true, NoVSync: true, ContentScale: tt.scale})
		p := &panel{}
		var err error
		var in, out gfx.Color
		var scale float32
		mainthread.Call(func() {
			scale = w.ContentScale()
			var g *engine.Game
			if g, err = engine.New(engine.Options{}); err != nil {
				return
			}
			if err = g.Start(w, w.Renderer(), p); err != nil {
				return
			}
			if err = g.RunFrame(); err != nil {
				return
			}
			img, e := w.Renderer().Screenshot()
			if e != nil {
				err = e
				return
			}
			at := func(xy [2]int) gfx.Color {
				c := img.RGBAAt(xy[0], xy[1])
				return gfx.RGB(float32(c.R)/255, float32(c.G)/255, float32(c.B)/255)
			}
			in, out = at(tt.inside), at(tt.out)
			err = g.Stop()
		})
		if err != nil {
			t.Fatal(err)
		}
		if scale != tt.scale || p.scale != tt.scale {
			t.Errorf("scale %v: window says %v, DrawContext %v", tt.scale, scale, p.scale)
		}
		if want := int(200 / tt.scale); p.w != want || p.h != int(100/tt.scale) {
			t.Errorf("scale %v: DrawContext size %d×%d, want %d×%d", tt.scale, p.w, p.h, want, int(100/tt.scale))
		}
		if in != gfx.RGB(1, 1, 1) {
			t.Errorf("scale %v: pixel %v is %v, want the white square", tt.scale, tt.inside, in)
		}
		if out == gfx.RGB(1, 1, 1) {
			t.Errorf("scale %v: pixel %v is white, want it outside the square", tt.scale, tt.out)
		}
	}
	if _, err := window.Open(window.Config{ContentScale: 20}); err == nil {
		t.Error("ContentScale 20: got nil error, want it refused")
	}
}
