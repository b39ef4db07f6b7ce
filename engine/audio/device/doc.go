// Package device plays a game's sound on the system's audio device through
// oto (github.com/ebitengine/oto/v3; cgo and ALSA on Linux, whose headers
// come from Debian's libasound2-dev). Open it once and hand it to
// engine.Game.Audio().SetOutput: each frame the engine feeds it after the
// ticks, and oto's goroutine copies the samples out of the feeder's
// lock-free queue. Without a device the game runs on, silent, after one
// notice saying how to get sound.
//
// Built without cgo (CGO_ENABLED=0) it has no device: Open returns a
// silent Output with the notice, so a pure build of a game still runs.
package device
