package ui_test

import (
	"fmt"
	"testing"

	"github.com/tickwork/tickwork/engine/ui"
	"github.com/tickwork/tickwork/gfx"
)

// bigSettings is a settings screen of 200 widgets: 40 rows, each a label,
// a slider, a check box, a button and a text field, in two columns of
// panels, with a tooltip showing.
type bigSettings struct {
	u       *ui.UI
	labels  []string
	values  []float32
	checks  []bool
	fields  []ui.TextField
	focused bool
}

func newBigSettings() *bigSettings {
	b := &bigSettings{u: ui.New(ui.Options{TooltipDelay: 1})}
	for i := range 40 {
		b.labels = append(b.labels, fmt.Sprintf("Setting %d", i))
		b.values = append(b.values, float32(i)/40)
		b.checks = append(b.checks, i%2 == 0)
		b.fields = append(b.fields, ui.TextField{Text: fmt.Sprintf("value %d", i)})
	}
	return b
}

func (b *bigSettings) widgets() {
	u := b.u
	for half := range 2 {
		u.Panel(b.labels[half], ui.Layout{X: float32(half) * 640, Padding: 4, Spacing: 2})
		for i := half * 20; i < half*20+20; i++ {
			u.Panel(b.labels[i], ui.Layout{Dir: ui.Row, NoBackground: true, Padding: -1, Spacing: 4})
			u.Label(b.labels[i])
			u.Slider("##v", &b.values[i], 0, 1, 0.1)
			u.Checkbox("##c", &b.checks[i])
			u.Button("Reset")
			u.Tooltip("Puts the default back")
			u.TextField("##t", &b.fields[i])
			u.EndPanel()
		}
		u.EndPanel()
	}
}

func (b *bigSettings) tick(in ui.Input) { tick(b.u, in, b.widgets) }

func (b *bigSettings) settle(t testing.TB) {
	b.tick(nil)
	x, y, ok := textAt(drawn(b.u), "Reset")
	if !ok {
		t.Fatal("no Reset button drawn")
	}
	for range 3 { // hover a button until its tooltip shows
		b.tick(&fakeInput{x: float64(x + 1), y: float64(y + 1)})
	}
	if _, _, ok := textAt(drawn(b.u), "Puts the default back"); !ok {
		t.Fatal("no tooltip")
	}
}

func TestDrawAllocatesNothing(t *testing.T) {
	b := newBigSettings()
	b.settle(t)
	var h gfx.HUD
	l := h.Layer(0)
	b.u.Draw(l, 1280, 720) // the HUD's slices grow once
	allocs := testing.AllocsPerRun(50, func() {
		h.Reset()
		b.u.Draw(l, 1280, 720)
	})
	if allocs != 0 {
		t.Errorf("Draw of 200 widgets allocates %.1f times per frame, want 0", allocs)
	}
	if len(h.Texts) < 110 || len(h.Rects) < 250 {
		t.Errorf("drew %d texts and %d rects: want the whole screen", len(h.Texts), len(h.Rects))
	}
}

// BenchmarkHUD200Draw is a frame's cost of a 200-widget settings screen:
// adding what the latest tick laid out to the HUD.
func BenchmarkHUD200Draw(bm *testing.B) {
	b := newBigSettings()
	b.settle(bm)
	var h gfx.HUD
	l := h.Layer(0)
	b.u.Draw(l, 1280, 720)
	bm.ReportAllocs()
	bm.ResetTimer()
	for range bm.N {
		h.Reset()
		b.u.Draw(l, 1280, 720)
	}
}

// BenchmarkHUD200Tick is a tick's cost of the same screen: input, layout
// and text measuring of the 200 widgets.
func BenchmarkHUD200Tick(bm *testing.B) {
	b := newBigSettings()
	b.settle(bm)
	in := &fakeInput{}
	bm.ReportAllocs()
	bm.ResetTimer()
	for range bm.N {
		b.tick(in)
	}
}
