// Package action maps raw input to named actions: "jump" answers to Space
// and pad A, "move" to W A S D, the arrows and the left stick, "save" to
// Ctrl+S.
//
// A Map holds the actions of one context (gameplay, a menu) and their
// bindings: keys, chords, mouse buttons, pad buttons and pad axes (with a
// dead zone and a response curve). A state updates it once per tick from
// the tick's raw input and then asks it:
//
//	func (s *Play) Tick(ctx *engine.TickContext) error {
//		s.actions.Update(ctx.Input)
//		if s.actions.Pressed("jump") { ... }
//		x, y := s.actions.Vector("move")
//		...
//	}
//
// Actions are derived from raw input in each tick, never recorded: a
// recording (engine/replay) keeps the raw events, and the same events
// through the same bindings give the same actions. Bindings are part of the
// game's state: change them in ticks (Capture, Bind, Parse) so that a
// replay changes them at the same tick, store the bindings in effect when
// recording (Changes, in replay.Header.Meta) and add Map.Hash to the state's
// hash.
//
// Rebinding: Capture("jump") makes the next raw press the action's new
// binding (Captured reports it); Conflicts lists an input bound to two
// actions of the Map. Save writes the bindings as a small text file,
// atomically; Load reads it back, and a damaged file is an error naming
// the file, the line and the value, with the bindings left as they were.
//
// Several players: give each a Map reading one pad (UsePad), and the
// keyboard to one of them (UseKeyboard).
//
// Menus navigate with the same actions: UIDefs and NewUI give ui_up,
// ui_down, ui_left, ui_right, ui_accept and ui_back, and a widget needs
// only the small Querier interface (Pressed, Released, Down, Repeated) of
// a Map.
//
// A Map is used on the main goroutine, in ticks. Update allocates nothing
// and evaluates 64 actions in about a microsecond.
package action
