//go:build cgo

package device

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ebitengine/oto/v3"

	"github.com/tickwork/tickwork/engine/audio"
)

// backend is oto's context and the player reading the feeder's queue.
type backend struct {
	ctx    *oto.Context
	player *oto.Player
}

// openBackend opens the default device with a buffer of buf and starts a
// player reading r.
func openBackend(buf time.Duration, r io.Reader) (*backend, error) {
	// oto probes the devices on a goroutine of its own, done when ready
	// is closed: the library's error messages are silenced until then.
	quietALSA(true)
	defer quietALSA(false)
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate: audio.Rate, ChannelCount: 2, Format: oto.FormatFloat32LE, BufferSize: buf,
	})
	if err != nil {
		if strings.Contains(err.Error(), "already created") {
			return nil, errAlreadyOpen
		}
		return nil, err
	}
	select {
	case <-ready:
	case <-time.After(3 * time.Second):
		return nil, errors.New("the audio device took over 3 s to open")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p := ctx.NewPlayer(r)
	p.SetBufferSize(playerSamples * 8)
	p.Play()
	if err := p.Err(); err != nil {
		return nil, fmt.Errorf("starting the player: %w", err)
	}
	return &backend{ctx: ctx, player: p}, nil
}

func (b *backend) err() error   { return b.ctx.Err() }
func (b *backend) pause()       { b.player.Pause() }
func (b *backend) close() error { return b.player.Close() }

// suspend pauses the player and suspends oto's context, whose write loop
// then waits instead of writing.
func (b *backend) suspend() error {
	b.player.Pause()
	return b.ctx.Suspend()
}
