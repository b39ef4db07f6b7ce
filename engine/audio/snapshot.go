package audio

// MixerState is what a game's ticks change in a Mixer: its voices (as
// started, stopped and faded on the timeline), the next voice's ID, the
// bus volumes and the scheduled bus changes. Mixer.SaveState fills one and
// Mixer.RestoreState puts it back, for rolling the game back some ticks.
// The zero value is ready; its buffers grow on the first saves and are
// reused, so both allocate nothing once warm.
type MixerState struct {
	voices []voice
	next   VoiceID
	bus    [NumBuses]float32
	busAt  []busChange
	stolen int
	saved  bool
}

// SaveState copies the mixer's voices and bus settings into dst. Call it
// on the goroutine that starts voices, between ticks.
func (m *Mixer) SaveState(dst *MixerState) {
	dst.voices = append(dst.voices[:0], m.voices...)
	dst.busAt = append(dst.busAt[:0], m.busAt...)
	dst.next, dst.bus, dst.stolen, dst.saved = m.next, m.bus, m.stolen, true
}

// RestoreState puts back the voices and bus settings src holds. Because a
// clip voice's position is its start sample on the timeline, a voice that
// is playing and that the ticks run again start once more (same clip,
// same start sample, same ID, since the next ID is restored too) plays on
// without a seam; a voice that a rolled-back tick started and no re-run
// tick starts is gone: cut off if it had begun, never heard if not.
//
// Streams keep their decoders' positions, so they are not rolled back: a
// stream voice playing now and started before the snapshot stays as it is
// now; one started after it is stopped (a re-run tick that starts it again
// starts it from its beginning). RestoreState does nothing given a state
// never saved.
func (m *Mixer) RestoreState(src *MixerState) {
	if !src.saved {
		return
	}
	// Keep the stream voices started before the snapshot (in place, as
	// they are now); close those started after it.
	keep := m.voices[:0]
	for _, v := range m.voices {
		switch {
		case v.st == nil:
		case v.id <= src.next:
			keep = append(keep, v)
		default:
			v.st.close()
		}
	}
	for _, v := range src.voices {
		if v.st == nil {
			keep = append(keep, v)
		}
	}
	m.voices = keep
	m.busAt = append(m.busAt[:0], src.busAt...)
	m.next, m.bus, m.stolen = src.next, src.bus, src.stolen
}
