package audio

import (
	"fmt"
	"math"
)

// GameClock is where the game's clock stands when a frame feeds an output:
// what the engine passes to Feeder.Feed once per frame, after the ticks.
type GameClock struct {
	// Sample is the timeline's sample position at the game time the ticks
	// have reached (Game.Audio().SamplePosition): every sound of a tick run
	// so far begins before it, and the next tick's sounds begin one step
	// later, so the samples before it are fixed.
	Sample int64
	// Scale is the time scale (1 normal, 0.5 slow motion); the game lane
	// plays at Scale speed and pitch, like tape.
	Scale float64
	// Paused stops the game lane: nothing of it is heard until it runs on.
	Paused bool
}

// FeederConfig sizes a Feeder; its zero value means the defaults.
type FeederConfig struct {
	// Target is the least number of device samples the feeder keeps queued
	// for the device: 0 means 1024 (21.3 ms). The queue grows past it when
	// frames come further apart (it must outlast the longest gap between
	// two frames plus two device reads). Allowed 64 to 16384.
	Target int
	// UIVoices is the UI lane's voice count: 0 means 16.
	UIVoices int
}

// The clock lock's constants.
const (
	// MaxCorrection bounds the rate correction: ±0.5 % (8.6 cents of
	// pitch at most, and only while an error is being worked off).
	MaxCorrection = 0.005
	// ResyncSamples is how far, in timeline samples, the game lane may fall
	// behind the clock beyond what the queue holds (a stalled device)
	// before it jumps to the clock: 100 ms.
	ResyncSamples = Rate / 10

	lockKp  = 1.0 / (5 * Rate)           // correction per sample of error: a 5 s time constant
	lockKi  = lockKp * lockKp * Rate / 4 // per sample·second: critical damping
	lockTau = 1.0                        // the error's low-pass filter, in seconds
	guard   = 2                          // timeline samples kept short of the clock (interpolation reads one ahead)
)

// FeederStats are a Feeder's counters and the clock lock's state.
type FeederStats struct {
	Consumed   int64   // device samples the device has taken, silence included
	Underrun   int64   // of those, samples of silence given because the queue was empty
	Written    int64   // device samples written to the queue
	Queued     int64   // device samples queued now
	Level      int64   // device samples the lock keeps queued (Target or more)
	Resyncs    int     // jumps of the game lane to the clock (a stalled device, a long hitch)
	Skipped    int64   // timeline samples jumped over unheard (resyncs, hitches, single steps while paused)
	Correction float64 // the rate correction now, within ±MaxCorrection
	Error      float64 // the filtered lock error: queued samples less Level
	Lane       float64 // the game lane's position on the timeline, in samples
}

// Feeder turns the game's timeline into a device's stream. It has two
// lanes. The game lane is the game's Mixer, rendered on the main goroutine
// up to the clock's game time and never past it, resampled by the time
// scale times a small clock-lock correction (paused: silence), so each
// sound keeps its tick's place relative to the picture. The UI lane is
// a Mixer of the Feeder's own, in device samples, for UI sounds that
// play through pause and slow motion (PlayUI); it is not part of
// the deterministic timeline: not in a rendered file, not in a replay.
//
// Each Feed writes everything the clock has fixed, summed with the UI
// lane, to a lock-free queue; the device's goroutine only copies out of it
// (Read) and never waits for the game, nor the game for it. The latency
// from the clock to the ear is the queue's level plus the device's own
// buffer, and it is held still: the sound of a tick is heard a constant
// time after the picture of that tick, whatever the frame rate.
//
// The clock lock: device and game clocks drift apart by hundreds of ppm,
// which would drain or fill the queue. A PI controller on the queue's
// level (low-passed, as device reads come in bursts) steers the resampling
// ratio by at most ±MaxCorrection: the dynamic rate control of "Dynamic
// Rate Control for Retro Game Emulators" (Hans-Kristian Arntzen). When
// the queue has run dry (an underrun: the device was given silence) the
// next Feed puts silence before the new samples, so they play at their
// place again; when the lane falls more than ResyncSamples behind what the
// queue can take (a stalled device, a long hitch), it jumps to the clock
// and a resync is counted.
type Feeder struct {
	q      ring
	ui     *Mixer
	target int64

	started bool
	pos     int64   // the game lane's position: whole samples
	frac    float64 // and the fraction, in [0, 1)
	src     []float32
	sBase   int64 // the timeline sample of src's first sample
	sLen    int   // samples in src
	lastR   int64 // the queue's read position at the previous Feed
	clock   int64 // the clock's sample at the previous Feed
	lvl     int64 // samples to keep queued (level)
	prevLvl int64 // the level of the previous Feed
	peak    int64 // the level the current ten seconds needed
	window  int64 // device samples in the current ten seconds

	errf, integ, corr float64
	resyncs           int
	skipped           int64
	mix, lv           []float32
}

// srcSamples is the game lane's window of rendered timeline samples.
const srcSamples = 4096

