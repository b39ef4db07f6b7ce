package asset

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// animDoc is two nodes (a triangle and its child) and an animation "walk"
// with one channel of each interpolation, a morph weights channel, and a
// skin on node 1:
//
//	channel 0: node 0 translation, LINEAR, keys at 0, 1, 2
//	channel 1: node 1 rotation, STEP, normalized 16-bit quaternions
//	channel 2: node 0 scale, CUBICSPLINE, keys at 0 and 1
//	channel 3: node 0 weights of its one morph target, LINEAR
func animDoc(t testing.TB) *gltf.Document {
	doc := gltf.NewDocument()
	pos := modeler.WritePosition(doc, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos}}}}}
	doc.Nodes = []*gltf.Node{{Name: "hips", Mesh: gltf.Index(0), Children: []int{1}}, {Name: "head", Skin: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	doc.Skins = []*gltf.Skin{{Name: "rig", Joints: []int{1}}}

	t3 := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 1, 2})
	move := modeler.WriteAccessor(doc, gltf.TargetNone, [][3]float32{{0, 0, 0}, {1, 0, 0}, {1, 2, 0}})
	t2 := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 0.5})
	turn := modeler.WriteAccessor(doc, gltf.TargetNone, [][4]int16{{0, 0, 0, 32767}, {0, 0, 23170, 23170}})
	doc.Accessors[turn].Normalized = true
	t1 := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 1})
	grow := modeler.WriteAccessor(doc, gltf.TargetNone, [][3]float32{
		{0, 0, 0}, {1, 1, 1}, {3, 0, 0}, // in-tangent, value, out-tangent of key 0
		{0, 3, 0}, {2, 2, 2}, {0, 0, 0}, // and of key 1
	})
	weights := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 1})
	bump := modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][3]float32{{0, 0, 1}, {0, 0, 0}, {0, 0, 0}})
	doc.Meshes[0].Primitives[0].Targets = []gltf.PrimitiveAttributes{{gltf.POSITION: bump}}
	doc.Animations = []*gltf.Animation{{
		Name: "walk",
		Samplers: []*gltf.AnimationSampler{
			{Input: t3, Output: move, Interpolation: gltf.InterpolationLinear},
			{Input: t2, Output: turn, Interpolation: gltf.InterpolationStep},
			{Input: t1, Output: grow, Interpolation: gltf.InterpolationCubicSpline},
			{Input: t1, Output: weights},
		},
		Channels: []*gltf.AnimationChannel{
			{Sampler: 0, Target: gltf.AnimationChannelTarget{Node: gltf.Index(0), Path: gltf.TRSTranslation}},
			{Sampler: 1, Target: gltf.AnimationChannelTarget{Node: gltf.Index(1), Path: gltf.TRSRotation}},
			{Sampler: 2, Target: gltf.AnimationChannelTarget{Node: gltf.Index(0), Path: gltf.TRSScale}},
			{Sampler: 3, Target: gltf.AnimationChannelTarget{Node: gltf.Index(0), Path: gltf.TRSWeights}},
		},
	}}
	return doc
}

