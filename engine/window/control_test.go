package window_test

import (
	"image"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
)

// retitler changes the window from its first tick and notes the resize
// the window reports back in a later tick.
type retitler struct {
	ticks   int
	err     error
	resized [2]int
}

func (s *retitler) Tick(ctx *engine.TickContext) error {
	s.ticks++
	if s.ticks == 1 {
		g := ctx.Game()
		for _, err := range []error{
			g.Window().SetTitle("tickwork: level 2"),
			g.Window().SetSize(320, 200),
			g.Window().SetCursorMode(input.CursorHidden),
			g.Window().SetIcon(image.NewNRGBA(image.Rect(0, 0, 16, 16))),
		} {
			if err != nil && s.err == nil {
				s.err = err
			}
		}
	}
	if ok, w, h := ctx.Input.Resized(); ok {
		s.resized = [2]int{w, h}
	}
	return nil
}

func (*retitler) Draw(*engine.DrawContext) {}

func TestStateControlsTheWindow(t *testing.T) {
	w := open(t, window.Config{Width: 200, Height: 100, Hidden: true, NoVSync: true})
	s := &retitler{}
	var err error
	var title string
	var size [2]int
	mainthread.Call(func() {
		var g *engine.Game
		if g, err = engine.New(engine.Options{}); err != nil {
			return
		}
		if err = g.Start(w, w.Renderer(), s); err != nil {
			return
		}
		// Frames until the resize has come back as an event, at most 3 s.
		for i := 0; i < 300 && s.resized == [2]int{}; i++ {
			if err = g.RunFrame(); err != nil {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		title = w.Title()
		size[0], size[1] = w.Size()
		err = g.Stop()
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.err != nil {
		t.Fatalf("a setting from the state failed: %v", s.err)
	}
	if title != "tickwork: level 2" {
		t.Errorf("title %q, want the state's", title)
	}
	if size != [2]int{320, 200} {
		t.Errorf("window size %v, want 320×200", size)
	}
	if s.resized != [2]int{320, 200} {
		t.Errorf("the state saw the resize as %v, want 320×200 (framebuffer pixels) in a later tick", s.resized)
	}
}
