package engine

import "testing"

// TestMinimisePolicyHeadless: with PauseWhenMinimised a 0×0 framebuffer
// pauses game time and restoring resumes it without a burst; the default
// keeps ticking.
func TestMinimisePolicyHeadless(t *testing.T) {
	for _, c := range []struct {
		policy MinimisePolicy
		want   uint64 // ticks while minimised for 1 s at 30 Hz
	}{{KeepTicking, 30}, {PauseWhenMinimised, 0}} {
		h, err := NewHeadless(Options{Minimised: c.policy}, &one{})
		if err != nil {
			t.Fatal(err)
		}
		if err := h.RunTicks(10, Steady(60)); err != nil {
			t.Fatal(err)
		}
		h.SetFramebufferSize(0, 0)
		before := h.Game.Time().Ticks()
		for range 60 {
			if err := h.RunFrame(16667); err != nil {
				t.Fatal(err)
			}
		}
		if got := h.Game.Time().Ticks() - before; got+1 < c.want || got > c.want+1 {
			t.Errorf("%v: got %d ticks in 1 s minimised, want %d", c.policy, got, c.want)
		}
		h.SetFramebufferSize(640, 480)
		before = h.Game.Time().Ticks()
		for range 2 {
			if err := h.RunFrame(16667); err != nil {
				t.Fatal(err)
			}
		}
		if got := h.Game.Time().Ticks() - before; got > 1 || h.Game.Time().Paused() {
			t.Errorf("%v: after restoring got %d ticks in two 60 fps frames (paused %v), want at most 1: no burst", c.policy, got, h.Game.Time().Paused())
		}
	}
}
