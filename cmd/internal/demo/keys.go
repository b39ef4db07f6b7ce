package demo

import (
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
)

// Binding is one of the sample's keys: the keys that do it, how they are
// written on screen and what they do.
type Binding struct {
	Keys   []input.Key
	Label  string            // "Esc", "+ / -"
	Action string            // "pause / resume"
	Pad    []input.PadButton // gamepad buttons that do it, for a pad's row
}

// Keys lists every key of the sample, in the order they are shown on
// screen (and in the README). The states read key presses in their Tick,
// once per tick, from the input delivered to that tick.
var Keys = []Binding{
	{[]input.Key{input.KeyEnter, input.KeyKPEnter}, "Enter", "play (title screen)", nil},
	{[]input.Key{input.KeyEscape}, "Esc", "pause / resume", nil},
	{[]input.Key{input.KeyI}, "I", "cycle interpolate / extrapolate / none", nil},
	{[]input.Key{input.KeyEqual, input.KeyKPAdd, input.KeyMinus, input.KeyKPSubtract}, "+ / -", "tick rate 10, 15, 20, 30, 60, 120 Hz", nil},
	{[]input.Key{input.KeyS}, "S", "slow motion (time scale 0.25)", nil},
	{[]input.Key{input.KeyPeriod, input.KeyKPDecimal}, ".", "single-step one tick while paused", nil},
	{[]input.Key{input.KeyLeft, input.KeyRight, input.KeyUp, input.KeyDown}, "arrows", "push the ball", nil},
	{[]input.Key{input.KeyT}, "T", "teleport the magenta cube now", nil},
	{[]input.Key{input.KeyM}, "M", "music on / off", nil},
	{[]input.Key{input.KeyV}, "V", "vsync on / off", nil},
	{[]input.Key{input.KeyF}, "F", "fullscreen on / off", nil},
	{[]input.Key{input.KeyF1}, "F1", "debug overlay", nil},
	{[]input.Key{input.KeyF2}, "F2", "debug drawing: axes, bounds, colliders, contacts, camera target", nil},
	{[]input.Key{input.KeyQ}, "Q", "quit", nil},
	{Pad: []input.PadButton{input.PadY, input.PadStart}, Label: "gamepad", Action: "left stick pushes the ball, Y teleports, Start pauses"},
}

// keysLabelled returns the bindings of Keys with the given labels, in the
// order of Keys.
func keysLabelled(labels ...string) []Binding {
	var out []Binding
	for _, b := range Keys {
		for _, l := range labels {
			if b.Label == l {
				out = append(out, b)
			}
		}
	}
	return out
}

// TickRates are the steps of the + and - keys, in Hz.
var TickRates = []int{10, 15, 20, 30, 60, 120}

// SlowMotion is the time scale of the S key.
const SlowMotion = 0.25

// pressed reports whether any of keys was pressed in this tick.
func pressed(in *engine.Input, keys ...input.Key) bool {
	for _, k := range keys {
		if in.Pressed(k) {
			return true
		}
	}
	return false
}

// settingKeys applies the keys that change the game's settings, shared by
// gameplay and the pause overlay: I, + / -, S, V, F, F1, F2, and Q, which
// returns engine.ErrQuit. A setting the platform refuses (fullscreen) is
// reported through note, not as an error: it must not end the game.
func settingKeys(ctx *engine.TickContext, note func(string)) error {
	in, g := ctx.Input, ctx.Game()
	if pressed(in, input.KeyQ) {
		return engine.ErrQuit
	}
	if pressed(in, input.KeyI) {
		g.Time().SetInterpolation(NextMode(g.Time().Interpolation()))
	}
	if pressed(in, input.KeyEqual, input.KeyKPAdd) {
		if err := g.Time().SetTickRate(StepRate(g.Time().TickRate(), +1)); err != nil {
			note(err.Error())
		}
	}
	if pressed(in, input.KeyMinus, input.KeyKPSubtract) {
		if err := g.Time().SetTickRate(StepRate(g.Time().TickRate(), -1)); err != nil {
			note(err.Error())
		}
	}
	if pressed(in, input.KeyS) {
		scale := SlowMotion
		if g.Time().TimeScale() != 1 {
			scale = 1
		}
		if err := g.Time().SetTimeScale(scale); err != nil {
			note(err.Error())
		}
	}
	windowKeys(ctx, note)
	return nil
}

// windowKeys applies V, F, F1 and F2, which every state offers.
func windowKeys(ctx *engine.TickContext, note func(string)) {
	in, g := ctx.Input, ctx.Game()
	if pressed(in, input.KeyV) {
		g.Window().SetVSync(!g.Window().VSync())
	}
	if pressed(in, input.KeyF) {
		if err := g.Window().SetFullscreen(!g.Window().Fullscreen()); err != nil {
			note(err.Error())
		}
	}
	if pressed(in, input.KeyF1) {
		g.Debug().ToggleOverlay()
	}
	if pressed(in, input.KeyF2) {
		g.Debug().SetDrawing(!g.Debug().Drawing())
	}
}

// NextMode returns the render mode after m in the cycle of the I key:
// interpolate, extrapolate, none.
func NextMode(m scene.Mode) scene.Mode {
	switch m {
	case scene.ModeInterpolate:
		return scene.ModeExtrapolate
	case scene.ModeExtrapolate:
		return scene.ModeNone
	}
	return scene.ModeInterpolate
}

// StepRate returns the tick rate one step of TickRates above (dir > 0) or
// below (dir < 0) hz; a rate between two steps goes to the next one in
// that direction, and the ends stay where they are.
func StepRate(hz, dir int) int {
	if dir > 0 {
		for _, r := range TickRates {
			if r > hz {
				return r
			}
		}
		return max(hz, TickRates[len(TickRates)-1])
	}
	for i := len(TickRates) - 1; i >= 0; i-- {
		if TickRates[i] < hz {
			return TickRates[i]
		}
	}
	return min(hz, TickRates[0])
}
