package asset

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// Rotations of the test clips: about z by 0° and 90°.
var (
	rot0  = [4]float32{0, 0, 0, 1}
	rot90 = [4]float32{0, 0, float32(math.Sqrt2 / 2), float32(math.Sqrt2 / 2)}
)

// skinAnimDoc is skinDoc with three clips:
//
//	"walk" (0): node 2 rotation LINEAR 0°→90° over 0..1 s; node 1
//	            translation STEP (0,0,0) then (1,0,0) at 0.5 s; node 0's
//	            morph weight LINEAR 0→1 over 0..1 s
//	"idle" (1): node 2 rotation CUBICSPLINE 0°→90° over 0..2 s (zero
//	            tangents); node 1 scale LINEAR 1→2 over 0..2 s
//	"wave" (2): node 2 rotation STEP 90° from 0 s, 0° at 1 s
func skinAnimDoc(t testing.TB) *gltf.Document {
	doc := skinDoc(t)
	t01 := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 1})
	t02 := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 0.5})
	t2 := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 2})
	turn := modeler.WriteAccessor(doc, gltf.TargetNone, [][4]float32{rot0, rot90})
	back := modeler.WriteAccessor(doc, gltf.TargetNone, [][4]float32{rot90, rot0})
	step := modeler.WriteAccessor(doc, gltf.TargetNone, [][3]float32{{0, 0, 0}, {1, 0, 0}})
	cubic := modeler.WriteAccessor(doc, gltf.TargetNone, [][4]float32{{}, rot0, {}, {}, rot90, {}})
	grow := modeler.WriteAccessor(doc, gltf.TargetNone, [][3]float32{{1, 1, 1}, {2, 2, 2}})
	morph := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 1})
	ch := func(s, node int, path gltf.TRSProperty) *gltf.AnimationChannel {
		return &gltf.AnimationChannel{Sampler: s, Target: gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: path}}
	}
	doc.Animations = []*gltf.Animation{
		{Name: "walk", Samplers: []*gltf.AnimationSampler{
			{Input: t01, Output: turn}, {Input: t02, Output: step, Interpolation: gltf.InterpolationStep}, {Input: t01, Output: morph},
		}, Channels: []*gltf.AnimationChannel{ch(0, 2, gltf.TRSRotation), ch(1, 1, gltf.TRSTranslation), ch(2, 0, gltf.TRSWeights)}},
		{Name: "idle", Samplers: []*gltf.AnimationSampler{
			{Input: t2, Output: cubic, Interpolation: gltf.InterpolationCubicSpline}, {Input: t2, Output: grow},
		}, Channels: []*gltf.AnimationChannel{ch(0, 2, gltf.TRSRotation), ch(1, 1, gltf.TRSScale)}},
		{Name: "wave", Samplers: []*gltf.AnimationSampler{
			{Input: t01, Output: back, Interpolation: gltf.InterpolationStep},
		}, Channels: []*gltf.AnimationChannel{ch(0, 2, gltf.TRSRotation)}},
	}
	return doc
}

