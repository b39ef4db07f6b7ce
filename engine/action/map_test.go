package action_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/action"
	"github.com/tickwork/tickwork/engine/input"
)

// An action bound to a key and a pad button fires once per press from
// either: a press of one while the other is held does not fire it again,
// and a tap within one tick fires it once.
func TestKeyAndPadFireOncePerPress(t *testing.T) {
	m := newMap(t, action.Button("jump", action.Key(input.KeySpace), action.Pad(input.PadA)))
	script := map[uint64][]input.Event{
		0:  {plug(0)},
		1:  {keyDown(input.KeySpace)},
		3:  {keyUp(input.KeySpace)},
		5:  {padDown(0, input.PadA)},
		7:  {padUp(0, input.PadA)},
		9:  {keyDown(input.KeySpace)},
		10: {padDown(0, input.PadA)}, // already down by the key: no second press
		11: {keyUp(input.KeySpace)},  // still down by the pad
		12: {padUp(0, input.PadA)},
		14: {keyDown(input.KeySpace), keyUp(input.KeySpace)}, // a tap within one tick
		16: {padDown(0, input.PadA), padUp(0, input.PadA)},
		18: {padDown(0, input.PadA)},
		19: {padUp(0, input.PadA), padDown(0, input.PadA)}, // released and pressed again within a tick
		20: {padUp(0, input.PadA)},
	}
	var e edges
	run(t, m, 22, script, e.watch("jump"))
	if want := []uint64{1, 5, 9, 14, 16, 18, 19}; !slices.Equal(e.pressed, want) {
		t.Errorf("pressed at ticks %v, want %v", e.pressed, want)
	}
	if want := []uint64{3, 7, 12, 14, 16, 19, 20}; !slices.Equal(e.released, want) {
		t.Errorf("released at ticks %v, want %v", e.released, want)
	}
}

// A chord fires its action and silences the plain key's action while held.
func TestChord(t *testing.T) {
	m := newMap(t,
		action.Button("save", action.Chord(action.Ctrl, input.KeyS)),
		action.Button("back", action.Key(input.KeyS)))
	script := map[uint64][]input.Event{
		1: {keyDown(input.KeyLeftControl)},
		2: {chordDown(action.Ctrl, input.KeyS)},
		3: {keyUp(input.KeyS)},
		4: {keyUp(input.KeyLeftControl)},
		5: {keyDown(input.KeyS)},
		6: {keyDown(input.KeyRightControl)}, // S held, then Ctrl: the chord takes S
	}
	var save, back edges
	run(t, m, 8, script, func(tick uint64, m *action.Map) {
		save.watch("save")(tick, m)
		back.watch("back")(tick, m)
	})
	if want := []uint64{2, 6}; !slices.Equal(save.pressed, want) {
		t.Errorf("save pressed at %v, want %v", save.pressed, want)
	}
	if want := []uint64{5}; !slices.Equal(back.pressed, want) {
		t.Errorf("back pressed at %v, want %v", back.pressed, want)
	}
}

