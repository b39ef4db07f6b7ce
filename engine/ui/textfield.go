package ui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tickwork/tickwork/engine/input"
)

// DefaultMaxRunes is a TextField's length limit when MaxRunes is 0.
const DefaultMaxRunes = 256

// TextField is a text field's state, kept by the game and hashed with its
// own state: the text and the selection. Cursor and Anchor are byte
// offsets into Text; the text between them is selected (none when equal).
type TextField struct {
	Text           string
	Cursor, Anchor int
	// MaxRunes limits the text's length in runes; 0 means DefaultMaxRunes.
	MaxRunes int

	view int // the first byte shown
}

// Selection returns the selected byte range, start ≤ end.
func (f *TextField) Selection() (start, end int) {
	return min(f.Cursor, f.Anchor), max(f.Cursor, f.Anchor)
}

// Selected returns the selected text.
func (f *TextField) Selected() string { a, b := f.Selection(); return f.Text[a:b] }

// replace puts s in place of the selection and leaves the cursor after it,
// within the length limit.
func (f *TextField) replace(s string) {
	a, b := f.Selection()
	limit := f.MaxRunes
	if limit <= 0 {
		limit = DefaultMaxRunes
	}
	room := limit - utf8.RuneCountInString(f.Text) + utf8.RuneCountInString(f.Text[a:b])
	if n := utf8.RuneCountInString(s); n > room {
		cut := 0
		for i := 0; i < max(room, 0); i++ {
			_, size := utf8.DecodeRuneInString(s[cut:])
			cut += size
		}
		s = s[:cut]
	}
	f.Text = f.Text[:a] + s + f.Text[b:]
	f.Cursor = a + len(s)
	f.Anchor = f.Cursor
}

// fix clamps the cursor and anchor into the text, on rune boundaries.
func (f *TextField) fix() bool {
	ok := true
	for _, p := range []*int{&f.Cursor, &f.Anchor} {
		if *p < 0 || *p > len(f.Text) {
			*p, ok = max(0, min(*p, len(f.Text))), false
		}
		for *p > 0 && *p < len(f.Text) && !utf8.RuneStart(f.Text[*p]) {
			*p--
			ok = false
		}
	}
	if !utf8.ValidString(f.Text) {
		f.Text = strings.ToValidUTF8(f.Text, "\uFFFD")
		f.Cursor, f.Anchor, ok = len(f.Text), len(f.Text), false
	}
	f.view = max(0, min(f.view, f.Cursor))
	return ok
}

func prevRune(s string, i int) int {
	if i <= 0 {
		return 0
	}
	_, n := utf8.DecodeLastRuneInString(s[:i])
	return i - n
}

func nextRune(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return i + n
}

// cleanPaste keeps the printable runes of a pasted text, a line break
// becoming a space.
func cleanPaste(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return ' '
		case r < 0x20 || r == 0x7f || r == '\r':
			return -1
		}
		return r
	}, s)
}

// TextField adds a one-line text field editing f. While focused it takes
// the tick's typed text (Input.Text), Backspace and Delete, Left, Right,
// Home and End (with Shift to select), Ctrl+A (select all), Ctrl+C, Ctrl+X
// and Ctrl+V through Options.Clipboard. It reports whether the text changed
// in this tick, and whether Enter was pressed (submitted). The label, when
// not empty, is shown on its left.
func (u *UI) TextField(label string, f *TextField) (changed, submitted bool) {
	if !u.started("TextField") {
		return false, false
	}
	shown, id := u.ident(label)
	if f == nil {
		f = &TextField{}
	}
	if !f.fix() {
		u.problem(probRange, id, fmt.Errorf("ui: TextField %q: cursor or selection outside the text, or text not UTF-8: clamped", label))
	}
	old := f.Text
	if u.focus == id && u.in != nil {
		submitted = u.edit(id, f)
	}
	tw, th := u.measure(shown)
	lw := float32(0)
	if shown != "" {
		lw = tw + u.th.PadX
	}
	fw := u.itemWidth(u.th.FieldWidth)
	w, h := lw+fw, u.lineHeight()+2*u.th.PadY
	iw := fw - 2*u.th.PadX
	x, y := u.slot()
	tx := x + lw + u.th.PadX
	if u.clicked == id || (u.active == id && u.in != nil && u.in.ButtonPressed(input.ButtonLeft)) {
		f.Cursor = u.offsetAt(f, u.mx-(u.hitX(id)+lw+u.th.PadX))
		f.Anchor = f.Cursor
	}
	// Scroll so that the cursor shows.
	if f.view > f.Cursor {
		f.view = f.Cursor
	}
	for f.view < f.Cursor && u.width(f.Text[f.view:f.Cursor]) > iw {
		f.view = nextRune(f.Text, f.view)
	}
	for f.view > 0 && u.width(f.Text[prevRune(f.Text, f.view):]) <= iw {
		f.view = prevRune(f.Text, f.view)
	}
	end := f.view
	if u.width(f.Text[f.view:]) <= iw { // all of the rest fits: the usual case
		end = len(f.Text)
	}
	for end < len(f.Text) && u.width(f.Text[f.view:nextRune(f.Text, end)]) <= iw {
		end = nextRune(f.Text, end)
	}
	p0 := len(u.prims)
	u.text(shown, x, y+u.th.PadY, tw, th, u.th.Text)
	u.box(nineField, x+lw, y, fw, h, u.th.Field)
	if a, b := f.Selection(); a != b && u.focus == id {
		a, b = max(a, f.view), min(b, end)
		if a < b {
			xa := tx + u.width(f.Text[f.view:a])
			u.rect(xa, y+u.th.PadY, u.width(f.Text[a:b]), u.lineHeight(), u.th.Selection)
		}
	}
	vis := f.Text[f.view:end]
	u.text(vis, tx, y+u.th.PadY, u.width(vis), u.lineHeight(), u.th.Text)
	if u.focus == id {
		u.rect(tx+u.width(f.Text[f.view:f.Cursor]), y+u.th.PadY, 2, u.lineHeight(), u.th.Caret)
	}
	u.hit(id, label, x, y, w, h, true)
	u.done(p0, w, h)
	return f.Text != old, submitted
}

