package action

import (
	"fmt"
	"math"
	"strings"

	"github.com/tickwork/tickwork/engine/input"
)

// Source is the tick's raw input a Map reads: what is held at the tick's
// moment, and the events delivered to the tick (presses and releases are
// taken from them). *engine.Input implements it: pass the tick's
// ctx.Input.
type Source interface {
	// HeldKeys appends the keys held at the tick's moment to dst.
	HeldKeys(dst []input.Key) []input.Key
	ButtonDown(b input.Button) bool
	PadConnected(p int) bool
	PadDown(p int, b input.PadButton) bool
	PadAxis(p int, a input.PadAxis) float64
	Events() []input.Event
}

// Querier is what a consumer of actions needs: a UI moving its focus, a
// behaviour, a player. *Map implements it; a package of widgets can take
// it (or a smaller interface of its own) and never see bindings.
type Querier interface {
	Pressed(name string) bool
	Released(name string) bool
	Down(name string) bool
	Repeated(name string) bool
}

// AnyPad makes a Map read every connected gamepad (UsePad).
const AnyPad = -1

// Def defines one action of a Map and its default bindings: make it with
// Button or Vector.
type Def struct {
	name  string
	binds []Binding
	dirs  *[4][]Binding // a vector action: up, down, left, right
}

// Button defines an action named name answering to binds: a button
// (Pressed, Released, Down) that also has a Value from 0 to 1 (an axis
// binding's travel; 1 for a key or button held).
func Button(name string, binds ...Binding) Def { return Def{name: name, binds: binds} }

// Vector defines a 2D action named name from four directions: the actions
// name.up, name.down, name.left and name.right, each a Button of its own
// (rebound and saved one by one), combined by Map.Vector.
func Vector(name string, up, down, left, right []Binding) Def {
	return Def{name: name, dirs: &[4][]Binding{up, down, left, right}}
}

// Move returns the usual movement vector: W A S D, the arrow keys, the
// left stick and the D-pad.
func Move(name string) Def {
	return Vector(name,
		[]Binding{Key(input.KeyW), Key(input.KeyUp), Axis(input.PadLeftY, -1), Pad(input.PadDpadUp)},
		[]Binding{Key(input.KeyS), Key(input.KeyDown), Axis(input.PadLeftY, 1), Pad(input.PadDpadDown)},
		[]Binding{Key(input.KeyA), Key(input.KeyLeft), Axis(input.PadLeftX, -1), Pad(input.PadDpadLeft)},
		[]Binding{Key(input.KeyD), Key(input.KeyRight), Axis(input.PadLeftX, 1), Pad(input.PadDpadRight)})
}

var dirSuffix = [4]string{".up", ".down", ".left", ".right"}

// act is one action's bindings and its state in the latest tick.
type act struct {
	name     string
	binds    []Binding
	defaults []Binding

	down, pressed, released bool
	muted                   bool // pressed while capturing: not down, no value, its release not reported
	value                   float64
	held                    uint32 // ticks held so far, this one included; 0 when up

}

// Map is a set of named actions and their bindings: one context of a game
// (gameplay, a menu). Update it once per tick with the tick's input, at the
// start of the state's Tick, then query it. Its state is derived from the
// raw input only, so recordings keep raw input and replay whatever the
// bindings are later; a rebinding (Capture) made in a tick replays too.
// A Map is used on the main goroutine, in ticks.
type Map struct {
	acts    []act
	index   map[string]int32
	vectors map[string][4]int32

	pad    int       // AnyPad or a pad number
	noKeys bool      // keyboard and mouse ignored
	chords []Binding // every chord bound, for Update

	usesMouse, usesPads bool
	started             bool   // Update has run
	delay, interval     uint32 // Repeated's timing, in ticks

	// per-Update snapshot of the tick's input: the pads read, what is
	// held, the keys taken by held chords, the tick's presses and releases
	pads                    [input.MaxPads]int8
	npads                   int
	held                    []input.Key
	keyDown, consumed       keyBits
	keyPressed, keyReleased keyBits
	btnDown                 uint8
	btnPressed, btnReleased uint8
	padDown                 [input.MaxPads]uint16
	padPressed, padReleased [input.MaxPads]uint16
	axes                    [input.MaxPads][input.NumPadAxes]float64

	capture   int32 // action being captured, or -1
	modHeld   input.Key
	captured  Binding
	capturedA int32
	unknown   string
}

