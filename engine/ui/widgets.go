package ui

import (
	"fmt"
	"math"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/text"
)

var textOpts = text.Options{}

// maxMeasured bounds the cache of measured strings; past it, the cache
// starts again.
const maxMeasured = 4096

// measure returns s's size in the theme's face. Sizes are cached by
// string: a screen's captions are measured once, not every tick.
func (u *UI) measure(s string) (w, h float32) {
	if u.th.Face == nil {
		return 8 * float32(len(s)), 16
	}
	if m, ok := u.measured[s]; ok {
		return m[0], m[1]
	}
	m := u.th.Face.Measure(s, textOpts)
	w, h = m.Width, max(m.Height, u.th.Face.LineHeight())
	if u.measured == nil || len(u.measured) >= maxMeasured {
		u.measured = make(map[string][2]float32, 256)
	}
	u.measured[s] = [2]float32{w, h}
	return w, h
}

func (u *UI) lineHeight() float32 {
	if u.th.Face == nil {
		return 16
	}
	return u.th.Face.LineHeight()
}

// started reports whether widgets may be called now, reporting once when
// not.
func (u *UI) started(what string) bool {
	if !u.open {
		u.problem(probNesting, 6, fmt.Errorf("ui: %s called outside Begin and End: call widgets in a tick, between Begin and End", what))
	}
	return u.open
}

// consume takes a navigation move of the focused widget id.
func (u *UI) consume(id uint64, d int) bool {
	if u.focus == id && u.move[d] {
		u.move[d] = false
		return true
	}
	return false
}

// accepted takes the accept action for the focused widget id.
func (u *UI) accepted(id uint64) bool {
	if u.focus == id && u.accept {
		u.accept = false
		return true
	}
	return false
}

// Label adds a line of text. It takes no focus.
func (u *UI) Label(s string) {
	if !u.started("Label") {
		return
	}
	w, h := u.measure(s)
	x, y := u.slot()
	p0 := len(u.prims)
	u.text(s, x, y, w, h, u.th.Text)
	u.done(p0, w, h)
}

// Button adds a button and reports whether it was activated in this tick:
// clicked (pressed and released over it) or accepted while focused.
func (u *UI) Button(label string) bool {
	if !u.started("Button") {
		return false
	}
	shown, id := u.ident(label)
	tw, th := u.measure(shown)
	w, h := u.itemWidth(tw+2*u.th.PadX), th+2*u.th.PadY
	x, y := u.slot()
	p0 := len(u.prims)
	u.box(nineButton, x, y, w, h, u.stateColour(id))
	u.text(shown, x+(w-tw)/2, y+u.th.PadY, tw, th, u.th.Text)
	u.hit(id, label, x, y, w, h, true)
	u.done(p0, w, h)
	return u.clicked == id || u.accepted(id)
}

// stateColour is a button-like widget's colour: held, hovered or at rest.
func (u *UI) stateColour(id uint64) gfx.Color {
	switch {
	case u.active == id && u.hot == id:
		return u.th.Pressed
	case u.hot == id:
		return u.th.Hover
	}
	return u.th.Button
}

// Checkbox adds a check box showing *v and reports whether it was toggled
// in this tick (a click, or accept while focused).
func (u *UI) Checkbox(label string, v *bool) bool {
	if !u.started("Checkbox") {
		return false
	}
	shown, id := u.ident(label)
	tw, th := u.measure(shown)
	s := u.th.CheckSize
	h := max(s, th)
	w := s
	if shown != "" {
		w += u.th.PadX + tw
	}
	x, y := u.slot()
	p0 := len(u.prims)
	u.rect(x, y+(h-s)/2, s, s, u.stateColour(id))
	if v != nil && *v {
		in := max(3, s/4)
		u.rect(x+in, y+(h-s)/2+in, s-2*in, s-2*in, u.th.Accent)
	}
	u.text(shown, x+s+u.th.PadX, y+(h-th)/2, tw, th, u.th.Text)
	u.hit(id, label, x, y, w, h, true)
	u.done(p0, w, h)
	if u.clicked == id || u.accepted(id) {
		if v != nil {
			*v = !*v
		}
		return true
	}
	return false
}

