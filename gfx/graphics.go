package gfx

import (
	"fmt"
	"math"
)

// ShadowQuality is how a renderer draws the sun's shadows: the size of
// its shadow maps, how many cascades split the view, and how softly
// (percentage-closer filtering) their edges are sampled.
type ShadowQuality uint8

const (
	ShadowDefault ShadowQuality = iota // the zero value: ShadowMedium
	ShadowOff                          // no shadows
	ShadowLow                          // one 1024² map, one tap (hardware 2×2 filtering)
	ShadowMedium                       // two cascades of 1024², 3×3 taps
	ShadowHigh                         // three cascades of 2048², 3×3 taps
)

// String returns the quality's name.
func (q ShadowQuality) String() string {
	switch q {
	case ShadowDefault:
		return "default"
	case ShadowOff:
		return "off"
	case ShadowLow:
		return "low"
	case ShadowMedium:
		return "medium"
	case ShadowHigh:
		return "high"
	}
	return fmt.Sprintf("shadow-quality#%d", uint8(q))
}

// Graphics are the player's graphics settings, which a renderer applies to
// every scene: shadow quality and reach, and antialiasing. The zero value
// means the defaults. A game sets them from a settings menu (the engine
// passes them to its renderer between frames).
type Graphics struct {
	Shadows ShadowQuality
	// ShadowDistance is how far from the camera shadows are drawn, in world
	// units; cascades split it, nearer ones sharper. 0 means 40.
	ShadowDistance float32
	// MSAA is the number of samples per pixel of the scenes (the HUD is
	// drawn after they are resolved, so it stays crisp): 0 means 4 where
	// the GPU offers it (1 on a software rasteriser such as Mesa's
	// llvmpipe, where it would halve the frame rate), 1 turns antialiasing
	// off; otherwise 2, 4 or 8 (more than the driver offers falls back to
	// its maximum, with a notice).
	MSAA int
}

// DefaultShadowDistance is the ShadowDistance 0 stands for.
const DefaultShadowDistance = 40

// Validate reports settings out of range, naming the value and what is
// allowed.
func (g *Graphics) Validate() error {
	switch {
	case g.Shadows > ShadowHigh:
		return fmt.Errorf("gfx: shadow quality %d: ShadowDefault, ShadowOff, ShadowLow, ShadowMedium or ShadowHigh", g.Shadows)
	case !(g.ShadowDistance >= 0) || math.IsInf(float64(g.ShadowDistance), 0):
		return fmt.Errorf("gfx: shadow distance %v: a finite distance of 0 or more (0 means %d)", g.ShadowDistance, DefaultShadowDistance)
	case g.MSAA != 0 && g.MSAA != 1 && g.MSAA != 2 && g.MSAA != 4 && g.MSAA != 8:
		return fmt.Errorf("gfx: MSAA %d samples: 0 (default), 1 (off), 2, 4 or 8", g.MSAA)
	}
	return nil
}