func loadSkinAnim(t testing.TB) (*Library, *Model) {
	t.Helper()
	lib := new(Library)
	m, err := lib.DecodeModel("skin.gltf", encodeGLTF(t, skinAnimDoc(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return lib, m
}

// expectWorld computes node 2's world matrix from the clip's key data with
// mathgl's own functions: T1·R1·S1 · T2·R2·S2.
func expectWorld(clip int, at float32) mgl32.Mat4 {
	q := func(v [4]float32) mgl32.Quat { return mgl32.Quat{W: v[3], V: mgl32.Vec3{v[0], v[1], v[2]}} }
	t1, s1 := mgl32.Vec3{}, mgl32.Vec3{1, 1, 1}
	r2 := q(rot0)
	switch clip {
	case 0:
		r2 = mgl32.QuatSlerp(q(rot0), q(rot90), min(at, 1))
		if at >= 0.5 {
			t1 = mgl32.Vec3{1, 0, 0}
		}
	case 1:
		u := min(at/2, 1)
		h00, h01 := 2*u*u*u-3*u*u+1, -2*u*u*u+3*u*u
		r2 = mgl32.Quat{W: h00*rot0[3] + h01*rot90[3], V: mgl32.Vec3{0, 0, h01 * rot90[2]}}.Normalize()
		s := 1 + u
		s1 = mgl32.Vec3{s, s, s}
	case 2:
		r2 = q(rot90)
		if at >= 1 {
			r2 = q(rot0)
		}
	}
	w1 := mgl32.Translate3D(t1[0], t1[1], t1[2]).Mul4(mgl32.Scale3D(s1[0], s1[1], s1[2]))
	return w1.Mul4(mgl32.Translate3D(0, 1, 0)).Mul4(r2.Mat4())
}

func nearMat(a, b mgl32.Mat4, eps float32) bool { return near(a[:], b[:], eps) }

// TestPoseWorldMatrices: joint world matrices after ticking to chosen
// times match values computed independently from the clips' keys, over
// the three interpolation modes.
func TestPoseWorldMatrices(t *testing.T) {
	_, m := loadSkinAnim(t)
	for _, c := range []struct {
		clip int
		at   float32
	}{
		{0, 0}, {0, 0.25}, {0, 0.5}, {0, 0.75}, {0, 1}, {0, 3},
		{1, 0.5}, {1, 1}, {1, 1.9}, {1, 2},
		{2, 0.5}, {2, 1}, {2, 1.5},
	} {
		p, err := NewPose(m, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Play(0, c.clip, false, 0); err != nil {
			t.Fatal(err)
		}
		// Tick in quarters, then the rest: the time is a sum of steps.
		steps := int(c.at / 0.25)
		for range steps {
			p.Tick(0.25)
		}
		p.Tick(float64(c.at - float32(steps)*0.25))
		if got, want := *p.World(2), expectWorld(c.clip, c.at); !nearMat(got, want, 1e-5) {
			t.Errorf("clip %d at %v s: got world\n%v want\n%v", c.clip, c.at, got, want)
		}
	}
}

// TestPaletteSkinsVertex: a vertex weighted half to each joint, moved by
// the palette, lands where a hand computation puts it.
func TestPaletteSkinsVertex(t *testing.T) {
	lib, m := loadSkinAnim(t)
	p, _ := NewPose(m, 1)
	p.Play(0, 0, false, 0)
	p.Tick(1) // joint 1 (node 2, at y = 1) turned 90° about z; node 1 moved to x = 1
	p.Interpolate(1, scene.ModeInterpolate)
	_, bones := p.Palette(0)
	mesh, _ := lib.Mesh(m.Nodes[0].Meshes[0])
	// Vertex 1 is (1, 0, 0) on joints 0 and 1 at ½ each. Joint 0 (node 1)
	// only translates by (1, 0, 0): (2, 0, 0). Joint 1: bind puts it at
	// (1, −1, 0) relative to the joint, turned 90° → (1, 1, 0), plus the
	// joint at (1, 1, 0): (2, 2, 0). Half of each: (2, 1, 0).
	got := gfx.SkinPosition(bones, mesh.Joints[1], mesh.Weights[1], mesh.Positions[1])
	if want := (mgl32.Vec3{2, 1, 0}); !near(got[:], want[:], 1e-5) {
		t.Errorf("got %v, want %v", got, want)
	}
	// Vertex 2, (0, 2, 0) fully on joint 1: (0, 1, 0) from the joint,
	// turned to (−1, 0, 0), at (1, 1, 0): (0, 1, 0).
	got = gfx.SkinPosition(bones, mesh.Joints[2], mesh.Weights[2], mesh.Positions[2])
	if want := (mgl32.Vec3{0, 1, 0}); !near(got[:], want[:], 1e-5) {
		t.Errorf("vertex 2: got %v, want %v", got, want)
	}
	// Half way between two ticks the frame blends the local rotations.
	p.Tick(0) // hold: both ticks now at 1 s
	p.Interpolate(0.5, scene.ModeInterpolate)
	if _, b := p.Palette(0); !nearMat(b[1], bones[1], 1e-6) {
		t.Errorf("a held pose changed between ticks")
	}
}

// TestInterpolateBetweenTicks: a frame between two ticks shows the joint's
// rotation half way along the shortest arc.
func TestInterpolateBetweenTicks(t *testing.T) {
	_, m := loadSkinAnim(t)
	p, _ := NewPose(m, 1)
	p.Play(0, 0, false, 0)
	p.Tick(0.25)
	p.Tick(0.5) // 0.25 s → 0.75 s
	p.Interpolate(0.5, scene.ModeInterpolate)
	// The rotation of node 2 is the slerp at 0.5 s (node 1's STEP
	// translation blends its position).
	want := mgl32.Translate3D(0.5, 1, 0).Mul4(mgl32.QuatSlerp(mgl32.QuatIdent(), mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1}), 0.5).Mat4())
	if got := *p.Frame(2); !nearMat(got, want, 1e-5) {
		t.Errorf("frame at alpha 0.5: got\n%v want\n%v", got, want)
	}
	p.Interpolate(0.5, scene.ModeNone)
	if got := *p.Frame(2); !nearMat(got, *p.World(2), 1e-6) {
		t.Errorf("ModeNone: got\n%v want the newest tick's\n%v", got, *p.World(2))
	}
	// Extrapolation pushes on by alpha ticks: idle's LINEAR scale of
	// node 1, 1.25 at 0.5 s and 1.5 at 1 s, shows 1.625 at alpha 0.5.
	e, _ := NewPose(m, 1)
	e.Play(0, 1, false, 0)
	e.Tick(0.5)
	e.Tick(0.5)
	e.Interpolate(0.5, scene.ModeExtrapolate)
	if got := e.Frame(1).Col(0).Vec3().Len(); math.Abs(float64(got-1.625)) > 1e-5 {
		t.Errorf("ModeExtrapolate: got scale %v, want 1.625", got)
	}
}

// TestCrossFade: over a fade of 4 ticks the new clip's weight is 1/4, 2/4,
// 3/4, 1, and the joint's rotation is the blend of the two clips'.
func TestCrossFade(t *testing.T) {
	_, m := loadSkinAnim(t)
	p, _ := NewPose(m, 1)
	p.Play(0, 2, true, 0) // wave: 90° until 1 s
	p.Tick(0.1)
	if err := p.Play(0, 0, false, 4); err != nil { // to walk, which starts at 0°
		t.Fatal(err)
	}
	if f := p.Layers[0].Fade(); f != 0 {
		t.Errorf("before the first tick of the fade: got weight %v, want 0", f)
	}
	for k := 1; k <= 6; k++ {
		p.Tick(0.01)
		want := min(float32(k)/4, 1)
		if f := p.Layers[0].Fade(); f != want {
			t.Errorf("tick %d: got fade weight %v, want %v", k, f, want)
		}
		// walk at 0.01·k s is near 0°; wave at 0.1+0.01·k is 90°.
		walk := mgl32.QuatSlerp(mgl32.QuatIdent(), mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1}), 0.01*float32(k))
		wave := mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1})
		wantRot := mgl32.QuatSlerp(wave, walk, want)
		if got := p.Local(2).Rot; !got.ApproxEqualThreshold(wantRot, 1e-3) && !got.ApproxEqualThreshold(wantRot.Scale(-1), 1e-3) {
			t.Errorf("tick %d: got rotation %v, want %v", k, got, wantRot)
		}
	}
}