// New returns a Map of the actions defs, bound to their defaults, reading
// the keyboard, the mouse and every connected pad. An empty, repeated or
// badly formed name ("a-z", "0-9", "_", "." only) or a bad binding is an
// error naming it.
func New(defs ...Def) (*Map, error) {
	m := &Map{index: map[string]int32{}, vectors: map[string][4]int32{}, pad: AnyPad, capture: -1, capturedA: -1,
		held: make([]input.Key, 0, 32), delay: 12, interval: 4}
	add := func(name string, binds []Binding) error {
		if err := checkName(name); err != nil {
			return err
		}
		if _, dup := m.index[name]; dup {
			return fmt.Errorf("action: action %q is defined twice", name)
		}
		for _, b := range binds {
			if err := b.check(); err != nil {
				return fmt.Errorf("action: binding %v of %q: %w", b, name, err)
			}
		}
		m.index[name] = int32(len(m.acts))
		m.acts = append(m.acts, act{name: name, binds: clone(binds), defaults: clone(binds)})
		return nil
	}
	for _, d := range defs {
		if d.dirs == nil {
			if err := add(d.name, d.binds); err != nil {
				return nil, err
			}
			continue
		}
		if err := checkName(d.name); err != nil {
			return nil, err
		}
		if _, dup := m.vectors[d.name]; dup {
			return nil, fmt.Errorf("action: vector %q is defined twice", d.name)
		}
		var ids [4]int32
		for i, binds := range d.dirs {
			if err := add(d.name+dirSuffix[i], binds); err != nil {
				return nil, err
			}
			ids[i] = int32(len(m.acts) - 1)
		}
		m.vectors[d.name] = ids
	}
	m.rebuilt()
	return m, nil
}

func clone(b []Binding) []Binding { return append([]Binding(nil), b...) }

func checkName(name string) error {
	if name == "" || len(name) > 64 {
		return fmt.Errorf("action: name %q must be 1 to 64 characters", name)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '.') {
			return fmt.Errorf("action: name %q has %q: use a-z, 0-9, _ and . only", name, r)
		}
	}
	return nil
}

// rebuilt refreshes what Update derives from the bindings.
func (m *Map) rebuilt() {
	m.chords = m.chords[:0]
	m.usesMouse, m.usesPads = false, false
	for i := range m.acts {
		for _, b := range m.acts[i].binds {
			switch {
			case b.dev == DeviceKey && b.mods != 0:
				m.chords = append(m.chords, b)
			case b.dev == DeviceMouse:
				m.usesMouse = true
			case b.dev == DevicePadButton || b.dev == DevicePadAxis:
				m.usesPads = true
			}
		}
	}
}

// UsePad makes m read only gamepad p (0 to input.MaxPads-1), for one
// player of several, or every connected pad (AnyPad, the default). A pad
// counts once connected: the window reports the pads present at start.
func (m *Map) UsePad(p int) error {
	if p != AnyPad && (p < 0 || p >= input.MaxPads) {
		return fmt.Errorf("action: UsePad(%d): want 0 to %d or AnyPad", p, input.MaxPads-1)
	}
	m.pad = p
	return nil
}

// UseKeyboard says whether m reads the keyboard and mouse (the default) or
// ignores them (a second player on a pad).
func (m *Map) UseKeyboard(on bool) { m.noKeys = !on }

// Names returns the actions' names in definition order.
func (m *Map) Names() []string {
	out := make([]string, len(m.acts))
	for i := range m.acts {
		out[i] = m.acts[i].name
	}
	return out
}

// Bindings returns a copy of the bindings of action name, or nil for an
// unknown name.
func (m *Map) Bindings(name string) []Binding {
	if i, ok := m.index[name]; ok {
		return clone(m.acts[i].binds)
	}
	return nil
}

