package assetgen

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// snapScale is the grid values are snapped to before they become float32:
// 2^-20, exact in float32 for every magnitude below 16.
const snapScale = 1 << 20

// snap rounds v to the grid and converts it to float32 exactly.
func snap(v float64) float32 { return float32(math.Round(v*snapScale) / snapScale) }

func snap2(v [2]float64) [2]float32 { return [2]float32{snap(v[0]), snap(v[1])} }
func snap3(v [3]float64) [3]float32 { return [3]float32{snap(v[0]), snap(v[1]), snap(v[2])} }
func snap4(v [4]float64) [4]float32 {
	return [4]float32{snap(v[0]), snap(v[1]), snap(v[2]), snap(v[3])}
}

func snapAll[T any, U any](in []T, f func(T) U) []U {
	if len(in) == 0 {
		return nil
	}
	out := make([]U, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

// writePrimitive stores s in doc's buffer as interleaved vertex attributes
// (POSITION, and NORMAL, TEXCOORD_0 and COLOR_0 where s has them) and,
// when s has indices, a u16 index accessor; it returns the primitive.
func writePrimitive(doc *gltf.Document, s shape, material int) (*gltf.Primitive, error) {
	attrs := []modeler.PrimitiveAttribute{{Name: gltf.POSITION, Data: snapAll(s.pos, snap3)}}
	if len(s.nrm) > 0 {
		attrs = append(attrs, modeler.PrimitiveAttribute{Name: gltf.NORMAL, Data: snapAll(s.nrm, snap3)})
	}
	if len(s.uv) > 0 {
		attrs = append(attrs, modeler.PrimitiveAttribute{Name: gltf.TEXCOORD_0, Data: snapAll(s.uv, snap2)})
	}
	if len(s.col) > 0 {
		attrs = append(attrs, modeler.PrimitiveAttribute{Name: gltf.COLOR_0, Data: snapAll(s.col, snap4)})
	}
	for _, a := range attrs[1:] {
		if n := sliceLen(a.Data); n != len(s.pos) {
			return nil, fmt.Errorf("%s: %d values for %d positions", a.Name, n, len(s.pos))
		}
	}
	m, err := modeler.WritePrimitiveAttributes(doc, attrs...)
	if err != nil {
		return nil, fmt.Errorf("write vertex attributes: %w", err)
	}
	p := &gltf.Primitive{Attributes: m, Material: gltf.Index(material)}
	if len(s.idx) > 0 {
		for _, i := range s.idx {
			if int(i) >= len(s.pos) {
				return nil, fmt.Errorf("index %d past %d vertices", i, len(s.pos))
			}
		}
		p.Indices = gltf.Index(modeler.WriteIndices(doc, s.idx))
	}
	return p, nil
}

func sliceLen(data any) int {
	switch d := data.(type) {
	case [][2]float32:
		return len(d)
	case [][3]float32:
		return len(d)
	case [][4]float32:
		return len(d)
	}
	return -1
}

// writeKeys stores an animation sampler's key times and returns their
// accessor, with the min and max that glTF requires of it.
func writeKeys(doc *gltf.Document, times []float32) int {
	i := modeler.WriteAccessor(doc, gltf.TargetNone, times)
	doc.Accessors[i].Min = []float64{float64(times[0])}
	doc.Accessors[i].Max = []float64{float64(times[len(times)-1])}
	return i
}

// addChannel adds an animation named name, with one sampler and one
// channel driving path of node, to doc. out holds the sampler's values:
// [][3]float32 or [][4]float32.
func addChannel(doc *gltf.Document, name string, node int, path gltf.TRSProperty, interp gltf.Interpolation, times []float32, out any) {
	in := writeKeys(doc, times)
	o := modeler.WriteAccessor(doc, gltf.TargetNone, out)
	doc.Animations = append(doc.Animations, &gltf.Animation{
		Name:     name,
		Samplers: []*gltf.AnimationSampler{{Input: in, Output: o, Interpolation: interp}},
		Channels: []*gltf.AnimationChannel{{
			Sampler: 0,
			Target:  gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: path},
		}},
	})
}

// addImage adds a PNG image to doc: in the binary buffer (a bufferView)
// when inBuffer is true, as a data: URI otherwise.
func addImage(doc *gltf.Document, name string, data []byte, inBuffer bool) (int, error) {
	if inBuffer {
		i, err := modeler.WriteImage(doc, name, "image/png", bytes.NewReader(data))
		if err != nil {
			return 0, fmt.Errorf("image %s: %w", name, err)
		}
		return i, nil
	}
	doc.Images = append(doc.Images, &gltf.Image{
		Name:     name,
		MimeType: "image/png",
		URI:      "data:image/png;base64," + base64.StdEncoding.EncodeToString(data),
	})
	return len(doc.Images) - 1, nil
}

// encode writes doc as a .glb (binary) or as a .gltf whose buffers are
// embedded as data: URIs, indented for readable diffs.
func encode(doc *gltf.Document, binary bool) ([]byte, error) {
	var buf bytes.Buffer
	enc := gltf.NewEncoder(&buf)
	enc.AsBinary = binary
	if !binary {
		enc.SetJSONIndent("", "  ")
	}
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("encode glTF: %w", err)
	}
	return buf.Bytes(), nil
}
