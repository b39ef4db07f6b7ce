package replay

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine"
)

// TestVersion1RecordingReplays: a recording written by format version 1
// (testdata/v1-arena.twr, 120 ticks of the arena made before version 2)
// still reads, and its input replays. Its hashes are of scheme 1, so they
// cannot be compared: the replay runs unchecked, with no false divergence.
func TestVersion1RecordingReplays(t *testing.T) {
	p, err := Open(filepath.Join("testdata", "v1-arena.twr"))
	if err != nil {
		t.Fatal(err)
	}
	h := p.Header()
	if h.Format != 1 || h.HashScheme != 1 || len(h.Meta) != 0 || h.TickRate != 30 || p.Ticks() != 120 {
		t.Fatalf("got header %+v with %d ticks, want format 1, scheme 1, 30 Hz, 120 ticks", h, p.Ticks())
	}
	if p.HashesComparable() {
		t.Fatal("HashesComparable: got true for a scheme 1 recording, want false")
	}
	// The input is what the scripted arena received: replaying it gives
	// the same game as running the script again.
	want := record(t, "", Header{TickRate: 30, Seed: 42, InitialState: "arena", HashEvery: 10}, 120)
	got, err := replayRun(t, p, engine.Steady(7), &arena{})
	if err != nil {
		t.Fatalf("replaying a version 1 recording: got %v, want no error (hashes of another scheme are not compared)", err)
	}
	if got.final != want.final {
		t.Errorf("got final hash %016x, want %016x (the same input as the script)", got.final, want.final)
	}
}

// TestSchemeMismatchIsNotDivergence: a recording whose hashes are of
// another scheme replays without a DivergenceError, even where its hashes
// differ from this build's.
func TestSchemeMismatchIsNotDivergence(t *testing.T) {
	rec := record(t, "", testHeader(), 60)
	p, err := Open(rec.path)
	if err != nil {
		t.Fatal(err)
	}
	if !p.HashesComparable() {
		t.Fatal("a fresh recording: got HashesComparable false, want true")
	}
	// The same file, its hashes of another game: divergence is caught...
	if _, err := replayRun(t, p, engine.Steady(60), &arena{divergeAt: 20}); !errors.As(err, new(*DivergenceError)) {
		t.Fatalf("same scheme, diverging game: got %v, want a *DivergenceError", err)
	}
	// ...but not when the recording says another scheme made them.
	p.h.HashScheme = engine.HashScheme + 1
	if _, err := replayRun(t, p, engine.Steady(60), &arena{divergeAt: 20}); err != nil {
		t.Errorf("other scheme: got %v, want the input replayed unchecked", err)
	}
}

// TestMetadataRoundTrip: the game's settings stored in the header come
// back as written; bad metadata is refused by Create with a clear error.
func TestMetadataRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meta.twr")
	meta := []Meta{{"actors", "300"}, {"difficulty", "hard"}, {"empty", ""}, {"名前", "ゲーム"}}
	hl, err := engine.NewHeadless(engine.Options{TickRate: 30, Seed: 42}, &arena{})
	if err != nil {
		t.Fatal(err)
	}
	h := testHeader()
	h.Meta = meta
	r, err := Create(path, h)
	if err != nil {
		t.Fatal(err)
	}
	hl.Game.AddTickSink(r)
	if err := hl.RunTicks(10, nil); err != nil {
		t.Fatal(err)
	}
	if err := hl.Close(); err != nil {
		t.Fatal(err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Header().Meta; !reflect.DeepEqual(got, meta) {
		t.Errorf("got metadata %q, want %q", got, meta)
	}
	if v, ok := p.Header().Get("difficulty"); !ok || v != "hard" {
		t.Errorf("Get(difficulty): got %q, %v, want hard, true", v, ok)
	}
	for _, c := range []struct {
		meta []Meta
		want string
	}{
		{[]Meta{{"", "x"}}, "key 0"},
		{[]Meta{{"a", "1"}, {"a", "2"}}, "appears twice"},
		{[]Meta{{"k", strings.Repeat("v", 2000)}}, "value of \"k\""},
		{[]Meta{{"k", "\xff"}}, "value of \"k\""},
		{make([]Meta, MaxMeta+1), "metadata pairs"},
	} {
		h := testHeader()
		h.Meta = c.meta
		if _, err := Create(filepath.Join(t.TempDir(), "bad.twr"), h); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Create with metadata %.40q: got %v, want an error saying %q", c.meta, err, c.want)
		}
	}
}

// TestUncheckedHashesAreNotCompared: CheckFinal compares a game's final
// hash with the recording's only where the hashes can be compared: a
// recording of another hash scheme, or one the game marks with
// SetUnchecked, gives no divergence at its end, nor along the way, nor in
// Bisect, which says why instead.
func TestUncheckedHashesAreNotCompared(t *testing.T) {
	rec := record(t, "", testHeader(), 60)
	open := func() *Player {
		p, err := Open(rec.path)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := open()
	if err := p.CheckFinal(rec.final); err != nil {
		t.Errorf("CheckFinal of the recorded game's own hash: got %v, want nil", err)
	}
	var de *DivergenceError
	if err := p.CheckFinal(rec.final ^ 1); !errors.As(err, &de) || de.Tick != 59 || de.Want != rec.final {
		t.Errorf("CheckFinal of another hash: got %v, want a *DivergenceError at tick 59 wanting %016x", err, rec.final)
	}
	other := open()
	other.h.HashScheme = engine.HashScheme + 1
	marked := open()
	marked.SetUnchecked("it was made with another level")
	for _, tt := range []struct {
		name string
		p    *Player
		why  string
	}{
		{"other scheme", other, "state-hash scheme"},
		{"SetUnchecked", marked, "it was made with another level"},
	} {
		if tt.p.HashesComparable() || !strings.Contains(tt.p.Unchecked(), tt.why) {
			t.Errorf("%s: HashesComparable %v, Unchecked %q; want false and a reason saying %q", tt.name, tt.p.HashesComparable(), tt.p.Unchecked(), tt.why)
		}
		if err := tt.p.CheckFinal(rec.final ^ 1); err != nil {
			t.Errorf("%s: CheckFinal: got %v, want nil (unchecked)", tt.name, err)
		}
		if _, err := replayRun(t, tt.p, engine.Steady(60), &arena{divergeAt: 20}); err != nil {
			t.Errorf("%s: replaying another game: got %v, want no divergence (unchecked)", tt.name, err)
		}
		b, err := Bisect(tt.p, engine.Options{}, func() (engine.State, error) { return &arena{divergeAt: 20}, nil }, engine.Steady(60), engine.Steady(7))
		if err != nil {
			t.Fatal(err)
		}
		if b.Recorded || b.Unchecked != tt.p.Unchecked() || !strings.Contains(b.String(), "cannot be bisected against the recording: "+tt.p.Unchecked()) {
			t.Errorf("%s: Bisect gave %+v, %q; want no divergence from the recording and a line saying why it cannot be compared", tt.name, b, b.String())
		}
	}
}
