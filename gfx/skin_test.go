package gfx

import (
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

func TestSkinnedInstanceSize(t *testing.T) {
	if s := unsafe.Sizeof(SkinnedInstance{}); s != SkinnedInstanceSize {
		t.Errorf("got %d bytes, want %d", s, SkinnedInstanceSize)
	}
}

// TestAddSkinned: instances of one mesh share a batch; palettes and
// weights are copied one after the other; Reset keeps the memory and adds
// nothing after.
func TestAddSkinned(t *testing.T) {
	var d DrawList
	id := mgl32.Ident4()
	bones := []mgl32.Mat4{id, id.Mul(2)}
	for range 2 {
		d.Reset()
		d.AddSkinned(7, 0, &id, RGB(1, 1, 1), bones, []float32{0.5})
		d.AddSkinned(7, 0, &id, RGB(1, 1, 1), bones, nil)
		d.AddSkinned(8, 0, &id, RGB(1, 1, 1), nil, []float32{1, 2})
		bs := d.SkinnedBatches()
		if len(bs) != 2 || len(bs[0].Instances) != 2 || bs[0].Instances[1].Bones != 2 || bs[0].Instances[1].Morphs != -1 ||
			bs[1].Instances[0].Bones != -1 || bs[1].Instances[0].Morphs != 1 || len(d.Bones()) != 4 || len(d.MorphWeights()) != 3 || d.Len() != 3 {
			t.Fatalf("got batches %+v, bones %d, weights %v", bs, len(d.Bones()), d.MorphWeights())
		}
	}
	if n := testing.AllocsPerRun(10, func() {
		d.Reset()
		d.AddSkinned(7, 0, &id, RGB(1, 1, 1), bones, []float32{0.5})
	}); n != 0 {
		t.Errorf("a steady list allocates %v times a frame, want 0", n)
	}
}

// TestSkinPosition: a vertex half on a bone moving it +2 in x and half on
// the identity moves by 1; a morph target adds its weighted offset.
func TestSkinPosition(t *testing.T) {
	bones := []mgl32.Mat4{mgl32.Ident4(), mgl32.Translate3D(2, 0, 0)}
	got := SkinPosition(bones, Joints4{0, 1}, mgl32.Vec4{0.5, 0.5}, mgl32.Vec3{1, 1, 1})
	if got != (mgl32.Vec3{2, 1, 1}) {
		t.Errorf("got %v, want (2, 1, 1)", got)
	}
	m := &Mesh{Positions: []mgl32.Vec3{{1, 0, 0}}, Targets: []MorphTarget{{Positions: []mgl32.Vec3{{0, 2, 0}}}}}
	if got := MorphPosition(m, 0, []float32{0.25}); got != (mgl32.Vec3{1, 0.5, 0}) {
		t.Errorf("got %v, want (1, 0.5, 0)", got)
	}
}
