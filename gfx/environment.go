package gfx

import (
	"fmt"
	"math"
)

// ToneMap is how a renderer maps linear light, which a bright sun or a
// strong emissive surface takes past 1, onto the screen's range.
type ToneMap uint8

const (
	ToneClamp   ToneMap = iota // clip each channel at 1: the zero value, today's look
	ToneNeutral                // Khronos PBR Neutral: keeps base colours true up to 0.8, rolls off highlights
	ToneACES                   // the ACES filmic curve (Narkowicz's fit): more contrast, shifts hues
)

// Environment is a scene's frame settings beyond its lights: exposure,
// tone mapping and distance fog. The zero value means exposure 1, clamping
// and no fog. A state sets it on its draw list (scene managers copy it
// every frame); it is read by the renderer on the render thread.
type Environment struct {
	Exposure float32 // multiplies linear light before tone mapping; 0 means 1
	ToneMap  ToneMap

	// Fog blends a fragment towards FogColor with its distance from the
	// camera: none before FogStart, fully at FogEnd. FogEnd 0 means no fog.
	// FogColor is sRGB-encoded like Picture.Clear: the same colour as the
	// clear colour (or the sky's horizon) fades distant objects into it.
	FogColor         Color
	FogStart, FogEnd float32

	// Sky, when not the zero value, is drawn behind the scene instead of
	// the picture's clear colour.
	Sky Sky
}

// Sky is a gradient over the directions the camera looks in: Horizon
// level with the ground, Zenith straight up, Ground straight down (the
// zero Ground means Horizon). Colours are sRGB-encoded like Picture.Clear;
// give the fog the horizon's colour to fade distant objects into the sky.
type Sky struct {
	Zenith, Horizon, Ground Color
}

// IsZero reports whether s is the zero Sky (no sky).
func (s *Sky) IsZero() bool { return *s == Sky{} }

// Validate reports settings out of range, naming the value.
func (e *Environment) Validate() error {
	switch {
	case !(e.Exposure >= 0) || math.IsInf(float64(e.Exposure), 0):
		return fmt.Errorf("gfx: exposure %v: a finite value of 0 or more (0 means 1)", e.Exposure)
	case e.ToneMap > ToneACES:
		return fmt.Errorf("gfx: unknown tone map %d: ToneClamp, ToneNeutral or ToneACES", e.ToneMap)
	case e.FogEnd != 0 && !(e.FogStart >= 0 && e.FogEnd > e.FogStart) || !finite(e.FogStart, e.FogEnd):
		return fmt.Errorf("gfx: fog from %v to %v: want 0 ≤ start < end (end 0: no fog)", e.FogStart, e.FogEnd)
	}
	for _, c := range [...]Color{e.FogColor, e.Sky.Zenith, e.Sky.Horizon, e.Sky.Ground} {
		if !(c.R >= 0 && c.R <= 1 && c.G >= 0 && c.G <= 1 && c.B >= 0 && c.B <= 1) {
			return fmt.Errorf("gfx: fog or sky colour %+v: components from 0 to 1 (sRGB-encoded)", c)
		}
	}
	return nil
}
