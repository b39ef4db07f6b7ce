package replay

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

func TestReplayAtOtherFrameRatesGivesTheSameHashes(t *testing.T) {
	rec := record(t, "", testHeader(), testTicks)
	p, err := Open(rec.path)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Ticks(); got != testTicks {
		t.Fatalf("Ticks: got %d, want %d", got, testTicks)
	}
	if got, ok := p.FinalHash(); !ok || got != rec.final {
		t.Fatalf("FinalHash: got %016x, %v, want %016x, true", got, ok, rec.final)
	}
	hd := p.Header()
	want := Header{Format: FormatVersion, Engine: engine.Version, TickRate: 30, Seed: 42, InitialState: "arena", HashEvery: 10, HashScheme: engine.HashScheme}
	if !reflect.DeepEqual(hd, want) {
		t.Fatalf("Header: got %+v, want %+v", hd, want)
	}
	for _, tc := range []struct {
		name   string
		frames engine.FrameTimes
	}{
		{"7 fps", engine.Steady(7)},
		{"240 fps, jitter 0.5", engine.Jittered(240, 0.5, 7)},
		{"60 fps again", engine.Steady(60)},
		{"one tick per frame", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := replayRun(t, p, tc.frames, &arena{})
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if len(got.hashes) != len(rec.hashes) {
				t.Fatalf("ticks replayed: got %d, want %d", len(got.hashes), len(rec.hashes))
			}
			for i := range got.hashes {
				if got.hashes[i] != rec.hashes[i] {
					t.Fatalf("hash after tick %d: got %016x, want %016x", i, got.hashes[i], rec.hashes[i])
				}
			}
			if got.final != rec.final {
				t.Fatalf("final hash: got %016x, want %016x", got.final, rec.final)
			}
		})
	}
}

func TestTheScriptChangesTheGame(t *testing.T) {
	// Without its input, the replayed game must differ: the recording is
	// what makes the hashes equal.
	rec := record(t, "", testHeader(), testTicks)
	hl, err := engine.NewHeadless(engine.Options{TickRate: 30, Seed: 42}, &arena{})
	if err != nil {
		t.Fatal(err)
	}
	if err := hl.RunTicks(testTicks, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	if got := hl.Game.Hash(); got == rec.final {
		t.Fatalf("a run without input has the recorded final hash %016x", got)
	}
}

func TestDivergenceIsReportedAtTheFirstHashedTick(t *testing.T) {
	rec := record(t, "", testHeader(), testTicks) // hashes every 10 ticks, last tick 239
	p, err := Open(rec.path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		from, want uint64
	}{
		{1, 10},
		{123, 130},
		{120, 120},
		{129, 130},
		{235, 239}, // after the last hashed tick (230): the final hash catches it
	} {
		t.Run(fmt.Sprintf("from tick %d", tc.from), func(t *testing.T) {
			_, err := replayRun(t, p, engine.Jittered(240, 0.5, tc.from), &arena{divergeAt: tc.from})
			var de *DivergenceError
			if !errors.As(err, &de) {
				t.Fatalf("got error %v, want a *DivergenceError", err)
			}
			if de.Tick != tc.want {
				t.Fatalf("diverged at tick %d, want %d", de.Tick, tc.want)
			}
			if de.Want != rec.hashes[tc.want] || de.Got == de.Want {
				t.Fatalf("DivergenceError %+v: want the recorded hash %016x and another", de, rec.hashes[tc.want])
			}
			if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("tick %d", tc.want)) {
				t.Fatalf("error %q does not name tick %d", msg, tc.want)
			}
		})
	}
}

func TestCheckRefusesAnotherTickRateOrSeed(t *testing.T) {
	rec := record(t, "", testHeader(), 40)
	p, err := Open(rec.path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts  engine.Options
		words []string // the error must name them; none: no error
	}{
		{engine.Options{TickRate: 30, Seed: 42}, nil},
		{engine.Options{TickRate: 60, Seed: 42}, []string{"30 ticks per second", "runs at 60", "TickRate: 30"}},
		{engine.Options{Seed: 42}, nil}, // the engine's default rate is 30
		{engine.Options{TickRate: 30, Seed: 7}, []string{"seed 42", "seed 7"}},
	} {
		g, err := engine.New(tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		err = p.Check(g)
		switch {
		case tc.words == nil && err != nil:
			t.Errorf("Check(%+v): got %v, want nil", tc.opts, err)
		case tc.words != nil && err == nil:
			t.Errorf("Check(%+v): got nil, want an error", tc.opts)
		case err != nil:
			for _, w := range tc.words {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Check(%+v): got %q, want it to contain %q", tc.opts, err, w)
				}
			}
		}
	}
}

