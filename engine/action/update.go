package action

import (
	"fmt"
	"math"

	"github.com/tickwork/tickwork/engine/input"
)

// Update derives every action's state for this tick from src, the tick's
// raw input (ctx.Input). Call it once per tick, in the state's Tick before
// any query, on the main goroutine. It allocates nothing. An input already
// held at the Map's first Update (the Enter that chose "Play" in a menu)
// counts as held, not pressed.
func (m *Map) Update(src Source) {
	m.snapshot(src)
	var held input.Mods
	if !m.noKeys {
		if m.keyDown.get(input.KeyLeftShift) || m.keyDown.get(input.KeyRightShift) {
			held |= Shift
		}
		if m.keyDown.get(input.KeyLeftControl) || m.keyDown.get(input.KeyRightControl) {
			held |= Ctrl
		}
		if m.keyDown.get(input.KeyLeftAlt) || m.keyDown.get(input.KeyRightAlt) {
			held |= Alt
		}
		if m.keyDown.get(input.KeyLeftSuper) || m.keyDown.get(input.KeyRightSuper) {
			held |= Super
		}
	}
	m.consumed = keyBits{}
	if !m.noKeys {
		for _, b := range m.chords {
			k := input.Key(b.code)
			if b.mods&^held == 0 && (m.keyPressed.get(k) || m.keyDown.get(k)) {
				m.consumed.set(k)
			}
		}
	}
	if !m.started {
		m.started = true
		m.heldBefore(held)
	}
	capturing := m.capture >= 0
	m.capturedA = -1
	if capturing {
		m.captureFrom(src.Events())
	}
	for i := range m.acts {
		a := &m.acts[i]
		m.eval(a, held)
		if a.muted && a.released { // the release of a press no one saw
			a.released, a.muted = false, false
		}
		if capturing && a.pressed {
			a.pressed = false
			if a.down || !a.released {
				a.muted = true
			} else { // a tap within the tick: all of it unseen
				a.released = false
			}
		}
		switch {
		case !a.down:
			a.held = 0
		case a.pressed:
			a.held = 1
		case a.held < 1<<31:
			a.held++
		}
	}
}

// heldBefore sets the actions' state to what was held before the Map's
// first tick (held now and not pressed in it, or released in it), so an
// input still held from an earlier screen (the menu's Enter or pad A) does
// not press an action: only a press in a tick does.
func (m *Map) heldBefore(held input.Mods) {
	keys, kp, kr := m.keyDown, m.keyPressed, m.keyReleased
	btns, bp, br := m.btnDown, m.btnPressed, m.btnReleased
	pads, pp, pr := m.padDown, m.padPressed, m.padReleased
	for w := range m.keyDown {
		m.keyDown[w] = (keys[w] | kr[w]) &^ kp[w]
	}
	m.btnDown = (btns | br) &^ bp
	for p := range m.padDown {
		m.padDown[p] = (pads[p] | pr[p]) &^ pp[p]
	}
	m.keyPressed, m.keyReleased = keyBits{}, keyBits{}
	m.btnPressed, m.btnReleased = 0, 0
	m.padPressed, m.padReleased = [input.MaxPads]uint16{}, [input.MaxPads]uint16{}
	for i := range m.acts {
		m.eval(&m.acts[i], held)
	}
	m.keyDown, m.keyPressed, m.keyReleased = keys, kp, kr
	m.btnDown, m.btnPressed, m.btnReleased = btns, bp, br
	m.padDown, m.padPressed, m.padReleased = pads, pp, pr
}

// snapshot copies what the tick holds (keys, the mouse buttons and the
// pads m reads) and its presses and releases, so that evaluating the
// bindings makes no calls.
func (m *Map) snapshot(src Source) {
	m.keyDown = keyBits{}
	m.held = src.HeldKeys(m.held[:0])
	for _, k := range m.held {
		m.keyDown.set(k)
	}
	m.btnDown = 0
	if m.usesMouse {
		for b := range input.MaxButton + 1 {
			if src.ButtonDown(b) {
				m.btnDown |= 1 << b
			}
		}
	}
	m.npads = 0
	if m.usesPads {
		for p := range input.MaxPads {
			if (m.pad == AnyPad || m.pad == p) && src.PadConnected(p) {
				m.pads[m.npads] = int8(p)
				m.npads++
				var down uint16
				for b := range input.NumPadButtons {
					if src.PadDown(p, b) {
						down |= 1 << b
					}
				}
				m.padDown[p] = down
				for a := range input.NumPadAxes {
					m.axes[p][a] = src.PadAxis(p, a)
				}
			}
		}
	}
	m.edges(src.Events())
}

