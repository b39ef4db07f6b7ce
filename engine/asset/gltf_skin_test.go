package asset

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/tickwork/tickwork/gfx"
)

// skinDoc is a strip of four vertices skinned to two joints (nodes 1 and
// 2, node 2 the child of node 1, 1 unit up), drawn by node 0 with skin 0,
// and a second node drawing the same mesh with the same skin. Vertex 3's
// weights sum to 0.5 (normalised when loaded); the mesh has one morph
// target moving vertex 3 by +x with default weight 0.25.
func skinDoc(t testing.TB) *gltf.Document {
	doc := gltf.NewDocument()
	pos := modeler.WritePosition(doc, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {1, 2, 0}})
	joints := modeler.WriteJoints(doc, [][4]uint8{{0, 0, 0, 0}, {0, 1, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}})
	weights := modeler.WriteWeights(doc, [][4]float32{{1, 0, 0, 0}, {0.5, 0.5, 0, 0}, {1, 0, 0, 0}, {0.5, 0, 0, 0}})
	morph := modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][3]float32{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1, 0, 0}})
	ibm := modeler.WriteAccessor(doc, gltf.TargetNone, [][4][4]float32{
		{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
		{{1, 0, 0, 0}, {0, 1, 0, -1}, {0, 0, 1, 0}, {0, 0, 0, 1}}, // joint 1 sits at y = 1 (the modeler transposes)
	})
	doc.Meshes = []*gltf.Mesh{{Weights: []float64{0.25}, Primitives: []*gltf.Primitive{{
		Mode:       gltf.PrimitiveTriangleStrip,
		Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos, gltf.JOINTS_0: joints, gltf.WEIGHTS_0: weights},
		Targets:    []gltf.PrimitiveAttributes{{gltf.POSITION: morph}},
	}}}}
	doc.Nodes = []*gltf.Node{
		{Name: "body", Mesh: gltf.Index(0), Skin: gltf.Index(0)},
		{Name: "root", Children: []int{2}},
		{Name: "upper", Translation: [3]float64{0, 1, 0}},
		{Name: "copy", Mesh: gltf.Index(0), Skin: gltf.Index(0)},
	}
	doc.Scenes[0].Nodes = []int{0, 1, 3}
	doc.Skins = []*gltf.Skin{{Name: "rig", Joints: []int{1, 2}, Skeleton: gltf.Index(1), InverseBindMatrices: gltf.Index(ibm)}}
	return doc
}

