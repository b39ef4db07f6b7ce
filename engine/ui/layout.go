package ui

import (
	"fmt"
	"math"

	"github.com/tickwork/tickwork/gfx"
)

// Direction is the way a panel lays out its children.
type Direction uint8

// The directions.
const (
	Column Direction = iota // top to bottom: the zero value
	Row                     // left to right
)

// Align places a panel's children across its direction: in a Column,
// horizontally; in a Row, vertically.
type Align uint8

// The alignments.
const (
	Start  Align = iota // left, or top: the zero value
	Center              // centred
	End                 // right, or bottom
)

// Anchor is the point of the HUD a top-level panel is placed from.
type Anchor uint8

// The anchors: Layout.X and Y offset the panel from the anchor point.
const (
	TopLeft   Anchor = iota // the panel's top-left corner at X, Y: the zero value
	Centered                // the panel centred in the HUD, moved by X, Y
	TopCenter               // centred horizontally, its top at Y
)

// Layout describes a panel. The zero value is a column that fits its
// children, at the HUD's top-left corner, with the theme's padding and
// spacing and a background.
type Layout struct {
	Dir    Direction
	Align  Align  // the children across Dir
	Anchor Anchor // where a top-level panel goes; a nested panel takes the next place in its parent
	X, Y   float32
	// W and H fix the panel's size; 0 fits it to its children.
	W, H float32
	// Padding and Spacing: 0 means the theme's; negative means none.
	Padding, Spacing float32
	// MinItemWidth makes the panel's buttons, fields and lists at least
	// this wide (equal-width menu buttons).
	MinItemWidth float32
	// NoBackground leaves the panel's background out.
	NoBackground bool
}

type primKind uint8

const (
	pRect primKind = iota
	pNine
	pText
	pHit // a widget's box: hit testing, focus ring; not drawn
)

// prim is one thing a tick laid out: a rectangle, a nine-slice panel, a
// text or a widget's box.
type prim struct {
	kind       primKind
	nine       uint8 // pNine: which of the theme's images
	tip        bool  // part of the tooltip
	focusable  bool  // pHit: takes the focus
	x, y, w, h float32
	c          gfx.Color
	s          string
	id         uint64
}

// frame is an open panel.
type frame struct {
	id          uint64
	root        bool
	dir         Direction
	align       Align
	anchor      Anchor
	x, y        float32
	fixW, fixH  float32
	pad, gap    float32
	minW        float32
	bg          bool
	p0, k0      int     // first prim, first kid
	main, cross float32 // the children's extent so far
	n           int
}

// kid is a laid-out child of an open panel: its prims and size.
type kid struct {
	p0, p1 int
	w, h   float32
}

const (
	ninePanel = iota + 1
	nineButton
	nineField
)

func (u *UI) nine(n uint8) *NineSlice {
	switch n {
	case ninePanel:
		return &u.th.PanelImage
	case nineButton:
		return &u.th.ButtonImage
	}
	return &u.th.FieldImage
}

// ID returns the id of the widget labelled label in the current panel, for
// SetFocus. Call it in a tick, between Begin and End.
func (u *UI) ID(label string) uint64 { _, id := u.ident(label); return id }

// ident splits label into what is shown (the text before "##") and the
// widget's id (the whole label, mixed with its panel's).
func (u *UI) ident(label string) (string, uint64) {
	shown := label
	for i := 0; i+1 < len(label); i++ {
		if label[i] == '#' && label[i+1] == '#' {
			shown = label[:i]
			break
		}
	}
	h := uint64(14695981039346656037)
	if n := len(u.frames); n > 0 {
		h ^= u.frames[n-1].id
	}
	for i := 0; i < len(label); i++ {
		h ^= uint64(label[i])
		h *= 1099511628211
	}
	if h == 0 {
		h = 1
	}
	return shown, h
}

// size checks a size given to the UI: NaN, infinite or out of range is
// reported once (naming what and where) and replaced by def.
func (u *UI) size(v float32, what, where string, id uint64, def float32) float32 {
	if f := float64(v); math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > maxSize {
		u.problem(probNaN, id^hashWhat(what), fmt.Errorf("ui: %s of %q = %v is not a size (want a finite number of HUD units, at most %g): using %g", what, where, v, maxSize, def))
		return def
	}
	return v
}

