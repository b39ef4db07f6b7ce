//go:build race

package session

// raceDetector is true in a build with the race detector, which makes the
// longest simulations too slow to repeat there.
const raceDetector = true
