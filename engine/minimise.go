package engine

// minimise reports whether the window is minimised this frame (iconified,
// as the window reports it, or a 0×0 framebuffer) and applies
// Options.Minimised when that changes: PauseWhenMinimised pauses game time
// on minimising and resumes it, without a burst, on restoring, unless the
// game was paused for another reason meanwhile.
func (g *Game) minimise(w, h int) bool {
	m := w <= 0 || h <= 0
	if g.display != nil && g.display.Iconified() {
		m = true
	}
	if m != g.minimised && g.opts.Minimised == PauseWhenMinimised {
		switch {
		case m && !g.sched.Paused():
			g.sched.Pause()
			g.pausedMin = true
		case !m && g.pausedMin:
			g.sched.Resume()
			g.pausedMin = false
		}
	}
	g.minimised = m
	return m
}
