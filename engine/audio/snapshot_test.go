package audio

import (
	"slices"
	"testing"
)

// TestMixerStateRoundTrip: voices started and stopped after a save are
// undone by the restore, the next ID comes back (so the same start gets the
// same ID), and what the mixer renders afterwards is what it rendered
// from the saved state the first time.
func TestMixerStateRoundTrip(t *testing.T) {
	clip := &Clip{Name: "beep", Samples: make([]float32, 2*4000)}
	for i := range clip.Samples {
		clip.Samples[i] = float32(i%50) / 50
	}
	m, err := NewMixer(8)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := m.Start(100, Play{Clip: clip, Volume: 1})
	var s MixerState
	m.SaveState(&s)
	saved := slices.Clone(m.voices)

	second, _ := m.Start(300, Play{Clip: clip, Volume: 0.5})
	m.Stop(first, 200)
	want := make([]float32, 2*1000)
	m.Render(want)

	m.RestoreState(&s)
	if !slices.Equal(m.voices, saved) {
		t.Fatalf("voices after restore %+v, want %+v", m.voices, saved)
	}
	again, _ := m.Start(300, Play{Clip: clip, Volume: 0.5})
	if again != second {
		t.Fatalf("the voice started again has ID %d, want %d as the first time", again, second)
	}
	m.Stop(first, 200)
	// The cursor is not rolled back: render the next block and compare
	// with a mixer that never rolled back.
	ref, _ := NewMixer(8)
	ref.Start(100, Play{Clip: clip, Volume: 1})
	ref.Start(300, Play{Clip: clip, Volume: 0.5})
	ref.Stop(first, 200)
	ref.Render(make([]float32, 2*1000))
	got, exp := make([]float32, 2*1000), make([]float32, 2*1000)
	m.Render(got)
	ref.Render(exp)
	if !slices.Equal(got, exp) {
		t.Fatal("after restore and restart, the mixer renders other samples than one that never rolled back")
	}
	n := testing.AllocsPerRun(20, func() { m.SaveState(&s); m.RestoreState(&s) })
	if n != 0 {
		t.Fatalf("SaveState+RestoreState allocate %v times, want 0", n)
	}
}
