package assetgen

import (
	"testing"

	"github.com/tickwork/tickwork/engine/asset"
)

// TestCharacterLoads: the character loads without notices, with one skin
// of CharacterJoints joints deforming the body, one morph target and its
// two clips, and every vertex weighted to joints of the skin.
func TestCharacterLoads(t *testing.T) {
	data, err := CharacterGLB()
	if err != nil {
		t.Fatal(err)
	}
	var lib asset.Library
	m, err := lib.DecodeModel("character.glb", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Notices) != 0 {
		t.Errorf("got notices %q, want none", m.Notices)
	}
	if m.Info.Skins != 1 || m.Info.Joints != CharacterJoints || m.Info.Targets != 1 || m.Info.Animations != CharacterAnimations || m.Info.Nodes != CharacterNodes {
		t.Errorf("got %v, want 1 skin of %d joints, 1 target, %d animations, %d nodes", m.Info, CharacterJoints, CharacterAnimations, CharacterNodes)
	}
	if m.Animation("idle") != CharIdle || m.Animation("walk") != CharWalk {
		t.Errorf("got clips idle=%d walk=%d, want %d and %d", m.Animation("idle"), m.Animation("walk"), CharIdle, CharWalk)
	}
	s := m.Skins[0]
	if len(s.Nodes) != 1 || s.Nodes[0] != CharBody || s.Joints[0] != CharHips {
		t.Errorf("got skin %+v, want the body deformed, hips first", s)
	}
	// At rest every bone matrix is the identity: joints sit where the
	// inverse bind matrices say.
	p, err := asset.NewPose(m, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, bones := p.Palette(0)
	for k, b := range bones {
		for i, v := range b {
			want := float32(0)
			if i%5 == 0 {
				want = 1
			}
			if d := v - want; d > 1e-5 || d < -1e-5 {
				t.Fatalf("bone %d at rest: got\n%v want the identity", k, b)
			}
		}
	}
}