func hashWhat(s string) uint64 {
	h := uint64(1469598103934665603)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// Panel opens a panel laid out by l; the widgets called until EndPanel are
// its children. A panel opened at the top level is placed in the HUD by
// l.Anchor, X and Y; a nested one takes the next place in its parent.
func (u *UI) Panel(id string, l Layout) {
	if !u.open {
		u.problem(probNesting, 4, fmt.Errorf("ui: Panel %q called outside Begin and End", id))
		return
	}
	_, pid := u.ident(id)
	f := frame{id: pid, dir: l.Dir, align: l.Align, anchor: l.Anchor, bg: !l.NoBackground, p0: len(u.prims), k0: len(u.kids)}
	f.x = u.size(l.X, "Layout.X", id, pid, 0)
	f.y = u.size(l.Y, "Layout.Y", id, pid, 0)
	f.fixW = max(u.size(l.W, "Layout.W", id, pid, 0), 0)
	f.fixH = max(u.size(l.H, "Layout.H", id, pid, 0), 0)
	f.pad = themeOr(u.size(l.Padding, "Layout.Padding", id, pid, 0), u.th.Padding)
	f.gap = themeOr(u.size(l.Spacing, "Layout.Spacing", id, pid, 0), u.th.Spacing)
	f.minW = max(u.size(l.MinItemWidth, "Layout.MinItemWidth", id, pid, 0), 0)
	if f.bg {
		u.prims = append(u.prims, prim{}) // the background, sized by EndPanel
	}
	u.frames = append(u.frames, f)
}

func themeOr(v, theme float32) float32 {
	switch {
	case v == 0:
		return theme
	case v < 0:
		return 0
	}
	return v
}

// EndPanel closes the panel opened last: it sizes it, aligns its children
// and places it.
func (u *UI) EndPanel() {
	if len(u.frames) < 2 {
		u.problem(probNesting, 5, fmt.Errorf("ui: EndPanel without an open Panel: call EndPanel once per Panel"))
		return
	}
	f := u.frames[len(u.frames)-1]
	u.frames = u.frames[:len(u.frames)-1]
	// The content's size, and the panel's.
	cw, ch := f.cross, f.main
	if f.dir == Row {
		cw, ch = f.main, f.cross
	}
	w, h := cw+2*f.pad, ch+2*f.pad
	if f.fixW > 0 {
		w = f.fixW
	}
	if f.fixH > 0 {
		h = f.fixH
	}
	inner := w - 2*f.pad
	if f.dir == Row {
		inner = h - 2*f.pad
	}
	for _, k := range u.kids[f.k0:] {
		size := k.w
		if f.dir == Row {
			size = k.h
		}
		off := float32(0)
		switch f.align {
		case Center:
			off = (inner - size) / 2
		case End:
			off = inner - size
		}
		if f.dir == Row {
			u.translate(k.p0, k.p1, 0, off)
		} else {
			u.translate(k.p0, k.p1, off, 0)
		}
	}
	u.kids = u.kids[:f.k0]
	if f.bg {
		c := u.th.Panel
		if u.th.PanelImage.Image != 0 {
			u.prims[f.p0] = prim{kind: pNine, nine: ninePanel, w: w, h: h, c: c}
		} else {
			u.prims[f.p0] = prim{kind: pRect, w: w, h: h, c: c}
		}
	}
	parent := &u.frames[len(u.frames)-1]
	if parent.root {
		x, y := f.x, f.y
		switch f.anchor {
		case Centered:
			x += (u.viewW - w) / 2
			y += (u.viewH - h) / 2
		case TopCenter:
			x += (u.viewW - w) / 2
		}
		u.translate(f.p0, len(u.prims), x, y)
		return
	}
	x, y := u.slot()
	u.translate(f.p0, len(u.prims), x, y)
	u.done(f.p0, w, h)
}

// translate moves prims p0 to p1 by dx, dy.
func (u *UI) translate(p0, p1 int, dx, dy float32) {
	for i := p0; i < p1; i++ {
		u.prims[i].x += dx
		u.prims[i].y += dy
	}
}

// slot returns where the next child of the open panel goes, in the
// panel's coordinates (its children are moved with it when it closes).
func (u *UI) slot() (x, y float32) {
	f := &u.frames[len(u.frames)-1]
	at := f.main
	if f.n > 0 {
		at += f.gap
	}
	if f.dir == Row {
		return f.pad + at, f.pad
	}
	return f.pad, f.pad + at
}

// done records a child of the open panel: prims from p0 on, w × h.
func (u *UI) done(p0 int, w, h float32) {
	f := &u.frames[len(u.frames)-1]
	if f.n > 0 {
		f.main += f.gap
	}
	if f.dir == Row {
		f.main += w
		f.cross = max(f.cross, h)
	} else {
		f.main += h
		f.cross = max(f.cross, w)
	}
	f.n++
	u.kids = append(u.kids, kid{p0: p0, p1: len(u.prims), w: w, h: h})
}

// itemWidth is w, widened to the open panel's MinItemWidth.
func (u *UI) itemWidth(w float32) float32 { return max(w, u.frames[len(u.frames)-1].minW) }

// rowID returns the open panel's id when it is a row, else 0.
func (u *UI) rowID() uint64 {
	if f := &u.frames[len(u.frames)-1]; f.dir == Row {
		return f.id | 1
	}
	return 0
}

func (u *UI) rect(x, y, w, h float32, c gfx.Color) {
	u.prims = append(u.prims, prim{kind: pRect, x: x, y: y, w: w, h: h, c: c})
}

// box draws a widget's background: the theme's image n, or a rectangle.
func (u *UI) box(n uint8, x, y, w, h float32, c gfx.Color) {
	if u.nine(n).Image != 0 {
		u.prims = append(u.prims, prim{kind: pNine, nine: n, x: x, y: y, w: w, h: h, c: c})
		return
	}
	u.rect(x, y, w, h, c)
}

func (u *UI) text(s string, x, y, w, h float32, c gfx.Color) {
	if s != "" {
		u.prims = append(u.prims, prim{kind: pText, x: x, y: y, w: w, h: h, c: c, s: s})
	}
}

// hit records a widget's box; a focusable one joins the focus order.
func (u *UI) hit(id uint64, label string, x, y, w, h float32, takesFocus bool) {
	u.prims = append(u.prims, prim{kind: pHit, x: x, y: y, w: w, h: h, id: id, s: label, focusable: takesFocus})
	if takesFocus {
		if _, dup := u.seen[id]; dup {
			u.problem(probDuplicate, id, fmt.Errorf("ui: two widgets labelled %q in one panel share an id: suffix one with \"##\" and a unique word (%q)", label, label+"##2"))
		}
		u.seen[id] = struct{}{}
		u.order = append(u.order, focusable{id: id, row: u.rowID()})
	}
	u.lastID = id
}

// findHit returns the box widget id had in prims, or false.
func findHit(prims []prim, id uint64) (prim, bool) {
	for i := range prims {
		if prims[i].kind == pHit && prims[i].id == id {
			return prims[i], true
		}
	}
	return prim{}, false
}

// focusRing draws a ring around the focused widget, over the rectangles.
func (u *UI) focusRing() {
	p, ok := findHit(u.prims, u.focus)
	if !ok || u.focus == 0 {
		return
	}
	t, c := u.th.FocusWidth, u.th.Accent
	x, y, w, h := p.x-t, p.y-t, p.w+2*t, p.h+2*t
	u.rect(x, y, w, t, c)
	u.rect(x, y+h-t, w, t, c)
	u.rect(x, y+t, t, h-2*t, c)
	u.rect(x+w-t, y+t, t, h-2*t, c)
}

// Tooltip gives the widget called just before it a tooltip: s shows below
// it once the mouse has rested on it (or it has been focused) for
// Options.TooltipDelay ticks.
func (u *UI) Tooltip(s string) {
	if u.lastID != 0 && u.lastID == u.tipTarget && u.tipTicks >= u.tipDelay {
		u.tip, u.tipID = s, u.lastID
	}
}

// placeTooltip lays the tooltip out below its widget, within the HUD.
func (u *UI) placeTooltip() {
	u.tipBox = [4]float32{}
	p, ok := findHit(u.prims, u.tipID)
	if u.tip == "" || !ok {
		return
	}
	tw, th := u.measure(u.tip)
	w, h := tw+2*u.th.PadX, th+2*u.th.PadY
	x, y := p.x, p.y+p.h+u.th.Spacing
	if y+h > u.viewH {
		y = p.y - h - u.th.Spacing
	}
	x = max(0, min(x, u.viewW-w))
	y = max(0, y)
	// With a panel image the tooltip is a sprite, added last, so that it
	// covers the other widgets' sprites; else a rectangle, and Draw leaves
	// out the sprites it would hide under.
	back := prim{kind: pRect, x: x, y: y, w: w, h: h, c: u.th.TooltipBack, tip: true}
	if u.th.PanelImage.Image != 0 {
		back.kind, back.nine = pNine, ninePanel
	}
	u.tipRect = back.kind == pRect
	u.prims = append(u.prims, back,
		prim{kind: pText, x: x + u.th.PadX, y: y + u.th.PadY, w: tw, h: th, c: u.th.TooltipText, s: u.tip, tip: true})
	u.tipBox = [4]float32{x, y, w, h}
}
