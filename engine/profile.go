package engine

import "github.com/tickwork/tickwork/timing"

// FrameProfile is where one frame's real time went, measured with the
// game's clock when Options.Profile is set (each boundary is one extra
// clock reading; the simulation still sees one reading per frame).
type FrameProfile struct {
	Poll        timing.Micros // polling window events
	Tick        timing.Micros // running the frame's ticks (states and scenes)
	Interpolate timing.Micros // blending render matrices and visual-only effects
	Build       timing.Micros // filling draw lists, states' Draw, the overlay
	Render      timing.Micros // the renderer's Render call
	Swap        timing.Micros // presenting (a driver honouring vsync waits here)
	Pace        timing.Micros // the software pacer's wait
	Ticks       int           // ticks run by the frame
}

// Total is the frame's measured time.
func (p *FrameProfile) Total() timing.Micros {
	return p.Poll + p.Tick + p.Interpolate + p.Build + p.Render + p.Swap + p.Pace
}

// Profile returns the latest frame's profile (zero unless Options.Profile).
func (d DebugControls) Profile() FrameProfile { return d.g.prof }

// lap adds the time since the previous lap to *d when profiling.
func (g *Game) lap(d *timing.Micros) {
	if !g.opts.Profile {
		return
	}
	now := g.clock.Now()
	*d += timing.Since(now, g.lapAt)
	g.lapAt = now
}

func (g *Game) lapStart() {
	if g.opts.Profile {
		g.prof = FrameProfile{}
		g.lapAt = g.clock.Now()
	}
}
