package asset

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io/fs"
	"math"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/qmuntal/gltf"
)

// Accessors of shipDoc, in the order it writes them.
const (
	shipQuadPos = iota
	shipQuadNorm
	shipQuadUV
	shipQuadIdx
	shipTriPos
)

// viewBytes returns the bytes of accessor a's buffer view in doc's first
// buffer, to corrupt them.
func viewBytes(doc *gltf.Document, a int) []byte {
	bv := doc.BufferViews[*doc.Accessors[a].BufferView]
	return doc.Buffers[0].Data[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
}

// TestBadDocuments: each corruption of the ship gives an error naming the
// file and the element at fault.
func TestBadDocuments(t *testing.T) {
	cases := []struct {
		name string
		edit func(doc *gltf.Document)
		want string
	}{
		{"accessor past its view", func(d *gltf.Document) { d.Accessors[shipQuadPos].Count = 5 },
			"mesh 0 primitive 0: POSITION: accessor 0 reads past buffer view 0"},
		{"absurd count", func(d *gltf.Document) { d.Accessors[shipQuadPos].Count = 1 << 40 },
			"mesh 0 primitive 0: POSITION: accessor 0 reads past buffer view 0 (1099511627776 elements"},
		{"offset past its view", func(d *gltf.Document) { d.Accessors[shipQuadNorm].ByteOffset = 1000 },
			"mesh 0 primitive 0: NORMAL: accessor 1 reads past buffer view 1"},
		{"negative offset", func(d *gltf.Document) { d.Accessors[shipQuadUV].ByteOffset = -4 },
			"mesh 0 primitive 0: TEXCOORD_0: accessor 2 reads past buffer view 2"},
		{"view past its buffer", func(d *gltf.Document) { d.BufferViews[1].ByteLength = 1 << 20 },
			"buffer view 1 (offset 48, 1048576 bytes) lies outside buffer 0"},
		{"stride under the element", func(d *gltf.Document) { d.BufferViews[0].ByteStride = 8 },
			"accessor 0: elements of 12 bytes overlap in buffer view 0 of stride 8"},
		{"stride too large", func(d *gltf.Document) { d.BufferViews[0].ByteStride = 256 },
			"buffer view 0: byteStride 256"},
		{"missing view", func(d *gltf.Document) { d.Accessors[shipQuadPos].BufferView = gltf.Index(99) },
			"accessor 0: buffer view 99 does not exist"},
		{"missing accessor", func(d *gltf.Document) { d.Meshes[0].Primitives[0].Attributes[gltf.NORMAL] = 42 },
			"mesh 0 primitive 0: NORMAL: accessor 42 does not exist"},
		{"index past the vertices", func(d *gltf.Document) {
			binary.LittleEndian.PutUint16(viewBytes(d, shipQuadIdx)[2:], 9)
		}, "mesh 0 primitive 0: index 1 is 9, past the 4 vertices"},
		{"non-finite position", func(d *gltf.Document) {
			binary.LittleEndian.PutUint32(viewBytes(d, shipTriPos)[4:], math.Float32bits(float32(math.Inf(1))))
		}, "mesh 0 primitive 1: position 0 is not finite"},
		{"no positions", func(d *gltf.Document) { delete(d.Meshes[0].Primitives[1].Attributes, gltf.POSITION) },
			"mesh 0 primitive 1: no POSITION attribute"},
		{"normals short", func(d *gltf.Document) { d.Accessors[shipQuadNorm].Count = 3 },
			"mesh 0 primitive 0: NORMAL accessor 1 has 3 elements for 4 positions"},
		{"UVs of the wrong type", func(d *gltf.Document) { d.Meshes[0].Primitives[0].Attributes[gltf.TEXCOORD_0] = shipQuadPos },
			"mesh 0 primitive 0: TEXCOORD_0: accessor 0 is VEC3: want [VEC2]"},
		{"normals of bytes", func(d *gltf.Document) { d.Meshes[0].Primitives[0].Attributes[gltf.NORMAL] = 8 /* the strip's colours */ },
			"mesh 0 primitive 0: NORMAL: accessor 8 has UNSIGNED_BYTE components (normalized: true): want FLOAT"},
		{"UVs of plain bytes", func(d *gltf.Document) {
			d.Accessors[d.Meshes[0].Primitives[1].Attributes[gltf.TEXCOORD_0]].Normalized = false
		},
			"mesh 0 primitive 1: TEXCOORD_0: accessor 5 has UNSIGNED_BYTE components (normalized: false): want FLOAT or normalized UNSIGNED_BYTE or normalized UNSIGNED_SHORT"},
		{"float indices", func(d *gltf.Document) { d.Meshes[0].Primitives[0].Indices = gltf.Index(shipQuadIdx - 1) },
			"mesh 0 primitive 0: indices: accessor 2 is VEC2"},
		{"not triangles", func(d *gltf.Document) { d.Accessors[shipQuadIdx].Count = 4 },
			"mesh 0 primitive 0: 4 vertices for triangles: want a multiple of 3"},
		{"missing material", func(d *gltf.Document) { d.Meshes[1].Primitives[0].Material = gltf.Index(9) },
			"mesh 1 primitive 0: material 9 does not exist"},
		{"missing mesh", func(d *gltf.Document) { d.Nodes[2].Mesh = gltf.Index(7) },
			"node 2: mesh 7 does not exist"},
		{"two parents", func(d *gltf.Document) { d.Nodes[2].Children = []int{1} },
			"node 1 has two parents, nodes 0 and 2"},
		{"cycle", func(d *gltf.Document) { d.Nodes[1].Children = []int{0}; d.Scenes[0].Nodes = nil },
			"ancestors form a cycle"},
		{"own child", func(d *gltf.Document) { d.Nodes[2].Children = []int{2} },
			"node 2 is its own child"},
		{"missing child", func(d *gltf.Document) { d.Nodes[2].Children = []int{-1} },
			"node 2: child -1 does not exist"},
		{"scene root with a parent", func(d *gltf.Document) { d.Scenes[0].Nodes = []int{0, 1} },
			"scene 0: node 1 is not a root (its parent is node 0)"},
		{"missing scene", func(d *gltf.Document) { d.Scene = gltf.Index(3) },
			"default scene 3 does not exist"},
		{"non-finite node", func(d *gltf.Document) { d.Nodes[2].Translation[1] = math.MaxFloat64 },
			"node 2: transform is not finite"},
		{"projective matrix", func(d *gltf.Document) { d.Nodes[1].Matrix[3] = 0.5 },
			"node 1: matrix's last row is (0.5, 0, 0, 1)"},
		{"missing texture", func(d *gltf.Document) { d.Materials[0].PBRMetallicRoughness.BaseColorTexture.Index = 5 },
			"material 0: base colour texture: texture 5 does not exist"},
		{"missing sampler", func(d *gltf.Document) { d.Textures[0].Sampler = gltf.Index(4) },
			"material 0: base colour texture: texture 0: sampler 4 does not exist"},
		{"not an image", func(d *gltf.Document) { d.Images[0].BufferView = gltf.Index(0) },
			"material 0: base colour texture: texture 0: image 0: "},
		{"missing image", func(d *gltf.Document) { d.Textures[0].Source = gltf.Index(2) },
			"texture 0: image 2 does not exist"},
		{"colour factor out of range", func(d *gltf.Document) { d.Materials[1].PBRMetallicRoughness.BaseColorFactor[0] = 2 },
			"material 1: baseColorFactor [2 1 0 0.5]: want components from 0 to 1"},
		{"cutoff out of range", func(d *gltf.Document) { d.Materials[0].AlphaCutoff = gltf.Float(-1) },
			"material 0: alphaCutoff -1"},
		{"unknown extension required", func(d *gltf.Document) { d.ExtensionsRequired = []string{"EXT_meshopt_compression"} },
			"requires extension EXT_meshopt_compression"},
		{"sparse index past the count", func(d *gltf.Document) {
			sparseOf(d)
			viewBytes(d, len(d.Accessors)-1)[0] = 200
		}, "mesh 0 primitive 1: POSITION: accessor 4: sparse index 0 is 200, past its 3 elements"},
		{"sparse values past their view", func(d *gltf.Document) { sparseOf(d).Values.ByteOffset = 8 },
			"mesh 0 primitive 1: POSITION: sparse values: accessor 4 reads past buffer view"},
		{"too many sparse values", func(d *gltf.Document) { sparseOf(d).Count = 4 },
			"mesh 0 primitive 1: POSITION: accessor 4: 4 sparse values for 3 elements"},
		{"huge accessor without a view", func(d *gltf.Document) {
			d.Accessors[shipTriPos].BufferView = nil
			d.Accessors[shipTriPos].Count = 1 << 30
		}, "mesh 0 primitive 1: POSITION: accessor 4: 1073741824 elements of 12 bytes decoded exceed what a file of this size may hold"},
	}
	for _, c := range cases {
		doc := shipDoc(t)
		c.edit(doc)
		var l Library
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := l.DecodeModel("ship.glb", encodeGLB(t, doc), nil)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "ship.glb: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error naming ship.glb and saying %q", c.name, err, c.want)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
			t.Errorf("%s: loading allocated %d bytes, want a bound near the file's size", c.name, grew)
		}
		if l.Meshes() != 0 {
			t.Errorf("%s: got %d meshes registered by a failed load, want none", c.name, l.Meshes())
		}
	}
}

