package engine

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
)

func TestWindowSettingsHeadless(t *testing.T) {
	h, err := NewHeadless(Options{}, &probe{name: "p", log: &journal{}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	g := h.Game
	// Headless, the settings are accepted and remembered.
	if err := g.Window().SetTitle("level 2"); err != nil || g.Window().Title() != "level 2" {
		t.Errorf("SetTitle: %v, Title %q; want nil and %q", err, g.Window().Title(), "level 2")
	}
	if err := g.Window().SetCursorMode(input.CursorCaptured); err != nil || g.Window().CursorMode() != input.CursorCaptured {
		t.Errorf("SetCursorMode: %v, CursorMode %v; want nil and captured", err, g.Window().CursorMode())
	}
	if err := g.Window().SetSize(320, 200); err != nil {
		t.Errorf("SetSize: %v", err)
	}
	if err := g.Window().SetIcon(image.NewNRGBA(image.Rect(0, 0, 32, 32))); err != nil {
		t.Errorf("SetIcon: %v", err)
	}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"title not UTF-8", g.Window().SetTitle("\xff"), "UTF-8"},
		{"title too long", g.Window().SetTitle(strings.Repeat("x", MaxTitleBytes+1)), "at most 1024 bytes"},
		{"size 0", g.Window().SetSize(0, 10), "allowed 1 to 16384"},
		{"size huge", g.Window().SetSize(10, 20000), "allowed 1 to 16384"},
		{"cursor mode", g.Window().SetCursorMode(9), "unknown mode 9"},
		{"no icon", g.Window().SetIcon(nil), "no image"},
		{"icon too big", g.Window().SetIcon(image.NewNRGBA(image.Rect(0, 0, 512, 8))), "512×8"},
	}
	for _, tt := range tests {
		if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error saying %q", tt.name, tt.err, tt.want)
		}
	}
	if g.Window().Title() != "level 2" || g.Window().CursorMode() != input.CursorCaptured {
		t.Errorf("after refused settings: title %q, cursor %v; want them unchanged", g.Window().Title(), g.Window().CursorMode())
	}
}

// settingsWindow is a live window with both optional abilities, recording
// what the engine passes on.
type settingsWindow struct {
	liveWindow
	calls      []string
	fullscreen bool
}

func (w *settingsWindow) SetVSync(on bool)      { w.calls = append(w.calls, fmt.Sprint("vsync ", on)) }
func (w *settingsWindow) RefreshRate() int      { return 75 }
func (w *settingsWindow) ContentScale() float32 { return 2 }
func (w *settingsWindow) Iconified() bool       { return false }
func (w *settingsWindow) SetTitle(t string)     { w.calls = append(w.calls, "title "+t) }
func (w *settingsWindow) SetSize(x, y int) error {
	w.calls = append(w.calls, fmt.Sprint("size ", x, "×", y))
	return nil
}
func (w *settingsWindow) SetCursorMode(m input.CursorMode) error {
	w.calls = append(w.calls, fmt.Sprint("cursor ", m))
	return nil
}
func (w *settingsWindow) SetIcon(img image.Image) error {
	w.calls = append(w.calls, fmt.Sprint("icon ", img.Bounds().Dx()))
	return nil
}
func (w *settingsWindow) SetFullscreen(on bool) error {
	w.fullscreen = on
	w.calls = append(w.calls, fmt.Sprint("fullscreen ", on))
	return nil
}
func (w *settingsWindow) Fullscreen() bool { return w.fullscreen }

var (
	_ Display        = (*settingsWindow)(nil)
	_ WindowSettings = (*settingsWindow)(nil)
)

// A window that is a Display and has WindowSettings gets every setting a
// state makes through Game.Window(), and vsync from Start; a refused value
// never reaches it.
func TestWindowSettingsReachTheWindow(t *testing.T) {
	g, err := New(Options{Clock: &ManualClock{}, NoPacing: true})
	if err != nil {
		t.Fatal(err)
	}
	win := &settingsWindow{liveWindow: liveWindow{w: 64, h: 64}}
	if err := g.Start(win, &NullRenderer{}, &probe{name: "p", log: &journal{}}); err != nil {
		t.Fatal(err)
	}
	defer g.Stop()
	w := g.Window()
	steps := []struct {
		name string
		do   func() error
		want string // the call the window got ("": none)
	}{
		{"title", func() error { return w.SetTitle("two") }, "title two"},
		{"bad title", func() error { _ = w.SetTitle("\xff"); return nil }, ""},
		{"size", func() error { return w.SetSize(320, 200) }, "size 320×200"},
		{"bad size", func() error { _ = w.SetSize(0, 1); return nil }, ""},
		{"cursor", func() error { return w.SetCursorMode(input.CursorHidden) }, fmt.Sprint("cursor ", input.CursorHidden)},
		{"icon", func() error { return w.SetIcon(image.NewNRGBA(image.Rect(0, 0, 16, 16))) }, "icon 16"},
		{"fullscreen", func() error { return w.SetFullscreen(true) }, "fullscreen true"},
		{"vsync", func() error { w.SetVSync(false); return nil }, "vsync false"},
	}
	if len(win.calls) != 1 || win.calls[0] != "vsync true" {
		t.Fatalf("after Start the window got %q, want [vsync true]", win.calls)
	}
	for _, s := range steps {
		before := len(win.calls)
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		got := strings.Join(win.calls[before:], "; ")
		if got != s.want {
			t.Errorf("%s: the window got %q, want %q", s.name, got, s.want)
		}
	}
	if !w.Fullscreen() || w.VSync() {
		t.Errorf("Fullscreen %v, VSync %v; want true, false", w.Fullscreen(), w.VSync())
	}
}
