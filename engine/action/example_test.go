package action_test

import (
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/action"
	"github.com/tickwork/tickwork/engine/input"
)

// README:actions:begin
// Player is a gameplay state driven by actions, keyboard and pad side by
// side.
type Player struct {
	actions *action.Map
	x, y    float64
	jumps   int
}

func (p *Player) Enter(*engine.Context) error {
	var err error
	p.actions, err = action.New(
		action.Move("move"), // W A S D, arrows, left stick, D-pad
		action.Button("jump", action.Key(input.KeySpace), action.Pad(input.PadA)),
		action.Button("save", action.Chord(action.Ctrl, input.KeyS)),
	)
	if err != nil {
		return err
	}
	return p.actions.Load("bindings.txt") // the player's own, if saved; defaults otherwise
}

func (p *Player) Tick(ctx *engine.TickContext) error {
	p.actions.Update(ctx.Input) // first: the tick's raw input becomes actions
	dx, dy := p.actions.Vector("move")
	p.x += dx * 0.5
	p.y += dy * 0.5
	if p.actions.Pressed("jump") {
		p.jumps++
	}
	return nil
}

func (p *Player) Draw(*engine.DrawContext) {}

// Hash puts the bindings and the actions' state in the game's hash.
func (p *Player) Hash() uint64 { return p.actions.Hash() }

func Example() {
	p := &Player{}
	h, err := engine.NewHeadless(engine.Options{}, p)
	if err != nil {
		log.Fatal(err)
	}
	h.Inject(1, input.PadConnectEvent(0, 0, true), input.Event{Kind: input.KeyPress, Key: input.KeyD})
	h.Inject(3, input.PadButtonEvent(0, 0, input.PadA, true), input.Event{Kind: input.KeyPress, Key: input.KeyW})
	h.Inject(5, input.PadButtonEvent(0, 0, input.PadA, false))
	h.Inject(6, input.Event{Kind: input.KeyPress, Key: input.KeySpace}) // a second jump
	if err := h.RunTicks(7, nil); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("at (%.2f, %.2f) after %d jumps\n", p.x, p.y, p.jumps)
	// Output: at (2.41, 1.41) after 2 jumps
}

// README:actions:end

// A settings screen rebinds an action from the next press: Capture in a
// tick, Captured in the tick the press arrives, Conflicts to warn, Save to
// keep it.
func ExampleMap_Capture() {
	m, _ := action.New(
		action.Button("jump", action.Key(input.KeySpace), action.Pad(input.PadA)),
		action.Button("crouch", action.Key(input.KeyC)))
	settings := &tickFunc{fn: func(ctx *engine.TickContext) {
		if ctx.Input.Pressed(input.KeyEscape) {
			m.CancelCapture() // before Update, so Esc is not captured
		}
		m.Update(ctx.Input)
		if ctx.Tick.Index == 1 {
			m.Capture("jump") // "press a key for Jump"
		}
		if name, b, ok := m.Captured(); ok {
			fmt.Printf("%s is now %v: %v\n", name, b, m.Bindings(name))
			for _, c := range m.Conflicts() {
				fmt.Println("warning:", c)
			}
		}
	}}
	h, _ := engine.NewHeadless(engine.Options{}, settings)
	h.Inject(3, input.Event{Kind: input.KeyPress, Key: input.KeyC})
	h.RunTicks(5, nil)
	// Output:
	// jump is now C: [C Pad:A]
	// warning: C is bound to both "jump" and "crouch"
}

type tickFunc struct{ fn func(*engine.TickContext) }

func (s *tickFunc) Tick(ctx *engine.TickContext) error { s.fn(ctx); return nil }
func (s *tickFunc) Draw(*engine.DrawContext)           {}

// Bindings files are small text a player can edit; a damaged one names
// the file, line and value, and the bindings stay.
func ExampleMap_Parse() {
	m, _ := action.New(action.Move("move"), action.Button("jump", action.Key(input.KeySpace)))
	err := m.Parse(strings.NewReader("jump = J, Pad:A\nmove.up = Pad:LeftY- dead=0.2 curve=2\n"), "bindings.txt")
	fmt.Println("error:", err)
	m.WriteTo(os.Stdout)

	err = m.Parse(strings.NewReader("jump = Spcae\n"), "bindings.txt")
	fmt.Println("error:", err)
	fmt.Println("jump:", m.Bindings("jump"))
	// Output:
	// error: <nil>
	// # Input bindings: action = binding, binding, ...
	// # Keys: A, 5, Space, Enter, Esc, Up, F1, LShift, Comma; chords: Ctrl+S; Mouse:Left;
	// # Pad:A, Pad:Up (D-pad), Pad:LeftX+ (a stick's half), Pad:RT (a trigger), options dead=0.2 curve=2.
	// move.up = Pad:LeftY- dead=0.2 curve=2
	// move.down = S, Down, Pad:LeftY+, Pad:Down
	// move.left = A, Left, Pad:LeftX-, Pad:Left
	// move.right = D, Right, Pad:LeftX+, Pad:Right
	// jump = J, Pad:A
	// error: action: bindings file bindings.txt is damaged, the bindings are unchanged: bindings.txt:1: "Spcae": unknown key "Spcae": want a key name such as A, 5, Space, Enter, Esc, Up, F1, LShift, Comma, KP+
	// jump: [J Pad:A]
}

// A menu reads the standard UI actions; a widget needs only Querier.
func ExampleNewUI() {
	ui, _ := action.NewUI()
	var nav action.Querier = ui
	menu := &tickFunc{fn: func(ctx *engine.TickContext) {
		ui.Update(ctx.Input)
		if nav.Pressed(action.UIDown) {
			fmt.Println("tick", ctx.Tick.Index, "focus moves down")
		}
		if nav.Pressed(action.UIAccept) {
			fmt.Println("tick", ctx.Tick.Index, "activate")
		}
	}}
	h, _ := engine.NewHeadless(engine.Options{}, menu)
	h.Inject(1, input.PadConnectEvent(0, 0, true), input.PadButtonEvent(0, 0, input.PadDpadDown, true))
	h.Inject(2, input.PadAxisEvent(0, 0, input.PadLeftY, 1)) // ui_down already held by the D-pad
	h.Inject(4, input.PadButtonEvent(0, 0, input.PadA, true))
	h.RunTicks(5, nil)
	// Output:
	// tick 1 focus moves down
	// tick 4 activate
}
