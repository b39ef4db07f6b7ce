package audio

import (
	"fmt"
	"math"

	"github.com/tickwork/tickwork/timing"
)

// Rate is the mixer's output rate in samples per second; a sample is two
// float32 values, left then right.
const Rate = 48000

// SampleOfTick returns the timeline sample where a sound started by a tick
// at tickTime begins: one step later (the picture of a tick is shown one
// step after it, blended), in samples since origin, rounded down. It is
// exact integer arithmetic on microseconds, so every frame rate and every
// replay puts the sound at the same sample.
func SampleOfTick(tickTime, step, origin timing.Micros) int64 {
	return int64(tickTime+step-origin) * Rate / 1_000_000
}

// Clip is decoded sound: interleaved stereo samples at Rate.
type Clip struct {
	Name string
	// Samples holds the sound, two values a sample: left, right, left,
	// right... (so Len() samples are 2*Len() values).
	Samples []float32
}

// Len returns the clip's length in samples: len(Samples)/2.
func (c *Clip) Len() int { return len(c.Samples) / 2 }

// Bus groups voices under one volume.
type Bus uint8

// The buses.
const (
	Effects Bus = iota // game sounds: the zero value
	Music              // streamed or looping music
	UI                 // menus and the HUD; may play on while the game is paused
	NumBuses
)

// Play describes a voice to start.
type Play struct {
	Clip   *Clip
	Stream *Stream // instead of Clip: decoded while it plays
	Bus    Bus
	// Volume scales the sound: 1 plays it as recorded, 0 is silence (a
	// muted start), 0.5 half as loud; allowed 0 to 4. There is no
	// default: a Play without Volume is silent, so write Volume: 1.
	Volume float32
	Pan    float32 // -1 left, 0 centre, 1 right (constant-power)
	Loop   bool    // start again at the end until stopped
	FadeIn int     // samples over which the voice rises from silence (0: none)
}

// VoiceID names a started voice; 0 names none.
type VoiceID uint64

type voice struct {
	id     VoiceID
	clip   *Clip
	bus    Bus
	gl, gr float32 // left and right gains: volume × pan
	start  int64   // timeline sample of the clip's first sample
	stop   int64   // timeline sample where it stops (math.MaxInt64: never)
	loop   bool
	fadeIn int64        // samples of the fade-in from start
	fadeTo int64        // samples of the fade-out that ends at stop (0: none)
	st     *streamVoice // a stream's decoder, or nil for a clip
	owner  uint64       // StartOwned's owner, 0 for none
}

// Mixer mixes voices into the timeline. Its zero value is not ready: use
// NewMixer.
type Mixer struct {
	voices []voice
	max    int
	next   VoiceID
	cursor int64 // samples rendered so far
	bus    [NumBuses]float32
	master float32
	stolen int
	busAt  []busChange // scheduled bus volumes, in the order set
	errs   int         // stream voices stopped by a decoding error
	err    error       // the last of those errors
	tap    func([]float32)
}

// busChange is a bus volume that takes effect at a timeline sample.
type busChange struct {
	at  int64
	bus Bus
	vol float32
}

// maxBusChanges bounds the bus volume changes waiting for their sample.
const maxBusChanges = 64

// NewMixer returns a mixer of at most maxVoices voices at once (1 to
// 4096).
func NewMixer(maxVoices int) (*Mixer, error) {
	if maxVoices < 1 || maxVoices > 4096 {
		return nil, fmt.Errorf("audio: %d voices: allowed 1 to 4096", maxVoices)
	}
	m := &Mixer{voices: make([]voice, 0, maxVoices), max: maxVoices, master: 1, busAt: make([]busChange, 0, maxBusChanges)}
	for i := range m.bus {
		m.bus[i] = 1
	}
	return m, nil
}

// Cursor returns the timeline sample Render fills next.
func (m *Mixer) Cursor() int64 { return m.cursor }

