package asset

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/scene"
)

// benchRig is a character of joints joints (a body node and a chain of
// joints under a root, each turning about its own axis) with a walk clip
// of 31 keys per joint, rotation on every joint and translation on the
// root.
func benchRig(joints int) *Model {
	m := &Model{Name: "rig"}
	m.Nodes = append(m.Nodes, Node{Name: "body", Parent: -1, Rot: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}})
	m.Roots = []int{0}
	skin := Skin{Skeleton: 1, Nodes: []int{0}}
	for j := range joints {
		parent := -1
		if j > 0 {
			parent = j // node j is joint j−1
		}
		n := Node{Name: "joint", Parent: parent, Pos: mgl32.Vec3{0, 0.1, 0}, Rot: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}}
		m.Nodes = append(m.Nodes, n)
		i := len(m.Nodes) - 1
		if parent >= 0 {
			m.Nodes[parent].Children = append(m.Nodes[parent].Children, i)
		} else {
			m.Roots = append(m.Roots, i)
		}
		skin.Joints = append(skin.Joints, i)
		skin.InverseBind = append(skin.InverseBind, mgl32.Translate3D(0, -0.1*float32(j+1), 0))
	}
	m.Skins = []Skin{skin}
	const keys = 31
	walk := Animation{Name: "walk", Duration: 1}
	times := make([]float32, keys)
	for k := range times {
		times[k] = float32(k) / (keys - 1)
	}
	for j := range joints {
		vals := make([]float32, 0, 4*keys)
		for k := range keys {
			a := 0.5 * math.Sin(2*math.Pi*float64(k)/(keys-1)+float64(j))
			q := mgl32.QuatRotate(float32(a), mgl32.Vec3{float32(j % 3), 1, float32(j % 2)}.Normalize())
			vals = append(vals, q.V[0], q.V[1], q.V[2], q.W)
		}
		walk.Channels = append(walk.Channels, Channel{Node: j + 1, Path: PathRotation, Interp: InterpLinear, Times: times, Values: vals})
	}
	pos := make([]float32, 0, 3*keys)
	for k := range keys {
		pos = append(pos, 0, 0.05*float32(math.Sin(float64(k))), float32(k)/keys)
	}
	walk.Channels = append(walk.Channels, Channel{Node: 1, Path: PathTranslation, Interp: InterpLinear, Times: times, Values: pos})
	m.Animations = []Animation{walk}
	return m
}

// BenchmarkPose100x24: one tick of pose sampling and one frame of
// interpolation for 100 characters of 24 joints, each at its own time.
// Budget: 1 ms per op, 0 allocations.
func BenchmarkPose100x24(b *testing.B) {
	m := benchRig(24)
	poses := make([]*Pose, 100)
	for i := range poses {
		p, err := NewPose(m, 1)
		if err != nil {
			b.Fatal(err)
		}
		p.Play(0, 0, true, 0)
		p.Seek(0, float64(i)/100)
		poses[i] = p
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range poses {
			p.Tick(1.0 / 30)
		}
		for _, p := range poses {
			p.Interpolate(0.5, scene.ModeInterpolate)
		}
	}
}
