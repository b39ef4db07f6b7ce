package demo

import (
	"errors"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

func TestModeKeyCycles(t *testing.T) {
	h, g := play(t, Config{})
	want := []scene.Mode{scene.ModeExtrapolate, scene.ModeNone, scene.ModeInterpolate, scene.ModeExtrapolate}
	for i, m := range want {
		tap(h, h.Game.Time().Ticks(), input.KeyI)
		ticks(t, h, 2)
		if got := h.Game.Time().Interpolation(); got != m {
			t.Fatalf("after %d presses of I: mode %v, want %v", i+1, got, m)
		}
		if got := g.Scene().Mode(); got != m {
			t.Errorf("after %d presses of I: the scene draws in mode %v, want %v", i+1, got, m)
		}
	}
}

func TestTickRateKeys(t *testing.T) {
	h, _ := play(t, Config{})
	steps := []struct {
		key  input.Key
		want int
	}{
		{input.KeyEqual, 60}, {input.KeyKPAdd, 120}, {input.KeyEqual, 120},
		{input.KeyMinus, 60}, {input.KeyKPSubtract, 30}, {input.KeyMinus, 20},
		{input.KeyMinus, 15}, {input.KeyMinus, 10}, {input.KeyKPSubtract, 10}, {input.KeyKPAdd, 15},
	}
	for i, s := range steps {
		tap(h, h.Game.Time().Ticks(), s.key)
		ticks(t, h, 2)
		if got := h.Game.Time().TickRate(); got != s.want {
			t.Fatalf("step %d, key %v: tick rate %d Hz, want %d", i, s.key, got, s.want)
		}
	}
}

func TestStepRate(t *testing.T) {
	tests := []struct{ hz, dir, want int }{
		{30, 1, 60}, {30, -1, 20}, {10, -1, 10}, {120, 1, 120}, {45, 1, 60}, {45, -1, 30},
		{5, 1, 10}, {5, -1, 5}, {500, 1, 500}, {500, -1, 120},
	}
	for _, tt := range tests {
		if got := StepRate(tt.hz, tt.dir); got != tt.want {
			t.Errorf("StepRate(%d, %d) = %d, want %d", tt.hz, tt.dir, got, tt.want)
		}
	}
}

func TestSlowMotionKey(t *testing.T) {
	h, _ := play(t, Config{})
	for i, want := range []float64{SlowMotion, 1, SlowMotion} {
		tap(h, h.Game.Time().Ticks(), input.KeyS)
		ticks(t, h, 2)
		if got := h.Game.Time().TimeScale(); got != want {
			t.Fatalf("after %d presses of S: time scale %g, want %g", i+1, got, want)
		}
	}
	// In slow motion a second of real time runs a quarter of the ticks.
	before := h.Game.Time().Ticks()
	for range 60 {
		if err := h.RunFrame(frame60); err != nil {
			t.Fatal(err)
		}
	}
	if n := h.Game.Time().Ticks() - before; n < 7 || n > 8 {
		t.Errorf("one second at time scale %g ran %d ticks, want 7 or 8 (30 Hz × 0.25)", SlowMotion, n)
	}
}

func TestPauseOverlay(t *testing.T) {
	h, g := play(t, Config{})
	tap(h, 5, input.KeyEscape)
	ticks(t, h, 6)
	p, ok := h.Game.Top().(*Pause)
	if !ok || h.Game.Depth() != 2 {
		t.Fatalf("after Esc: top %T, depth %d; want *Pause over the gameplay", h.Game.Top(), h.Game.Depth())
	}
	if !p.Below().Draw || p.Below().Tick {
		t.Errorf("the pause overlay's Below() = %+v, want the gameplay drawn and frozen", p.Below())
	}
	frozenTicks, frozenHash := g.Ticks(), g.Scene().Hash()
	if err := h.RunTicks(30, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	if g.Ticks() != frozenTicks || g.Scene().Hash() != frozenHash {
		t.Errorf("paused for 30 ticks, the gameplay ran %d ticks and its hash changed: %v; want it frozen",
			g.Ticks()-frozenTicks, g.Scene().Hash() != frozenHash)
	}
	if h.Renderer.Scenes != 1 {
		t.Errorf("paused: %d scenes drawn, want the gameplay's scene under the overlay", h.Renderer.Scenes)
	}
	tap(h, h.Game.Time().Ticks(), input.KeyEscape)
	ticks(t, h, 1)
	if h.Game.Top() != engine.State(g) || h.Game.Depth() != 1 {
		t.Fatalf("after the second Esc: top %T, depth %d; want the gameplay alone", h.Game.Top(), h.Game.Depth())
	}
	ticks(t, h, 5)
	if g.Ticks() != frozenTicks+5 {
		t.Errorf("resumed for 5 ticks: the gameplay ran %d, want 5", g.Ticks()-frozenTicks)
	}
}

func TestSingleStepWhilePaused(t *testing.T) {
	h, g := play(t, Config{})
	tap(h, 5, input.KeyEscape)
	ticks(t, h, 10)
	before, hash := g.Ticks(), g.Scene().Hash()
	tap(h, 12, input.KeyPeriod)
	ticks(t, h, 10)
	if got := g.Ticks() - before; got != 1 {
		t.Fatalf("one '.' under the pause overlay ran %d gameplay ticks, want exactly 1", got)
	}
	if g.Scene().Hash() == hash {
		t.Error("the single step did not move the scene")
	}
	if _, ok := h.Game.Top().(*Pause); !ok {
		t.Errorf("after the step the top state is %T, want still *Pause", h.Game.Top())
	}
	tap(h, h.Game.Time().Ticks(), input.KeyKPDecimal)
	ticks(t, h, 5)
	if got := g.Ticks() - before; got != 2 {
		t.Errorf("after a second step (keypad '.'): %d gameplay ticks since pausing, want 2", got)
	}
}

func TestTeleportKeyNoSmear(t *testing.T) {
	h, g := play(t, Config{})
	ticks(t, h, 10)
	a := actor(t, g.Scene(), g.teleH)
	from := a.World().Pos
	tap(h, 10, input.KeyT)
	ticks(t, h, 1) // tick 10: the teleport
	to := a.World().Pos
	if g.Teleports() != 1 || to.Sub(from).Len() < 0.5 {
		t.Fatalf("after T: %d teleports, moved from %v to %v; want one jump", g.Teleports(), from, to)
	}
	if last := a.LastWorld().Pos; last != to {
		t.Errorf("after the teleport the last-world position is %v, want the new position %v", last, to)
	}
	// A frame half-way to the next tick: alpha 0.5 of the teleport tick.
	half := timing.Second / 30 / 2
	if err := h.RunFrame(half); err != nil {
		t.Fatal(err)
	}
	if alpha := h.Game.Debug().Stats().Alpha; alpha < 0.49 || alpha > 0.51 {
		t.Fatalf("alpha %g, want 0.5", alpha)
	}
	r := a.RenderMatrix()
	if got := (mgl32.Vec3{r[12], r[13], r[14]}); got.Sub(to).Len() > 1e-5 {
		t.Errorf("drawn at alpha 0.5 of the teleport tick at %v, want the new position %v (no smear from %v)", got, to, from)
	}
}

func TestTeleportTimer(t *testing.T) {
	h, g := play(t, Config{})
	per := uint64(TeleportEvery) * 30 / uint64(timing.Second) // ticks per period at 30 Hz
	ticks(t, h, per-1)
	if g.Teleports() != 0 {
		t.Fatalf("%d teleports before the first period ended, want 0", g.Teleports())
	}
	ticks(t, h, 1)
	if g.Teleports() != 1 {
		t.Fatalf("%d teleports after one period, want 1", g.Teleports())
	}
	ticks(t, h, 2*per)
	if g.Teleports() != 3 {
		t.Errorf("%d teleports after three periods, want 3", g.Teleports())
	}
}

func TestOverlayVSyncFullscreenKeys(t *testing.T) {
	h, _ := play(t, Config{})
	if h.Game.Debug().OverlayShown() || !h.Game.Window().VSync() {
		t.Fatalf("at start: overlay %v, vsync %v; want no overlay, vsync on", h.Game.Debug().OverlayShown(), h.Game.Window().VSync())
	}
	tap(h, 2, input.KeyF1)
	tap(h, 3, input.KeyV)
	tap(h, 4, input.KeyF) // the headless window cannot: nothing happens, nothing fails
	ticks(t, h, 6)
	if !h.Game.Debug().OverlayShown() || h.Game.Window().VSync() || h.Game.Window().Fullscreen() {
		t.Errorf("after F1, V, F: overlay %v, vsync %v, fullscreen %v; want overlay, no vsync, windowed",
			h.Game.Debug().OverlayShown(), h.Game.Window().VSync(), h.Game.Window().Fullscreen())
	}
	tap(h, 7, input.KeyF1)
	ticks(t, h, 2)
	if h.Game.Debug().OverlayShown() {
		t.Error("a second F1 did not hide the overlay")
	}
}

func TestQuitKey(t *testing.T) {
	for _, tt := range []struct {
		name  string
		first func(*testing.T) engine.State
		pause bool
	}{
		{"gameplay", func(*testing.T) engine.State { return NewGameplay(Config{}) }, false},
		{"paused", func(*testing.T) engine.State { return NewGameplay(Config{}) }, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := headless(t, tt.first(t))
			if tt.pause {
				tap(h, 1, input.KeyEscape)
			}
			tap(h, 5, input.KeyQ)
			err := h.RunTicks(20, nil)
			if !errors.Is(err, engine.ErrQuit) || h.Game.Time().Ticks() != 6 || h.Game.Depth() != 0 {
				t.Errorf("Q at tick 5: RunTicks = %v after %d ticks, depth %d; want ErrQuit after 6 ticks, no state left",
					err, h.Game.Time().Ticks(), h.Game.Depth())
			}
		})
	}
}

// TestKeysListed: every key a state reads is in Keys, which the screens
// and the README list, and every listed key does something.
func TestKeysListed(t *testing.T) {
	handled := []input.Key{
		input.KeyEnter, input.KeyKPEnter, input.KeyEscape, input.KeyI, input.KeyEqual, input.KeyKPAdd,
		input.KeyMinus, input.KeyKPSubtract, input.KeyS, input.KeyPeriod, input.KeyKPDecimal,
		input.KeyT, input.KeyM, input.KeyV, input.KeyF, input.KeyF1, input.KeyF2, input.KeyQ,
		input.KeyLeft, input.KeyRight, input.KeyUp, input.KeyDown,
	}
	var listed []input.Key
	labels := map[string]bool{}
	for _, b := range Keys {
		if b.Label == "" || b.Action == "" || len(b.Keys)+len(b.Pad) == 0 {
			t.Errorf("binding %+v: want a label, an action and keys or pad buttons", b)
		}
		if labels[b.Label] {
			t.Errorf("label %q listed twice", b.Label)
		}
		labels[b.Label] = true
		listed = append(listed, b.Keys...)
	}
	slices.Sort(listed)
	slices.Sort(handled)
	if !slices.Equal(listed, handled) {
		t.Errorf("keys listed %v, keys handled %v", listed, handled)
	}
}
