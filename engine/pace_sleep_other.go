//go:build !linux

package engine

import "time"

// preciseSleep sleeps for d with time.Sleep: on systems other than Linux
// the pacer relies on its adaptive spin margin alone. It is called by the
// frame pacer on the game loop's thread.
func preciseSleep(d time.Duration) { time.Sleep(d) }
