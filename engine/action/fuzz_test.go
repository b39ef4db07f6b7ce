package action_test

import (
	"bytes"
	"strings"
	"testing"
)

// Any text either parses, and then writes back to a file that parses to the
// same bindings, or is an error; never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"jump = Space, Pad:A\nsave = Ctrl+S\n",
		"move.up = Pad:LeftY- dead=0.2 curve=2, KP+, Comma\n",
		"gas = Pad:RT dead=0.x\n", "jump =\n", "# c\n\n", "jump = Ctrl+Shift+Alt+Super+=\n",
		"jump = Mouse:8, Mouse:Middle\n", "x=\x00\xff",
		"move.up = Pad:LeftX+ curve=1 dead=-0\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m := gameMap(t)
		if err := m.Parse(strings.NewReader(text), "f"); err != nil {
			return
		}
		var buf bytes.Buffer
		if _, err := m.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		n := gameMap(t)
		if err := n.Parse(&buf, "again"); err != nil {
			t.Fatalf("written bindings do not parse: %v\n%s", err, buf.String())
		}
		if m.Hash() != n.Hash() {
			t.Fatalf("bindings changed through a file:\n%s", buf.String())
		}
	})
}