// TestMaskedAndAdditiveLayers: a masked layer poses only its nodes; an
// additive layer adds its clip's difference from the rest pose.
func TestMaskedAndAdditiveLayers(t *testing.T) {
	_, m := loadSkinAnim(t)
	p, _ := NewPose(m, 2)
	p.Play(0, 1, false, 0) // idle: node 1 scales, node 2 turns
	p.Play(1, 0, false, 0) // walk over node 2 only
	p.Layers[1].Mask = make([]bool, len(m.Nodes))
	p.Layers[1].Mask[2] = true
	p.Tick(1)
	if got := p.Local(1).Scale; !near(got[:], []float32{1.5, 1.5, 1.5}, 1e-6) {
		t.Errorf("node 1 (base layer only): got scale %v, want 1.5", got)
	}
	if got, want := p.Local(2).Rot, mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1}); !got.ApproxEqualThreshold(want, 1e-5) {
		t.Errorf("node 2 (masked layer): got %v, want walk's 90°", got)
	}
	if got := p.Local(1).Pos; got != (mgl32.Vec3{}) {
		t.Errorf("node 1 is outside the mask: got position %v, want the base layer's (0, 0, 0)", got)
	}
	// Additive at half weight: idle's 45° (cubic at u = ½) plus half of
	// walk's 90° difference from rest: 90°.
	p2, _ := NewPose(m, 2)
	p2.Play(0, 1, false, 0)
	p2.Play(1, 0, false, 0)
	p2.Layers[1].Additive, p2.Layers[1].Weight = true, 0.5
	p2.Tick(1)
	if got, want := p2.Local(2).Rot, mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1}); !got.ApproxEqualThreshold(want, 1e-4) {
		t.Errorf("additive: got %v, want %v", got, want)
	}
}

// TestMorphWeightsFromChannels: the walk clip's weights channel drives
// node 0's morph weight; without a clip the mesh's default holds and a
// tick may set it.
func TestMorphWeightsFromChannels(t *testing.T) {
	_, m := loadSkinAnim(t)
	p, _ := NewPose(m, 1)
	if w := p.Weights(0); len(w) != 1 || w[0] != 0.25 {
		t.Fatalf("got default weights %v, want the mesh's [0.25]", w)
	}
	p.Weights(0)[0] = 0.5 // set from a tick: holds
	p.Tick(0.1)
	if w := p.Weights(0)[0]; w != 0.5 {
		t.Errorf("got %v, want the weight set, 0.5", w)
	}
	p.Play(0, 0, false, 0)
	p.Tick(0.25)
	p.Tick(0.25)
	if w := p.Weights(0)[0]; math.Abs(float64(w-0.5)) > 1e-6 {
		t.Errorf("at 0.5 s: got weight %v, want the channel's 0.5", w)
	}
	p.Tick(0.25)
	p.Interpolate(0.5, scene.ModeInterpolate)
	if w := p.FrameWeights(0)[0]; math.Abs(float64(w-0.625)) > 1e-6 {
		t.Errorf("frame half way from 0.5 to 0.75 s: got %v, want 0.625", w)
	}
}

// TestPoseAllocs: ticking and interpolating a pose allocates nothing.
func TestPoseAllocs(t *testing.T) {
	_, m := loadSkinAnim(t)
	p, _ := NewPose(m, 2)
	p.Play(0, 0, true, 0)
	p.Play(1, 1, true, 0)
	m.Animations[0].Events = []Event{{0.5, "step"}}
	if n := testing.AllocsPerRun(100, func() {
		p.Tick(1.0 / 30)
		p.Interpolate(0.5, scene.ModeInterpolate)
		if len(p.Events()) == 0 {
			p.Play(0, 1, true, 3)
		}
	}); n != 0 {
		t.Errorf("got %v allocations per tick and frame, want 0", n)
	}
}