func TestSeedZeroMeansTheEngineDefault(t *testing.T) {
	h := testHeader()
	h.Seed = 0
	rec := record(t, "", h, 40)
	p, err := Open(rec.path)
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []uint64{0, 1} {
		g, err := engine.New(engine.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(g); err != nil {
			t.Errorf("Check with seed %d: got %v, want nil", seed, err)
		}
	}
}

// oddEvents has every kind of event, with values that only an exact
// encoding keeps: negative zero, NaN, large and negative keys, times that
// go backwards and wrap around.
func oddEvents() []input.Event {
	return []input.Event{
		{Time: 0, Kind: input.KeyPress, Key: input.KeyUnknown},
		{Time: 5, Kind: input.KeyRelease, Key: input.KeyLast, Mods: input.ModAlt | input.ModSuper},
		{Time: 3, Kind: input.KeyRepeat, Key: 32767},
		{Time: math.MaxUint64, Kind: input.ButtonPress, Button: input.MaxButton, X: math.Copysign(0, -1), Y: math.NaN()},
		{Time: 1 << 40, Kind: input.ButtonRelease, Button: 255, Mods: 0xff, X: math.Inf(-1), Y: 1e300},
		{Time: 1<<40 + 1, Kind: input.CursorMove, X: 1.0 / 3, Y: -2.5},
		{Kind: input.Scroll, X: 0, Y: 1},
		{Kind: input.Resize, X: 1920, Y: 1080},
		{Kind: input.CloseRequest},
		{Kind: input.FocusLost},
		{Kind: input.FocusGained},
	}
}

func sameEvent(a, b input.Event) bool {
	return a.Time == b.Time && a.Kind == b.Kind && a.Key == b.Key && a.Button == b.Button && a.Mods == b.Mods &&
		math.Float64bits(a.X) == math.Float64bits(b.X) && math.Float64bits(a.Y) == math.Float64bits(b.Y)
}

func TestEventsRoundTripExactly(t *testing.T) {
	evs := oddEvents()
	hl, err := engine.NewHeadless(engine.Options{}, &arena{})
	if err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/odd.twr"
	r, err := Create(path, Header{TickRate: 30, HashEvery: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Tick i gets evs[:i%len], so ticks have 0 to len-1 events; many ticks
	// cross several chunks.
	const ticks = 100
	for i := range uint64(ticks) {
		if err := r.TickInput(i, evs[:int(i)%len(evs)]); err != nil {
			t.Fatal(err)
		}
		if err := r.TickDone(i, hl.Game); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var dst []input.Event
	for i := range uint64(ticks + 3) {
		dst, err = p.TickEvents(i, dst[:0])
		if err != nil {
			t.Fatal(err)
		}
		want := evs[:0]
		if i < ticks {
			want = evs[:int(i)%len(evs)]
		}
		if len(dst) != len(want) {
			t.Fatalf("tick %d: got %d events, want %d", i, len(dst), len(want))
		}
		for k := range dst {
			if !sameEvent(dst[k], want[k]) {
				t.Fatalf("tick %d, event %d: got %v, want %v", i, k, dst[k], want[k])
			}
		}
	}
	// Out of order: a lookup that is not the next tick still finds it.
	for _, i := range []uint64{57, 3, 99, 0, 12} {
		dst, _ = p.TickEvents(i, dst[:0])
		if got, want := len(dst), int(i)%len(evs); got != want {
			t.Fatalf("tick %d looked up out of order: got %d events, want %d", i, got, want)
		}
	}
}

func TestRecorderRefusesTicksOutOfOrder(t *testing.T) {
	hl, err := engine.NewHeadless(engine.Options{}, &arena{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		calls func(r *Recorder) error
		want  string
		ticks uint64 // saved by Close all the same
	}{
		{"starts late", func(r *Recorder) error { return r.TickInput(5, nil) }, "add the Recorder before the game's first tick", 0},
		{"skips a tick", func(r *Recorder) error {
			r.TickInput(0, nil)
			r.TickDone(0, hl.Game)
			return r.TickInput(2, nil)
		}, "tick 2 out of order: want tick 1", 1},
		{"input twice", func(r *Recorder) error {
			r.TickInput(0, oddEvents())
			return r.TickInput(0, nil)
		}, "input delivered twice", 0},
		{"no kind", func(r *Recorder) error {
			r.TickInput(0, nil)
			r.TickDone(0, hl.Game)
			return r.TickInput(1, []input.Event{{Kind: input.KeyPress}, {Kind: input.KindNone}})
		}, "tick 1: event 1 has kind 0 (none)", 1},
		{"after close", func(r *Recorder) error {
			r.Close()
			return r.TickInput(0, nil)
		}, "after Close", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := t.TempDir() + "/r.twr"
			r, err := Create(path, Header{TickRate: 30})
			if err != nil {
				t.Fatal(err)
			}
			err = tc.calls(r)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
			if err := r.Close(); err != nil {
				t.Fatalf("Close: got %v, want nil", err)
			}
			p, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			if p.Ticks() != tc.ticks || len(p.spans) != 0 {
				t.Fatalf("saved %d ticks, %d with events; want %d and none", p.Ticks(), len(p.spans), tc.ticks)
			}
		})
	}
}

func TestCreateChecksTheHeader(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		h    Header
		want string
	}{
		{Header{TickRate: 0}, "tick rate 0"},
		{Header{TickRate: 1001}, "tick rate 1001"},
		{Header{TickRate: 30, HashEvery: -1}, "hash interval -1"},
		{Header{TickRate: 30, InitialState: strings.Repeat("x", 2000)}, "initial state"},
		{Header{TickRate: 30, InitialState: "\xff"}, "initial state"},
	} {
		_, err := Create(dir+"/x.twr", tc.h)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Create(%.40v): got %v, want an error containing %q", tc.h, err, tc.want)
		}
	}
	if _, err := Create(dir, Header{TickRate: 30}); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("Create on a directory: got %v, want an error", err)
	}
}

func TestEmptyRecording(t *testing.T) {
	path := t.TempDir() + "/empty.twr"
	r, err := Create(path, Header{TickRate: 60, InitialState: "menu"})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := p.FinalHash(); p.Ticks() != 0 || ok {
		t.Fatalf("got %d ticks, final hash %x %v; want 0 ticks and none", p.Ticks(), h, ok)
	}
	if got := p.Header().HashEvery; got != 30 {
		t.Fatalf("HashEvery: got %d, want the default 30", got)
	}
}

// liveWindow is a window whose events the test queues; the engine stamps
// and delivers them as it would a real window's.
type liveWindow struct{ pending []input.Event }

func (w *liveWindow) PollEvents(dst []input.Event, stamp func() timing.Micros) []input.Event {
	for _, e := range w.pending {
		e.Time = stamp()
		dst = append(dst, e)
	}
	w.pending = w.pending[:0]
	return dst
}
func (w *liveWindow) FramebufferSize() (int, int) { return 640, 480 }
func (w *liveWindow) SwapBuffers() error          { return nil }

func TestRecordLiveInputAndReplay(t *testing.T) {
	// Live input is delivered to ticks according to the frame times; the
	// recording keeps the tick each event went to, so a replay at other
	// frame times gives the same game.
	path := t.TempDir() + "/live.twr"
	clk := &engine.ManualClock{}
	g, err := engine.New(engine.Options{Seed: 9, Clock: clk, NoPacing: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Create(path, Header{TickRate: g.Time().TickRate(), Seed: 9, InitialState: "arena", HashEvery: 7})
	if err != nil {
		t.Fatal(err)
	}
	g.AddTickSink(r)
	win := &liveWindow{}
	if err := g.Start(win, &engine.NullRenderer{}, &arena{}); err != nil {
		t.Fatal(err)
	}
	frames := engine.Jittered(50, 0.8, 3)
	for f := range 300 {
		switch f % 23 {
		case 2:
			win.pending = append(win.pending, input.Event{Kind: input.KeyPress, Key: input.KeySpace}, input.Event{Kind: input.KeyRelease, Key: input.KeySpace})
		case 5:
			win.pending = append(win.pending, input.Event{Kind: input.CursorMove, X: float64(f), Y: 3}, input.Event{Kind: input.ButtonPress, X: float64(f), Y: 3})
		case 6:
			win.pending = append(win.pending, input.Event{Kind: input.ButtonRelease, X: float64(f), Y: 3}, input.Event{Kind: input.KeyPress, Key: input.KeyRight})
		case 15:
			win.pending = append(win.pending, input.Event{Kind: input.KeyRelease, Key: input.KeyRight})
		}
		clk.Advance(frames.Next())
		if err := g.RunFrame(); err != nil {
			t.Fatal(err)
		}
	}
	ticks, final := g.Time().Ticks(), g.Hash()
	if err := g.Stop(); err != nil {
		t.Fatal(err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Ticks() != ticks {
		t.Fatalf("Ticks: got %d, want %d", p.Ticks(), ticks)
	}
	if len(p.spans) < 40 {
		t.Fatalf("ticks with events recorded: got %d, want at least 40", len(p.spans))
	}
	got, err := replayRun(t, p, engine.Steady(7), &arena{})
	if err != nil {
		t.Fatal(err)
	}
	if got.final != final {
		t.Fatalf("final hash: got %016x, want %016x", got.final, final)
	}
}