func TestMouseButton(t *testing.T) {
	m := newMap(t, action.Button("fire", action.Mouse(input.ButtonLeft)))
	var e edges
	run(t, m, 4, map[uint64][]input.Event{
		1: {{Kind: input.ButtonPress, Button: input.ButtonLeft}},
		2: {{Kind: input.ButtonRelease, Button: input.ButtonLeft}},
	}, e.watch("fire"))
	if !slices.Equal(e.pressed, []uint64{1}) || !slices.Equal(e.released, []uint64{2}) {
		t.Errorf("pressed %v released %v, want [1] [2]", e.pressed, e.released)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// Axis values pass the engine's dead zone (0.15), then the binding's dead
// zone and curve; an axis past PressPoint presses its action once.
func TestAxisDeadZoneCurveAndPress(t *testing.T) {
	m := newMap(t,
		action.Button("gas", action.Axis(input.PadRightTrigger, 1)),
		action.Button("steer", action.Axis(input.PadLeftX, 1).DeadZone(0.2).Curve(2)))
	// raw r → engine (r-0.15)/0.85 → binding dead zone 0.2 → squared
	raw := func(v float64) float64 { return 0.15 + v*0.85 }
	steer := func(v float64) float64 { return math.Pow((v-0.2)/0.8, 2) }
	type want struct{ gas, steer float64 }
	wants := map[uint64]want{1: {0.25, 0}, 2: {0.75, steer(0.6)}, 3: {0.75, 0}, 4: {0, 1}}
	var gas edges
	run(t, m, 5, map[uint64][]input.Event{
		0: {plug(0)},
		1: {stick(0, input.PadRightTrigger, raw(0.25)), stick(0, input.PadLeftX, raw(0.1))},
		2: {stick(0, input.PadRightTrigger, raw(0.75)), stick(0, input.PadLeftX, raw(0.6))},
		3: {stick(0, input.PadLeftX, -1)},
		4: {stick(0, input.PadRightTrigger, 0), stick(0, input.PadLeftX, 1)},
	}, func(tick uint64, m *action.Map) {
		gas.watch("gas")(tick, m)
		if w, ok := wants[tick]; ok && (!near(m.Value("gas"), w.gas) || !near(m.Value("steer"), w.steer)) {
			t.Errorf("tick %d: gas %v steer %v, want %v %v", tick, m.Value("gas"), m.Value("steer"), w.gas, w.steer)
		}
	})
	if !slices.Equal(gas.pressed, []uint64{2}) || !slices.Equal(gas.released, []uint64{4}) {
		t.Errorf("gas pressed %v released %v, want [2] [4]", gas.pressed, gas.released)
	}
}

// Vector combines its four directions, y up, and never exceeds length 1.
func TestVector(t *testing.T) {
	m := newMap(t, action.Move("move"))
	type vec struct{ x, y float64 }
	h := math.Sqrt(0.5)
	wants := map[uint64]vec{
		0: {0, 0}, 1: {0, 1}, 2: {h, h}, 3: {1, 0}, 4: {0, 0},
		5: {-0.5, 0}, 6: {-h, -h}, 7: {0, 0},
	}
	run(t, m, 8, map[uint64][]input.Event{
		0: {plug(0)},
		1: {keyDown(input.KeyW)},
		2: {keyDown(input.KeyRight)},
		3: {keyUp(input.KeyW)},
		4: {keyDown(input.KeyA)}, // left and right cancel
		5: {keyUp(input.KeyA), keyUp(input.KeyRight), stick(0, input.PadLeftX, -(0.15 + 0.5*0.85))},
		6: {stick(0, input.PadLeftX, -1), stick(0, input.PadLeftY, 1)},
		7: {stick(0, input.PadLeftX, 0), stick(0, input.PadLeftY, 0)},
	}, func(tick uint64, m *action.Map) {
		x, y := m.Vector("move")
		if w := wants[tick]; !near(x, w.x) || !near(y, w.y) {
			t.Errorf("tick %d: move = (%v, %v), want (%v, %v)", tick, x, y, w.x, w.y)
		}
	})
	if err := m.Err(); err != nil {
		t.Error(err)
	}
}

// A Map reading one pad ignores the others; a Map without the keyboard
// ignores it.
func TestPlayersByPad(t *testing.T) {
	p1 := newMap(t, action.Button("jump", action.Key(input.KeySpace), action.Pad(input.PadA)))
	p2 := newMap(t, action.Button("jump", action.Key(input.KeySpace), action.Pad(input.PadA)))
	if err := p1.UsePad(0); err != nil {
		t.Fatal(err)
	}
	if err := p2.UsePad(1); err != nil {
		t.Fatal(err)
	}
	p2.UseKeyboard(false)
	if err := p2.UsePad(16); err == nil || !strings.Contains(err.Error(), "UsePad(16)") {
		t.Errorf("UsePad(16) = %v, want an error naming it", err)
	}
	var e1, e2 edges
	runMaps(t, []*action.Map{p1, p2}, 6, map[uint64][]input.Event{
		0: {plug(0), plug(1)},
		1: {padDown(1, input.PadA)},
		2: {padUp(1, input.PadA), padDown(0, input.PadA)},
		3: {padUp(0, input.PadA)},
		4: {keyDown(input.KeySpace)},
	}, func(tick uint64, _ *action.Map) {
		e1.watch("jump")(tick, p1)
		e2.watch("jump")(tick, p2)
	})
	if !slices.Equal(e1.pressed, []uint64{2, 4}) {
		t.Errorf("player 1 pressed at %v, want [2 4]", e1.pressed)
	}
	if !slices.Equal(e2.pressed, []uint64{1}) {
		t.Errorf("player 2 pressed at %v, want [1]", e2.pressed)
	}
}

func TestUnknownNameIsReported(t *testing.T) {
	m := newMap(t, action.Button("jump", action.Key(input.KeySpace)))
	if m.Pressed("jupm") || m.Down("jupm") || m.Value("jupm") != 0 {
		t.Error("an unknown action answered")
	}
	if err := m.Err(); err == nil || !strings.Contains(err.Error(), `"jupm"`) || !strings.Contains(err.Error(), "jump") {
		t.Errorf("Err() = %v, want it to name jupm and the known actions", err)
	}
}

func TestNewRefusesBadDefinitions(t *testing.T) {
	tests := []struct {
		name string
		defs []action.Def
		want string
	}{
		{"duplicate", []action.Def{action.Button("jump"), action.Button("jump")}, `"jump" is defined twice`},
		{"vector clash", []action.Def{action.Button("move.up"), action.Move("move")}, `"move.up" is defined twice`},
		{"empty name", []action.Def{action.Button("")}, "1 to 64 characters"},
		{"bad name", []action.Def{action.Button("Jump Now")}, `has 'J'`},
		{"bad key", []action.Def{action.Button("jump", action.Key(999))}, "key code 999"},
		{"empty binding", []action.Def{action.Button("jump", action.Binding{})}, "empty binding"},
		{"negative trigger", []action.Def{action.Button("brake", action.Axis(input.PadLeftTrigger, -1))}, "no negative direction"},
		{"dead zone", []action.Def{action.Button("go", action.Axis(input.PadLeftX, 1).DeadZone(1.5))}, "dead zone 1.5"},
		{"curve", []action.Def{action.Button("go", action.Axis(input.PadLeftX, 1).Curve(9))}, "curve 9"},
		{"dead zone on key", []action.Def{action.Button("go", action.Key(input.KeyA).DeadZone(0.1))}, "only pad axes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := action.New(tt.defs...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New = %v, %v; want an error containing %q", m, err, tt.want)
			}
		})
	}
}

