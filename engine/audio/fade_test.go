package audio

import (
	"math"
	"slices"
	"testing"
)

// channel returns channel c (0 left, 1 right) of stereo samples.
func channel(s []float32, c int) []float64 {
	out := make([]float64, len(s)/2)
	for i := range out {
		out[i] = float64(s[2*i+c])
	}
	return out
}

func TestFadesAndScheduledBusVolume(t *testing.T) {
	dc := &Clip{Name: "dc", Samples: make([]float32, 2*1000)}
	for i := range dc.Samples {
		dc.Samples[i] = 1
	}
	var want []float32
	for _, chunks := range [][]int{{1000}, {1}, {7, 64}} {
		m := mixer(t, 2)
		id, _ := m.Start(0, Play{Clip: dc, Pan: -1, FadeIn: 100, Volume: 1})
		m.FadeOut(id, 800, 100)
		if err := m.SetBusVolumeAt(Effects, 0.5, 500); err != nil {
			t.Fatal(err)
		}
		got := render(m, 1000, chunks...)
		left := channel(got, 0)
		checks := []struct {
			sample int
			want   float64
		}{
			{0, 0}, {50, 0.5}, {100, 1}, {499, 1}, {500, 0.5}, {799, 0.5}, {850, 0.25}, {900, 0},
		}
		for _, c := range checks {
			if math.Abs(left[c.sample]-c.want) > 1e-6 {
				t.Errorf("chunks %v: sample %d: got %v, want %v", chunks, c.sample, left[c.sample], c.want)
			}
		}
		if want == nil {
			want = got
		} else if !slices.Equal(got, want) {
			t.Errorf("chunks %v: samples differ from one 1000-sample render", chunks)
		}
	}
	m := mixer(t, 1)
	for i := range maxBusChanges {
		if err := m.SetBusVolumeAt(Music, 1, int64(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.SetBusVolumeAt(Music, 1, 99); err == nil {
		t.Errorf("change %d: got nil error, want one saying too many wait", maxBusChanges+1)
	}
	if err := m.SetBusVolumeAt(Music, 5, 0); err == nil {
		t.Error("volume 5: got nil error")
	}
}
