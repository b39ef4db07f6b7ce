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
//
// An Event keeps every kind's data in the same few fields; read a gamepad
// event's pad, button and axis, a typed character and a new window size
// through its accessors (Pad, PadButton, Down, Connected, PadAxis,
// AxisValue, Rune, Size), which answer for their kinds only.
//
// # Names
//
// Every constant of the package, by type (a test derives this list from
// the source). An event kind's line says what its events carry.
//
// Button: Mouse buttons (GLFW's numbering).
//
//	ButtonLeft ButtonRight ButtonMiddle MaxButton
//
// CursorMode
//
//	CursorNormal    shown, moves freely: the zero value
//	CursorHidden    hidden over the window, moves freely
//	CursorCaptured  hidden and held in the window: for mouse-look, positions keep growing past the edges
//
// Key: Keys.
//
//	KeyUnknown KeySpace KeyApostrophe KeyComma KeyMinus KeyPeriod KeySlash
//	Key0 Key1 Key2 Key3 Key4 Key5 Key6 Key7 Key8 Key9 KeySemicolon KeyEqual
//	KeyA KeyB KeyC KeyD KeyE KeyF KeyG KeyH KeyI KeyJ KeyK KeyL KeyM KeyN
//	KeyO KeyP KeyQ KeyR KeyS KeyT KeyU KeyV KeyW KeyX KeyY KeyZ
//	KeyLeftBracket KeyBackslash KeyRightBracket KeyGraveAccent KeyEscape
//	KeyEnter KeyTab KeyBackspace KeyInsert KeyDelete KeyRight KeyLeft KeyDown
//	KeyUp KeyPageUp KeyPageDown KeyHome KeyEnd KeyPause KeyF1 KeyF2 KeyF3
//	KeyF4 KeyF5 KeyF6 KeyF7 KeyF8 KeyF9 KeyF10 KeyF11 KeyF12 KeyKP0
//	KeyKPDecimal KeyKPDivide KeyKPMultiply KeyKPSubtract KeyKPAdd KeyKPEnter
//	KeyLeftShift KeyLeftControl KeyLeftAlt KeyLeftSuper KeyRightShift
//	KeyRightControl KeyRightAlt KeyRightSuper KeyLast
//
// Kind: Event kinds.
//
//	KindNone       no event: the zero value, never delivered (engine.Stats.UnknownEvents counts it)
//	KeyPress       a key was pressed; Key, Mods
//	KeyRelease     a key was released; Key, Mods
//	KeyRepeat      a held key auto-repeated; Key, Mods
//	ButtonPress    a mouse button was pressed; Button, Mods, X, Y (cursor)
//	ButtonRelease  a mouse button was released; Button, Mods, X, Y (cursor)
//	CursorMove     the cursor moved; X, Y in the HUD's logical units (DrawContext.Width/Height), origin top-left
//	Scroll         the wheel or touchpad scrolled; X, Y offsets
//	Resize         the framebuffer was resized; Size (width and height in pixels)
//	CloseRequest   the user asked to close the window
//	FocusGained    the window gained input focus
//	FocusLost      the window lost input focus
//	Char           a character was typed (text entry); Rune
//	MouseMotion    the mouse moved while the cursor is captured; X, Y the motion in logical units
//	GamepadButton  a gamepad button went down or up, or a pad (dis)connected; Pad, PadButton, Down, Connected
//	GamepadAxis    a gamepad axis moved; Pad, PadAxis, AxisValue
//	LastKindV2     the last kind recordings of format 2 and older hold: Char, MouseMotion and the gamepad kinds came with format 3.
//
// Mods: Modifier bits (GLFW's values).
//
//	ModShift ModControl ModAlt ModSuper
//
// PadAxis: The axes: sticks from -1 to 1 (Y grows downwards, as the screen's), triggers from 0 (released) to 1.
//
//	PadLeftX PadLeftY PadRightX PadRightY PadLeftTrigger PadRightTrigger
//	NumPadAxes
//
// PadButton: The buttons of the standard mapping.
//
//	PadA            bottom face button (Cross)
//	PadB            right face button (Circle)
//	PadX            left face button (Square)
//	PadY            top face button (Triangle)
//	PadLeftBumper
//	PadRightBumper
//	PadBack
//	PadStart
//	PadGuide
//	PadLeftThumb
//	PadRightThumb
//	PadDpadUp
//	PadDpadRight
//	PadDpadDown
//	PadDpadLeft
//	NumPadButtons
//	PadConnection   the PadButton of a GamepadButton event that reports a pad connecting or disconnecting (Event.Connected), not a button.
//
// Other constants: Gamepads follow GLFW's standard gamepad mapping (the layout of an Xbox controller): up to MaxPads pads, each with these buttons and axes.
//
//	MaxPads
package input
