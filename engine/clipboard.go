package engine

import (
	"fmt"
	"unicode/utf8"
)

// Clipboarder is the window's clipboard, found by type assertion
// (engine/window's Window has it). Its methods are called on the main
// goroutine.
type Clipboarder interface {
	ClipboardText() (string, error)
	SetClipboardText(s string) error
}

// MaxClipboardBytes is the most text SetClipboardText accepts.
const MaxClipboardBytes = 1 << 20

// ClipboardText returns the system clipboard's text ("" when it holds no
// text). Headless, and with a window without a clipboard, it returns what
// SetClipboardText last put there. Call it on the main goroutine, from a
// tick or a hook. The clipboard is outside the recorded input: a replay
// reads the replaying machine's clipboard.
func (w WindowControls) ClipboardText() (string, error) {
	g := w.g
	if c, ok := g.win.(Clipboarder); ok {
		s, err := c.ClipboardText()
		if err != nil {
			return "", fmt.Errorf("engine: ClipboardText: %w", err)
		}
		return s, nil
	}
	return g.window.clip, nil
}

// SetClipboardText puts s, UTF-8 text of at most MaxClipboardBytes, on the
// system clipboard (headless: it is remembered for ClipboardText). Call it
// on the main goroutine, from a tick or a hook.
func (w WindowControls) SetClipboardText(s string) error {
	g := w.g
	if !utf8.ValidString(s) || len(s) > MaxClipboardBytes {
		return fmt.Errorf("engine: SetClipboardText: want UTF-8 text of at most %d bytes, got %d bytes (valid UTF-8: %v)", MaxClipboardBytes, len(s), utf8.ValidString(s))
	}
	g.window.clip = s
	if c, ok := g.win.(Clipboarder); ok {
		if err := c.SetClipboardText(s); err != nil {
			return fmt.Errorf("engine: SetClipboardText: %w", err)
		}
	}
	return nil
}
