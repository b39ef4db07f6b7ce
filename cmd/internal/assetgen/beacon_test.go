package assetgen

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/ext/unlit"
	"github.com/qmuntal/gltf/modeler"
)

func beaconDoc(t *testing.T) *gltf.Document {
	t.Helper()
	data, err := BeaconGLB()
	if err != nil {
		t.Fatal(err)
	}
	return decodeGLTF(t, data)
}

func TestBeaconHierarchy(t *testing.T) {
	doc := beaconDoc(t)
	depth := map[int]int{}
	var walk func(n, d int)
	walk = func(n, d int) {
		if _, seen := depth[n]; seen {
			t.Fatalf("node %d is reached twice", n)
		}
		depth[n] = d
		for _, c := range doc.Nodes[n].Children {
			walk(c, d+1)
		}
	}
	walk(doc.Scenes[0].Nodes[0], 0)
	tests := []struct {
		node      int
		name      string
		depth     int
		hasMatrix bool
	}{
		{NodeBeacon, "beacon", 0, false},
		{NodeBase, "base", 1, false},
		{NodeBody, "body", 1, false},
		{NodeHead, "head", 2, false},
		{NodeLamp, "lamp", 3, false},
		{NodeFinL, "fin.L", 3, true},
		{NodeFinR, "fin.R", 3, false},
	}
	if len(depth) != len(doc.Nodes) {
		t.Errorf("got %d nodes in the scene, want all %d", len(depth), len(doc.Nodes))
	}
	for _, tt := range tests {
		n := doc.Nodes[tt.node]
		if n.Name != tt.name {
			t.Errorf("node %d: got name %q, want %q", tt.node, n.Name, tt.name)
		}
		if depth[tt.node] != tt.depth {
			t.Errorf("%s: got depth %d, want %d", tt.name, depth[tt.node], tt.depth)
		}
		if got := n.MatrixOrDefault() != gltf.DefaultMatrix; got != tt.hasMatrix {
			t.Errorf("%s: has a matrix: got %v, want %v", tt.name, got, tt.hasMatrix)
		}
	}
	if doc.Nodes[NodeFinL].Mesh == nil || doc.Nodes[NodeFinR].Mesh == nil || *doc.Nodes[NodeFinL].Mesh != *doc.Nodes[NodeFinR].Mesh {
		t.Errorf("fin.L and fin.R should share one mesh")
	}
}

func TestBeaconPrimitives(t *testing.T) {
	doc := beaconDoc(t)
	var noNormals, noIndices, colored, u16 int
	for _, m := range doc.Meshes {
		for i, p := range m.Primitives {
			_, hasNormal := p.Attributes[gltf.NORMAL]
			_, hasUV := p.Attributes[gltf.TEXCOORD_0]
			if _, ok := p.Attributes[gltf.COLOR_0]; ok {
				colored++
			}
			if !hasNormal {
				noNormals++
			}
			if p.Indices == nil {
				noIndices++
			} else if c := doc.Accessors[*p.Indices].ComponentType; c == gltf.ComponentUshort {
				u16++
			} else {
				t.Errorf("%s[%d]: index component type %v, want unsigned short", m.Name, i, c)
			}
			mat := doc.Materials[*p.Material]
			if textured := mat.PBRMetallicRoughness.BaseColorTexture != nil; textured && !hasUV {
				t.Errorf("%s[%d]: material %s is textured but the primitive has no TEXCOORD_0", m.Name, i, mat.Name)
			}
			pos := doc.Accessors[p.Attributes[gltf.POSITION]]
			if len(pos.Min) != 3 || len(pos.Max) != 3 {
				t.Errorf("%s[%d]: POSITION has no min and max", m.Name, i)
			}
		}
	}
	tests := []struct {
		what      string
		got, want int
	}{
		{"primitives without normals", noNormals, 1},
		{"primitives without indices", noIndices, 1},
		{"primitives with COLOR_0", colored, 1},
		{"primitives with u16 indices", u16, BeaconPrimitives - 1},
		{"primitives of the body mesh", len(doc.Meshes[MeshBody].Primitives), 2},
		{"primitives of the lamp mesh", len(doc.Meshes[MeshLamp].Primitives), 2},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %d, want %d", tt.what, tt.got, tt.want)
		}
	}
	body := doc.Meshes[MeshBody].Primitives
	if *body[0].Material == *body[1].Material {
		t.Errorf("the body's two primitives share material %d, want different ones", *body[0].Material)
	}
}

func TestBeaconMaterials(t *testing.T) {
	doc := beaconDoc(t)
	tests := []struct {
		mat     int
		name    string
		mode    gltf.AlphaMode
		alpha   float64
		texture int // -1: none
		unlit   bool
	}{
		{MatCrate, "crate", gltf.AlphaOpaque, 1, 0, false},
		{MatPainted, "painted", gltf.AlphaOpaque, 1, -1, false},
		{MatMetal, "metal", gltf.AlphaOpaque, 1, -1, false},
		{MatLeaf, "leaf", gltf.AlphaMask, 1, 1, false},
		{MatGlass, "glass", gltf.AlphaBlend, 0.5, -1, false},
		{MatLamp, "lamp", gltf.AlphaOpaque, 1, -1, true},
	}
	for _, tt := range tests {
		m := doc.Materials[tt.mat]
		pbr := m.PBRMetallicRoughness
		if m.Name != tt.name || m.AlphaMode != tt.mode || pbr.BaseColorFactorOrDefault()[3] != tt.alpha {
			t.Errorf("material %d: got %s %v alpha %v, want %s %v alpha %v", tt.mat,
				m.Name, m.AlphaMode, pbr.BaseColorFactorOrDefault()[3], tt.name, tt.mode, tt.alpha)
		}
		tex := -1
		if pbr.BaseColorTexture != nil {
			tex = pbr.BaseColorTexture.Index
		}
		if tex != tt.texture {
			t.Errorf("%s: got texture %d, want %d", m.Name, tex, tt.texture)
		}
		if _, ok := m.Extensions[unlit.ExtensionName]; ok != tt.unlit {
			t.Errorf("%s: unlit: got %v, want %v", m.Name, ok, tt.unlit)
		}
	}
	if m := doc.Materials[MatLeaf]; !m.DoubleSided || m.AlphaCutoffOrDefault() != 0.4 {
		t.Errorf("leaf: got double-sided %v, cutoff %v; want true, 0.4", m.DoubleSided, m.AlphaCutoffOrDefault())
	}
	s := doc.Samplers[*doc.Textures[0].Sampler]
	if s.WrapS != gltf.WrapRepeat || s.WrapT != gltf.WrapRepeat || s.MinFilter != gltf.MinLinearMipMapLinear || s.MagFilter != gltf.MagLinear {
		t.Errorf("crate sampler: got %+v, want REPEAT and LINEAR_MIPMAP_LINEAR", s)
	}
}

