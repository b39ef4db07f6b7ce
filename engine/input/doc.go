// Package input defines the window events a game receives: kinds, key and
// button codes. The per-tick view of them is engine.Input. It is pure data: it builds with CGO_ENABLED=0, so a game's
// input handling can be tested, recorded and replayed without a window.
//
// A window backend (engine/window) turns window-system callbacks into Events,
// each stamped with the engine's clock when it was received. The engine
// queues them and hands them to the top state at tick boundaries: every event
// is delivered to exactly one tick, the first whose ideal moment is not
// before the event (see engine's documentation). A state sees them through
// TickContext.Input, an *engine.Input, which also answers "is this key
// down" for the tick's moment.
//
// Key codes have the values GLFW uses (printable keys are their ASCII
// upper-case code), so a backend converts with a plain conversion.
package input