// edges gathers the tick's presses and releases from its events, as the
// engine's Input does.
func (m *Map) edges(events []input.Event) {
	m.keyPressed, m.keyReleased = keyBits{}, keyBits{}
	m.btnPressed, m.btnReleased = 0, 0
	m.padPressed, m.padReleased = [input.MaxPads]uint16{}, [input.MaxPads]uint16{}
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case input.KeyPress:
			m.keyPressed.set(e.Key)
		case input.KeyRelease:
			m.keyReleased.set(e.Key)
		case input.ButtonPress:
			if e.Button <= input.MaxButton {
				m.btnPressed |= 1 << e.Button
			}
		case input.ButtonRelease:
			if e.Button <= input.MaxButton {
				m.btnReleased |= 1 << e.Button
			}
		case input.GamepadButton:
			if p, b := e.Pad(), e.PadButton(); p >= 0 && b < input.NumPadButtons {
				if e.Down() {
					m.padPressed[p] |= 1 << b
				} else {
					m.padReleased[p] |= 1 << b
				}
			}
		}
	}
}

// keyBits is a set of keys.
type keyBits [(int(input.KeyLast) + 64) / 64]uint64

func (b *keyBits) get(k input.Key) bool { return k.Valid() && b[k>>6]&(1<<(k&63)) != 0 }
func (b *keyBits) set(k input.Key) {
	if k.Valid() {
		b[k>>6] |= 1 << (k & 63)
	}
}

func (m *Map) eval(a *act, held input.Mods) {
	var down, tap, repress bool
	value := 0.0
	for j := range a.binds {
		b := &a.binds[j]
		var d, p, r bool
		switch b.dev {
		case DeviceKey:
			k := input.Key(b.code)
			if m.noKeys || b.mods&^held != 0 || (b.mods == 0 && m.consumed.get(k)) {
				continue
			}
			d, p, r = m.keyDown.get(k), m.keyPressed.get(k), m.keyReleased.get(k)
		case DeviceMouse:
			if m.noKeys || b.mods&^held != 0 {
				continue
			}
			bt := input.Button(b.code)
			d, p, r = m.btnDown&(1<<bt) != 0, m.btnPressed&(1<<bt) != 0, m.btnReleased&(1<<bt) != 0
		case DevicePadButton:
			pb := input.PadButton(b.code)
			for _, pad := range m.pads[:m.npads] {
				bit := uint16(1) << pb
				pd, pp, pr := m.padDown[pad]&bit != 0, m.padPressed[pad]&bit != 0, m.padReleased[pad]&bit != 0
				d, p, r = d || pd, p || pp, r || pr
				repress = repress || (pp && pr && pd)
				tap = tap || (pp && !pd)
			}
		case DevicePadAxis:
			for _, pad := range m.pads[:m.npads] {
				v := b.shape(m.axes[pad][b.code])
				value = max(value, v)
				d = d || v >= PressPoint
			}
			down = down || d
			continue
		}
		if d {
			down = true
			value = 1
		}
		if b.dev != DevicePadButton {
			repress = repress || (p && r && d)
			tap = tap || (p && !d)
		}
	}
	prev := a.down
	a.down, a.value = down, value
	a.pressed = (!prev && (down || tap)) || (prev && repress)
	a.released = (prev && !down) || (!prev && tap && !down) || (prev && repress)
}

// Capture starts rebinding action name: the next raw press, in a later
// Update (a key, with the modifiers held as a chord; a modifier key alone
// when it is released without another key; a mouse button; a pad button;
// a stick pushed past PressPoint), replaces the action's first binding of
// the same kind of device (keyboard and mouse, or pad), or is added when it
// has none. Until then, and in the tick of the press, no action of m
// reports Pressed, and an action pressed meanwhile is neither Down nor has
// a Value until released (its Released is not reported): the press does
// not also act. A release of an earlier press is still reported. Captured
// reports the result. Call it in a tick (a menu's), so replays rebind
// alike; CancelCapture stops it (a menu's Esc, checked before Update).
func (m *Map) Capture(name string) error {
	i, ok := m.index[name]
	if !ok {
		return fmt.Errorf("action: Capture: no action %q", name)
	}
	m.capture, m.modHeld = i, input.KeyUnknown
	return nil
}

// CancelCapture stops a capture without changing any binding.
func (m *Map) CancelCapture() { m.capture = -1 }

// Capturing returns the action being captured, if any.
func (m *Map) Capturing() (name string, ok bool) {
	if m.capture < 0 {
		return "", false
	}
	return m.acts[m.capture].name, true
}