func TestLoadAnimations(t *testing.T) {
	var l Library
	m, err := l.DecodeModel("walker.glb", encodeGLB(t, animDoc(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.Animation("walk") != 0 || len(m.Animations) != 1 || m.Info.Animations != 1 {
		t.Fatalf("got animations %+v, want one named walk", m.Animations)
	}
	a := m.Animations[0]
	if a.Duration != 2 || len(a.Channels) != 3 {
		t.Fatalf("got duration %v and %d channels, want 2 s and 3", a.Duration, len(a.Channels))
	}
	if len(a.Weights) != 1 || a.Weights[0].Node != 0 || a.Weights[0].Targets != 1 || !reflect.DeepEqual(a.Weights[0].Values, []float32{0, 1}) {
		t.Errorf("got weights channels %+v, want node 0's one target going 0 to 1", a.Weights)
	}
	var w [1]float32
	if a.Weights[0].Sample(0.25, w[:]); w[0] != 0.25 {
		t.Errorf("got weight %v at 0.25 s, want 0.25", w[0])
	}
	s := float32(math.Sqrt2 / 2)
	for i, want := range []Channel{
		{Node: 0, Path: PathTranslation, Interp: InterpLinear, Times: []float32{0, 1, 2}, Values: []float32{0, 0, 0, 1, 0, 0, 1, 2, 0}},
		{Node: 1, Path: PathRotation, Interp: InterpStep, Times: []float32{0, 0.5}, Values: []float32{0, 0, 0, 1, 0, 0, s, s}},
		{Node: 0, Path: PathScale, Interp: InterpCubicSpline, Times: []float32{0, 1}, Values: []float32{0, 0, 0, 1, 1, 1, 3, 0, 0, 0, 3, 0, 2, 2, 2, 0, 0, 0}},
	} {
		got := a.Channels[i]
		if got.Node != want.Node || got.Path != want.Path || got.Interp != want.Interp || !reflect.DeepEqual(got.Times, want.Times) || !near(got.Values, want.Values, 1e-6) {
			t.Errorf("channel %d: got %+v, want %+v", i, got, want)
		}
	}
	for _, c := range []struct {
		ch   int
		at   float32
		want []float32
	}{
		{0, 1.5, []float32{1, 1, 0}},
		{1, 0.4, []float32{0, 0, 0, 1}},
		{1, 0.7, []float32{0, 0, s, s}},
		{2, 0, []float32{1, 1, 1}},
		{2, 1, []float32{2, 2, 2}},
		// Hermite at u = ½: ½·v0 + ⅛·b0 + ½·v1 − ⅛·a1 (td = 1).
		{2, 0.5, []float32{0.5 + 0.375 + 1, 0.5 + 1 - 0.375, 0.5 + 1}},
	} {
		var dst [4]float32
		a.Channels[c.ch].Sample(c.at, &dst)
		if !near(dst[:len(c.want)], c.want, 1e-4) {
			t.Errorf("channel %d at %v s: got %v, want %v", c.ch, c.at, dst[:len(c.want)], c.want)
		}
	}
	if len(m.Notices) != 0 {
		t.Errorf("got notices %q, want none", m.Notices)
	}
	if len(m.Skins) != 1 || m.Skins[0].Name != "rig" || !reflect.DeepEqual(m.Skins[0].Joints, []int{1}) || m.Skins[0].InverseBind[0] != mgl32.Ident4() {
		t.Errorf("got skins %+v, want rig with joint 1 and an identity inverse bind matrix", m.Skins)
	}
}

func TestBadAnimations(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(d *gltf.Document)
		want string
	}{
		{"input not scalar", func(d *gltf.Document) { d.Animations[0].Samplers[0].Input = 0 /* positions */ },
			"animation 0 channel 0: input: accessor 0 is VEC3: want [SCALAR]"},
		{"too few values", func(d *gltf.Document) { d.Animations[0].Samplers[2].Output = 2 },
			"animation 0 channel 2: output accessor 2 has 3 elements for 2 key times, want 6 (CUBICSPLINE)"},
		{"missing sampler", func(d *gltf.Document) { d.Animations[0].Channels[1].Sampler = 7 },
			"animation 0 channel 1: sampler 7 does not exist"},
		{"missing node", func(d *gltf.Document) { d.Animations[0].Channels[0].Target.Node = gltf.Index(5) },
			"animation 0 channel 0: target node 5 does not exist"},
		{"rotation of VEC3", func(d *gltf.Document) { d.Animations[0].Samplers[1].Output = 2 },
			"animation 0 channel 1: output: accessor 2 is VEC3: want [VEC4]"},
	} {
		doc := animDoc(t)
		c.edit(doc)
		var l Library
		_, err := l.DecodeModel("walker.glb", encodeGLB(t, doc), nil)
		if err == nil || !strings.Contains(err.Error(), "walker.glb: "+c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, "walker.glb: "+c.want)
		}
	}
	// Key times that do not increase: the step channel's times swapped.
	doc := animDoc(t)
	times := viewBytes(doc, 3) // accessor 3: {0, 0.5}
	copy(times, []byte{0, 0, 0, 0x3f, 0, 0, 0, 0})
	var l Library
	_, err := l.DecodeModel("walker.glb", encodeGLB(t, doc), nil)
	if want := "walker.glb: animation 0 channel 1: rotation channel of node 1: key time 1 is 0"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("decreasing times: got %v, want an error saying %q", err, want)
	}
}
