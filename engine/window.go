package engine

import (
	"fmt"
	"image"
	"unicode/utf8"

	"github.com/tickwork/tickwork/engine/input"
)

// Optional window abilities that states reach through the Game (found by
// type assertion; engine/window's Window has them all). Every method is
// called on the main goroutine. A window without one, as headless, takes
// the setting as a no-op: the Game still remembers it.
type (
	// Titler sets the window's title: called by Game.SetTitle.
	Titler interface{ SetTitle(title string) }
	// Sizer resizes the window's content area, in screen coordinates:
	// called by Game.SetWindowSize.
	Sizer interface {
		SetSize(width, height int) error
	}
	// CursorModer shows, hides or captures the cursor: called by
	// Game.SetCursorMode.
	CursorModer interface {
		SetCursorMode(m input.CursorMode) error
	}
	// IconSetter sets the window's icon: called by Game.SetIcon.
	IconSetter interface{ SetIcon(img image.Image) error }
)

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

// SetTitle sets the window's title. Call it from a state's hooks or Tick,
// on the main goroutine; headless it is remembered only.
func (g *Game) SetTitle(title string) error {
	if !utf8.ValidString(title) || len(title) > MaxTitleBytes {
		return fmt.Errorf("engine: SetTitle: want UTF-8 text of at most %d bytes, got %d bytes", MaxTitleBytes, len(title))
	}
	g.window.title = title
	if t, ok := g.win.(Titler); ok {
		t.SetTitle(title)
	}
	return nil
}

// Title returns the title last set with SetTitle ("" before).
func (g *Game) Title() string { return g.window.title }

// SetWindowSize asks the window system to resize the window's content area
// to width × height screen coordinates (1 to MaxWindowSide each). The new
// size arrives as an input.Resize event at a later tick, as a user's resize
// does. Headless it does nothing.
func (g *Game) SetWindowSize(width, height int) error {
	if width < 1 || height < 1 || width > MaxWindowSide || height > MaxWindowSide {
		return fmt.Errorf("engine: SetWindowSize %d×%d: allowed 1 to %d on each side", width, height, MaxWindowSide)
	}
	if s, ok := g.win.(Sizer); ok {
		if err := s.SetSize(width, height); err != nil {
			return fmt.Errorf("engine: SetWindowSize: %w", err)
		}
	}
	return nil
}

// SetCursorMode shows, hides or captures the mouse cursor (see
// input.CursorMode). Headless it is remembered only.
func (g *Game) SetCursorMode(m input.CursorMode) error {
	if !m.Valid() {
		return fmt.Errorf("engine: SetCursorMode: unknown mode %d (want input.CursorNormal, CursorHidden or CursorCaptured)", m)
	}
	if c, ok := g.win.(CursorModer); ok {
		if err := c.SetCursorMode(m); err != nil {
			return fmt.Errorf("engine: SetCursorMode %v: %w", m, err)
		}
	}
	g.window.cursor = m
	return nil
}

// CursorMode returns the mode last set with SetCursorMode.
func (g *Game) CursorMode() input.CursorMode { return g.window.cursor }

// SetIcon sets the window's icon from img (square images of 16 to 256
// pixels look best; at most MaxIconSide on each side). Headless it does
// nothing.
func (g *Game) SetIcon(img image.Image) error {
	if img == nil {
		return fmt.Errorf("engine: SetIcon: no image")
	}
	b := img.Bounds()
	if b.Dx() < 1 || b.Dy() < 1 || b.Dx() > MaxIconSide || b.Dy() > MaxIconSide {
		return fmt.Errorf("engine: SetIcon: a %d×%d image; allowed 1 to %d pixels on each side", b.Dx(), b.Dy(), MaxIconSide)
	}
	if s, ok := g.win.(IconSetter); ok {
		if err := s.SetIcon(img); err != nil {
			return fmt.Errorf("engine: SetIcon: %w", err)
		}
	}
	return nil
}
