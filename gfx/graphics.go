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
// every scene: shadow quality and reach, antialiasing and the HDR path. The zero value
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
	// HDR is whether scenes are drawn into a floating-point colour target
	// in linear, unclamped light, so that blended surfaces and overlapping
	// lights add up before one full-screen pass exposes, tone maps and
	// encodes each scene layer (with its own Environment) into the window.
	// HDRDefault means on where the GPU is hardware and off on a software
	// rasteriser such as llvmpipe, where the extra pass and the wider
	// target cost frames; without it exposure and tone mapping are applied
	// per fragment. A driver that cannot draw into a floating-point target
	// falls back to the per-fragment path, with a notice.
	HDR HDRMode
}

// HDRMode is the Graphics.HDR setting.
type HDRMode uint8

const (
	HDRDefault HDRMode = iota // the zero value: on for a GPU, off on a software rasteriser
	HDROff                    // exposure and tone mapping per fragment
	HDROn                     // a floating-point scene target and a tone-mapping pass
)

// String returns the mode's name.
func (m HDRMode) String() string {
	switch m {
	case HDRDefault:
		return "default"
	case HDROff:
		return "off"
	case HDROn:
		return "on"
	}
	return fmt.Sprintf("hdr-mode#%d", uint8(m))
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
	case g.HDR > HDROn:
		return fmt.Errorf("gfx: HDR mode %d: HDRDefault, HDROff or HDROn", g.HDR)
	}
	return nil
}