func TestLoadSkin(t *testing.T) {
	lib := new(Library)
	m, err := lib.DecodeModel("skin.gltf", encodeGLTF(t, skinDoc(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Skins) != 1 {
		t.Fatalf("got %d skins, want 1", len(m.Skins))
	}
	s := m.Skins[0]
	if s.Name != "rig" || s.Skeleton != 1 || len(s.Joints) != 2 || s.Joints[1] != 2 || s.InverseBind[1][13] != -1 {
		t.Errorf("got skin %+v, want rig, skeleton 1, joints [1 2], joint 1's inverse bind moving y by -1", s)
	}
	if len(s.Nodes) != 2 || s.Nodes[0] != 0 || s.Nodes[1] != 3 {
		t.Errorf("got skinned nodes %v, want [0 3] (two meshes sharing one skeleton)", s.Nodes)
	}
	mesh, _ := lib.Mesh(m.Nodes[0].Meshes[0])
	if !mesh.Skinned() || mesh.Joints[1] != (gfx.Joints4{0, 1, 0, 0}) {
		t.Fatalf("got joints %v, want vertex 1 on joints 0 and 1", mesh.Joints)
	}
	if mesh.Weights[3] != (mgl32.Vec4{1, 0, 0, 0}) {
		t.Errorf("got vertex 3's weights %v, want them normalised to 1, 0, 0, 0", mesh.Weights[3])
	}
	if len(mesh.Targets) != 1 || mesh.Targets[0].Positions[3] != (mgl32.Vec3{1, 0, 0}) || len(mesh.MorphWeights) != 1 || mesh.MorphWeights[0] != 0.25 {
		t.Errorf("got targets %+v weights %v, want one moving vertex 3 by +x, default weight 0.25", mesh.Targets, mesh.MorphWeights)
	}
	if want := "1 vertices' skin weights did not sum to one: normalised"; len(m.Notices) != 1 || m.Notices[0] != want {
		t.Errorf("got notices %q, want only %q", m.Notices, want)
	}
	if m.Info.Skins != 1 || m.Info.Joints != 2 || m.Info.Targets != 1 {
		t.Errorf("got info %v, want skins=1 joints=2 targets=1", m.Info)
	}
}

// TestLoadEightInfluences: JOINTS_1/WEIGHTS_1 are read and the four
// heaviest of the eight influences kept, normalised, with one notice.
func TestLoadEightInfluences(t *testing.T) {
	doc := skinDoc(t)
	p := doc.Meshes[0].Primitives[0]
	p.Attributes["JOINTS_1"] = modeler.WriteJoints(doc, [][4]uint8{{1, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}})
	p.Attributes["WEIGHTS_1"] = modeler.WriteWeights(doc, [][4]float32{{3, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}})
	lib := new(Library)
	m, err := lib.DecodeModel("skin.gltf", encodeGLTF(t, doc), nil)
	if err != nil {
		t.Fatal(err)
	}
	mesh, _ := lib.Mesh(m.Nodes[0].Meshes[0])
	if mesh.Joints[0][0] != 1 || !near(mesh.Weights[0][:], []float32{0.75, 0.25, 0, 0}, 1e-6) {
		t.Errorf("got vertex 0 joints %v weights %v, want joint 1 first at 0.75, then joint 0 at 0.25", mesh.Joints[0], mesh.Weights[0])
	}
	if !strings.Contains(strings.Join(m.Notices, "\n"), "1 vertices have more than four skin influences") {
		t.Errorf("got notices %q, want one about the dropped influences", m.Notices)
	}
}

func TestBadSkins(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(doc *gltf.Document)
		want string
	}{
		{"joint past the skin", func(doc *gltf.Document) { doc.Skins[0].Joints, doc.Skins[0].InverseBindMatrices = []int{1}, nil }, "node 0 mesh 0 primitive 0: vertex 1 names joint 1 of skin 0, which has 1 joints"},
		{"joint node missing", func(doc *gltf.Document) { doc.Skins[0].Joints[1] = 9 }, "skin 0 joint 1: node 9 does not exist"},
		{"joint twice", func(doc *gltf.Document) { doc.Skins[0].Joints[1] = 1 }, "skin 0 joint 1: node 1 is already joint"},
		{"no joints", func(doc *gltf.Document) { doc.Skins[0].Joints = nil }, "skin.joints is required"},
		{"too many joints", func(doc *gltf.Document) {
			for range gfx.MaxJoints {
				doc.Nodes = append(doc.Nodes, &gltf.Node{})
				doc.Skins[0].Joints = append(doc.Skins[0].Joints, len(doc.Nodes)-1)
			}
			doc.Skins[0].InverseBindMatrices = nil
		}, "skin 0 has 258 joints: the renderer draws at most 256 per skin"},
		{"singular inverse bind", func(doc *gltf.Document) {
			doc.Skins[0].InverseBindMatrices = gltf.Index(modeler.WriteAccessor(doc, gltf.TargetNone, [][4][4]float32{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}, {}}))
		}, "skin 0: inverse bind matrix 1 is not invertible"},
		{"too few inverse binds", func(doc *gltf.Document) {
			doc.Skins[0].InverseBindMatrices = gltf.Index(modeler.WriteAccessor(doc, gltf.TargetNone, [][4][4]float32{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}}))
		}, "has 1 matrices for 2 joints"},
		{"skeleton missing", func(doc *gltf.Document) { doc.Skins[0].Skeleton = gltf.Index(7) }, "skin 0: skeleton node 7 does not exist"},
		{"node skin missing", func(doc *gltf.Document) { doc.Nodes[0].Skin = gltf.Index(3) }, "node 0: skin 3 does not exist"},
		{"cycle", func(doc *gltf.Document) { doc.Nodes[2].Children = []int{1} }, "node 1: its ancestors form a cycle"},
		{"negative weight", func(doc *gltf.Document) {
			doc.Meshes[0].Primitives[0].Attributes[gltf.WEIGHTS_0] = modeler.WriteWeights(doc, [][4]float32{{1, 0, 0, 0}, {-1, 2, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}})
		}, "vertex 1 has weight -1"},
		{"joints without weights", func(doc *gltf.Document) { delete(doc.Meshes[0].Primitives[0].Attributes, gltf.WEIGHTS_0) }, "JOINTS_0 and WEIGHTS_0 must come together"},
		{"morph weights mismatch", func(doc *gltf.Document) { doc.Meshes[0].Weights = []float64{1, 2} }, "2 default morph weights for 1 morph targets"},
		{"morph target short", func(doc *gltf.Document) {
			doc.Meshes[0].Primitives[0].Targets[0][gltf.POSITION] = modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][3]float32{{0, 0, 0}})
		}, "morph target 0 POSITION accessor"},
		{"primitives with other target counts", func(doc *gltf.Document) {
			p := *doc.Meshes[0].Primitives[0]
			p.Targets = nil
			doc.Meshes[0].Primitives = append(doc.Meshes[0].Primitives, &p)
		}, "mesh 0 primitive 1: 0 morph targets, but primitive 0 of the mesh has 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := skinDoc(t)
			c.edit(doc)
			_, err := new(Library).DecodeModel("skin.gltf", encodeGLTF(t, doc), nil)
			if err == nil || !strings.HasPrefix(err.Error(), "skin.gltf: ") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error naming skin.gltf and %q", err, c.want)
			}
		})
	}
}

