package asset

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// eventLog runs a pose ticked by a 30 Hz scheduler from frames at fps with
// ±50 % jitter (each frame also interpolated) for ticks ticks and returns
// "tick:layer/clip/event" for each fired event.
func eventLog(t *testing.T, m *Model, fps float64, ticks int, seed uint64) []string {
	t.Helper()
	p, err := NewPose(m, 1)
	if err != nil {
		t.Fatal(err)
	}
	p.Play(0, 0, true, 0)
	s, err := timing.New(timing.Config{Rate: 30})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var log []string
	now, done := timing.Micros(0), 0
	for done < ticks {
		period := 1e6 / fps
		now += timing.Micros(period * (0.5 + rng.Float64()))
		due := s.Advance(now)
		for i := 0; i < due.Ticks && done < ticks; i++ {
			ti := due.Tick(i)
			p.Tick(ti.Delta)
			for _, f := range p.Events() {
				log = append(log, fmt.Sprintf("%d:%d/%d/%d", ti.Index, f.Layer, f.Clip, f.Event))
			}
			if ti.Index == 40 { // a one-shot, then back to the loop
				p.Play(0, 2, false, 3)
			}
			if ti.Index == 80 {
				p.Play(0, 0, true, 5)
			}
			done++
		}
		p.Interpolate(float32(due.Alpha), scene.ModeInterpolate)
	}
	return log
}

// TestClipEventsAtAnyFrameRate: a looping clip's events fire once per
// crossing, on the same ticks at 7, 60 and 240 fps with ±50 % jitter; a
// one-shot clip fires its end once.
func TestClipEventsAtAnyFrameRate(t *testing.T) {
	_, m := loadSkinAnim(t)
	m.Animations[0].Events = []Event{{0, "start"}, {0.5, "step"}, {1, "loop end"}} // 0 and 1 fire together on each wrap
	m.Animations[2].Events = []Event{{0.5, "wave"}}
	const ticks = 150 // 5 s: walk loops (1 s) from 0..40, wave from 40, walk again from 80
	want := eventLog(t, m, 60, ticks, 1)
	for _, fps := range []float64{7, 60, 240} {
		for seed := uint64(1); seed <= 3; seed++ {
			if got := eventLog(t, m, fps, ticks, seed); !reflect.DeepEqual(got, want) {
				t.Errorf("%v fps seed %d: got events\n%v\nwant\n%v", fps, seed, got, want)
			}
		}
	}
	count := map[string]int{}
	for _, e := range want {
		var tick, l, c, ev int
		fmt.Sscanf(e, "%d:%d/%d/%d", &tick, &l, &c, &ev)
		count[fmt.Sprintf("%d/%d", c, ev)]++
	}
	// Walk runs ticks 1..40 (1.33 s: steps at 0.5, wrap at 1) and from 41
	// it fades out over 3 ticks (its events then are not reported); wave
	// (1 s one-shot) crosses 0.5 s and ends at tick 70; walk again from
	// tick 81 to 150: 70 ticks, 2.33 s: steps at 0.5, 1.5; wraps at 1, 2.
	for k, n := range map[string]int{"0/1": 3, "0/0": 3, "0/2": 3, "2/0": 1, "2/-1": 1} {
		if count[k] != n {
			t.Errorf("clip/event %s fired %d times, want %d (log %v)", k, count[k], n, want)
		}
	}
}

// TestEventsAfterRollback: a pose restored from a snapshot and
// resimulated fires the same events on the same ticks.
func TestEventsAfterRollback(t *testing.T) {
	_, m := loadSkinAnim(t)
	m.Animations[0].Events = []Event{{0.5, "step"}}
	p, _ := NewPose(m, 1)
	p.Play(0, 0, true, 0)
	var snap []byte
	var first []int
	for tick := range 60 {
		if tick == 10 {
			snap = fields.Save(p, nil)
		}
		p.Tick(1.0 / 30)
		if tick >= 10 && len(p.Events()) > 0 {
			first = append(first, tick)
		}
	}
	end := fields.Hash(p)
	if _, err := fields.Load(p, snap); err != nil {
		t.Fatal(err)
	}
	var again []int
	for tick := 10; tick < 60; tick++ {
		p.Tick(1.0 / 30)
		if len(p.Events()) > 0 {
			again = append(again, tick)
		}
	}
	if !reflect.DeepEqual(first, again) || len(first) != 2 || fields.Hash(p) != end {
		t.Errorf("got events on ticks %v after rollback, want %v (2 crossings); hashes equal: %v", again, first, fields.Hash(p) == end)
	}
}

// TestEventOnTheTickThatReachesIt: at 30 Hz an event at 0.5 s fires on the
// 15th tick (index 14), whose step ends at exactly 15/30 s, although the
// clip's time, a sum of 15 steps, is a hair short of 0.5; a one-shot clip
// of 1 s ends on the 30th.
func TestEventOnTheTickThatReachesIt(t *testing.T) {
	_, m := loadSkinAnim(t)
	m.Animations[0].Events = []Event{{0.5, "half"}}
	p, _ := NewPose(m, 1)
	p.Play(0, 0, false, 0)
	var got []string
	for tick := range 40 {
		p.Tick(1.0 / 30)
		for _, e := range p.Events() {
			got = append(got, fmt.Sprintf("%d:%s", tick, e.Name))
		}
	}
	if want := []string{"14:half", "29:end"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
