package engine

import (
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// script is the input of the determinism runs: taps of A (spawn an actor at
// a random spot) and D held for a while (push the first actor).
func script(h *Headless) {
	for _, tick := range []uint64{5, 17, 18, 90, 200} {
		h.Inject(tick, key(input.KeyPress, input.KeyA, 0), key(input.KeyRelease, input.KeyA, 0))
	}
	h.Inject(40, key(input.KeyPress, input.KeyD, 0))
	h.Inject(75, key(input.KeyRelease, input.KeyD, 0))
}

func runWorld(t *testing.T, ticks uint64, frames FrameTimes, opts Options) (uint64, *world) {
	t.Helper()
	w := newWorld(t, 50, &journal{})
	h, err := NewHeadless(opts, w)
	if err != nil {
		t.Fatal(err)
	}
	script(h)
	if err := h.RunTicks(ticks, frames); err != nil {
		t.Fatal(err)
	}
	if got := h.Game.Time().Ticks(); got != ticks {
		t.Fatalf("ran %d ticks, want %d", got, ticks)
	}
	return h.Game.Hash(), w
}

func TestSameInputSameHashAtAnyFrameRate(t *testing.T) {
	const ticks = 300
	ref, w := runWorld(t, ticks, Steady(60), Options{})
	if got := w.scenes[0].Len(); got != 55 {
		t.Fatalf("actors after the script: got %d, want 55 (five taps of A)", got)
	}
	for _, tc := range []struct {
		name   string
		frames FrameTimes
	}{
		{"7 fps", Steady(7)},
		{"240 fps jitter 0.5", Jittered(240, 0.5, 1)},
		{"60 fps jitter 0.9", Jittered(60, 0.9, 2)},
		{"one tick per frame", nil},
		{"1000 fps", Steady(1000)},
	} {
		if got, _ := runWorld(t, ticks, tc.frames, Options{}); got != ref {
			t.Errorf("%s: hash %016x, want %016x (60 fps)", tc.name, got, ref)
		}
	}
	// Something different must give a different hash.
	if got, _ := runWorld(t, ticks+1, Steady(60), Options{}); got == ref {
		t.Errorf("one more tick gave the same hash %016x", got)
	}
	if got, _ := runWorld(t, ticks, Steady(60), Options{Seed: 99}); got == ref {
		t.Errorf("another random seed gave the same hash %016x", got)
	}
}

func TestNoBurstAfterPauseOrStall(t *testing.T) {
	p := &probe{name: "p", log: &journal{}}
	h, err := NewHeadless(Options{}, p)
	if err != nil {
		t.Fatal(err)
	}
	_ = h.RunTicks(30, Steady(60))
	h.Game.Time().Pause()
	for range 600 { // 10 s paused
		if err := h.RunFrame(frame60); err != nil {
			t.Fatal(err)
		}
	}
	if p.ticks != 30 {
		t.Errorf("ticks while paused: %d, want 0", p.ticks-30)
	}
	h.Game.Time().Resume()
	maxPerFrame := 0
	for range 60 {
		before := p.ticks
		_ = h.RunFrame(frame60)
		maxPerFrame = max(maxPerFrame, p.ticks-before)
	}
	if maxPerFrame > 1 || p.ticks < 58 || p.ticks > 60 {
		t.Errorf("after resume: %d ticks in 1 s, at most %d per frame; want ~30 and 1", p.ticks-30, maxPerFrame)
	}

	// A 10-second stall: at most MaxTicksPerFrame in the next frame, then normal.
	before := p.ticks
	if err := h.RunFrame(10 * timing.Second); err != nil {
		t.Fatal(err)
	}
	if got := p.ticks - before; got != timing.DefaultMaxTicksPerFrame {
		t.Errorf("ticks in the frame after a 10 s stall: %d, want %d", got, timing.DefaultMaxTicksPerFrame)
	}
	before = p.ticks
	_ = h.RunFrame(frame60)
	if got := p.ticks - before; got > 1 {
		t.Errorf("ticks in the next frame: %d, want at most 1 (nothing banked)", got)
	}
	if st := h.Game.Debug().Stats(); st.Dropped < 9*timing.Second {
		t.Errorf("dropped after the stall: %v, want ≥ 9.75s", st.Dropped)
	}
}

func TestMinimisedTicksWithoutDrawing(t *testing.T) {
	w := newWorld(t, 10, &journal{})
	h, err := NewHeadless(Options{}, w)
	if err != nil {
		t.Fatal(err)
	}
	_ = h.RunTicks(10, Steady(60))
	frames := h.Renderer.Frames
	h.SetFramebufferSize(0, 0)
	_ = h.RunTicks(30, Steady(60))
	if h.Renderer.Frames != frames {
		t.Errorf("frames rendered while minimised: %d, want 0", h.Renderer.Frames-frames)
	}
	if w.ticks != 40 {
		t.Errorf("ticks: %d, want 40 (ticks go on while minimised)", w.ticks)
	}
	h.SetFramebufferSize(800, 600)
	_ = h.RunFrame(frame60)
	if h.Renderer.Frames != frames+1 || h.Renderer.Instances != 10 {
		t.Errorf("after restoring: %d frames, %d instances; want 1 frame of 10", h.Renderer.Frames-frames, h.Renderer.Instances)
	}
}

func TestEnteringTeleportsScenes(t *testing.T) {
	w := newWorld(t, 3, &journal{})
	// Move an actor before the state is entered: without the teleport on
	// entry its first frames would smear from the spawn point.
	a, _ := w.scenes[0].Actor(w.first)
	a.Local.Pos[0] = 100
	h, err := NewHeadless(Options{}, w)
	if err != nil {
		t.Fatal(err)
	}
	_ = h.RunFrame(1000)
	m := a.RenderMatrix()
	if m[12] != 100 {
		t.Errorf("render x right after entering: %v, want 100 (teleported, no smear)", m[12])
	}
}

func TestModeAppliesToScenes(t *testing.T) {
	w := newWorld(t, 1, &journal{})
	h, err := NewHeadless(Options{Mode: scene.ModeExtrapolate}, w)
	if err != nil {
		t.Fatal(err)
	}
	if got := w.scenes[0].Mode(); got != scene.ModeExtrapolate {
		t.Errorf("scene mode after entering: %v, want extrapolate (from Options)", got)
	}
	h.Game.Time().SetInterpolation(scene.ModeNone)
	if got := w.scenes[0].Mode(); got != scene.ModeNone {
		t.Errorf("scene mode after SetMode: %v, want none", got)
	}
}

func TestOverlayHUD(t *testing.T) {
	w := newWorld(t, 1, &journal{})
	h, err := NewHeadless(Options{Overlay: true}, w)
	if err != nil {
		t.Fatal(err)
	}
	_ = h.RunTicks(60, Steady(60))
	if h.Renderer.Texts != 5 {
		t.Errorf("HUD texts with the overlay on: %d, want 4 lines and the graph's label", h.Renderer.Texts)
	}
	h.Game.Debug().ToggleOverlay()
	_ = h.RunFrame(frame60)
	if h.Renderer.Texts != 0 {
		t.Errorf("HUD texts with the overlay off: %d, want 0", h.Renderer.Texts)
	}
}

// tickingClock advances by a fixed amount at every reading, so each profiled
// phase measures a known number of readings.
type tickingClock struct{ t, step timing.Micros }

func (c *tickingClock) Now() timing.Micros { c.t += c.step; return c.t }

func TestProfileAccountsForTheFrame(t *testing.T) {
	w := newWorld(t, 10, &journal{})
	clk := &tickingClock{step: 100}
	g, err := New(Options{Clock: clk, NoPacing: true, Profile: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Start(&liveWindow{w: 64, h: 64}, &NullRenderer{}, w); err != nil {
		t.Fatal(err)
	}
	var p FrameProfile
	for range 200 { // until a frame runs a tick
		if err := g.RunFrame(); err != nil {
			t.Fatal(err)
		}
		if p = g.Debug().Profile(); p.Ticks > 0 {
			break
		}
	}
	if p.Ticks < 1 {
		t.Fatalf("no frame in 200 ran a tick")
	}
	if p.Poll == 0 || p.Tick == 0 || p.Interpolate == 0 || p.Build == 0 || p.Render == 0 || p.Swap == 0 {
		t.Errorf("profile %+v: a phase measured no time", p)
	}
	if p.Tick < p.Poll {
		t.Errorf("profile %+v: the ticks took less than polling", p)
	}
	g2, _ := New(Options{Clock: &tickingClock{step: 100}, NoPacing: true})
	_ = g2.Start(&liveWindow{w: 64, h: 64}, &NullRenderer{}, newWorld(t, 1, &journal{}))
	_ = g2.RunFrame()
	if p := g2.Debug().Profile(); p.Total() != 0 {
		t.Errorf("profile without Options.Profile: %+v, want zero", p)
	}
}

func TestOverlayShowsTheRates(t *testing.T) {
	w := newWorld(t, 1, &journal{})
	h, err := NewHeadless(Options{Overlay: true}, w)
	if err != nil {
		t.Fatal(err)
	}
	for range 150 { // 2.5 s at 60 fps
		if err := h.RunFrame(frame60); err != nil {
			t.Fatal(err)
		}
	}
	texts := h.Game.picture.HUD.Texts
	if len(texts) < 2 {
		t.Fatalf("overlay texts: %d, want 4", len(texts))
	}
	if want := "TPS 30.0  FPS 60.0  rate 30 Hz"; texts[0].S != want {
		t.Errorf("overlay line 1: got %q, want %q", texts[0].S, want)
	}
	if want := "frame 16.67 ms  p99 16.67 ms"; texts[1].S != want {
		t.Errorf("overlay line 2: got %q, want %q", texts[1].S, want)
	}
}

// The overlay's panel sits in the corner SetOverlayCorner names, 4 units
// from the HUD's two edges there, with its text inside it.
func TestOverlayCorner(t *testing.T) {
	const w, hgt, margin = 1280, 720, overlayPad - 4
	h, err := NewHeadless(Options{Overlay: true}, newWorld(t, 1, &journal{}))
	if err != nil {
		t.Fatal(err)
	}
	if got := h.Game.Debug().OverlayCorner(); got != TopLeft {
		t.Errorf("default corner %v, want top-left", got)
	}
	for _, tc := range []struct {
		c            Corner
		right, below bool
	}{
		{TopLeft, false, false}, {TopRight, true, false}, {BottomLeft, false, true}, {BottomRight, true, true},
	} {
		if err := h.Game.Debug().SetOverlayCorner(tc.c); err != nil {
			t.Fatal(err)
		}
		if err := h.RunFrame(frame60); err != nil {
			t.Fatal(err)
		}
		hud := &h.Game.picture.HUD
		if len(hud.Rects) == 0 || len(hud.Texts) == 0 {
			t.Fatalf("%v: no overlay drawn", tc.c)
		}
		p := hud.Rects[0] // the panel, first of the overlay's items
		gotX, gotY := p.X, p.Y
		wantX, wantY := float32(margin), float32(margin)
		if tc.right {
			gotX, wantX = p.X+p.W, w-margin
		}
		if tc.below {
			gotY, wantY = p.Y+p.H, hgt-margin
		}
		if gotX != wantX || gotY != wantY {
			t.Errorf("%v: panel %+v: edge at (%v, %v), want (%v, %v)", tc.c, p, gotX, gotY, wantX, wantY)
		}
		for _, tx := range hud.Texts[:4] {
			if tx.X < p.X || tx.X > p.X+p.W || tx.Y < p.Y || tx.Y > p.Y+p.H {
				t.Errorf("%v: text %q at (%v, %v) outside the panel %+v", tc.c, tx.S, tx.X, tx.Y, p)
			}
		}
	}
	if err := h.Game.Debug().SetOverlayCorner(Corner(9)); err == nil || !strings.Contains(err.Error(), "not a corner") {
		t.Errorf("SetOverlayCorner(9): got %v, want an error naming the bad corner", err)
	}
	if got := h.Game.Debug().OverlayCorner(); got != BottomRight {
		t.Errorf("after a refused corner: %v, want bottom-right kept", got)
	}
}

// TestInjectForAPastTickIsRefused: events for a tick that has already run
// cannot be delivered; Inject says which tick ran last instead of dropping
// them. The next tick and later ones are accepted.
func TestInjectForAPastTickIsRefused(t *testing.T) {
	h, err := NewHeadless(Options{}, newWorld(t, 1, &journal{}))
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(10, nil); err != nil { // ticks 0 to 9
		t.Fatal(err)
	}
	press := key(input.KeyPress, input.KeyA, 0)
	for _, tt := range []struct {
		tick uint64
		want string // in the error; "" for none
	}{
		{0, "tick 0 has already run (the last tick run is 9)"},
		{9, "tick 9 has already run (the last tick run is 9)"},
		{10, ""},
		{500, ""},
	} {
		err := h.Inject(tt.tick, press)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Inject(%d): got %v, want no error", tt.tick, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "tick 10 or later")):
			t.Errorf("Inject(%d): got %v, want an error saying %q and to inject at tick 10 or later", tt.tick, err, tt.want)
		}
	}
}
