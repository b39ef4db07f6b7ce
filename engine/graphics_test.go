package engine

import (
	"strings"
	"testing"

	"github.com/tickwork/tickwork/gfx"
)

// graphicsRenderer is a renderer with the GraphicsSetter ability that
// records what it was given.
type graphicsRenderer struct {
	got []gfx.Graphics
}

func (r *graphicsRenderer) Render(*gfx.Picture) error { return nil }
func (r *graphicsRenderer) SetGraphics(g gfx.Graphics) error {
	r.got = append(r.got, g)
	return nil
}

func TestSetGraphics(t *testing.T) {
	h, err := NewHeadless(Options{}, &probe{name: "a", log: &journal{}})
	if err != nil {
		t.Fatal(err)
	}
	g := h.Game
	rr := &graphicsRenderer{}
	g.r = rr
	want := gfx.Graphics{Shadows: gfx.ShadowHigh, ShadowDistance: 60, MSAA: 8}
	if err := g.Window().SetGraphics(want); err != nil {
		t.Fatal(err)
	}
	if g.Window().Graphics() != want || len(rr.got) != 1 || rr.got[0] != want {
		t.Errorf("Graphics %+v, renderer got %+v; want %+v passed through", g.Window().Graphics(), rr.got, want)
	}
	for _, bad := range []gfx.Graphics{{Shadows: 9}, {ShadowDistance: -1}, {MSAA: 5}} {
		err := g.Window().SetGraphics(bad)
		if err == nil || !strings.HasPrefix(err.Error(), "engine: gfx: ") {
			t.Errorf("SetGraphics(%+v) = %v, want an error naming the value", bad, err)
		}
	}
	if g.Window().Graphics() != want || len(rr.got) != 1 {
		t.Errorf("after refusals: Graphics %+v, renderer calls %d; want the settings kept and no call", g.Window().Graphics(), len(rr.got))
	}
}
