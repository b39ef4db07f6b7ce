package engine

import (
	"fmt"

	"github.com/tickwork/tickwork/gfx"
)

// GraphicsSetter is the optional ability of a renderer to take the
// player's graphics settings (gfx/gl41's Renderer has it).
type GraphicsSetter interface {
	SetGraphics(g gfx.Graphics) error
}

// SetGraphics applies the player's graphics settings (shadow quality and
// distance, MSAA; the zero value means the defaults) from the next frame
// on, as a settings menu does. Settings out of range are refused with an
// error naming the value, and the settings in use are kept. Headless, or
// with a renderer without the ability, they are checked and remembered
// only. Call it from a state's hooks or Tick, on the main goroutine.
func (w WindowControls) SetGraphics(g gfx.Graphics) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	if s, ok := w.g.r.(GraphicsSetter); ok {
		if err := s.SetGraphics(g); err != nil {
			return fmt.Errorf("engine: %w", err)
		}
	}
	w.g.graphics = g
	return nil
}

// Graphics returns the graphics settings last set (the zero value, the
// defaults, until SetGraphics). Call it on the main goroutine.
func (w WindowControls) Graphics() gfx.Graphics { return w.g.graphics }