// sparseOf gives the triangle's positions (accessor 4) a sparse
// substitution of vertex 1 and returns it.
func sparseOf(d *gltf.Document) *gltf.Sparse {
	buf := d.Buffers[0]
	add := func(data []byte) int {
		d.BufferViews = append(d.BufferViews, &gltf.BufferView{Buffer: 0, ByteOffset: len(buf.Data), ByteLength: len(data)})
		buf.Data = append(buf.Data, data...)
		buf.ByteLength = len(buf.Data)
		return len(d.BufferViews) - 1
	}
	vals := add(make([]byte, 12))
	idx := add([]byte{1, 0, 0, 0})
	s := &gltf.Sparse{Count: 1, Indices: gltf.SparseIndices{BufferView: idx, ComponentType: gltf.ComponentUbyte}, Values: gltf.SparseValues{BufferView: vals}}
	d.Accessors[shipTriPos].Sparse = s
	// viewBytes(d, len(d.Accessors)-1) finds the indices through this one.
	d.Accessors = append(d.Accessors, &gltf.Accessor{BufferView: gltf.Index(idx), ComponentType: gltf.ComponentUbyte, Type: gltf.AccessorScalar, Count: 1})
	return s
}

// TestBadFiles: broken containers, buffers and external files.
func TestBadFiles(t *testing.T) {
	glb := encodeGLB(t, shipDoc(t))
	longer := append([]byte(nil), glb...)
	binary.LittleEndian.PutUint32(longer[8:], uint32(len(glb)+100))
	ext := shipDoc(t)
	ext.Buffers[0].URI = "ship.bin"
	extJSON := encodeJSON(t, ext)
	short := shipDoc(t)
	short.Buffers[0].EmbeddedResource()
	short.Buffers[0].ByteLength += 64
	img := shipDoc(t)
	img.Images[0] = &gltf.Image{URI: "textures/hull.png"}
	cases := []struct {
		name, file string
		data       []byte
		fsys       fs.FS // nil: none
		want       string
	}{
		{"truncated", "ship.glb", glb[:len(glb)/2], nil, "ship.glb: truncated .glb: its header says"},
		{"header only", "ship.glb", glb[:14], nil, "ship.glb: truncated .glb: 14 bytes"},
		{"length past the end", "ship.glb", longer, nil, "truncated .glb"},
		{"not glTF", "ship.glb", []byte("hello, world"), nil, "ship.glb: not a glTF file"},
		{"bad JSON", "ship.gltf", []byte(`{"asset": {"version": "2.0"}, "nodes": [`), nil, "ship.gltf: reading the JSON"},
		{"version 1", "ship.gltf", []byte(`{"asset": {"version": "1.0"}}`), nil, `ship.gltf: glTF version "1.0"`},
		{"missing buffer file", "ship.gltf", extJSON, fstest.MapFS{}, `ship.gltf: buffer 0: external file "ship.bin"`},
		{"no file system", "ship.gltf", extJSON, nil, `ship.gltf: buffer 0: external file "ship.bin": no file system`},
		{"short buffer file", "ship.gltf", extJSON, fstest.MapFS{"ship.bin": {Data: []byte{1, 2, 3}}}, "ship.gltf: buffer 0 declares"},
		{"short data URI", "ship.gltf", encodeJSON(t, short), nil, "ship.gltf: buffer 0: data URI holds"},
		{"missing image file", "ship.glb", encodeGLB(t, img), fstest.MapFS{}, `ship.glb: material 0: base colour texture: texture 0: image 0: external file "textures/hull.png"`},
		{"escaping URI", "ship.gltf", []byte(`{"asset":{"version":"2.0"},"buffers":[{"uri":"../secret.bin","byteLength":4}]}`), fstest.MapFS{}, "ship.gltf: buffer 0: external file \"../secret.bin\" lies outside"},
		{"remote URI", "ship.gltf", []byte(`{"asset":{"version":"2.0"},"buffers":[{"uri":"https://example.com/a.bin","byteLength":4}]}`), fstest.MapFS{}, "ship.gltf: buffer 0: URI \"https://example.com/a.bin\": only data: URIs"},
		{"empty", "ship.glb", nil, nil, "ship.glb: not a glTF file"},
		{"buffer without URI", "ship.gltf", []byte(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":4}]}`), nil, "ship.gltf: buffer 0 has no URI"},
	}
	for _, c := range cases {
		var l Library
		_, err := l.DecodeModel(c.file, c.data, c.fsys)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if _, err := ReadInfo(fstest.MapFS{"ship.glb": {Data: glb[:30]}}, "ship.glb"); err == nil || !strings.Contains(err.Error(), "ship.glb: truncated .glb: the JSON chunk") {
		t.Errorf("ReadInfo of a truncated .glb: got %v, want it refused", err)
	}
}

// TestLongModelName: asset names longer than a Library allows are refused
// before anything is registered.
func TestLongModelName(t *testing.T) {
	var l Library
	name := strings.Repeat("deep/", 50) + "ship.glb"
	_, err := l.DecodeModel(name, encodeGLB(t, shipDoc(t)), nil)
	if err == nil || !strings.Contains(err.Error(), "want UTF-8 text of 1 to 256 bytes") || l.Hash() != new(Library).Hash() {
		t.Errorf("got %v, want the names refused and nothing registered", err)
	}
}

// peakFactor and peakSlack state the bound every loader test below holds a
// model to: loading allocates at most peakFactor times the bytes of its
// files plus peakSlack, whatever the file asks for.
const (
	peakFactor = 64
	peakSlack  = 8 << 20
)

// allocated returns the bytes f allocates (TotalAlloc, which never goes
// down: an upper bound of the peak f adds to the heap).
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// sharedAccessorGLTF is a .gltf whose one accessor, without a buffer view
// (all zeros), holds verts positions and is the POSITION of prims
// primitives without normals; with channels > 0 it also has that many
// rotation channels sharing one sampler of keys keys.
func sharedAccessorGLTF(verts, prims, channels, keys int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"asset":{"version":"2.0"},"nodes":[{"mesh":0}],"accessors":[{"componentType":5126,"count":%d,"type":"VEC3"}`, verts)
	if channels > 0 {
		// Times 0, 1, 2... and identity rotations, from one buffer.
		fmt.Fprintf(&b, `,{"componentType":5126,"count":%d,"type":"SCALAR","bufferView":0},{"componentType":5126,"count":%d,"type":"VEC4","bufferView":1}`, keys, keys)
	}
	b.WriteString(`],"meshes":[{"primitives":[`)
	for i := range prims {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"attributes":{"POSITION":0}}`)
	}
	b.WriteString(`]}]`)
	if channels > 0 {
		var buf []byte
		for k := range keys {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(float32(k)))
		}
		for range keys {
			buf = binary.LittleEndian.AppendUint32(buf, 0)
			buf = binary.LittleEndian.AppendUint32(buf, 0)
			buf = binary.LittleEndian.AppendUint32(buf, 0)
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(1))
		}
		fmt.Fprintf(&b, `,"buffers":[{"uri":"data:application/octet-stream;base64,%s","byteLength":%d}]`, base64.StdEncoding.EncodeToString(buf), len(buf))
		fmt.Fprintf(&b, `,"bufferViews":[{"buffer":0,"byteLength":%d},{"buffer":0,"byteOffset":%d,"byteLength":%d}]`, 4*keys, 4*keys, 16*keys)
		b.WriteString(`,"animations":[{"samplers":[{"input":1,"output":2}],"channels":[`)
		for i := range channels {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`{"sampler":0,"target":{"node":0,"path":"rotation"}}`)
		}
		b.WriteString(`]}]`)
	}
	b.WriteString(`}`)
	return []byte(b.String())
}

// TestSharedAccessorsAreChargedOnce: primitives (and animation channels)
// sharing one accessor share its decoded data, so a small file naming one
// accessor many times loads within peakFactor times its size, or is
// refused by name; it never takes a copy per use.
func TestSharedAccessorsAreChargedOnce(t *testing.T) {
	tests := []struct {
		name                         string
		verts, prims, channels, keys int
		refused                      string // "": loads
	}{
		{"one primitive", 24999, 1, 0, 0, ""},
		{"50 primitives, one accessor", 24999, 50, 0, 0, ""},
		{"2000 primitives, one accessor", 24999, 2000, 0, 0, "reused too often"},
		{"2000 rotation channels, one sampler", 3, 1, 2000, 20000, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := sharedAccessorGLTF(tc.verts, tc.prims, tc.channels, tc.keys)
			var l Library
			var err error
			got := allocated(func() { _, err = l.DecodeModel("shared.gltf", data, nil) })
			if limit := uint64(peakFactor*len(data) + peakSlack); got > limit {
				t.Errorf("a %d-byte model allocated %d bytes (error: %v): want at most %d", len(data), got, err, limit)
			}
			// Shared data costs once, so these load; checking every use
			// takes time, so the largest is refused by name.
			if err != nil && !(tc.refused != "" && strings.Contains(err.Error(), tc.refused)) {
				t.Errorf("%v", err)
			}
		})
	}
}