// TestSkinInfo: ReadInfo counts skins, joints and morph targets from the
// JSON alone.
func TestSkinInfo(t *testing.T) {
	fsys := fstest.MapFS{"a.gltf": {Data: encodeGLTF(t, skinDoc(t))}}
	got, err := ReadInfo(fsys, "a.gltf")
	if err != nil || got.Skins != 1 || got.Joints != 2 || got.Targets != 1 || !strings.HasSuffix(got.String(), " skins=1 joints=2 targets=1") {
		t.Errorf("got %v, %v, want it to end skins=1 joints=2 targets=1", got, err)
	}
}

// TestTwoSkinsInOneFile: a second skin over the same joints in another
// order deforms node 3; each skinned node gets its own palette, whose
// bones follow its skin's joint order.
func TestTwoSkinsInOneFile(t *testing.T) {
	doc := skinDoc(t)
	doc.Skins = append(doc.Skins, &gltf.Skin{Name: "swapped", Joints: []int{2, 1}})
	doc.Nodes[3].Skin = gltf.Index(1)
	var lib Library
	m, err := lib.DecodeModel("skin.gltf", encodeGLTF(t, doc), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Skins) != 2 || len(m.Skins[0].Nodes) != 1 || len(m.Skins[1].Nodes) != 1 || m.Skins[1].Nodes[0] != 3 {
		t.Fatalf("got skins %+v, want two, deforming nodes 0 and 3", m.Skins)
	}
	p, err := NewPose(m, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.Palettes() != 2 {
		t.Fatalf("got %d palettes, want 2", p.Palettes())
	}
	// Skin 1's bone 0 is node 2 (at y = 1) with an identity inverse bind:
	// it moves the origin to (0, 1, 0).
	if b := p.PaletteOf(3); len(b) != 2 || b[0][13] != 1 || p.PaletteOf(0)[0][13] != 0 {
		t.Errorf("got palettes %v and %v, want skin 1's bone 0 at y = 1", p.PaletteOf(3), p.PaletteOf(0))
	}
}