// Stolen returns how many voices were stolen to make room for new ones.
func (m *Mixer) Stolen() int { return m.stolen }

// Voices returns the number of voices playing or scheduled.
func (m *Mixer) Voices() int { return len(m.voices) }

// SetBusVolume sets a bus's volume (0 to 4).
func (m *Mixer) SetBusVolume(b Bus, v float32) error {
	if b >= NumBuses || !(v >= 0 && v <= 4) {
		return fmt.Errorf("audio: bus %d volume %v: want a bus below %d and a volume from 0 to 4", b, v, NumBuses)
	}
	m.bus[b] = v
	return nil
}

// Start schedules p to begin at timeline sample at (SampleOfTick for a sound
// of the simulation). A start before the cursor plays from where the
// timeline is, as if it had begun at at. With every voice in use, the
// quietest voice (the oldest among equals) is stolen and counted.
//
// A Play of a Stream opens its file and allocates the voice's buffers
// here, on the caller's goroutine; Render then decodes on demand into
// them. An error opening it is returned; an error decoding it later stops
// the voice and is counted (Mixer.Err).
func (m *Mixer) Start(at int64, p Play) (VoiceID, error) { return m.StartOwned(at, p, 0) }

// StartOwned is Start for a voice that belongs to owner (a number the
// caller picks; 0 is no owner): StopOwned stops every voice of an owner at
// once. The engine gives each state on its stack an owner, so the sounds
// a state started stop when it is popped. Main goroutine, like Start.
func (m *Mixer) StartOwned(at int64, p Play, owner uint64) (VoiceID, error) {
	name := ""
	switch {
	case p.Stream != nil && p.Clip != nil:
		return 0, fmt.Errorf("audio: Start %q: both a clip and a stream: give one", p.Clip.Name)
	case p.Stream != nil:
		name = p.Stream.Name
	case p.Clip == nil || p.Clip.Len() == 0:
		return 0, fmt.Errorf("audio: Start: no clip, or an empty one")
	default:
		name = p.Clip.Name
	}
	switch {
	case !(p.Volume >= 0 && p.Volume <= 4):
		return 0, fmt.Errorf("audio: Start %q: volume %v: allowed 0 (silence) to 4 (1 plays it as recorded)", name, p.Volume)
	case !(p.Pan >= -1 && p.Pan <= 1):
		return 0, fmt.Errorf("audio: Start %q: pan %v: allowed -1 to 1", name, p.Pan)
	case p.Bus >= NumBuses:
		return 0, fmt.Errorf("audio: Start %q: bus %d unknown", name, p.Bus)
	case p.FadeIn < 0:
		return 0, fmt.Errorf("audio: Start %q: fade-in of %d samples: want 0 or more", name, p.FadeIn)
	}
	vol := p.Volume
	// Constant-power pan: equal loudness across the field.
	angle := float64(p.Pan+1) * math.Pi / 4
	v := voice{
		clip: p.Clip, bus: p.Bus, start: at, stop: math.MaxInt64, loop: p.Loop,
		gl: vol * float32(math.Cos(angle)), gr: vol * float32(math.Sin(angle)),
		fadeIn: int64(p.FadeIn), owner: owner,
	}
	if p.Stream != nil {
		st, err := openStream(p.Stream, p.Loop)
		if err != nil {
			return 0, err
		}
		v.st = st
	}
	if len(m.voices) == m.max {
		m.steal()
	}
	m.next++
	v.id = m.next
	m.voices = append(m.voices, v)
	return v.id, nil
}

// steal removes the quietest voice, the oldest among equals.
func (m *Mixer) steal() {
	q := 0
	for i := range m.voices {
		a, b := &m.voices[i], &m.voices[q]
		if a.gl+a.gr < b.gl+b.gr || a.gl+a.gr == b.gl+b.gr && a.id < b.id {
			q = i
		}
	}
	m.remove(q)
	m.stolen++
}

