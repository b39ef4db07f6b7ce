package ui_test

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/ui"
)

// README:ui:begin
// title is a title menu: a state that runs its UI in Tick and draws it in
// Draw.
type title struct {
	ui     *ui.UI
	volume float32
	name   ui.TextField
	log    []string
}

func (m *title) Enter(ctx *engine.Context) error {
	// The game is the clipboard: the window's, or one in memory headless.
	m.ui = ui.New(ui.Options{Clipboard: ctx.Game().Window()})
	m.volume = 0.5
	return nil
}

func (m *title) Tick(ctx *engine.TickContext) error {
	u := m.ui
	u.Begin(ctx.Input, nil) // nil: keys and pads; pass an action map's Nav instead
	u.Panel("title", ui.Layout{Anchor: ui.Centered, Align: ui.Center, MinItemWidth: 220})
	u.Label("TICKWORK")
	if u.Button("Start") {
		m.log = append(m.log, fmt.Sprintf("start, volume %.2f, name %q", m.volume, m.name.Text))
	}
	if u.Slider("Volume", &m.volume, 0, 1, 0.25) {
		m.log = append(m.log, fmt.Sprintf("volume %.2f", m.volume))
	}
	u.TextField("Name", &m.name)
	if u.Button("Quit") || u.Back() {
		ctx.Quit()
	}
	u.EndPanel()
	u.End()
	return nil
}

func (m *title) Draw(ctx *engine.DrawContext) { m.ui.Draw(ctx.HUD, ctx.Width, ctx.Height) }

// README:ui:end

// A title menu worked with a gamepad only: down to the slider, right
// twice, down to the name field, up twice to Start, A.
func Example() {
	m := &title{}
	h, err := engine.NewHeadless(engine.Options{}, m)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer h.Close()
	press := []input.PadButton{input.PadDpadDown, input.PadDpadDown, input.PadDpadRight, input.PadDpadRight,
		input.PadDpadDown, input.PadDpadUp, input.PadDpadUp, input.PadA}
	for i, b := range press {
		tick := uint64(2 + 2*i) // press in one tick, release in the next
		h.Inject(tick, input.PadButtonEvent(0, 0, b, true))
		h.Inject(tick+1, input.PadButtonEvent(0, 0, b, false))
	}
	if err := h.RunTicks(30, engine.Steady(60)); err != nil {
		fmt.Println(err)
	}
	for _, l := range m.log {
		fmt.Println(l)
	}
	// Output:
	// volume 0.75
	// volume 1.00
	// start, volume 1.00, name ""
}

// A text field in a tick: the field takes typed text while focused.
func ExampleUI_TextField() {
	u := ui.New(ui.Options{})
	name := ui.TextField{Text: "Ada"}
	u.Begin(nil, nil)
	u.SetFocus(u.ID("Name"))
	u.TextField("Name", &name)
	u.End()
	fmt.Printf("%q, cursor at %d, focus on %s\n", name.Text, name.Cursor, u.FocusLabel())
	// Output: "Ada", cursor at 0, focus on Name
}

// An empty theme draws with the default one and says so, once.
func ExampleNew_emptyTheme() {
	u := ui.New(ui.Options{Theme: &ui.Theme{}, Report: func(err error) { fmt.Println(err) }})
	u.Begin(nil, nil)
	u.Button("OK")
	u.End()
	// Output: ui: the theme is empty (every field zero): drawing with DefaultTheme; pass DefaultTheme(face), changed where you want
}
