//go:build cgo

package ui_test

import (
	"errors"
	"flag"
	"image"
	"os"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/ui"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gfxtest"
)

var update = flag.Bool("update", false, "rewrite the golden image in testdata")

// GL work runs on the main thread: TestMain serves mainthread.Call while
// the tests run on their own goroutines.
func TestMain(m *testing.M) { os.Exit(mainthread.Run(m.Run)) }

// sheet lays out every widget of the default theme: a focused button, a
// checked and an unchecked box, a slider, a text field with a selection, a
// scrolled list and a tooltip.
type sheet struct {
	u      *ui.UI
	on     bool
	off    bool
	volume float32
	name   ui.TextField
	list   ui.ListState
}

func (s *sheet) widgets() {
	u := s.u
	u.Panel("sheet", ui.Layout{X: 16, Y: 16, MinItemWidth: 180})
	u.Label("Widgets, default theme")
	u.Panel("buttons", ui.Layout{Dir: ui.Row, NoBackground: true, Padding: -1})
	u.Button("Focused")
	u.Button("Hovered")
	u.Tooltip("A tooltip")
	u.Button("Plain")
	u.EndPanel()
	u.Checkbox("Checked", &s.on)
	u.Checkbox("Unchecked", &s.off)
	u.Slider("Volume", &s.volume, 0, 1, 0.1)
	u.TextField("Name", &s.name)
	u.List("Modes", modes, &s.list, 3)
	u.EndPanel()
}

func TestGoldenWidgetSheet(t *testing.T) {
	const w, h = 480, 400
	var win *window.Window
	var err error
	mainthread.Call(func() {
		win, err = window.Open(window.Config{Width: w, Height: h, Hidden: true, NoVSync: true})
	})
	if errors.Is(err, window.ErrNoDisplay) {
		t.Skipf("no display for GL tests: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer mainthread.Call(func() { win.Close() })

	s := &sheet{u: ui.New(ui.Options{TooltipDelay: 1}), on: true, volume: 0.6,
		name: ui.TextField{Text: "Ada Lovelace", Cursor: 12, Anchor: 4}, list: ui.ListState{Selected: 2, Scroll: 1}}
	tick(s.u, nil, s.widgets)
	tick(s.u, key(input.KeyDown), s.widgets) // the first button takes the focus
	hx, hy, _ := textAt(drawn(s.u), "Hovered")
	hover := &fakeInput{x: float64(hx + 2), y: float64(hy + 2)}
	for range 3 {
		tick(s.u, hover, s.widgets)
	}
	var f gfx.Picture
	var img *image.RGBA
	mainthread.Call(func() {
		fw, fh := win.FramebufferSize()
		f.Reset(fw, fh, gfx.RGB(0.18, 0.2, 0.24))
		s.u.Draw(f.HUD.Layer(0), fw, fh)
		r := win.Renderer()
		if err = r.Render(&f); err != nil {
			return
		}
		img, err = r.Screenshot()
	})
	if err != nil {
		t.Fatal(err)
	}
	compareGolden(t, "testdata/widgets.png", img)
}

// compareGolden compares img with a golden PNG, as gfx/gl41's tests do
// (see gfxtest.CompareGolden); -update rewrites it.
func compareGolden(t *testing.T, path string, img *image.RGBA) {
	t.Helper()
	gfxtest.CompareGolden(t, path, img, *update)
}