// NewFeeder returns a feeder sized by cfg.
func NewFeeder(cfg FeederConfig) (*Feeder, error) {
	target, voices := cfg.Target, cfg.UIVoices
	if target == 0 {
		target = 1024
	}
	if voices == 0 {
		voices = 16
	}
	if target < 64 || target > 16384 {
		return nil, fmt.Errorf("audio: feeder target %d samples: allowed 64 to 16384 (0 for 1024)", cfg.Target)
	}
	ui, err := NewMixer(voices)
	if err != nil {
		return nil, fmt.Errorf("audio: the feeder's UI lane: %w", err)
	}
	f := &Feeder{
		q: newRing(2*target + Rate/2), ui: ui, target: int64(target), lvl: int64(target), prevLvl: int64(target),
		src: make([]float32, 2*srcSamples),
	}
	f.mix, f.lv = make([]float32, 2*f.q.size()), make([]float32, 2*f.q.size())
	return f, nil
}

// UI returns the UI lane's mixer, to set its bus volumes or stop a
// voice (its timeline is in device samples). Main goroutine only.
func (f *Feeder) UI() *Mixer { return f.ui }

// PlayUI starts p on the UI lane at the next sample the feeder
// writes: it is heard one queue's latency later, whether the game is
// paused or in slow motion. Call it on the main goroutine (any state
// callback). It is not on the game's timeline: a replay or a rendered
// file does not contain it.
func (f *Feeder) PlayUI(p Play) (VoiceID, error) {
	return f.ui.Start(f.ui.Cursor(), p)
}

// Read is the device's side: it fills dst (interleaved stereo; whole
// samples) from the queue, silence where the queue has run dry (counted
// as underrun), and returns the number of samples that were sound. Call
// it from one goroutine, the device's; it takes no lock and never calls
// into a mixer.
func (f *Feeder) Read(dst []float32) int { return f.q.read(dst) }

// Stats returns the counters; call it on the main goroutine.
func (f *Feeder) Stats() FeederStats {
	r, w := f.q.r.Load(), f.q.w.Load()
	return FeederStats{
		Consumed: r, Underrun: f.q.underrun.Load(), Written: w, Queued: max(w-r, 0), Level: f.lvl,
		Resyncs: f.resyncs, Skipped: f.skipped, Correction: f.corr, Error: f.errf,
		Lane: float64(f.pos) + f.frac,
	}
}

// Feed writes what the clock c has fixed of the game lane of game (the
// game's Mixer: while a Feeder feeds from it, nothing else renders it),
// summed with the UI lane, to the queue. The engine calls it once per
// frame after the ticks, on the main goroutine. It allocates nothing.
func (f *Feeder) Feed(game *Mixer, c GameClock) {
	scale := c.Scale
	if !(scale > 0) || math.IsInf(scale, 0) {
		c.Paused = true
	}
	r, w := f.q.r.Load(), f.q.w.Load()
	elapsed := r - f.lastR // device samples taken since the last Feed
	f.lastR = r
	level := f.lvl
	if f.started { // the first gap is the device starting, not a frame
		level = f.level(elapsed)
	}
	shift := level - f.prevLvl // a new level takes effect at once
	f.prevLvl = level
	dry := r >= w // the device has taken all there was, or more
	if r > w {
		w = r // the silence it took stands in for the missing samples
	}
	fill := w - r
	space := f.q.size() - fill
	if !f.started {
		f.started = true
		f.sBase, f.sLen = game.Cursor(), 0
		f.pos, f.frac = f.sBase, 0
		f.clock = c.Sample
		f.seek(game, c.Sample-guard)
	}
	var pad, ng int64
	var ratio float64
	if c.Paused {
		// Nothing of the game lane is heard; it follows the clock (single
		// steps) unheard, and the queue is kept at its level with the
		// UI lane.
		f.seek(game, f.pos+c.Sample-f.clock)
		pad = max(level-fill, 0)
	} else {
		ratio = scale * (1 + f.corr)
		// ng: the device samples the clock has fixed.
		if room := (float64(c.Sample-guard-f.pos) - f.frac) / ratio; room >= 0 {
			ng = int64(room) + 1
		}
		switch {
		case dry:
			// After an underrun (or at the start): the samples the clock
			// fixed must sit level samples ahead of the device, as if it
			// had not run dry; older ones are past hearing.
			if ng > level {
				f.advance(game, float64(ng-level)*ratio)
				ng = level
			}
			pad = level - ng
		case shift > 0: // a longer queue: silence before the new samples
			pad = shift
		case shift < 0: // a shorter one: skip what it held
			cut := min(-shift, ng)
			f.advance(game, float64(cut)*ratio)
			ng -= cut
		case ng > space-level/2:
			// The device has stalled (or the game ran far ahead): drop
			// what cannot be queued once it lags by more than ResyncSamples.
			if lag := float64(ng-(space-level/2)) * ratio; lag > ResyncSamples {
				f.advance(game, lag)
				f.resyncs++
				f.errf, f.integ = 0, 0
			}
			ng = min(ng, space-level/2)
		}
	}
	f.clock = c.Sample
	n := pad + ng
	mix := f.mix[:2*n]
	clear(mix[:2*pad])
	f.resample(game, mix[2*pad:], ratio, c.Sample)
	lv := f.lv[:2*n]
	f.ui.Render(lv)
	for i := range mix {
		mix[i] += lv[i]
	}
	f.q.write(w, mix)
	f.q.w.Store(w + n)
	if !c.Paused && !dry {
		f.steer(fill+n-level, elapsed)
	}
}