// Slider adds a slider for *v between lo and hi, moved by step (0 or less:
// a twentieth of the range) with left and right while focused, or dragged
// with the mouse. It reports whether *v changed in this tick. A NaN or
// infinite bound, lo ≥ hi, or a NaN *v is reported once; the slider then
// shows 0 to 1, and a NaN *v is set to lo.
func (u *UI) Slider(label string, v *float32, lo, hi, step float32) bool {
	if !u.started("Slider") {
		return false
	}
	shown, id := u.ident(label)
	if !finite(lo) || !finite(hi) || !(lo < hi) {
		u.problem(probRange, id, fmt.Errorf("ui: Slider %q: range %v to %v is not a range (want finite lo < hi): showing 0 to 1", label, lo, hi))
		lo, hi = 0, 1
	}
	var dummy float32
	if v == nil {
		v = &dummy
	}
	old := *v
	if !finite(*v) {
		u.problem(probNaN, id, fmt.Errorf("ui: Slider %q: value %v is not a number: set to %v", label, *v, lo))
		*v = lo
	}
	if !(step > 0) || !finite(step) {
		step = (hi - lo) / 20
	}
	tw, th := u.measure(shown)
	lw := float32(0)
	if shown != "" {
		lw = tw + u.th.PadX
	}
	tr := u.th.SliderWidth
	w, h := lw+tr, th+2*u.th.PadY
	// Input.
	if u.consume(id, dirLeft) {
		*v -= step
	}
	if u.consume(id, dirRight) {
		*v += step
	}
	if (u.active == id || u.clicked == id) && u.in != nil {
		if p, ok := findHit(u.drawn, id); ok {
			t := (u.mx - (p.x + lw)) / tr
			*v = lo + max(0, min(1, t))*(hi-lo)
		}
	}
	*v = max(lo, min(hi, *v))
	// Drawing.
	x, y := u.slot()
	p0 := len(u.prims)
	u.text(shown, x, y+u.th.PadY, tw, th, u.th.Text)
	t := (*v - lo) / (hi - lo)
	ty, tth := y+h/2-3, float32(6)
	u.rect(x+lw, ty, tr, tth, u.th.Field)
	u.rect(x+lw, ty, tr*t, tth, u.th.Accent)
	kw := float32(10)
	u.rect(x+lw+(tr-kw)*t, y+2, kw, h-4, u.stateColour(id))
	u.hit(id, label, x, y, w, h, true)
	u.done(p0, w, h)
	return *v != old
}

func finite(v float32) bool { f := float64(v); return !math.IsNaN(f) && !math.IsInf(f, 0) }

// ListState is a list's state, kept by the game: the selected row and the
// first row shown.
type ListState struct {
	Selected int
	Scroll   int
}

// List adds a list of items showing rows rows at a time (at least 1),
// scrolled with the wheel, or by moving the selection: up and down while
// focused, or a click on a row. It reports whether the selection changed
// in this tick; accept while focused also reports true. The items are drawn
// as given: they must stay valid until the next tick's List.
func (u *UI) List(label string, items []string, st *ListState, rows int) bool {
	if !u.started("List") {
		return false
	}
	_, id := u.ident(label)
	if st == nil {
		st = &ListState{}
	}
	rows = max(1, rows)
	n := len(items)
	old := st.Selected
	rh := u.lineHeight() + u.th.PadY
	w, h := u.itemWidth(u.th.ListWidth), float32(rows)*rh
	if st.Selected > 0 && u.consume(id, dirUp) {
		st.Selected--
	}
	if st.Selected < n-1 && u.consume(id, dirDown) {
		st.Selected++
	}
	activated := u.accepted(id)
	if u.hot == id && u.scrollY != 0 {
		st.Scroll -= int(math.Round(float64(u.scrollY)))
	}
	if u.clicked == id {
		if p, ok := findHit(u.drawn, id); ok {
			if r := st.Scroll + int((u.my-p.y)/rh); r >= 0 && r < n {
				st.Selected = r
			}
		}
	}
	st.Selected = max(0, min(n-1, st.Selected))
	if st.Selected != old { // keep the selection in view
		st.Scroll = min(st.Scroll, st.Selected)
		st.Scroll = max(st.Scroll, st.Selected-rows+1)
	}
	st.Scroll = max(0, min(st.Scroll, n-rows))
	x, y := u.slot()
	p0 := len(u.prims)
	u.box(nineField, x, y, w, h, u.th.Field)
	sb := float32(0)
	if n > rows { // a scroll bar
		sb = 6
		u.rect(x+w-sb, y+h*float32(st.Scroll)/float32(n), sb, h*float32(rows)/float32(n), u.th.Button)
	}
	for r := st.Scroll; r < n && r < st.Scroll+rows; r++ {
		ry := y + float32(r-st.Scroll)*rh
		if r == st.Selected {
			u.rect(x, ry, w-sb, rh, u.th.Selection)
		}
		tw, th := u.measure(items[r])
		u.text(items[r], x+u.th.PadX, ry+u.th.PadY/2, tw, th, u.th.Text)
	}
	u.hit(id, label, x, y, w, h, true)
	u.done(p0, w, h)
	return st.Selected != old || activated
}
