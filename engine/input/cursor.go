package input

import "fmt"

// CursorMode is how a window treats the mouse cursor.
type CursorMode uint8

const (
	CursorNormal   CursorMode = iota // shown, moves freely: the zero value
	CursorHidden                     // hidden over the window, moves freely
	CursorCaptured                   // hidden and held in the window: for mouse-look, positions keep growing past the edges
	numCursorModes
)

var cursorModeNames = [...]string{"normal", "hidden", "captured"}

// String returns "normal", "hidden" or "captured".
func (m CursorMode) String() string {
	if m < numCursorModes {
		return cursorModeNames[m]
	}
	return fmt.Sprintf("CursorMode(%d)", uint8(m))
}

// Valid reports whether m is one of the modes.
func (m CursorMode) Valid() bool { return m < numCursorModes }
