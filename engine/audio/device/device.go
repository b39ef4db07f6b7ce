package device

import (
	"errors"
	"fmt"
	"log"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tickwork/tickwork/engine/audio"
)

// Config configures Open; its zero value means the defaults.
type Config struct {
	// Feeder sizes the queue and the UI lane (audio.FeederConfig).
	Feeder audio.FeederConfig
	// Buffer is the device's own buffer (ALSA's, in two periods): 0 means
	// 20 ms. It adds to the latency; too small a buffer crackles.
	Buffer time.Duration
	// Logf writes the notices (no device, a device that failed): nil
	// means log.Printf.
	Logf func(format string, args ...any)
}

// errAlreadyOpen is Open's error for a second device in one process.
var errAlreadyOpen = errors.New("device: an audio device is already open in this process (oto allows one): open it once and share that Output")

// playerSamples is oto's player buffer: it reads the queue 256 samples
// (5.3 ms) at a time.
const playerSamples = 256

// Output is the game's sound on a device: an audio.Feeder whose queue a
// player of oto reads. Its methods are called on the main goroutine;
// the device's goroutine only runs the reader.
type Output struct {
	f       *audio.Feeder
	dev     sink
	rd      *reader
	logf    func(string, ...any)
	silent  bool
	err     error
	maxFeed time.Duration
	stop    chan struct{} // closed by Close: ends the pump of an instant device
}

// sink is what an Output needs of an open device: whether it failed, and
// how to stop it. The oto backend implements it.
type sink interface {
	err() error
	pause()
	close() error
	// suspend stops the device's own loop (the player and the device's
	// write loop), for a device that takes samples instantly.
	suspend() error
}

var _ sink = (*backend)(nil)

// Stats are an Output's counters.
type Stats struct {
	audio.FeederStats
	// MaxFeed is the longest a frame spent in Feed: the most the game
	// loop has waited for sound (it never waits for the device itself).
	MaxFeed time.Duration
	// Paced counts the device's reads held back because it took samples
	// faster than real time (ALSA's null device does).
	Paced int64
	// Instant reports a device found taking samples faster than real time
	// (ALSA's null device, which discards them): its write loop would spin
	// a core, so it was set aside and the queue is read at real time
	// instead, as a sound card would read it.
	Instant bool
}

// Open opens the system's default audio device at 48 kHz, stereo,
// float32. When there is no device it writes one notice (what happened,
// that the game runs silently, how to get sound) and returns a silent
// Output and the reason; the game can run on with it. Only one device
// may be opened per process (a limit of oto): a second Open returns an
// error and no Output. Call it on the main goroutine, before the game
// runs.
func Open(cfg Config) (*Output, error) {
	f, err := audio.NewFeeder(cfg.Feeder)
	if err != nil {
		return nil, fmt.Errorf("device: %w", err)
	}
	o := &Output{f: f, logf: cfg.Logf}
	if o.logf == nil {
		o.logf = log.Printf
	}
	buf := cfg.Buffer
	if buf == 0 {
		buf = 20 * time.Millisecond
	}
	if buf < time.Millisecond || buf > time.Second {
		return nil, fmt.Errorf("device: buffer %v: allowed 1ms to 1s (0 for 20ms)", cfg.Buffer)
	}
	o.rd = newReader(f, buf)
	dev, err := openBackend(buf, o.rd)
	if errors.Is(err, errAlreadyOpen) {
		return nil, err
	}
	if err != nil {
		return o.fail(err), err
	}
	o.dev = dev
	return o, nil
}

// fail makes o silent after err, with the notice.
func (o *Output) fail(err error) *Output {
	o.silent, o.err = true, err
	o.logf("tickwork: no sound: %v. The game runs on silently. To hear it, check that a sound card is present and not held exclusively by another program (aplay -l lists them), or set ALSA's default device in ~/.asoundrc.", err)
	return o
}

// Err returns why the Output is silent, or nil while it plays.
func (o *Output) Err() error { return o.err }

// Silent reports whether the Output plays nothing (no device, or one that
// failed).
func (o *Output) Silent() bool { return o.silent }

// Feeder returns the Output's feeder (its UI lane's Mixer, its counters).
func (o *Output) Feeder() *audio.Feeder { return o.f }

// Feed hands the device what the frame's ticks fixed of the game's
// timeline (audio.Feeder.Feed). The engine calls it once per frame on the
// main goroutine. A device that failed since turns the Output silent, with
// one notice.
func (o *Output) Feed(game *audio.Mixer, c audio.GameClock) {
	if o.silent {
		return
	}
	if err := o.dev.err(); err != nil {
		o.dev.pause()
		o.fail(err)
		return
	}
	if o.stop == nil && o.rd.instant.Load() {
		o.setAside()
	}
	start := time.Now()
	o.f.Feed(game, c)
	if d := time.Since(start); d > o.maxFeed {
		o.maxFeed = d
	}
}

