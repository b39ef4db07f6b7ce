package device

import (
	"errors"
	"fmt"
	"log"
	"math"
	"sync/atomic"
	"time"

	"github.com/tickwork/tickwork/engine/audio"
)

// Config configures Open; its zero value means the defaults.
type Config struct {
	// Feeder sizes the queue and the live lane (audio.FeederConfig).
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

// playerFrames is oto's player buffer: it reads the queue 256 frames
// (5.3 ms) at a time.
const playerFrames = 256

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
}

// sink is what an Output needs of an open device: whether it failed, and
// how to stop it. The oto backend implements it.
type sink interface {
	err() error
	pause()
	close() error
}

var _ sink = (*backend)(nil)

// Stats are an Output's counters.
type Stats struct {
	audio.FeederStats
	// MaxFeed is the longest a frame spent in Feed: the most the game
	// loop has waited for sound (it never waits for the device itself).
	MaxFeed time.Duration
	// Paced counts the device's reads held back because it took frames
	// faster than real time (ALSA's null device does).
	Paced int64
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
	o.rd = newReader(f)
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

// Feeder returns the Output's feeder (its live lane's Mixer, its counters).
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
	start := time.Now()
	o.f.Feed(game, c)
	if d := time.Since(start); d > o.maxFeed {
		o.maxFeed = d
	}
}

// PlayInterface starts p on the live lane (audio.Feeder.PlayInterface);
// silent, it does nothing and returns 0.
func (o *Output) PlayInterface(p audio.Play) (audio.VoiceID, error) {
	if o.silent {
		return 0, nil
	}
	return o.f.PlayInterface(p)
}

// Stats returns the counters; call it on the main goroutine.
func (o *Output) Stats() Stats {
	s := Stats{FeederStats: o.f.Stats(), MaxFeed: o.maxFeed}
	s.Paced = o.rd.paced.Load()
	return s
}

// Close stops the player. The device itself stays open until the process
// ends (oto cannot close it). Call it on the main goroutine.
func (o *Output) Close() error {
	if o.dev == nil {
		return nil
	}
	return o.dev.close()
}

// reader is what oto's player reads: the feeder's queue as little-endian
// float32 bytes. It runs on oto's goroutine only.
type reader struct {
	f     *audio.Feeder
	buf   []float32
	start time.Time
	taken int64 // frames handed over
	paced atomic.Int64
}

func newReader(f *audio.Feeder) *reader {
	return &reader{f: f, buf: make([]float32, 2*playerFrames)}
}

// A device must not take frames much faster than real time; ALSA's null
// device takes them as fast as it is given them, which would spin a core.
// Reads ahead of real time × paceRate by more than paceSlack sleep: a real
// device (hundreds of ppm off) never gets there.
const (
	paceRate  = 1.002
	paceSlack = 60 * time.Millisecond
)

// Read fills p with whole frames from the queue (silence where it has run
// dry); it never returns an error.
func (r *reader) Read(p []byte) (int, error) {
	if r.start.IsZero() {
		r.start = time.Now()
	}
	n := min(len(p)/8, playerFrames)
	ahead := time.Duration(float64(r.taken)/audio.Rate/paceRate*float64(time.Second)) - time.Since(r.start)
	if ahead > paceSlack {
		r.paced.Add(1)
		time.Sleep(ahead - paceSlack/2)
	}
	buf := r.buf[:2*n]
	r.f.Read(buf)
	for i, v := range buf {
		v = max(-1, min(1, v))
		u := math.Float32bits(v)
		p[4*i], p[4*i+1], p[4*i+2], p[4*i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	r.taken += int64(n)
	return 8 * n, nil
}
