package timing

import "testing"

func TestEvery(t *testing.T) {
	for _, tc := range []struct {
		name  string
		every func() (Every, error)
		rate  int
		ticks int
		want  int
	}{
		{"2 Hz in 30 Hz ticks, 1 s", func() (Every, error) { return EveryHz(2) }, 30, 30, 2},
		{"2 Hz in 30 Hz ticks, 1 h", func() (Every, error) { return EveryHz(2) }, 30, 30 * 3600, 7200},
		{"3 Hz (333333.3 µs) in 30 Hz, 1 h", func() (Every, error) { return EveryHz(3) }, 30, 30 * 3600, 10800},
		{"7 Hz in 30 Hz, 1000 ticks", func() (Every, error) { return EveryHz(7) }, 30, 1000, 233}, // floor(1000·7/30)
		{"every 500 ms in 60 Hz, 10 s", func() (Every, error) { return EveryPeriod(500 * Millisecond) }, 60, 600, 20},
		{"every 10 ms in 30 Hz (faster than ticks)", func() (Every, error) { return EveryPeriod(10 * Millisecond) }, 30, 30, 100},
		{"every 1 s in 144 Hz, 1 day", func() (Every, error) { return EveryPeriod(Second) }, 144, 144 * 86400, 86400},
	} {
		e, err := tc.every()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		ti := TickInfo{Rate: tc.rate}
		got := 0
		for range tc.ticks {
			got += e.Tick(&ti)
		}
		if got != tc.want {
			t.Errorf("%s: fired %d times, want %d", tc.name, got, tc.want)
		}
	}
}

func TestEveryFiresOnTheRightTicks(t *testing.T) {
	e, _ := EveryHz(2)
	ti := TickInfo{Rate: 30}
	var fired []int
	for i := range 61 {
		if e.Tick(&ti) > 0 {
			fired = append(fired, i)
		}
	}
	// The 15th, 30th, 45th and 60th ticks (indices 14, 29, 44, 59) end at
	// 0.5 s, 1 s, 1.5 s, 2 s.
	want := []int{14, 29, 44, 59}
	if len(fired) != len(want) {
		t.Fatalf("fired on ticks %v, want %v", fired, want)
	}
	for i := range want {
		if fired[i] != want[i] {
			t.Fatalf("fired on ticks %v, want %v", fired, want)
		}
	}
}

func TestEveryKeepsElapsedTimeAcrossRateChange(t *testing.T) {
	e, _ := EveryPeriod(Second)
	ti := TickInfo{Rate: 30}
	for range 15 { // 0.5 s
		if e.Tick(&ti) != 0 {
			t.Fatal("fired before 1 s")
		}
	}
	ti.Rate = 60
	n := 0
	for n < 29 && e.Tick(&ti) == 0 { // 0.5 s more is 30 ticks at 60 Hz
		n++
	}
	if n != 29 {
		t.Errorf("after switching to 60 Hz at 0.5 s: fired on the %dth tick, want the 30th", n+1)
	}
}

func TestEveryBadInput(t *testing.T) {
	if _, err := EveryHz(0); err == nil {
		t.Error("EveryHz(0): got no error, want one")
	}
	if _, err := EveryPeriod(0); err == nil {
		t.Error("EveryPeriod(0): got no error, want one")
	}
	var zero Every
	if n := zero.Tick(&TickInfo{Rate: 30}); n != 0 {
		t.Errorf("zero Every fired %d times, want 0", n)
	}
}