// PlayUI starts p on the UI lane (audio.Feeder.PlayUI); when the Output
// is silent it does nothing and returns 0.
func (o *Output) PlayUI(p audio.Play) (audio.VoiceID, error) {
	if o.silent {
		return 0, nil
	}
	return o.f.PlayUI(p)
}

// Stats returns the counters; call it on the main goroutine.
func (o *Output) Stats() Stats {
	s := Stats{FeederStats: o.f.Stats(), MaxFeed: o.maxFeed}
	s.Paced = o.rd.paced.Load()
	s.Instant = o.stop != nil
	return s
}

// setAside suspends a device that takes samples faster than real time and
// starts reading the queue at real time on a goroutine of the Output's.
func (o *Output) setAside() {
	if err := o.dev.suspend(); err != nil {
		o.logf("tickwork: the audio device takes sound faster than real time (ALSA's null device does) and could not be paused: %v", err)
	}
	o.rd.retire()
	o.stop = make(chan struct{})
	go o.rd.pump(o.stop)
}

// Close stops the player. The device itself stays open until the process
// ends (oto cannot close it). Call it on the main goroutine.
func (o *Output) Close() error {
	if o.stop != nil {
		close(o.stop)
	}
	if o.dev == nil {
		return nil
	}
	return o.dev.close()
}

// reader is what oto's player reads: the feeder's queue as little-endian
// float32 bytes. It runs on oto's goroutine, and on the pump's once the
// device is set aside; mu makes sure one of them at a time reads the
// feeder (uncontended while the device plays).
type reader struct {
	f       *audio.Feeder
	buf     []float32
	start   time.Time
	taken   int64 // samples handed over
	slack   time.Duration
	paced   atomic.Int64
	instant atomic.Bool // paced often: a device that takes samples instantly
	mu      sync.Mutex
	retired bool // under mu: oto's reads get silence, the pump reads
}

// newReader reads f for a device whose own buffer holds buf.
func newReader(f *audio.Feeder, buf time.Duration) *reader {
	return &reader{f: f, buf: make([]float32, 2*playerSamples), slack: paceSlack + buf}
}

// A device must not take samples much faster than real time; ALSA's null
// device takes them as fast as it is given them, which would spin a core.
// Reads ahead of real time × paceRate by more than paceSlack (plus the
// device's buffer, which it fills at the start) sleep: a real device
// (hundreds of ppm off) never gets there. After instantAfter such reads
// the device is set aside (Output.setAside): sleeping here slows the
// player but not oto's write loop, which goes on writing silence to a
// device that never waits.
const (
	paceRate     = 1.002
	paceSlack    = 60 * time.Millisecond
	instantAfter = 8
)

// read takes dst's samples from the feeder for oto, silence once retired.
func (r *reader) read(dst []float32) {
	r.mu.Lock()
	if r.retired {
		clear(dst)
	} else {
		r.f.Read(dst)
	}
	r.mu.Unlock()
}

// retire hands the feeder over from oto to the pump.
func (r *reader) retire() {
	r.mu.Lock()
	r.retired = true
	r.mu.Unlock()
}

// pump reads the feeder at real time, a player buffer at a time, in place
// of a device that takes samples instantly, until stop is closed.
func (r *reader) pump(stop <-chan struct{}) {
	t := time.NewTicker(playerSamples * time.Second / audio.Rate)
	defer t.Stop()
	start := time.Now()
	var taken int64
	buf := make([]float32, 2*playerSamples)
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		due := int64(time.Since(start).Seconds() * audio.Rate)
		for ; taken+playerSamples <= due; taken += playerSamples {
			r.mu.Lock()
			r.f.Read(buf)
			r.mu.Unlock()
		}
	}
}

// Read fills p with whole samples from the queue (silence where it has run
// dry); it never returns an error.
func (r *reader) Read(p []byte) (int, error) {
	if r.start.IsZero() {
		r.start = time.Now()
	}
	n := min(len(p)/8, playerSamples)
	ahead := time.Duration(float64(r.taken)/audio.Rate/paceRate*float64(time.Second)) - time.Since(r.start)
	if ahead > r.slack {
		if r.paced.Add(1) >= instantAfter {
			r.instant.Store(true)
		}
		time.Sleep(ahead - r.slack/2)
	}
	buf := r.buf[:2*n]
	r.read(buf)
	for i, v := range buf {
		v = max(-1, min(1, v))
		u := math.Float32bits(v)
		p[4*i], p[4*i+1], p[4*i+2], p[4*i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	r.taken += int64(n)
	return 8 * n, nil
}
