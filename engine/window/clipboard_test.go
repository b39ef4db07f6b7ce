package window_test

import (
	"errors"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
)

// The window is the engine's clipboard: text put there is read back, and a
// closed window says so instead of panicking.
func TestClipboardRoundTrip(t *testing.T) {
	w := open(t, window.Config{Width: 64, Height: 64, Hidden: true, NoVSync: true})
	var _ engine.Clipboarder = w
	var (
		got        string
		setErr     error
		getErr     error
		closedErr  error
		closedErr2 error
	)
	mainthread.Call(func() {
		setErr = w.SetClipboardText("name: Ada ✓")
		got, getErr = w.ClipboardText()
	})
	if setErr != nil || getErr != nil {
		t.Fatalf("SetClipboardText: %v; ClipboardText: %v", setErr, getErr)
	}
	if got != "name: Ada ✓" {
		t.Errorf("ClipboardText = %q, want %q", got, "name: Ada ✓")
	}
	mainthread.Call(func() {
		if err := w.Close(); err != nil {
			t.Error(err)
		}
		_, closedErr = w.ClipboardText()
		closedErr2 = w.SetClipboardText("x")
	})
	if !errors.Is(closedErr, window.ErrClosed) || !errors.Is(closedErr2, window.ErrClosed) {
		t.Errorf("closed window: %v, %v; want window.ErrClosed", closedErr, closedErr2)
	}
}
