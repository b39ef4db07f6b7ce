package assetgen

import (
	"flag"
	"testing"
)

var updateSounds = flag.Bool("update-sounds", false, "re-encode the committed sounds (needs oggenc and lame)")

// TestSoundsGenerate re-encodes the committed sounds with -update-sounds;
// without it, it does nothing (the encoders are not needed to test).
func TestSoundsGenerate(t *testing.T) {
	if !*updateSounds {
		t.Skip("run with -update-sounds to re-encode the sounds")
	}
	if err := GenerateSounds("../../.."); err != nil {
		t.Fatal(err)
	}
}
