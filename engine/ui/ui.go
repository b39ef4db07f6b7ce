package ui

import (
	"fmt"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/text"
)

// Clipboard is where text fields copy to and paste from. A game's window
// facet, engine.Game.Window(), has both methods (it reaches the window's
// clipboard, or keeps one in memory headless). Called in ticks, on the
// main goroutine.
type Clipboard interface {
	ClipboardText() (string, error)
	SetClipboardText(s string) error
}

// Options configure a UI. The zero value is usable: the default theme, no
// clipboard, problems kept for Err only.
type Options struct {
	// Theme is how widgets look; nil means DefaultTheme.
	Theme *Theme
	// Clipboard serves copy, cut and paste in text fields; nil: they do
	// nothing.
	Clipboard Clipboard
	// Report, when set, receives each problem (a NaN size, an empty
	// theme, an unbalanced panel) once, in the tick that finds it.
	Report func(err error)
	// RepeatDelay and RepeatEvery are in ticks: a held direction moves
	// again after RepeatDelay ticks, then every RepeatEvery ticks. 0 means
	// 12 and 4.
	RepeatDelay, RepeatEvery int
	// TooltipDelay is how many ticks a widget must stay under the mouse (or
	// focused) before its tooltip shows; 0 means 15.
	TooltipDelay int
}

// UI is an immediate-mode user interface drawn on the HUD. A state calls
// Begin, then one method per widget (Button, Slider…, inside Panel and
// EndPanel), then End, in every Tick: the calls read the tick's input and
// return what happened (a button clicked, a value changed), so a menu's
// state changes only in ticks and a recorded menu replays. End keeps what
// the tick laid out; Draw, called from the state's Draw every frame, adds it
// to the HUD in one pass, allocating nothing.
//
// A UI is used by one goroutine, the main one. Widgets are told apart by
// their label within their panel: give two widgets of one panel the same
// caption by suffixing "##" and something unique ("Apply##video"); the text
// after "##" is not shown.
type UI struct {
	th       Theme
	face     *text.Face
	clip     Clipboard
	report   func(error)
	firstErr error
	reported map[problemKey]bool

	repeatDelay, repeatEvery, tipDelay int

	in   Input
	nav  Nav
	keys KeyNav

	viewW, viewH float32

	prims  []prim  // being built this tick
	drawn  []prim  // the last finished tick's, drawn every frame
	frames []frame // open panels; frames[0] is the root
	kids   []kid   // the children of the open panels
	order  []focusable
	seen   map[uint64]struct{} // the ids of this tick's focusable widgets

	measured map[string][2]float32 // text sizes by string
	open     bool                  // between Begin and End

	focus, active, hot, clicked uint64
	lastID                      uint64 // the latest widget, for Tooltip
	held                        [4]int
	move                        [4]bool // navigation not yet consumed this tick
	accept, back                bool
	scrollY                     float32
	mx, my                      float32

	tipTarget uint64
	tipTicks  int
	tip       string
	tipID     uint64
	tipBox    [4]float32 // x, y, w, h of the drawn tooltip; w 0: none
	tipRect   bool       // the tooltip's background is a rectangle
}

type focusable struct {
	id  uint64
	row uint64 // the Row panel it is in, 0 in a column
}

type problemKey struct {
	kind int
	id   uint64
}

// New returns a UI. Problems with the options are reported (Options.Report,
// Err) and replaced by defaults: a UI always draws something.
func New(opts Options) *UI {
	u := &UI{clip: opts.Clipboard, report: opts.Report, viewW: 1280, viewH: 720}
	face, err := text.Default()
	if err != nil {
		u.problem(probFace, 0, fmt.Errorf("ui: the default face: %w", err))
	}
	u.face = face
	th := DefaultTheme(face)
	if opts.Theme != nil {
		var errs []error
		th, errs = sanitize(*opts.Theme, face)
		for i, e := range errs {
			u.problem(probTheme, uint64(i), e)
		}
	}
	u.th = th
	u.repeatDelay, u.repeatEvery, u.tipDelay = 12, 4, 15
	for _, t := range []struct {
		name string
		v    int
		dst  *int
	}{{"RepeatDelay", opts.RepeatDelay, &u.repeatDelay}, {"RepeatEvery", opts.RepeatEvery, &u.repeatEvery}, {"TooltipDelay", opts.TooltipDelay, &u.tipDelay}} {
		switch {
		case t.v > 0:
			*t.dst = t.v
		case t.v < 0:
			u.problem(probOption, 0, fmt.Errorf("ui: Options.%s = %d is negative: want 0 (the default) or a number of ticks; using %d", t.name, t.v, *t.dst))
		}
	}
	return u
}

