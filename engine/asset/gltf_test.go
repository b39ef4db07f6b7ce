package asset

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/tickwork/tickwork/gfx"
)

// shipInfo is what Info counts of shipDoc: 4 + 3 + 4 vertices, 2 + 1 + 2
// triangles (the strip's four indices make two).
func shipInfo() Info {
	return Info{Nodes: 3, Meshes: 2, Primitives: 3, Vertices: 11, Triangles: 5, Textures: 1, Materials: 2, Animations: 0}
}

// shipFiles returns the ship as a .glb, as a .gltf with a data: URI and
// as a .gltf with an external buffer, each in a file system under models/.
func shipFiles(t *testing.T) map[string]fstest.MapFS {
	ext := shipDoc(t)
	bin := ext.Buffers[0].Data
	ext.Buffers[0].URI = "ship.bin"
	return map[string]fstest.MapFS{
		"models/ship.glb":  {"models/ship.glb": {Data: encodeGLB(t, shipDoc(t))}},
		"models/ship.gltf": {"models/ship.gltf": {Data: encodeGLTF(t, shipDoc(t))}},
		"models/ext.gltf":  {"models/ext.gltf": {Data: encodeJSON(t, ext)}, "models/ship.bin": {Data: bin}},
	}
}

func TestLoadModelEncodings(t *testing.T) {
	for name, fsys := range shipFiles(t) {
		var l Library
		m, err := l.LoadModel(fsys, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if m.Name != name || m.Info != shipInfo() || len(m.Notices) != 0 {
			t.Errorf("%s: got name %q info %v notices %q, want %q, %v and none", name, m.Name, m.Info, m.Notices, name, shipInfo())
		}
		if got := []int{len(m.Nodes[0].Meshes), len(m.Nodes[1].Meshes), len(m.Nodes[2].Meshes)}; !reflect.DeepEqual(got, []int{2, 1, 0}) {
			t.Errorf("%s: got %v meshes per node, want [2 1 0]", name, got)
		}
		if l.Meshes() != 3 {
			t.Errorf("%s: got %d library meshes, want 3 (one per primitive)", name, l.Meshes())
		}
		for _, asset := range []string{name + "#mesh0.0", name + "#mesh0.1", name + "#mesh1.0"} {
			if _, ok := l.MeshID(asset); !ok {
				t.Errorf("%s: got no mesh named %q, want one", name, asset)
			}
		}
		if _, ok := l.ImageID(name + "#image0"); !ok {
			t.Errorf("%s: got no image named %q", name, name+"#image0")
		}
		if _, ok := l.MaterialID(name + "#material1"); !ok {
			t.Errorf("%s: got no material named %q", name, name+"#material1")
		}
		info, err := ReadInfo(fsys, name)
		if err != nil || info != shipInfo() {
			t.Errorf("%s: ReadInfo: got %v, %v, want %v", name, info, err, shipInfo())
		}
		var l2 Library
		data, _ := fsys.ReadFile(name)
		m2, err := l2.DecodeModel(name, data, fsys)
		if err != nil || !reflect.DeepEqual(m, m2) || l.Hash() != l2.Hash() {
			t.Errorf("%s: DecodeModel: got %v and another model or library, want what LoadModel gives", name, err)
		}
	}
}

func TestLoadModelHierarchy(t *testing.T) {
	var l Library
	m, err := l.DecodeModel("ship.glb", encodeGLB(t, shipDoc(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.Roots, []int{0}) {
		t.Errorf("got roots %v, want [0]", m.Roots)
	}
	for i, want := range []struct {
		name     string
		parent   int
		children []int
	}{{"body", -1, []int{1, 2}}, {"gun", 0, nil}, {"lamp", 0, nil}} {
		n := m.Nodes[i]
		if n.Name != want.name || n.Parent != want.parent || !reflect.DeepEqual(n.Children, want.children) {
			t.Errorf("node %d: got %q parent %d children %v, want %q %d %v", i, n.Name, n.Parent, n.Children, want.name, want.parent, want.children)
		}
	}
	body := mgl32.Translate3D(1, 2, 3).Mul4(mgl32.HomogRotate3DZ(math.Pi / 4)).Mul4(mgl32.Scale3D(1, 1, 0.5))
	for _, c := range []struct {
		node int
		want mgl32.Mat4
	}{
		{0, body},
		{1, body.Mul4(gunMatrix())},
		{2, body.Mul4(mgl32.Translate3D(0, 3, 0))},
	} {
		if got := world(m, c.node); !near(got[:], c.want[:], 1e-5) {
			t.Errorf("node %d: got world transform %v, want the file's %v", c.node, got, c.want)
		}
	}
	if got := m.Nodes[1].Scale; !near(got[:], []float32{2, 2, 2}, 1e-6) {
		t.Errorf("gun: got scale %v decomposed from its matrix, want (2, 2, 2)", got)
	}
}

func TestDecomposeMirroredMatrix(t *testing.T) {
	want := mgl32.Translate3D(4, 5, 6).Mul4(mgl32.HomogRotate3DX(2)).Mul4(mgl32.Scale3D(-1, 3, 0.5))
	var m [16]float64
	for i, v := range want {
		m[i] = float64(v)
	}
	var n Node
	if err := decompose(m, &n); err != nil {
		t.Fatal(err)
	}
	got := mgl32.Translate3D(n.Pos[0], n.Pos[1], n.Pos[2]).Mul4(n.Rot.Mat4()).Mul4(mgl32.Scale3D(n.Scale[0], n.Scale[1], n.Scale[2]))
	if !near(got[:], want[:], 1e-5) || math.Abs(float64(n.Rot.Len())-1) > 1e-6 {
		t.Errorf("got %v (rotation %v), want %v recomposed with a unit rotation", got, n.Rot, want)
	}
}

func TestLoadModelMeshes(t *testing.T) {
	var l Library
	m, err := l.DecodeModel("ship.glb", encodeGLB(t, shipDoc(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	mesh := func(id gfx.MeshID) *Mesh {
		t.Helper()
		me, ok := l.Mesh(id)
		if !ok {
			t.Fatalf("mesh %v is not in the library", id)
		}
		return me
	}
	hull, _ := l.MaterialID("ship.glb#material0")
	glow, _ := l.MaterialID("ship.glb#material1")
	quad := mesh(m.Nodes[0].Meshes[0])
	if quad.Mode != Triangles || quad.Material != hull || !reflect.DeepEqual(quad.Indices, []uint32{0, 2, 1, 0, 3, 2}) ||
		quad.UVs[2] != (mgl32.Vec2{1, 1}) || quad.Normals[3] != (mgl32.Vec3{0, 1, 0}) || quad.Positions[1] != (mgl32.Vec3{1, 0, -1}) {
		t.Errorf("quad: got %+v, want the file's quad with material %v", quad, hull)
	}
	tri := mesh(m.Nodes[0].Meshes[1])
	wantUV := []mgl32.Vec2{{0, 0}, {1, 0}, {0, 0.2}}
	wantCol := []gfx.Color{{R: 1, A: 1}, {G: 1, A: 32768.0 / 65535}, {B: 1}}
	if tri.Material != glow || len(tri.Indices) != 0 || !reflect.DeepEqual(tri.UVs, wantUV) || !reflect.DeepEqual(tri.Colors, wantCol) {
		t.Errorf("triangle: got material %v indices %v UVs %v colours %v, want %v, none, %v, %v", tri.Material, tri.Indices, tri.UVs, tri.Colors, glow, wantUV, wantCol)
	}
	for i, n := range tri.Normals {
		if n != (mgl32.Vec3{0, 0, 1}) {
			t.Errorf("triangle normal %d: got %v, want (0, 0, 1) computed from the positions", i, n)
		}
	}
	strip := mesh(m.Nodes[1].Meshes[0])
	wantPos := []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}
	if strip.Mode != TriangleStrip || strip.Material != 0 || !reflect.DeepEqual(strip.Positions, wantPos) ||
		strip.Colors[3] != (gfx.Color{R: 1, G: 1, B: 1, A: 1}) || strip.Colors[1] != (gfx.Color{G: 1, A: 1}) ||
		!reflect.DeepEqual(strip.Indices, []uint32{0, 1, 2, 3}) {
		t.Errorf("strip: got %+v, want the interleaved strip with RGB colours and 8-bit indices", strip)
	}
}

func TestLoadModelMaterials(t *testing.T) {
	var l Library
	if _, err := l.DecodeModel("ship.glb", encodeGLB(t, shipDoc(t)), nil); err != nil {
		t.Fatal(err)
	}
	imgID, _ := l.ImageID("ship.glb#image0")
	img, ok := l.Image(imgID)
	if !ok || img.Width != 2 || img.Height != 2 || img.Space != SRGB || !bytes.Equal(img.Pix, shipPixels()) {
		t.Errorf("image: got %+v, want the 2×2 sRGB pixels", img)
	}
	id, _ := l.MaterialID("ship.glb#material0")
	hull, _ := l.Material(id)
	want := Material{
		BaseColor:   gfx.Color{R: 1, G: 0.5, B: 0.25, A: 1},
		BaseTexture: imgID,
		Sampler:     Sampler{WrapS: ClampToEdge, WrapT: MirroredRepeat, Min: FilterNearest, Mag: FilterNearest, NoMipmaps: true},
		Alpha:       Mask,
		Cutoff:      0.25,
		Shading:     gfx.PBR, // a lit glTF material, with glTF's default factors
		Metallic:    1,
		Roughness:   1,
		UVOffset:    mgl32.Vec2{0.5, 0.25},
		UVScale:     mgl32.Vec2{2, 3},
		UVRotation:  0.5,
	}
	if *hull != want {
		t.Errorf("hull: got %+v, want %+v", *hull, want)
	}
	id, _ = l.MaterialID("ship.glb#material1")
	glow, _ := l.Material(id)
	want = Material{BaseColor: gfx.Color{G: 1, A: 0.5}, Alpha: Blend, DoubleSided: true, Unlit: true}
	if *glow != want {
		t.Errorf("glow: got %+v, want %+v", *glow, want)
	}
}

func TestSamplerFilters(t *testing.T) {
	for _, c := range []struct {
		min  gltf.MinFilter
		mag  gltf.MagFilter
		want Sampler
	}{
		{gltf.MinUndefined, gltf.MagUndefined, Sampler{}},
		{gltf.MinLinear, gltf.MagLinear, Sampler{NoMipmaps: true}},
		{gltf.MinNearest, gltf.MagNearest, Sampler{Min: FilterNearest, Mag: FilterNearest, NoMipmaps: true}},
		{gltf.MinLinearMipMapLinear, gltf.MagNearest, Sampler{Mag: FilterNearest}},
		{gltf.MinLinearMipMapNearest, gltf.MagLinear, Sampler{}},
		{gltf.MinNearestMipMapLinear, gltf.MagLinear, Sampler{Min: FilterNearest}},
		{gltf.MinNearestMipMapNearest, gltf.MagLinear, Sampler{Min: FilterNearest}},
	} {
		if got := samplerOf(&gltf.Sampler{MinFilter: c.min, MagFilter: c.mag}); got != c.want {
			t.Errorf("min %v mag %v: got %+v, want %+v", c.min, c.mag, got, c.want)
		}
	}
}

// TestLoadTwiceSameIDs: the same file loaded again into the same Library
// gives the same IDs and registers nothing new; another name registers
// anew.
func TestLoadTwiceSameIDs(t *testing.T) {
	var l Library
	data := encodeGLB(t, shipDoc(t))
	a, err := l.DecodeModel("ship.glb", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := l.Hash()
	b, err := l.DecodeModel("ship.glb", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) || l.Hash() != h || l.Meshes() != 3 {
		t.Errorf("second load: got %v and %d meshes, want the same model, hash and 3 meshes", b.Nodes, l.Meshes())
	}
	c, err := l.DecodeModel("ship2.glb", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Nodes[0].Meshes[0] == a.Nodes[0].Meshes[0] || l.Meshes() != 6 {
		t.Errorf("another name: got mesh %v (first load %v) and %d meshes, want new IDs and 6 meshes", c.Nodes[0].Meshes[0], a.Nodes[0].Meshes[0], l.Meshes())
	}
}

// TestFailedLoadRegistersNothing: a model whose last mesh is bad leaves
// the library as it was, and one whose name is taken by other data too.
func TestFailedLoadRegistersNothing(t *testing.T) {
	var l Library
	doc := shipDoc(t)
	doc.Meshes[1].Primitives[0].Indices = gltf.Index(0) // a VEC3 accessor
	if _, err := l.DecodeModel("ship.glb", encodeGLB(t, doc), nil); err == nil {
		t.Fatal("got no error for indices of a VEC3 accessor")
	}
	if l.Meshes() != 0 || l.Hash() != new(Library).Hash() {
		t.Errorf("got %d meshes after a failed load, want none", l.Meshes())
	}
	if _, err := l.DecodeModel("ship.glb", encodeGLB(t, shipDoc(t)), nil); err != nil {
		t.Fatal(err)
	}
	h := l.Hash()
	other := shipDoc(t)
	other.Materials[1].DoubleSided = false
	_, err := l.DecodeModel("ship.glb", encodeGLB(t, other), nil)
	if err == nil || !strings.Contains(err.Error(), `material "ship.glb#material1" is already loaded with other data`) || l.Hash() != h {
		t.Errorf("other data under the same name: got %v, want it refused naming the material, the library unchanged", err)
	}
}

func TestRequiredExtensionRefused(t *testing.T) {
	doc := shipDoc(t)
	doc.ExtensionsRequired = append(doc.ExtensionsRequired, "KHR_draco_mesh_compression")
	var l Library
	_, err := l.DecodeModel("ship.glb", encodeGLB(t, doc), nil)
	want := "ship.glb: requires extension KHR_draco_mesh_compression, which tickwork does not support"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want an error saying %q", err, want)
	}
}

// TestInfoCounts: triangles are n/3, n−2 for strips and fans, 0 for lines
// and points, n the index count or else the vertex count.
func TestInfoCounts(t *testing.T) {
	doc := gltf.NewDocument()
	pos := modeler.WritePosition(doc, make([][3]float32, 7))
	idx := modeler.WriteIndices(doc, []uint16{0, 1, 2, 3, 4})
	prim := func(mode gltf.PrimitiveMode, indexed bool) *gltf.Primitive {
		p := &gltf.Primitive{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos}, Mode: mode}
		if indexed {
			p.Indices = gltf.Index(idx)
		}
		return p
	}
	doc.Meshes = []*gltf.Mesh{
		{Primitives: []*gltf.Primitive{prim(gltf.PrimitiveTriangles, false), prim(gltf.PrimitiveTriangleFan, true)}}, // 2 + 3
		{Primitives: []*gltf.Primitive{prim(gltf.PrimitiveLines, true), prim(gltf.PrimitivePoints, false)}},          // 0 + 0
		{Primitives: []*gltf.Primitive{prim(gltf.PrimitiveTriangleStrip, false)}},                                    // 5
	}
	doc.Nodes = []*gltf.Node{{Mesh: gltf.Index(2)}, {}}
	doc.Materials = []*gltf.Material{{}}
	fsys := fstest.MapFS{"a.gltf": {Data: encodeGLTF(t, doc)}}
	got, err := ReadInfo(fsys, "a.gltf")
	want := Info{Nodes: 2, Meshes: 3, Primitives: 5, Vertices: 35, Triangles: 10, Materials: 1}
	if err != nil || got != want {
		t.Errorf("got %v, %v, want %v", got, err, want)
	}
	if got.String() != "nodes=2 meshes=3 primitives=5 vertices=35 triangles=10 textures=0 materials=1 animations=0 skins=0 joints=0 targets=0" {
		t.Errorf("got %q", got.String())
	}
}

func TestLoadModelFile(t *testing.T) {
	dir := t.TempDir()
	doc := shipDoc(t)
	bin := doc.Buffers[0].Data
	doc.Buffers[0].URI = "ship%20data.bin" // an escaped name
	p := filepath.Join(dir, "ship.gltf")
	if err := os.WriteFile(p, encodeJSON(t, doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ship data.bin"), bin, 0o644); err != nil {
		t.Fatal(err)
	}
	var l Library
	m, err := l.LoadModelFile(p)
	if err != nil || m.Name != filepath.ToSlash(p) || m.Info != shipInfo() {
		t.Fatalf("got %v, want the ship named %q", err, filepath.ToSlash(p))
	}
	if _, ok := l.MeshID(filepath.ToSlash(p) + "#mesh1.0"); !ok {
		t.Errorf("got no mesh named after the path")
	}
	if _, err := l.LoadModelFile(filepath.Join(dir, "none.glb")); err == nil || !strings.Contains(err.Error(), "none.glb") {
		t.Errorf("a missing file: got %v, want an error naming it", err)
	}
}