func TestUIDefs(t *testing.T) {
	ui, err := action.NewUI()
	if err != nil {
		t.Fatal(err)
	}
	var q action.Querier = ui
	var accept, down edges
	run(t, ui, 4, map[uint64][]input.Event{
		0: {plug(0)},
		1: {padDown(0, input.PadA), keyDown(input.KeyDown)},
		2: {stick(0, input.PadLeftY, 0.9)},
	}, func(tick uint64, _ *action.Map) {
		accept.watch(action.UIAccept)(tick, ui)
		down.watch(action.UIDown)(tick, ui)
	})
	if !slices.Equal(accept.pressed, []uint64{1}) || !slices.Equal(down.pressed, []uint64{1}) || !q.Down(action.UIDown) {
		t.Errorf("accept %v down %v, want [1] [1] and ui_down held", accept.pressed, down.pressed)
	}
	if c := ui.Conflicts(); len(c) != 0 {
		t.Errorf("the UI defaults conflict: %v", c)
	}
}

// An input held when the Map starts (the menu's Enter or pad A, still down
// when gameplay begins) does not press an action; a press in the first
// tick does.
func TestHeldAtStartIsNotAPress(t *testing.T) {
	tests := []struct {
		name   string
		before []input.Event // delivered to tick 0, before the Map's first tick
		first  []input.Event // delivered to the Map's first tick
		want   []uint64
	}{
		{"key held", []input.Event{keyDown(input.KeySpace)}, nil, nil},
		{"pad held", []input.Event{plug(0), padDown(0, input.PadA)}, nil, nil},
		{"key pressed in the first tick", nil, []input.Event{keyDown(input.KeySpace)}, []uint64{1}},
		{"pad pressed in the first tick", []input.Event{plug(0)}, []input.Event{padDown(0, input.PadA)}, []uint64{1}},
		{"key released and pressed again", []input.Event{keyDown(input.KeySpace)},
			[]input.Event{keyUp(input.KeySpace), keyDown(input.KeySpace)}, []uint64{1}},
		{"held, released later, pressed again", []input.Event{keyDown(input.KeySpace)},
			[]input.Event{keyUp(input.KeySpace)}, []uint64{3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMap(t, action.Button("jump", action.Key(input.KeySpace), action.Pad(input.PadA)))
			var e edges
			h := &lateStart{m: m, check: e.watch("jump")}
			runState(t, h, 5, map[uint64][]input.Event{0: tt.before, 1: tt.first, 3: {keyDown(input.KeySpace)}})
			if !slices.Equal(e.pressed, tt.want) {
				t.Errorf("pressed at %v, want %v", e.pressed, tt.want)
			}
		})
	}
}

// A held action repeats after the delay, every interval ticks, from a key
// or a stick alike.
func TestRepeated(t *testing.T) {
	ui, err := action.NewUI()
	if err != nil {
		t.Fatal(err)
	}
	if err := ui.SetRepeat(0, 4); err == nil {
		t.Error("SetRepeat(0, 4) succeeded")
	}
	if err := ui.SetRepeat(6, 3); err != nil {
		t.Fatal(err)
	}
	var got []uint64
	run(t, ui, 30, map[uint64][]input.Event{
		0:  {plug(0)},
		1:  {keyDown(input.KeyDown)},
		14: {keyUp(input.KeyDown)},
		16: {stick(0, input.PadLeftY, 1)},
		27: {stick(0, input.PadLeftY, 0)},
	}, func(tick uint64, m *action.Map) {
		if m.Repeated(action.UIDown) {
			got = append(got, tick)
		}
	})
	if want := []uint64{1, 7, 10, 13, 16, 22, 25}; !slices.Equal(got, want) {
		t.Errorf("repeated at %v, want %v", got, want)
	}
}