func TestBeaconAnimations(t *testing.T) {
	doc := beaconDoc(t)
	tests := []struct {
		name    string
		node    int
		path    gltf.TRSProperty
		interp  gltf.Interpolation
		keys    int
		outputs int
		end     float64
	}{
		{"spin", NodeBody, gltf.TRSRotation, gltf.InterpolationLinear, 5, 5, 4},
		{"bob", NodeHead, gltf.TRSTranslation, gltf.InterpolationCubicSpline, 3, 9, 2},
		{"blink", NodeLamp, gltf.TRSScale, gltf.InterpolationStep, 4, 4, 3},
	}
	for i, tt := range tests {
		a := doc.Animations[i]
		if len(a.Channels) != 1 || len(a.Samplers) != 1 {
			t.Fatalf("%s: got %d channels and %d samplers, want 1 and 1", a.Name, len(a.Channels), len(a.Samplers))
		}
		ch, s := a.Channels[0], a.Samplers[0]
		in, out := doc.Accessors[s.Input], doc.Accessors[s.Output]
		if a.Name != tt.name || *ch.Target.Node != tt.node || ch.Target.Path != tt.path || s.Interpolation != tt.interp {
			t.Errorf("animation %d: got %s on node %d %s %v, want %s on node %d %s %v", i,
				a.Name, *ch.Target.Node, ch.Target.Path, s.Interpolation, tt.name, tt.node, tt.path, tt.interp)
		}
		if in.Count != tt.keys || out.Count != tt.outputs || in.Max[0] != tt.end || in.Min[0] != 0 {
			t.Errorf("%s: got %d keys to %v s, %d outputs; want %d keys to %v s, %d outputs",
				a.Name, in.Count, in.Max[0], out.Count, tt.keys, tt.end, tt.outputs)
		}
	}
	// spin ends a full turn from where it starts: the same rotation, with
	// the quaternion's sign flipped.
	out := doc.Accessors[doc.Animations[AnimSpin].Samplers[0].Output]
	data, err := modeler.ReadAccessor(doc, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	q := data.([][4]float32)
	if q[0] != [4]float32{0, 0, 0, 1} || q[4] != [4]float32{0, 0, 0, -1} {
		t.Errorf("spin: got first key %v and last %v, want (0 0 0 1) and (0 0 0 -1)", q[0], q[4])
	}
}

// TestBeaconBounds checks the model's size and place in the scene: about
// 2 m tall, feet on y = 0, centred on the Y axis.
func TestBeaconBounds(t *testing.T) {
	doc := beaconDoc(t)
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	var walk func(n int, parent mgl64.Mat4)
	walk = func(n int, parent mgl64.Mat4) {
		node := doc.Nodes[n]
		world := parent.Mul4(localMatrix(node))
		if node.Mesh != nil {
			for _, p := range doc.Meshes[*node.Mesh].Primitives {
				pos, err := modeler.ReadPosition(doc, doc.Accessors[p.Attributes[gltf.POSITION]], nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range pos {
					w := world.Mul4x1(mgl64.Vec4{float64(v[0]), float64(v[1]), float64(v[2]), 1}).Vec3()
					for k := range 3 {
						lo[k], hi[k] = math.Min(lo[k], w[k]), math.Max(hi[k], w[k])
					}
				}
			}
		}
		for _, c := range node.Children {
			walk(c, world)
		}
	}
	walk(doc.Scenes[0].Nodes[0], mgl64.Ident4())
	if math.Abs(lo[1]) > 1e-6 {
		t.Errorf("lowest point: got y = %v, want 0", lo[1])
	}
	if h := hi[1] - lo[1]; h < 1.8 || h > 2.2 {
		t.Errorf("height: got %v m, want about 2", h)
	}
	for _, k := range []int{0, 2} {
		if c := (lo[k] + hi[k]) / 2; math.Abs(c) > 1e-6 {
			t.Errorf("centre on axis %d: got %v, want 0", k, c)
		}
	}
}

// localMatrix returns a node's transform: its matrix, or T·R·S.
func localMatrix(n *gltf.Node) mgl64.Mat4 {
	if m := n.MatrixOrDefault(); m != gltf.DefaultMatrix {
		return mgl64.Mat4(m)
	}
	t, r, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
	q := mgl64.Quat{W: r[3], V: mgl64.Vec3{r[0], r[1], r[2]}}
	return mgl64.Translate3D(t[0], t[1], t[2]).Mul4(q.Mat4()).Mul4(mgl64.Scale3D(s[0], s[1], s[2]))
}
