package action

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/tickwork/tickwork/engine/atomicfile"
)

// A bindings file is text, one action per line:
//
//	# comments start with #
//	jump = Space, Pad:A
//	save = Ctrl+S
//	move.up = W, Up, Pad:LeftY- dead=0.25 curve=2, Pad:Up
//	fire =
//
// Each line names an action of the Map and lists its bindings (their
// ParseBinding form) separated by commas; an empty list unbinds it. Actions
// the file does not name keep their defaults, so a game that adds actions
// reads its older files.

// ParseError is one bad line of a bindings file.
type ParseError struct {
	File  string // the file's name, as given
	Line  int    // 1-based
	Value string // the text at fault
	Err   error  // what is wrong with it
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d: %q: %v", e.File, e.Line, e.Value, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// maxFileErrors is how many bad lines one error lists.
const maxFileErrors = 10

// Parse reads a bindings file from r (name is the file's name, for errors)
// and, if every line is good, sets m's bindings to its defaults with the
// file's lines over them. A bad line (unknown action or key, an action
// named twice, a bad number) leaves m as it was and returns errors naming
// name, each line and value (*ParseError, joined; up to 10).
func (m *Map) Parse(r io.Reader, name string) error {
	binds := make([][]Binding, len(m.acts))
	for i := range m.acts {
		binds[i] = clone(m.acts[i].defaults)
	}
	seen := make(map[string]int)
	var errs []error
	fail := func(line int, value string, err error) {
		if len(errs) < maxFileErrors {
			errs = append(errs, &ParseError{File: name, Line: line, Value: value, Err: err})
		}
	}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		act, list, ok := strings.Cut(line, "=")
		act = strings.TrimSpace(act)
		if !ok {
			fail(n, line, errors.New(`want "action = binding, binding, ..."`))
			continue
		}
		i, known := m.index[act]
		if !known {
			fail(n, act, fmt.Errorf("unknown action: the game has %s", strings.Join(m.Names(), ", ")))
			continue
		}
		if first, dup := seen[act]; dup {
			fail(n, act, fmt.Errorf("action already bound on line %d", first))
			continue
		}
		seen[act] = n
		var got []Binding
		bad := false
		if strings.TrimSpace(list) != "" {
			for _, tok := range strings.Split(list, ",") {
				b, err := ParseBinding(tok)
				if err != nil {
					fail(n, strings.TrimSpace(tok), err)
					bad = true
					continue
				}
				got = append(got, b)
			}
		}
		if !bad {
			binds[i] = got
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("action: reading %s: %w", name, err)
	}
	if len(errs) > 0 {
		return fmt.Errorf("action: bindings file %s is damaged, the bindings are unchanged: %w", name, errors.Join(errs...))
	}
	for i := range m.acts {
		m.acts[i].binds = binds[i]
	}
	m.rebuilt()
	return nil
}

// Load reads the bindings file at path (Parse). A file that does not exist
// yet (the game's first run) is not an error: m keeps its bindings. Call
// it before the game's first tick, or in a tick.
func (m *Map) Load(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("action: loading bindings: %w", err)
	}
	defer f.Close()
	return m.Parse(f, path)
}

// Save writes every action's bindings to path, atomically: a crash leaves
// the old file or the whole new one.
func (m *Map) Save(path string) error {
	if err := atomicfile.Write(path, 0o644, func(w io.Writer) error {
		_, err := m.WriteTo(w)
		return err
	}); err != nil {
		return fmt.Errorf("action: saving bindings: %w", err)
	}
	return nil
}

// WriteTo writes every action's bindings as a bindings file, with a short
// comment on the syntax.
func (m *Map) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	sb.WriteString("# Input bindings: action = binding, binding, ...\n")
	sb.WriteString("# Keys: A, 5, Space, Enter, Esc, Up, F1, LShift, Comma; chords: Ctrl+S; Mouse:Left;\n")
	sb.WriteString("# Pad:A, Pad:Up (D-pad), Pad:LeftX+ (a stick's half), Pad:RT (a trigger), options dead=0.2 curve=2.\n")
	for i := range m.acts {
		m.writeLine(&sb, i)
	}
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

func (m *Map) writeLine(sb *strings.Builder, i int) {
	a := &m.acts[i]
	sb.WriteString(a.name)
	sb.WriteString(" =")
	for j, b := range a.binds {
		if j > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte(' ')
		sb.WriteString(b.String())
	}
	sb.WriteByte('\n')
}

// Changes returns the lines of a bindings file for the actions bound
// otherwise than by default, "" when none: short enough to store in a
// recording's metadata (replay.Header.Meta), so that a replay rebuilds the
// bindings in effect when it was recorded (Parse them).
func (m *Map) Changes() string {
	var sb strings.Builder
	for i := range m.acts {
		a := &m.acts[i]
		if !slices.Equal(a.binds, a.defaults) {
			m.writeLine(&sb, i)
		}
	}
	return sb.String()
}