// Captured returns the binding captured in this tick's Update and the
// action it now belongs to, if a capture ended in this tick.
func (m *Map) Captured() (name string, b Binding, ok bool) {
	if m.capturedA < 0 {
		return "", Binding{}, false
	}
	return m.acts[m.capturedA].name, m.captured, true
}

func isModKey(k input.Key) bool { return k >= input.KeyLeftShift && k <= input.KeyRightSuper }

func (m *Map) captureFrom(events []input.Event) {
	for _, e := range events {
		var b Binding
		switch e.Kind {
		case input.KeyPress:
			if m.noKeys || keyName(e.Key) == "" {
				continue
			}
			if isModKey(e.Key) {
				m.modHeld = e.Key
				continue
			}
			b = Chord(e.Mods&allMods, e.Key)
		case input.KeyRelease:
			if m.noKeys || e.Key != m.modHeld {
				continue
			}
			b = Key(e.Key)
		case input.ButtonPress:
			if m.noKeys || e.Button > input.MaxButton {
				continue
			}
			b = Binding{dev: DeviceMouse, mods: e.Mods & allMods, code: int16(e.Button)}
		case input.GamepadButton:
			pb := e.PadButton()
			if !e.Down() || pb >= input.NumPadButtons || !m.padAllowed(e.Pad()) {
				continue
			}
			b = Pad(pb)
		case input.GamepadAxis:
			a, v := e.PadAxis(), e.AxisValue()
			if a >= input.NumPadAxes || !m.padAllowed(e.Pad()) || !(math.Abs(v) >= PressPoint) {
				continue
			}
			b = Axis(a, int(math.Copysign(1, v)))
			if b.check() != nil {
				continue
			}
		default:
			continue
		}
		m.place(m.capture, b)
		m.captured, m.capturedA, m.capture = b, m.capture, -1
		return
	}
}

func (m *Map) padAllowed(p int) bool { return p >= 0 && (m.pad == AnyPad || m.pad == p) }

// place replaces action i's first binding of b's kind of device by b.
func (m *Map) place(i int32, b Binding) {
	a := &m.acts[i]
	pad := b.dev == DevicePadButton || b.dev == DevicePadAxis
	binds := clone(a.binds)
	for j, o := range binds {
		if (o.dev == DevicePadButton || o.dev == DevicePadAxis) == pad {
			binds[j] = b
			a.binds = binds
			m.rebuilt()
			return
		}
	}
	a.binds = append(binds, b)
	m.rebuilt()
}

// Conflict is one input bound to two actions of a Map.
type Conflict struct {
	Binding Binding
	A, B    string // the two actions, in definition order
}

func (c Conflict) String() string {
	return fmt.Sprintf("%v is bound to both %q and %q", c.Binding, c.A, c.B)
}

// Conflicts lists every input bound to two actions of m: show it after a
// rebinding. Separate Maps (gameplay, menus) are separate contexts and never
// conflict.
func (m *Map) Conflicts() []Conflict {
	var out []Conflict
	for i := range m.acts {
		for _, b := range m.acts[i].binds {
			for j := i + 1; j < len(m.acts); j++ {
				for _, o := range m.acts[j].binds {
					if b.same(o) {
						out = append(out, Conflict{b, m.acts[i].name, m.acts[j].name})
					}
				}
			}
		}
	}
	return out
}

// Hash returns a hash of m's bindings and of its actions' state: add it to
// the owning state's engine.Hasher, so a replay that rebinds differently is
// caught at once.
func (m *Map) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		for range 8 {
			h ^= v & 0xff
			h *= 1099511628211
			v >>= 8
		}
	}
	mix(uint64(int64(m.pad)))
	mix(uint64(m.delay) | uint64(m.interval)<<32)
	mix(uint64(int64(m.capture)))
	for i := range m.acts {
		a := &m.acts[i]
		mix(uint64(len(a.binds)))
		for _, b := range a.binds {
			mix(uint64(b.dev) | uint64(b.mods)<<8 | uint64(uint16(b.code))<<16 | uint64(uint8(b.dir))<<32)
			mix(uint64(math.Float32bits(b.dead)) | uint64(math.Float32bits(b.exp))<<32)
		}
		var f uint64
		if a.down {
			f |= 1
		}
		if a.muted {
			f |= 8
		}
		if a.pressed {
			f |= 2
		}
		if a.released {
			f |= 4
		}
		mix(f | uint64(a.held)<<8)
		mix(math.Float64bits(a.value))
	}
	return h
}
