//go:build !cgo

package device

import (
	"errors"
	"io"
	"time"
)

// backend is absent from a build without cgo: Open gives a silent Output.
type backend struct{}

func openBackend(time.Duration, io.Reader) (*backend, error) {
	return nil, errors.New("built without cgo (CGO_ENABLED=0), so without ALSA: build with cgo and libasound2-dev installed")
}

func (b *backend) err() error     { return nil }
func (b *backend) pause()         {}
func (b *backend) close() error   { return nil }
func (b *backend) suspend() error { return nil }
