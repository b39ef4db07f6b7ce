package ui

import "github.com/tickwork/tickwork/scene/fields"

var _ fields.Describer = (*UI)(nil)

// Describe names the UI's own state that carries from tick to tick (focus,
// the widget held by the mouse, the widget under it, navigation repeat,
// the sticks' last lean, tooltip timing), so that a state which describes
// its UI with v.Struct("ui", u) has it in the game's hash and in rollback
// snapshots: after a rollback the menu continues exactly as it did. The
// values widgets edit belong to the game, which describes them itself; the
// layout is rebuilt by every tick. Called by the engine between ticks, on
// the main goroutine.
func (u *UI) Describe(v *fields.Visitor) {
	fields.Integer(v, "focus", &u.focus)
	fields.Integer(v, "active", &u.active)
	fields.Integer(v, "hot", &u.hot)
	held := [len(u.held)]string{dirUp: "heldUp", dirDown: "heldDown", dirLeft: "heldLeft", dirRight: "heldRight"}
	for i := range u.held {
		fields.Integer(v, held[i], &u.held[i])
	}
	fields.Integer(v, "stick", &u.keys.stick)
	fields.Integer(v, "stickPrev", &u.keys.prev)
	fields.Integer(v, "tipTarget", &u.tipTarget)
	fields.Integer(v, "tipTicks", &u.tipTicks)
}
