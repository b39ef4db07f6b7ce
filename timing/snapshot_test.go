package timing

import "testing"

// TestSchedulerStateRoundTrip: a restored scheduler runs the same ticks at
// the same times as it did after the save, through a rate change, a time
// scale and a pause.
func TestSchedulerStateRoundTrip(t *testing.T) {
	s, err := New(Config{Rate: 30})
	if err != nil {
		t.Fatal(err)
	}
	run := func(from Micros) []TickInfo {
		var out []TickInfo
		for now := from; now < from+400000; now += 16667 {
			s.Begin(now)
			for {
				ti, ok := s.Next()
				if !ok {
					break
				}
				out = append(out, ti)
			}
			s.End()
		}
		return out
	}
	run(0)
	if err := s.SetRate(60); err != nil {
		t.Fatal(err)
	}
	if err := s.SetTimeScale(0.5); err != nil {
		t.Fatal(err)
	}
	var st SchedulerState
	if err := s.Save(&st); err != nil {
		t.Fatal(err)
	}
	want := run(400000)
	s.Pause()
	if err := s.Restore(&st); err != nil {
		t.Fatal(err)
	}
	if st.Ticks() != s.Ticks() {
		t.Fatalf("Ticks: saved %d, restored %d", st.Ticks(), s.Ticks())
	}
	got := run(400000)
	if len(got) != len(want) || len(got) == 0 {
		t.Fatalf("ran %d ticks after the restore, want %d (>0)", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("tick %d after the restore: %+v, want %+v", i, got[i], want[i])
		}
	}
	var never SchedulerState
	if err := s.Restore(&never); err == nil {
		t.Fatal("Restore of a state never saved: no error")
	}
}