// jsonFactor bounds what parsing a model's JSON allocates: an element of
// a few bytes ("{}" for a node) becomes a record of a few hundred, so the
// JSON costs up to jsonFactor bytes a byte, plus peakSlack.
const jsonFactor = 512

// TestJSONElementsAreBounded: a model made of a hundred thousand tiny
// elements of one kind loads, or is refused by name, within jsonFactor
// times its size.
func TestJSONElementsAreBounded(t *testing.T) {
	const n = 100000
	acc := `{"componentType":5126,"count":3,"type":"VEC3"}`
	tests := []struct{ kind, item string }{
		{"nodes", `{}`},
		{"materials", `{}`},
		{"textures", `{}`},
		{"images", `{}`},
		{"animations", `{}`},
		{"samplers", `{}`},
		{"scenes", `{}`},
		{"accessors", acc},
		{"meshes", `{"primitives":[{"attributes":{"POSITION":0}}]}`},
		{"nodes", `{"children":[]}`},
	}
	for _, tc := range tests {
		t.Run(tc.kind+" "+tc.item, func(t *testing.T) {
			js := `{"asset":{"version":"2.0"},"` + tc.kind + `":[` + strings.Repeat(tc.item+",", n-1) + tc.item + `]`
			if tc.kind != "accessors" {
				js += `,"accessors":[` + acc + `]`
			}
			data := []byte(js + "}")
			var l Library
			var err error
			got := allocated(func() { _, err = l.DecodeModel("many.gltf", data, nil) })
			if limit := uint64(jsonFactor*len(data) + peakSlack); got > limit {
				t.Errorf("a %d-byte model allocated %d bytes (error: %v): want at most %d", len(data), got, err, limit)
			}
		})
	}
}

// TestSpawnedActorsAreBounded: nodes naming one mesh of many primitives
// would spawn an actor per node and primitive; a model asking for more
// actors than its size allows is refused by name when it loads.
func TestSpawnedActorsAreBounded(t *testing.T) {
	const nodes, prims = 10000, 1000 // 10 million actors from 150 KB
	var b strings.Builder
	b.WriteString(`{"asset":{"version":"2.0"},"accessors":[{"componentType":5126,"count":3,"type":"VEC3"}],"meshes":[{"primitives":[`)
	b.WriteString(strings.Repeat(`{"attributes":{"POSITION":0}},`, prims-1) + `{"attributes":{"POSITION":0}}]}],"nodes":[`)
	b.WriteString(strings.Repeat(`{"mesh":0},`, nodes-1) + `{"mesh":0}]}`)
	var l Library
	_, err := l.DecodeModel("crowd.gltf", []byte(b.String()), nil)
	if err == nil || !strings.Contains(err.Error(), "actors") {
		t.Fatalf("got %v, want the model refused for the actors it would spawn", err)
	}
}
