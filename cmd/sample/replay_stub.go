//go:build !replay

package main

import (
	"errors"

	"github.com/tickwork/tickwork/engine"
)

// errNoReplay is returned while the sample is built without engine/replay.
var errNoReplay = errors.New("recording and replaying need package engine/replay: build with -tags replay")

func record(*engine.Game, string, string) error { return errNoReplay }

func openReplay(string) (*player, error) { return nil, errNoReplay }
