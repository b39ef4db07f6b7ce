package engine

import (
	"fmt"
	"image"
	"unicode/utf8"

	"github.com/tickwork/tickwork/engine/input"
)

// WindowSettings is what a window may let states change through
// Game.Window(): its title, size, cursor, icon and fullscreen. It is
// optional: Start looks for it once (engine/window's Window has it; its
// tests check it at compile time); without it, as headless, each setting
// is remembered only or does nothing, as WindowControls' methods say. The
// engine checks every value before passing it on. Every method is called
// on the main goroutine.
type WindowSettings interface {
	// SetTitle sets the window's title.
	SetTitle(title string)
	// SetSize resizes the window's content area, in screen coordinates.
	SetSize(width, height int) error
	// SetCursorMode shows, hides or captures the cursor.
	SetCursorMode(m input.CursorMode) error
	// SetIcon sets the window's icon.
	SetIcon(img image.Image) error
	// SetFullscreen switches fullscreen on or off.
	SetFullscreen(on bool) error
	// Fullscreen reports whether the window is fullscreen.
	Fullscreen() bool
}

// Limits of the window settings.
const (
	MaxTitleBytes = 1024  // a window title's length in bytes
	MaxWindowSide = 16384 // a window's width or height
	MaxIconSide   = 256   // an icon's width or height in pixels
)

// windowState is what states asked of the window, kept headless too.
type windowState struct {
	title  string
	cursor input.CursorMode
	clip   string // the clipboard of a window without one (headless)
}

// WindowControls is the game's window as states see it: its title, size,
// fullscreen, vsync, icon, cursor mode and screenshots. Get it with
// Game.Window; it is a small value that allocates nothing, so fetch it
// where it is used. Its methods run on the main goroutine, from a state's
// hooks or Tick or between frames. Headless, or with a window lacking an
// ability, a setting is remembered only or does nothing, as each method
// says.
type WindowControls struct{ g *Game }

// Window returns the game's window controls. Call it on the main
// goroutine.
func (g *Game) Window() WindowControls { return WindowControls{g} }

// SetTitle sets the window's title. Call it from a state's hooks or Tick,
// on the main goroutine; headless it is remembered only.
func (w WindowControls) SetTitle(title string) error {
	g := w.g
	if !utf8.ValidString(title) || len(title) > MaxTitleBytes {
		return fmt.Errorf("engine: Window().SetTitle: want UTF-8 text of at most %d bytes, got %d bytes", MaxTitleBytes, len(title))
	}
	g.window.title = title
	if g.settings != nil {
		g.settings.SetTitle(title)
	}
	return nil
}

// Title returns the title last set with SetTitle ("" before).
func (w WindowControls) Title() string { return w.g.window.title }

// SetSize asks the window system to resize the window's content area
// to width × height screen coordinates (1 to MaxWindowSide each). The new
// size arrives as an input.Resize event at a later tick, as a user's resize
// does. Headless it does nothing.
func (w WindowControls) SetSize(width, height int) error {
	if width < 1 || height < 1 || width > MaxWindowSide || height > MaxWindowSide {
		return fmt.Errorf("engine: Window().SetSize %d×%d: allowed 1 to %d on each side", width, height, MaxWindowSide)
	}
	if s := w.g.settings; s != nil {
		if err := s.SetSize(width, height); err != nil {
			return fmt.Errorf("engine: Window().SetSize: %w", err)
		}
	}
	return nil
}

// SetCursorMode shows, hides or captures the mouse cursor (see
// input.CursorMode). Headless it is remembered only.
func (w WindowControls) SetCursorMode(m input.CursorMode) error {
	g := w.g
	if !m.Valid() {
		return fmt.Errorf("engine: Window().SetCursorMode: unknown mode %d (want input.CursorNormal, CursorHidden or CursorCaptured)", m)
	}
	if c := g.settings; c != nil {
		if err := c.SetCursorMode(m); err != nil {
			return fmt.Errorf("engine: Window().SetCursorMode %v: %w", m, err)
		}
	}
	g.window.cursor = m
	return nil
}

// CursorMode returns the mode last set with SetCursorMode.
func (w WindowControls) CursorMode() input.CursorMode { return w.g.window.cursor }

// SetIcon sets the window's icon from img (square images of 16 to 256
// pixels look best; at most MaxIconSide on each side). Headless it does
// nothing.
func (w WindowControls) SetIcon(img image.Image) error {
	if img == nil {
		return fmt.Errorf("engine: Window().SetIcon: no image")
	}
	b := img.Bounds()
	if b.Dx() < 1 || b.Dy() < 1 || b.Dx() > MaxIconSide || b.Dy() > MaxIconSide {
		return fmt.Errorf("engine: Window().SetIcon: a %d×%d image; allowed 1 to %d pixels on each side", b.Dx(), b.Dy(), MaxIconSide)
	}
	if s := w.g.settings; s != nil {
		if err := s.SetIcon(img); err != nil {
			return fmt.Errorf("engine: Window().SetIcon: %w", err)
		}
	}
	return nil
}

// SetVSync turns vsync on or off. When the driver ignores it, frames are
// paced in software to the display's refresh rate.
func (w WindowControls) SetVSync(on bool) {
	if w.g.display != nil {
		w.g.display.SetVSync(on)
	}
	w.g.pace.setVSync(on)
}

// VSync reports whether vsync is requested.
func (w WindowControls) VSync() bool { return w.g.pace.vsync }

// SetFullscreen switches the window to fullscreen or back, when the window
// can; headless it does nothing.
func (w WindowControls) SetFullscreen(on bool) error {
	if w.g.settings != nil {
		return w.g.settings.SetFullscreen(on)
	}
	return nil
}

// Fullscreen reports whether the window is fullscreen.
func (w WindowControls) Fullscreen() bool {
	if w.g.settings != nil {
		return w.g.settings.Fullscreen()
	}
	return false
}