// Theme returns the theme in use, after New replaced what was missing.
func (u *UI) Theme() Theme { return u.th }

// Err returns the first problem found (nil when none): reported problems
// are also kept here.
func (u *UI) Err() error { return u.firstErr }

// The kinds of problems, each reported once per kind and widget.
const (
	probFace = iota
	probTheme
	probOption
	probNaN
	probNesting
	probRange
	probDuplicate
)

// problem reports err once for (kind, id).
func (u *UI) problem(kind int, id uint64, err error) {
	k := problemKey{kind, id}
	if u.reported[k] {
		return
	}
	if u.reported == nil {
		u.reported = make(map[problemKey]bool)
	}
	u.reported[k] = true
	if u.firstErr == nil {
		u.firstErr = err
	}
	if u.report != nil {
		u.report(err)
	}
}

// Begin starts the tick's UI: it reads in (the tick's input, e.g.
// TickContext.Input) and nav (the standard actions; nil reads raw keys and
// pads through a KeyNav). Call it once per tick, before the widgets, and
// End after them.
func (u *UI) Begin(in Input, nav Nav) {
	if u.open {
		u.problem(probNesting, 1, fmt.Errorf("ui: Begin called twice without End: call End after the widgets of each tick"))
		u.End()
	}
	u.open = true
	u.in = in
	u.keys.Update(in)
	if nav == nil {
		nav = &u.keys
	}
	u.nav = nav
	u.prims = u.prims[:0]
	u.order = u.order[:0]
	if u.seen == nil {
		u.seen = make(map[uint64]struct{})
	}
	clear(u.seen)
	u.kids = u.kids[:0]
	u.frames = append(u.frames[:0], frame{root: true, dir: Column})
	u.lastID, u.tip, u.tipID = 0, "", 0

	// Navigation, with repeat while held.
	for d, name := range [4]string{ActionUp, ActionDown, ActionLeft, ActionRight} {
		u.move[d] = false
		switch {
		case nav.Pressed(name):
			u.move[d], u.held[d] = true, 1
		case nav.Down(name):
			u.held[d]++
			if n := u.held[d] - u.repeatDelay; n >= 0 && n%u.repeatEvery == 0 {
				u.move[d] = true
			}
		default:
			u.held[d] = 0
		}
	}
	u.accept, u.back = nav.Pressed(ActionAccept), nav.Pressed(ActionBack)
	if in != nil && (in.Pressed(input.KeyTab) || in.Repeated(input.KeyTab)) {
		if in.Down(input.KeyLeftShift) || in.Down(input.KeyRightShift) {
			u.move[dirUp] = true
		} else {
			u.move[dirDown] = true
		}
	}

	// The mouse, against the boxes of the last tick.
	u.clicked, u.scrollY = 0, 0
	if in == nil {
		u.hot = 0
		return
	}
	x, y := in.Cursor()
	u.mx, u.my = float32(x), float32(y)
	_, sy := in.Scroll()
	u.scrollY = float32(sy)
	u.hot = 0
	for i := len(u.drawn) - 1; i >= 0; i-- {
		p := &u.drawn[i]
		if p.kind == pHit && u.mx >= p.x && u.mx < p.x+p.w && u.my >= p.y && u.my < p.y+p.h {
			u.hot = p.id
			break
		}
	}
	if in.ButtonPressed(input.ButtonLeft) {
		u.active = u.hot
		if u.hot != 0 {
			u.focus = u.hot
		}
	}
	if in.ButtonReleased(input.ButtonLeft) {
		if u.active != 0 && u.active == u.hot {
			u.clicked = u.active
		}
		if !in.ButtonDown(input.ButtonLeft) {
			u.active = 0
		}
	}
	target := u.hot
	if target == 0 {
		target = u.focus
	}
	if target == u.tipTarget {
		u.tipTicks = min(u.tipTicks+1, 1<<20)
	} else {
		u.tipTarget, u.tipTicks = target, 0
	}
}

// End finishes the tick's UI: it closes panels left open (reporting them),
// moves the focus by the navigation no widget used, and keeps the layout
// for Draw.
func (u *UI) End() {
	if !u.open {
		u.problem(probNesting, 2, fmt.Errorf("ui: End called without Begin: call Begin before the widgets of each tick"))
		return
	}
	if n := len(u.frames) - 1; n > 0 {
		u.problem(probNesting, 3, fmt.Errorf("ui: %d Panel(s) left open at End: close each Panel with EndPanel", n))
		for len(u.frames) > 1 {
			u.EndPanel()
		}
	}
	u.open = false
	u.moveFocus()
	u.focusRing()
	u.placeTooltip()
	u.drawn, u.prims = u.prims, u.drawn
	u.in, u.nav = nil, nil
}