func (u *UI) width(s string) float32 { w, _ := u.measure(s); return w }

// hitX returns widget id's left edge in the last tick.
func (u *UI) hitX(id uint64) float32 {
	p, _ := findHit(u.drawn, id)
	return p.x
}

// offsetAt returns the byte offset nearest to x units into f's shown text.
func (u *UI) offsetAt(f *TextField, x float32) int {
	best, bestD := f.view, float32(1e30)
	for i := f.view; ; i = nextRune(f.Text, i) {
		d := u.width(f.Text[f.view:i]) - x
		if d < 0 {
			d = -d
		}
		if d < bestD {
			best, bestD = i, d
		}
		if i >= len(f.Text) {
			break
		}
	}
	return best
}

// edit applies the tick's keys and text to the focused field f and
// reports whether Enter was pressed.
func (u *UI) edit(id uint64, f *TextField) bool {
	in := u.in
	u.consume(id, dirLeft)
	u.consume(id, dirRight)
	u.accepted(id) // accept (Space, pad A) types or does nothing here: Enter submits
	key := func(k input.Key) bool { return in.Pressed(k) || in.Repeated(k) }
	shift := in.Down(input.KeyLeftShift) || in.Down(input.KeyRightShift)
	ctrl := in.Down(input.KeyLeftControl) || in.Down(input.KeyRightControl) ||
		in.Down(input.KeyLeftSuper) || in.Down(input.KeyRightSuper)
	move := func(to int) {
		f.Cursor = to
		if !shift {
			f.Anchor = to
		}
	}
	a, b := f.Selection()
	switch {
	case ctrl && key(input.KeyA):
		f.Anchor, f.Cursor = 0, len(f.Text)
	case ctrl && (key(input.KeyC) || key(input.KeyX)):
		if a != b && u.clip != nil {
			if err := u.clip.SetClipboardText(f.Text[a:b]); err != nil {
				u.problem(probRange, id^1, fmt.Errorf("ui: TextField: copying: %w", err))
			} else if key(input.KeyX) {
				f.replace("")
			}
		}
	case ctrl && key(input.KeyV):
		if u.clip != nil {
			s, err := u.clip.ClipboardText()
			if err != nil {
				u.problem(probRange, id^2, fmt.Errorf("ui: TextField: pasting: %w", err))
			} else {
				f.replace(cleanPaste(s))
			}
		}
	case key(input.KeyBackspace):
		if a == b {
			f.Anchor = prevRune(f.Text, f.Cursor)
		}
		f.replace("")
	case key(input.KeyDelete):
		if a == b {
			f.Anchor = nextRune(f.Text, f.Cursor)
		}
		f.replace("")
	case key(input.KeyLeft):
		if a != b && !shift {
			move(a)
		} else {
			move(prevRune(f.Text, f.Cursor))
		}
	case key(input.KeyRight):
		if a != b && !shift {
			move(b)
		} else {
			move(nextRune(f.Text, f.Cursor))
		}
	case key(input.KeyHome):
		move(0)
	case key(input.KeyEnd):
		move(len(f.Text))
	}
	if typed := in.Text(); len(typed) > 0 && !ctrl {
		n := 0
		var buf [64]byte
		b := buf[:0]
		for _, r := range typed {
			if r >= 0x20 && r != 0x7f {
				b = utf8.AppendRune(b, r)
				n++
			}
		}
		if n > 0 {
			f.replace(string(b))
		}
	}
	return in.Pressed(input.KeyEnter) || in.Pressed(input.KeyKPEnter)
}