// level returns how many samples to keep queued: at least Target, and at
// least the longest recent gap between Feeds (elapsed: device samples taken
// since the last) plus three device reads of 256 samples, so that the queue
// outlasts a frame. It rises at once, in steps of 256 samples, and falls
// only after ten seconds that needed two steps less, so the latency (and
// with it the offset between sound and picture) holds still while the
// frame rate does.
func (f *Feeder) level(elapsed int64) int64 {
	const step = 256
	want := min((elapsed+4*step-1)/step*step, f.q.size()/2-step)
	f.peak = max(f.peak, want)
	f.lvl = max(f.lvl, want)
	if f.window += elapsed; f.window >= 10*Rate {
		if p := max(f.peak, f.target); p+step < f.lvl {
			f.lvl = p
		}
		f.window, f.peak = 0, 0
	}
	return f.lvl
}

// steer runs the clock lock once on e, the queue's level after this Feed
// less the level wanted, low-passed over the device time elapsed: a queue
// that fills up plays the game lane a little faster, one that drains a
// little slower.
func (f *Feeder) steer(e, elapsed int64) {
	dt := float64(elapsed) / Rate
	f.errf += (float64(e) - f.errf) * min(1, dt/lockTau)
	u := lockKp*f.errf + lockKi*(f.integ+f.errf*dt)
	if u > -MaxCorrection && u < MaxCorrection || u*f.errf < 0 {
		f.integ += f.errf * dt // no wind-up while saturated
	}
	f.corr = max(-MaxCorrection, min(MaxCorrection, lockKp*f.errf+lockKi*f.integ))
}

// resample writes len(dst)/2 device samples of the game lane from the
// lane's position, stepping ratio timeline samples per device sample, by
// linear interpolation. It renders the timeline as far as it needs, never
// past limit.
func (f *Feeder) resample(game *Mixer, dst []float32, ratio float64, limit int64) {
	for k := 0; k < len(dst); k += 2 {
		i := int(f.pos - f.sBase)
		if i < 0 || i+1 >= f.sLen {
			f.refill(game, limit)
			i = 0
		}
		a, b := f.src[2*i:2*i+2], f.src[2*i+2:2*i+4]
		t := float32(f.frac)
		dst[k] = a[0] + (b[0]-a[0])*t
		dst[k+1] = a[1] + (b[1]-a[1])*t
		f.frac += ratio
		adv := math.Floor(f.frac)
		f.frac -= adv
		f.pos += int64(adv)
	}
}

// refill moves the window to start at the lane's position and renders the
// timeline into the rest of it, up to limit.
func (f *Feeder) refill(game *Mixer, limit int64) {
	end := f.sBase + int64(f.sLen)
	if end != game.Cursor() { // rendered elsewhere: start from where it is
		end = game.Cursor()
		f.sBase, f.sLen = end, 0
		f.pos, f.frac = max(f.pos, end), 0
	}
	if f.pos >= end {
		f.discard(game, f.pos)
		f.sBase, f.sLen = f.pos, 0
	} else {
		keep := int(end - f.pos)
		copy(f.src, f.src[2*(f.pos-f.sBase):2*f.sLen])
		f.sBase, f.sLen = f.pos, keep
	}
	if n := min(int64(srcSamples-f.sLen), limit-(f.sBase+int64(f.sLen))); n > 0 {
		game.Render(f.src[2*f.sLen : 2*(f.sLen+int(n))])
		f.sLen += int(n)
	}
}

// discard renders the timeline up to sample to, unheard.
func (f *Feeder) discard(game *Mixer, to int64) {
	for m := game.Cursor(); m < to; m = game.Cursor() {
		n := min(to-m, srcSamples)
		game.Render(f.src[:2*n])
	}
}

// advance moves the lane d timeline samples on, unheard.
func (f *Feeder) advance(game *Mixer, d float64) {
	f.frac += d
	whole := math.Floor(f.frac)
	f.frac -= whole
	f.seek(game, f.pos+int64(whole))
}

// seek moves the lane to timeline sample to (forward only), unheard.
func (f *Feeder) seek(game *Mixer, to int64) {
	if to <= f.pos {
		return
	}
	f.skipped += to - f.pos
	f.pos = to
	if end := f.sBase + int64(f.sLen); to >= end {
		f.discard(game, to)
		f.sBase, f.sLen = max(to, game.Cursor()), 0
		f.pos = f.sBase
	}
}
