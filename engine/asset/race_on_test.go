//go:build race

package asset

// raceEnabled reports whether the race detector instruments this test
// binary: it changes what memory access costs, so timing ratios mean
// nothing under it.
const raceEnabled = true
