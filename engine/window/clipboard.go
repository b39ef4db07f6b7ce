package window

// ClipboardText returns the system clipboard's text: "" when it holds
// none (an image, nothing at all). Call it on the main goroutine. A closed
// window returns ErrClosed.
func (w *Window) ClipboardText() (s string, err error) {
	if w.win == nil {
		return "", ErrClosed
	}
	defer recoverGLFW(&err, "reading the clipboard")
	return w.win.GetClipboardString(), nil
}

// SetClipboardText puts s on the system clipboard. Call it on the main
// goroutine. A closed window returns ErrClosed.
func (w *Window) SetClipboardText(s string) (err error) {
	if w.win == nil {
		return ErrClosed
	}
	defer recoverGLFW(&err, "writing the clipboard")
	w.win.SetClipboardString(s)
	return nil
}