// remove deletes voice i, keeping the others in start order.
func (m *Mixer) remove(i int) {
	if st := m.voices[i].st; st != nil {
		st.close()
	}
	copy(m.voices[i:], m.voices[i+1:])
	m.voices = m.voices[:len(m.voices)-1]
}

// Stop ends voice id at timeline sample at (the next sample to render when
// at is already past). Stopping a voice that ended does nothing.
func (m *Mixer) Stop(id VoiceID, at int64) {
	for i := range m.voices {
		if m.voices[i].id == id {
			m.voices[i].stop = max(at, m.cursor)
			return
		}
	}
}

// StopOwned ends every voice of owner (StartOwned) at timeline sample at,
// like Stop, and returns how many it ended. Owner 0 stops nothing.
func (m *Mixer) StopOwned(owner uint64, at int64) int {
	if owner == 0 {
		return 0
	}
	n := 0
	for i := range m.voices {
		if v := &m.voices[i]; v.owner == owner {
			v.stop = min(v.stop, max(at, m.cursor))
			n++
		}
	}
	return n
}

// Render mixes the next len(dst)/2 samples of the timeline into dst
// (overwriting it) and advances the cursor. Voices are summed in the order
// they were started, so the result does not depend on how the timeline is
// cut into calls. It allocates nothing.
func (m *Mixer) Render(dst []float32) {
	n := int64(len(dst) / 2)
	clear(dst)
	from, to := m.cursor, m.cursor+n
	// Cut the call at the samples where bus volumes change: the same
	// samples however the timeline is cut into calls.
	for lo := from; lo < to; {
		m.applyBusChanges(lo)
		hi := to
		for _, c := range m.busAt {
			hi = min(hi, c.at)
		}
		seg := dst[2*(lo-from) : 2*(hi-from)]
		for i := range m.voices { // in start order: removal keeps it
			m.mix(&m.voices[i], seg, lo, hi)
		}
		lo = hi
	}
	m.cursor = to
	if m.tap != nil {
		m.tap(dst[:2*n])
	}
	// Drop voices that have ended.
	for i := 0; i < len(m.voices); {
		v := &m.voices[i]
		if v.stop <= to || v.st != nil && v.st.err != nil || v.st == nil && !v.loop && v.start+int64(v.clip.Len()) <= to {
			if v.st != nil {
				m.streamEnded(v)
			}
			m.remove(i)
			continue
		}
		i++
	}
}

// SetTap makes Render call fn with every block of the timeline it has
// just mixed, in timeline order, on the goroutine that renders: a
// recording of exactly what was rendered, whoever renders it (a device's
// feeder, a file writer). fn must not keep the slice; nil removes the tap.
func (m *Mixer) SetTap(fn func(samples []float32)) { m.tap = fn }

// mix adds voice v's samples in [from, to) of the timeline to dst, whose
// first sample is from.
func (m *Mixer) mix(v *voice, dst []float32, from, to int64) {
	lo, hi := max(v.start, from), min(v.stop, to)
	if lo >= hi {
		return
	}
	if v.st != nil {
		m.mixStream(v, dst, from, lo, hi)
		return
	}
	if v.fading(lo, hi) {
		m.mixFaded(v, dst, from, lo, hi)
		return
	}
	samples := int64(v.clip.Len())
	k := lo - v.start // the clip sample at lo
	if v.loop {
		k %= samples
	} else if k >= samples {
		return
	}
	g := m.bus[v.bus] * m.master
	gl, gr := v.gl*g, v.gr*g
	src := v.clip.Samples
	out := dst[2*(lo-from) : 2*(hi-from)]
	for i := 0; i < len(out); i += 2 {
		if k == samples {
			if !v.loop {
				return
			}
			k = 0
		}
		out[i] += src[2*k] * gl
		out[i+1] += src[2*k+1] * gr
		k++
	}
}