// moveFocus applies the navigation the widgets left unused: up and down
// go to the previous or next widget, past the others of a row; left and
// right move within a row.
func (u *UI) moveFocus() {
	n := len(u.order)
	if n == 0 {
		return
	}
	cur := -1
	for i, f := range u.order {
		if f.id == u.focus {
			cur = i
		}
	}
	step, leaveRow := 0, false
	switch {
	case u.move[dirDown]:
		step, leaveRow = 1, true
	case u.move[dirUp]:
		step, leaveRow = -1, true
	case cur >= 0 && u.order[cur].row != 0 && u.move[dirRight]:
		step = 1
	case cur >= 0 && u.order[cur].row != 0 && u.move[dirLeft]:
		step = -1
	}
	switch {
	case step == 0:
		return
	case cur < 0 && step > 0:
		cur = 0
	case cur < 0:
		cur = n - 1
	default:
		row := u.order[cur].row
		next := (cur + step + n) % n
		for leaveRow && row != 0 && u.order[next].row == row && next != cur {
			next = (next + step + n) % n
		}
		cur = next
	}
	u.focus = u.order[cur].id
	u.tipTarget, u.tipTicks = u.focus, 0
}

// Focus returns the focused widget's id (0: none); ID gives a label's.
func (u *UI) Focus() uint64 { return u.focus }

// FocusLabel returns the label of the widget focused at the end of the
// latest tick ("" when none): a menu shows help for it, a test checks it.
func (u *UI) FocusLabel() string {
	if p, ok := findHit(u.drawn, u.focus); ok && u.focus != 0 {
		return p.s
	}
	return ""
}

// SetFocus focuses the widget with id (0: none), as a click would. Call it
// in a tick.
func (u *UI) SetFocus(id uint64) { u.focus = id }

// Back reports whether the back action (Escape, pad B) was pressed in this
// tick: a menu closes itself on it.
func (u *UI) Back() bool { return u.back }

// Hash returns a hash of the UI's own state (focus, the widget held by the
// mouse, navigation repeat, tooltip timing), for a state's Hasher. The
// values widgets edit belong to the game, which hashes them itself.
func (u *UI) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		h ^= v
		h *= 1099511628211
		h ^= h >> 29
	}
	mix(u.focus)
	mix(u.active)
	mix(u.hot)
	mix(u.tipTarget)
	mix(uint64(u.tipTicks))
	for _, n := range u.held {
		mix(uint64(n))
	}
	mix(uint64(u.keys.stick) | uint64(u.keys.prev)<<8)
	return h
}

// Draw adds the UI laid out by the latest tick to l, a state's HUD layer
// (DrawContext.HUD), in one pass: rectangles, nine-slice sprites and text.
// width and height are the HUD's size (DrawContext.Width, Height): the
// next ticks place anchored panels within it. Call it every frame from
// State.Draw, on the main goroutine. It allocates nothing once the HUD's
// slices have grown.
func (u *UI) Draw(l gfx.Layer, width, height int) {
	if width > 0 && height > 0 {
		u.viewW, u.viewH = float32(width), float32(height)
	}
	tb := u.tipBox
	for i := range u.drawn {
		p := &u.drawn[i]
		switch p.kind {
		case pRect:
			l.AddRect(p.x, p.y, p.w, p.h, p.c)
		case pNine:
			n := u.nine(p.nine)
			if u.tipRect && tb[2] > 0 && !p.tip && overlaps(p, tb) { // a sprite would cover the tooltip's rectangle
				continue
			}
			l.AddNineSlice(n.Image, p.x, p.y, p.w, p.h, n.Src, n.Dst, p.c)
		case pText:
			// Text is drawn over every rectangle of the layer: leave out
			// what a tooltip covers, so the tooltip reads cleanly.
			if tb[2] > 0 && !p.tip && overlaps(p, tb) {
				continue
			}
			l.AddTextFace(u.th.Face, p.x, p.y, text.Options{}, p.c, p.s)
		}
	}
}

func overlaps(p *prim, b [4]float32) bool {
	return p.x < b[0]+b[2] && b[0] < p.x+p.w && p.y < b[1]+b[3] && b[1] < p.y+p.h
}
