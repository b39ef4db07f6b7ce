package asset

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
)

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
