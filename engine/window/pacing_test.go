package window_test

import (
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
)

// idle is a state that does nothing: the test measures the loop itself.
type idle struct{}

func (idle) Tick(*engine.TickContext) error { return nil }
func (idle) Draw(*engine.DrawContext)       {}

// With vsync requested, a driver that ignores the swap interval (Xvfb does)
// must not make the game spin: the engine notices and paces frames to the
// display's refresh rate (60 Hz when the display reports none).
func TestVSyncPacedToRefreshRate(t *testing.T) {
	w := open(t, window.Config{Width: 160, Height: 120, Hidden: true})
	var (
		frames, hz  int
		ignored     bool
		elapsed     time.Duration
		err         error
		paceErrP99  time.Duration
		ticks, want uint64
	)
	mainthread.Call(func() {
		hz = w.RefreshRate()
		var g *engine.Game
		if g, err = engine.New(engine.Options{}); err != nil {
			return
		}
		if err = g.Start(w, w.Renderer(), idle{}); err != nil {
			return
		}
		// Let the pacer detect the driver, then count frames for one second.
		for range 30 {
			if err = g.RunFrame(); err != nil {
				return
			}
		}
		t0 := time.Now()
		t0Ticks := g.Time().Ticks()
		for time.Since(t0) < time.Second {
			if err = g.RunFrame(); err != nil {
				return
			}
			frames++
		}
		elapsed = time.Since(t0)
		st := g.Debug().Stats()
		ignored, paceErrP99 = st.VSyncIgnored, time.Duration(st.PaceErrorP99)*time.Microsecond
		ticks, want = g.Time().Ticks()-t0Ticks, uint64(elapsed.Seconds()*30)
		err = g.Stop()
	})
	if err != nil {
		t.Fatal(err)
	}
	if hz <= 0 {
		hz = 60
	}
	fps := float64(frames) / elapsed.Seconds()
	t.Logf("refresh %d Hz, %.1f fps, vsync ignored %v, pacing error p99 %v, %d ticks", hz, fps, ignored, paceErrP99, ticks)
	if fps < 0.9*float64(hz) || fps > 1.1*float64(hz) {
		t.Errorf("frame rate with vsync on: got %.1f fps, want %d ±10%%", fps, hz)
	}
	if d := int64(ticks) - int64(want); d < -2 || d > 2 {
		t.Errorf("ticks in %v: got %d, want %d (30 Hz)", elapsed, ticks, want)
	}
}
