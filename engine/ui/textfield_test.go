package ui_test

import (
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/ui"
)

// memClipboard is a clipboard in memory.
type memClipboard struct{ s string }

func (c *memClipboard) ClipboardText() (string, error)  { return c.s, nil }
func (c *memClipboard) SetClipboardText(s string) error { c.s = s; return nil }

func TestTextFieldEdits(t *testing.T) {
	clip := &memClipboard{s: "pasted\nline"}
	u := ui.New(ui.Options{Clipboard: clip})
	var f ui.TextField
	field := func() { u.TextField("Name", &f) }
	tick(u, nil, field)
	u.SetFocus(u.ID("Name"))
	shift, ctrl := input.KeyLeftShift, input.KeyLeftControl
	steps := []struct {
		name           string
		in             *fakeInput
		text           string
		cursor, anchor int
	}{
		{"type", &fakeInput{text: []rune("héllo")}, "héllo", 6, 6},
		{"backspace", key(input.KeyBackspace), "héll", 5, 5},
		{"backspace repeats", &fakeInput{repeated: []input.Key{input.KeyBackspace}}, "hél", 4, 4},
		{"left", key(input.KeyLeft), "hél", 3, 3},
		{"select left over é", key(input.KeyLeft, shift), "hél", 1, 3},
		{"typing replaces the selection", &fakeInput{text: []rune("a")}, "hal", 2, 2},
		{"delete", key(input.KeyDelete), "ha", 2, 2},
		{"home", key(input.KeyHome), "ha", 0, 0},
		{"select to end", key(input.KeyEnd, shift), "ha", 2, 0},
		{"paste over the selection, line break as a space", key(input.KeyV, ctrl), "pasted line", 11, 11},
		{"select all", key(input.KeyA, ctrl), "pasted line", 11, 0},
		{"copy keeps the text", key(input.KeyC, ctrl), "pasted line", 11, 0},
		{"select a word", key(input.KeyLeft, shift), "pasted line", 10, 0},
		{"cut", key(input.KeyX, ctrl), "e", 0, 0},
		{"paste the cut text", key(input.KeyV, ctrl), "pasted lin" + "e", 10, 10},
		{"control characters are not typed", &fakeInput{text: []rune{'\b', 'x', 0x7f}}, "pasted linxe", 11, 11},
	}
	for _, s := range steps {
		tick(u, s.in, field)
		if f.Text != s.text || f.Cursor != s.cursor || f.Anchor != s.anchor {
			t.Fatalf("%s: text %q cursor %d anchor %d; want %q %d %d", s.name, f.Text, f.Cursor, f.Anchor, s.text, s.cursor, s.anchor)
		}
	}
	if clip.s != "pasted lin" {
		t.Errorf("clipboard %q after the cut, want %q", clip.s, "pasted lin")
	}
	var changed, submitted bool
	tick(u, key(input.KeyEnter), func() { changed, submitted = u.TextField("Name", &f) })
	if changed || !submitted {
		t.Errorf("Enter: changed %v submitted %v; want false true", changed, submitted)
	}
	if u.Err() != nil {
		t.Errorf("Err = %v after valid edits", u.Err())
	}
}

func TestTextFieldLimitsAndScrolls(t *testing.T) {
	u := ui.New(ui.Options{})
	f := ui.TextField{MaxRunes: 40}
	tick(u, nil, func() { u.TextField("##f", &f) })
	u.SetFocus(u.ID("##f"))
	long := []rune("the quick brown fox jumps over the lazy dog, twice over")
	tick(u, &fakeInput{text: long}, func() { u.TextField("##f", &f) })
	if n := len([]rune(f.Text)); n != 40 {
		t.Fatalf("text of %d runes after typing %d with MaxRunes 40", n, len(long))
	}
	h := drawn(u)
	w := u.Theme().FieldWidth
	var shown string
	for _, tx := range h.Texts {
		shown = tx.S
	}
	if shown == f.Text || len(shown) == 0 {
		t.Fatalf("field shows %q: want the end of %q, scrolled", shown, f.Text)
	}
	if m := u.Theme().Face.Measure(shown, textOpts); m.Width > w {
		t.Errorf("shown text %q is %.1f wide, the field %.1f", shown, m.Width, w)
	}
	if f.Text[len(f.Text)-len(shown):] != shown {
		t.Errorf("shown %q is not the end of %q (the cursor's end)", shown, f.Text)
	}
}

func TestTextFieldClampsABadCursor(t *testing.T) {
	var reports []error
	u := ui.New(ui.Options{Report: func(err error) { reports = append(reports, err) }})
	f := ui.TextField{Text: "ñu", Cursor: 1, Anchor: 99}
	for range 3 {
		tick(u, nil, func() { u.TextField("Bad", &f) })
	}
	if f.Cursor != 0 || f.Anchor != len(f.Text) {
		t.Errorf("cursor %d anchor %d; want 0 (a rune start) and %d", f.Cursor, f.Anchor, len(f.Text))
	}
	if len(reports) != 1 {
		t.Errorf("%d reports over 3 ticks, want 1: %v", len(reports), reports)
	}
}
