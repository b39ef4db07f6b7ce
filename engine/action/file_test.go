package action_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/action"
	"github.com/tickwork/tickwork/engine/input"
)

func gameMap(t *testing.T) *action.Map {
	return newMap(t,
		action.Button("jump", action.Key(input.KeySpace), action.Pad(input.PadA)),
		action.Button("save", action.Chord(action.Ctrl, input.KeyS)),
		action.Button("gas", action.Axis(input.PadRightTrigger, 1).DeadZone(0.1)),
		action.Move("move"))
}

// A damaged file is an error naming the file, the line and the value, and
// the bindings stay as they were.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, file string
		line       int
		value, why string
	}{
		{"unknown key", "jump = Space\nsave = Ctrl+Spcae\n", 2, "Ctrl+Spcae", "unknown key"},
		{"duplicate action", "jump = Space\n\n# again\njump = J\n", 4, "jump", "already bound on line 1"},
		{"bad number", "gas = Pad:RT dead=0.x\n", 1, "Pad:RT dead=0.x", "not a number"},
		{"number out of range", "gas = Pad:RT dead=0.95\n", 1, "Pad:RT dead=0.95", "dead zone 0.95 is out of range"},
		{"curve out of range", "move.up = Pad:LeftY- curve=0\n", 1, "Pad:LeftY- curve=0", "curve 0 is out of range"},
		{"unknown action", "jupm = Space\n", 1, "jupm", "unknown action"},
		{"no equals", "jump Space\n", 1, "jump Space", `want "action = binding`},
		{"unknown option", "gas = Pad:RT deadzone=1\n", 1, "Pad:RT deadzone=1", "unknown option"},
		{"option on a key", "jump = Space dead=0.1\n", 1, "Space dead=0.1", "only pad axes"},
		{"unknown pad input", "jump = Pad:Z\n", 1, "Pad:Z", "unknown pad input"},
		{"unknown mouse button", "jump = Mouse:Thumb\n", 1, "Mouse:Thumb", "unknown mouse button"},
		{"unknown device", "jump = Wheel:Up\n", 1, "Wheel:Up", "unknown device"},
		{"negative trigger", "gas = Pad:LT-\n", 1, "Pad:LT-", "unknown pad input"},
		{"modifier on pad", "jump = Ctrl+Pad:A\n", 1, "Ctrl+Pad:A", "no modifiers"},
		{"empty binding", "jump = Space,,J\n", 1, "", "empty binding"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := gameMap(t)
			before := m.Hash()
			err := m.Parse(strings.NewReader(tt.file), "keys.txt")
			var pe *action.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse = %v, want a *ParseError", err)
			}
			if pe.File != "keys.txt" || pe.Line != tt.line || pe.Value != tt.value || !strings.Contains(pe.Err.Error(), tt.why) {
				t.Errorf("error %q: got file %q line %d value %q, want keys.txt line %d value %q saying %q",
					err, pe.File, pe.Line, pe.Value, tt.line, tt.value, tt.why)
			}
			if !strings.Contains(err.Error(), "keys.txt:") || !strings.Contains(err.Error(), "unchanged") {
				t.Errorf("error %q does not name the file or say the bindings are unchanged", err)
			}
			if m.Hash() != before {
				t.Errorf("a damaged file changed the bindings: jump = %v", m.Bindings("jump"))
			}
		})
	}
}

// Every bad line is reported, up to ten.
func TestParseReportsEveryLine(t *testing.T) {
	m := gameMap(t)
	err := m.Parse(strings.NewReader("jump = Q1\nsave = Ctrl+\nfoo = A\n"), "k")
	for _, want := range []string{"k:1:", "k:2:", "k:3:"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not name %s", err, want)
		}
	}
}

func TestParseKeepsUnnamedDefaultsAndUnbinds(t *testing.T) {
	m := gameMap(t)
	if err := m.Parse(strings.NewReader("# mine\r\njump = J, Pad:B\r\nsave =\n  move.up = Comma , KP+ , = \n"), "k"); err != nil {
		t.Fatal(err)
	}
	check := func(name string, want ...action.Binding) {
		t.Helper()
		got := m.Bindings(name)
		if len(got) != len(want) {
			t.Fatalf("%s = %v, want %v", name, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s = %v, want %v", name, got, want)
			}
		}
	}
	check("jump", action.Key(input.KeyJ), action.Pad(input.PadB))
	check("save")
	check("move.up", action.Key(input.KeyComma), action.Key(input.KeyKPAdd), action.Key(input.KeyEqual))
	check("gas", action.Axis(input.PadRightTrigger, 1).DeadZone(0.1))
	if want := "jump = J, Pad:B\nsave =\nmove.up = Comma, KP+, =\n"; m.Changes() != want {
		t.Errorf("Changes() = %q, want %q", m.Changes(), want)
	}
}

// Saved bindings load back the same, and the file is written atomically
// (no leftover temporary file).
func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bindings.txt")
	m := gameMap(t)
	if err := m.Bind("move.left", action.Key(input.KeyH), action.Axis(input.PadLeftX, -1).DeadZone(0.25).Curve(1.5)); err != nil {
		t.Fatal(err)
	}
	if err := m.Bind("jump", action.Chord(action.Ctrl|action.Shift, input.KeyF1), action.Mouse(4)); err != nil {
		t.Fatal(err)
	}
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	n := gameMap(t)
	if err := n.Load(path); err != nil {
		t.Fatal(err)
	}
	if m.Hash() != n.Hash() {
		data, _ := os.ReadFile(path)
		t.Errorf("loaded bindings differ from the saved ones; file:\n%s", data)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.partial")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if err := n.Load(filepath.Join(dir, "missing.txt")); err != nil {
		t.Errorf("a missing file (a first run) gave %v", err)
	}
	if err := n.Save(filepath.Join(dir, "no", "such", "dir.txt")); err == nil || !strings.Contains(err.Error(), "saving bindings") {
		t.Errorf("Save into a missing directory = %v, want an error", err)
	}
}

// Every binding's text form parses back to it.
func TestBindingTextRoundTrip(t *testing.T) {
	var all []action.Binding
	for k := input.Key(0); k <= input.KeyLast; k++ {
		if b := action.Key(k); action.Chord(0, k) == b && validKey(k) {
			all = append(all, b, action.Chord(action.Ctrl|action.Alt|action.Super|action.Shift, k))
		}
	}
	for b := input.Button(0); b <= input.MaxButton; b++ {
		all = append(all, action.Mouse(b))
	}
	for b := input.PadButton(0); b < input.NumPadButtons; b++ {
		all = append(all, action.Pad(b))
	}
	for a := input.PadAxis(0); a < input.NumPadAxes; a++ {
		all = append(all, action.Axis(a, 1), action.Axis(a, 1).DeadZone(0.3).Curve(2.5))
		if a != input.PadLeftTrigger && a != input.PadRightTrigger {
			all = append(all, action.Axis(a, -1))
		}
	}
	if len(all) < 200 {
		t.Fatalf("only %d bindings to check", len(all))
	}
	for _, b := range all {
		got, err := action.ParseBinding(b.String())
		if err != nil || got != b {
			t.Errorf("ParseBinding(%q) = %v, %v; want %v", b.String(), got, err, b)
		}
		if low, err := action.ParseBinding(strings.ToLower(b.String())); err != nil || low != b {
			t.Errorf("ParseBinding(%q) = %v, %v; want %v", strings.ToLower(b.String()), low, err, b)
		}
	}
}

// validKey reports whether New accepts a binding of k.
func validKey(k input.Key) bool {
	_, err := action.New(action.Button("k", action.Key(k)))
	return err == nil
}
