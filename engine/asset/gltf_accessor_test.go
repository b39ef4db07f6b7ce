package asset

import (
	"encoding/binary"
	"math"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

func TestNormalizedComponents(t *testing.T) {
	for _, c := range []struct {
		typ  gltf.ComponentType
		b    []byte
		norm bool
		want float32
	}{
		{gltf.ComponentByte, []byte{0x80}, true, -1},
		{gltf.ComponentByte, []byte{0x81}, true, -1},
		{gltf.ComponentByte, []byte{127}, true, 1},
		{gltf.ComponentByte, []byte{0xff}, false, -1},
		{gltf.ComponentUbyte, []byte{255}, true, 1},
		{gltf.ComponentUbyte, []byte{51}, true, 0.2},
		{gltf.ComponentUbyte, []byte{200}, false, 200},
		{gltf.ComponentShort, []byte{0x00, 0x80}, true, -1},
		{gltf.ComponentShort, []byte{0xff, 0x7f}, true, 1},
		{gltf.ComponentUshort, []byte{0xff, 0xff}, true, 1},
		{gltf.ComponentUshort, []byte{0x00, 0x01}, false, 256},
		{gltf.ComponentUint, []byte{7, 0, 0, 0}, false, 7},
		{gltf.ComponentFloat, binary.LittleEndian.AppendUint32(nil, math.Float32bits(-2.5)), false, -2.5},
	} {
		if got := component(c.b, c.typ, c.norm); got != c.want {
			t.Errorf("%v % x normalized=%v: got %v, want %v", c.typ, c.b, c.norm, got, c.want)
		}
	}
}

// sparseDoc is a triangle fan of five vertices whose positions are stored
// with a sparse substitution of vertices 1 and 3, and whose UVs are an
// accessor without a buffer view: zeros but for vertex 4.
func sparseDoc(t testing.TB) *gltf.Document {
	doc := gltf.NewDocument()
	pos := modeler.WritePosition(doc, [][3]float32{{0, 0, 0}, {9, 9, 9}, {1, 1, 0}, {9, 9, 9}, {-1, 1, 0}})
	idxView := modeler.WriteBufferView(doc, gltf.TargetNone, []uint8{1, 3, 0, 0}) // 2 indices, then padding
	valView := modeler.WriteBufferView(doc, gltf.TargetNone, [][3]float32{{1, 0, 0}, {0, 2, 0}})
	doc.Accessors[pos].Sparse = &gltf.Sparse{
		Count:   2,
		Indices: gltf.SparseIndices{BufferView: idxView, ComponentType: gltf.ComponentUbyte},
		Values:  gltf.SparseValues{BufferView: valView},
	}
	uvIdx := modeler.WriteBufferView(doc, gltf.TargetNone, []uint16{4, 0})
	uvVal := modeler.WriteBufferView(doc, gltf.TargetNone, [][2]float32{{0.5, 0.75}})
	doc.Accessors = append(doc.Accessors, &gltf.Accessor{
		ComponentType: gltf.ComponentFloat, Type: gltf.AccessorVec2, Count: 5,
		Sparse: &gltf.Sparse{
			Count:   1,
			Indices: gltf.SparseIndices{BufferView: uvIdx, ComponentType: gltf.ComponentUshort},
			Values:  gltf.SparseValues{BufferView: uvVal},
		},
	})
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{
		Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos, gltf.TEXCOORD_0: len(doc.Accessors) - 1},
		Mode:       gltf.PrimitiveTriangleFan,
	}}}}
	doc.Nodes = []*gltf.Node{{Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	return doc
}

func TestSparseAccessors(t *testing.T) {
	var l Library
	m, err := l.DecodeModel("sparse.glb", encodeGLB(t, sparseDoc(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	mesh, _ := l.Mesh(m.Nodes[0].Meshes[0])
	wantPos := []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 2, 0}, {-1, 1, 0}}
	wantUV := []mgl32.Vec2{{}, {}, {}, {}, {0.5, 0.75}}
	if !reflect.DeepEqual(mesh.Positions, wantPos) || !reflect.DeepEqual(mesh.UVs, wantUV) {
		t.Errorf("got positions %v UVs %v, want %v and %v", mesh.Positions, mesh.UVs, wantPos, wantUV)
	}
	if mesh.Mode != TriangleFan || m.Info.Triangles != 3 || mesh.Triangles() != 3 {
		t.Errorf("got %v with %d triangles (info %d), want a fan of 3", mesh.Mode, mesh.Triangles(), m.Info.Triangles)
	}
}

// TestStridedView: positions read from a view whose stride leaves a gap
// after each, starting at an offset into it.
func TestStridedView(t *testing.T) {
	doc := gltf.NewDocument()
	var raw []byte
	put := func(vs ...float32) {
		for _, v := range vs {
			raw = binary.LittleEndian.AppendUint32(raw, math.Float32bits(v))
		}
	}
	put(-7) // 4 bytes before the first position: the accessor's byteOffset
	for i := range 3 {
		put(float32(i), float32(10*i), 1, -9) // x, y, z and a gap: stride 16
	}
	doc.Buffers = []*gltf.Buffer{{ByteLength: len(raw), Data: raw}}
	doc.BufferViews = []*gltf.BufferView{{Buffer: 0, ByteLength: len(raw), ByteStride: 16}}
	doc.Accessors = []*gltf.Accessor{{BufferView: gltf.Index(0), ByteOffset: 4, ComponentType: gltf.ComponentFloat, Type: gltf.AccessorVec3, Count: 3}}
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: 0}}}}}
	var l Library
	if _, err := l.DecodeModel("strided.glb", encodeGLB(t, doc), nil); err != nil {
		t.Fatal(err)
	}
	id, _ := l.MeshID("strided.glb#mesh0.0")
	mesh, _ := l.Mesh(id)
	want := []mgl32.Vec3{{0, 0, 1}, {1, 10, 1}, {2, 20, 1}}
	if !reflect.DeepEqual(mesh.Positions, want) {
		t.Errorf("got %v, want %v", mesh.Positions, want)
	}
}