// Bind replaces the bindings of action name (a settings screen's edit);
// in a tick, so that a replay makes the same change.
func (m *Map) Bind(name string, binds ...Binding) error {
	i, ok := m.index[name]
	if !ok {
		return fmt.Errorf("action: Bind: no action %q: the map has %s", name, strings.Join(m.Names(), ", "))
	}
	for _, b := range binds {
		if err := b.check(); err != nil {
			return fmt.Errorf("action: Bind %q: binding %v: %w", name, b, err)
		}
	}
	m.acts[i].binds = clone(binds)
	m.rebuilt()
	return nil
}

// Reset puts every action back to its default bindings.
func (m *Map) Reset() {
	for i := range m.acts {
		m.acts[i].binds = clone(m.acts[i].defaults)
	}
	m.rebuilt()
}

func (m *Map) find(name string) *act {
	if i, ok := m.index[name]; ok {
		return &m.acts[i]
	}
	if m.unknown == "" {
		m.unknown = name
	}
	return nil
}

// Pressed reports whether action name went down in this tick: once per
// press, from whichever binding, even if it went up again within the tick.
// A second binding pressed while the action is already down does not press
// it again. False while capturing (Capture) and in the capture's tick.
func (m *Map) Pressed(name string) bool { a := m.find(name); return a != nil && a.pressed }

// Repeated reports whether action name was pressed in this tick or, held,
// repeats in it: after SetRepeat's delay, every interval ticks (a menu's
// focus keeps moving while ui_down is held, from a key or a pad alike).
func (m *Map) Repeated(name string) bool {
	a := m.find(name)
	if a == nil || a.muted {
		return false
	}
	if a.pressed {
		return true
	}
	n := a.held
	return n > m.delay && (n-1-m.delay)%m.interval == 0
}

// SetRepeat sets Repeated's timing: the first repeat delay ticks after the
// press, then one every interval ticks (by default 12 and 4: 0.4 s, then
// 7.5 a second at 30 ticks per second). Both must be at least 1.
func (m *Map) SetRepeat(delay, interval int) error {
	if delay < 1 || interval < 1 || delay > 1<<20 || interval > 1<<20 {
		return fmt.Errorf("action: SetRepeat(%d, %d): want a delay and an interval of 1 to %d ticks", delay, interval, 1<<20)
	}
	m.delay, m.interval = uint32(delay), uint32(interval)
	return nil
}

// Released reports whether action name went up in this tick.
func (m *Map) Released(name string) bool { a := m.find(name); return a != nil && a.released }

// Down reports whether action name is held at the tick's moment: a key or
// button of it held, or an axis of it pushed past PressPoint.
func (m *Map) Down(name string) bool { a := m.find(name); return a != nil && a.down && !a.muted }

// Value returns how far action name is pushed at the tick's moment, 0 to 1:
// the largest of its bindings (1 for a key or button held).
func (m *Map) Value(name string) float64 {
	if a := m.find(name); a != nil {
		return a.val()
	}
	return 0
}

// val is a's Value: 0 while a press made during a capture is held.
func (a *act) val() float64 {
	if a.muted {
		return 0
	}
	return a.value
}

// Vector returns the 2D action name (Vector, Move) at the tick's moment: x
// from left (-1) to right (+1), y from down (-1) to up (+1). Its length is
// at most 1: two keys held diagonally give a unit vector, a stick pushed
// half way a vector of length ½.
func (m *Map) Vector(name string) (x, y float64) {
	ids, ok := m.vectors[name]
	if !ok {
		if m.unknown == "" {
			m.unknown = name
		}
		return 0, 0
	}
	x = m.acts[ids[3]].val() - m.acts[ids[2]].val()
	y = m.acts[ids[0]].val() - m.acts[ids[1]].val()
	if l := math.Hypot(x, y); l > 1 {
		x, y = x/l, y/l
	}
	return x, y
}

// Err reports the first unknown action name a query asked for (a typo
// answers false, not a panic), or nil.
func (m *Map) Err() error {
	if m.unknown == "" {
		return nil
	}
	return fmt.Errorf("action: no action %q was defined: the map has %s", m.unknown, strings.Join(m.Names(), ", "))
}
