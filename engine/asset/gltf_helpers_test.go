package asset

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// The test documents are built in memory with qmuntal/gltf's modeler and
// encoded as .glb or .gltf; no file outside the package is read.

// shipPixels returns the 2×2 base colour image of the ship: red, green,
// blue, half-transparent white.
func shipPixels() []byte {
	return []byte{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128}
}

func pngBytes(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	copy(img.Pix, shipPixels())
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// gunMatrix is node 1's transform, given as a matrix: translate (0, 1, 2),
// rotate 90° about Y, scale 2.
func gunMatrix() mgl32.Mat4 {
	return mgl32.Translate3D(0, 1, 2).Mul4(mgl32.HomogRotate3DY(math.Pi / 2)).Mul4(mgl32.Scale3D(2, 2, 2))
}

// shipDoc is the test model:
//
//	node 0 "body": TRS, mesh 0, children 1 and 2
//	node 1 "gun":  matrix, mesh 1
//	node 2 "lamp": no mesh
//	mesh 0 primitive 0: a textured quad, float UVs and normals, 16-bit
//	  indices, material 0 (texture, sampler, KHR_texture_transform)
//	mesh 0 primitive 1: a triangle without normals or indices, normalized
//	  8-bit UVs and 16-bit RGBA colours, material 1 (unlit, blended)
//	mesh 1 primitive 0: a triangle strip of interleaved positions and
//	  8-bit RGB colours, 8-bit indices, no material
func shipDoc(t testing.TB) *gltf.Document {
	t.Helper()
	doc := gltf.NewDocument()
	// Mesh 0 primitive 0.
	quadPos := modeler.WritePosition(doc, [][3]float32{{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1}})
	quadNorm := modeler.WriteNormal(doc, [][3]float32{{0, 1, 0}, {0, 1, 0}, {0, 1, 0}, {0, 1, 0}})
	quadUV := modeler.WriteTextureCoord(doc, [][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}})
	quadIdx := modeler.WriteIndices(doc, []uint16{0, 2, 1, 0, 3, 2})
	// Mesh 0 primitive 1.
	triPos := modeler.WritePosition(doc, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})
	triUV := modeler.WriteTextureCoord(doc, [][2]uint8{{0, 0}, {255, 0}, {0, 51}})
	triCol := modeler.WriteColor(doc, [][4]uint16{{65535, 0, 0, 65535}, {0, 65535, 0, 32768}, {0, 0, 65535, 0}})
	// Mesh 1: interleaved.
	attrs, err := modeler.WritePrimitiveAttributes(doc,
		modeler.PrimitiveAttribute{Name: gltf.POSITION, Data: [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}},
		modeler.PrimitiveAttribute{Name: gltf.COLOR_0, Data: [][3]uint8{{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 255}}},
	)
	if err != nil {
		t.Fatal(err)
	}
	stripIdx := modeler.WriteAccessor(doc, gltf.TargetElementArrayBuffer, []uint8{0, 1, 2, 3})
	img, err := modeler.WriteImage(doc, "hull", "image/png", bytes.NewReader(pngBytes(t)))
	if err != nil {
		t.Fatal(err)
	}
	doc.Samplers = []*gltf.Sampler{{MagFilter: gltf.MagNearest, MinFilter: gltf.MinNearest, WrapS: gltf.WrapClampToEdge, WrapT: gltf.WrapMirroredRepeat}}
	doc.Textures = []*gltf.Texture{{Sampler: gltf.Index(0), Source: gltf.Index(img)}}
	doc.ExtensionsUsed = []string{"KHR_texture_transform", "KHR_materials_unlit"}
	doc.ExtensionsRequired = []string{"KHR_texture_transform"}
	doc.Materials = []*gltf.Material{
		{
			Name: "hull",
			PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
				BaseColorFactor: &[4]float64{1, 0.5, 0.25, 1},
				BaseColorTexture: &gltf.TextureInfo{Index: 0, Extensions: gltf.Extensions{
					"KHR_texture_transform": map[string]any{"offset": []float64{0.5, 0.25}, "scale": []float64{2, 3}, "rotation": 0.5},
				}},
			},
			AlphaMode:   gltf.AlphaMask,
			AlphaCutoff: gltf.Float(0.25),
		},
		{
			Name:                 "glow",
			PBRMetallicRoughness: &gltf.PBRMetallicRoughness{BaseColorFactor: &[4]float64{0, 1, 0, 0.5}},
			AlphaMode:            gltf.AlphaBlend,
			DoubleSided:          true,
			Extensions:           gltf.Extensions{"KHR_materials_unlit": map[string]any{}},
		},
	}
	doc.Meshes = []*gltf.Mesh{
		{Name: "body", Primitives: []*gltf.Primitive{
			{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: quadPos, gltf.NORMAL: quadNorm, gltf.TEXCOORD_0: quadUV}, Indices: gltf.Index(quadIdx), Material: gltf.Index(0)},
			{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: triPos, gltf.TEXCOORD_0: triUV, gltf.COLOR_0: triCol}, Material: gltf.Index(1)},
		}},
		{Name: "gun", Primitives: []*gltf.Primitive{
			{Attributes: attrs, Indices: gltf.Index(stripIdx), Mode: gltf.PrimitiveTriangleStrip},
		}},
	}
	var gm [16]float64
	for i, v := range gunMatrix() {
		gm[i] = float64(v)
	}
	doc.Nodes = []*gltf.Node{
		{Name: "body", Mesh: gltf.Index(0), Children: []int{1, 2}, Translation: [3]float64{1, 2, 3},
			Rotation: [4]float64{0, 0, math.Sin(math.Pi / 8), math.Cos(math.Pi / 8)}, Scale: [3]float64{1, 1, 0.5}},
		{Name: "gun", Mesh: gltf.Index(1), Matrix: gm},
		{Name: "lamp", Translation: [3]float64{0, 3, 0}},
	}
	doc.Scenes[0].Nodes = []int{0}
	return doc
}

// encodeGLB encodes doc as a .glb (its first buffer the BIN chunk).
func encodeGLB(t testing.TB, doc *gltf.Document) []byte {
	t.Helper()
	var b bytes.Buffer
	e := gltf.NewEncoder(&b)
	e.AsBinary = true
	if err := e.Encode(doc); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// encodeGLTF encodes doc as .gltf JSON with its buffers as data: URIs.
func encodeGLTF(t testing.TB, doc *gltf.Document) []byte {
	t.Helper()
	for _, b := range doc.Buffers {
		b.EmbeddedResource()
	}
	return encodeJSON(t, doc)
}

// encodeJSON encodes doc as .gltf JSON, the buffers' URIs as they are.
func encodeJSON(t testing.TB, doc *gltf.Document) []byte {
	t.Helper()
	var b bytes.Buffer
	e := gltf.NewEncoder(&b)
	e.AsBinary = false
	if err := e.Encode(doc); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// world returns node i's world transform from its and its ancestors'
// translation, rotation and scale.
func world(m *Model, i int) mgl32.Mat4 {
	n := m.Nodes[i]
	local := mgl32.Translate3D(n.Pos[0], n.Pos[1], n.Pos[2]).Mul4(n.Rot.Mat4()).Mul4(mgl32.Scale3D(n.Scale[0], n.Scale[1], n.Scale[2]))
	if n.Parent < 0 {
		return local
	}
	return world(m, n.Parent).Mul4(local)
}

func near(a, b []float32, eps float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if d := a[i] - b[i]; d > eps || d < -eps {
			return false
		}
	}
	return true
}
