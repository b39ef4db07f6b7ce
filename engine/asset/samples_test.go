package asset

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tickwork/tickwork/scene"
)

// samplesDir returns the folder of Khronos sample models next to the
// repository (../shared/gltf-samples from its root, or one level further
// up for a worktree), skipping the test when there is none: the project's
// own tests use generated assets; these files are checked where present.
func samplesDir(t *testing.T) string {
	for _, d := range []string{"../../../shared/gltf-samples", "../../../../shared/gltf-samples"} {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
	}
	t.Skip("no ../shared/gltf-samples folder")
	return ""
}

// TestKhronosSkinAndMorphSamples: SimpleSkin and SimpleMorph load without
// notices and animate: a joint turns, a morph weight changes.
func TestKhronosSkinAndMorphSamples(t *testing.T) {
	dir := samplesDir(t)
	var lib Library
	skin, err := lib.LoadModelFile(filepath.Join(dir, "SimpleSkin.gltf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(skin.Skins) != 1 || len(skin.Skins[0].Joints) != 2 || len(skin.Notices) != 0 {
		t.Fatalf("SimpleSkin: got %d skins, notices %q; want one of 2 joints, none", len(skin.Skins), skin.Notices)
	}
	p, err := NewPose(skin, 1)
	if err != nil {
		t.Fatal(err)
	}
	p.Play(0, 0, true, 0)
	p.Interpolate(1, scene.ModeNone)
	_, b := p.Palette(0)
	rest := b[1]
	for range 45 { // 1.5 s at 30 Hz
		p.Tick(1.0 / 30)
	}
	p.Interpolate(1, scene.ModeNone)
	if _, b := p.Palette(0); nearMat(b[1], rest, 1e-3) {
		t.Errorf("SimpleSkin: joint 1's bone did not move after 1.5 s: %v", b[1])
	}

	morph, err := lib.LoadModelFile(filepath.Join(dir, "SimpleMorph.gltf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(morph.Notices) != 0 || len(morph.Animations[0].Weights) != 1 {
		t.Fatalf("SimpleMorph: notices %q, %d weights channels; want none and 1", morph.Notices, len(morph.Animations[0].Weights))
	}
	pm, err := NewPose(morph, 1)
	if err != nil {
		t.Fatal(err)
	}
	w0 := append([]float32(nil), pm.Weights(0)...)
	pm.Play(0, 0, false, 0)
	pm.Tick(1)
	if w := pm.Weights(0); len(w) != 2 || (w[0] == w0[0] && w[1] == w0[1]) {
		t.Errorf("SimpleMorph: weights %v at 1 s, default %v: want them animated", w, w0)
	}
}
