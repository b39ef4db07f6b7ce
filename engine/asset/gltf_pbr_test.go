package asset

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// pbrDoc is a quad with UVs and no tangents whose material has every PBR
// map: metallic-roughness, normal, occlusion (all one image) and an
// emissive one with KHR_materials_emissive_strength; and two lights.
func pbrDoc(t *testing.T) *gltf.Document {
	doc := gltf.NewDocument()
	pos := modeler.WritePosition(doc, [][3]float32{{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1}})
	norm := modeler.WriteNormal(doc, [][3]float32{{0, 1, 0}, {0, 1, 0}, {0, 1, 0}, {0, 1, 0}})
	uv := modeler.WriteTextureCoord(doc, [][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}})
	idx := modeler.WriteIndices(doc, []uint16{0, 2, 1, 0, 3, 2})
	data, err := modeler.WriteImage(doc, "data", "image/png", bytes.NewReader(pngBytes(t)))
	if err != nil {
		t.Fatal(err)
	}
	glow, err := modeler.WriteImage(doc, "glow", "image/png", bytes.NewReader(pngBytes(t)))
	if err != nil {
		t.Fatal(err)
	}
	doc.Textures = []*gltf.Texture{{Source: gltf.Index(data)}, {Source: gltf.Index(glow)}}
	doc.Materials = []*gltf.Material{{
		PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
			MetallicFactor: gltf.Float(0.25), RoughnessFactor: gltf.Float(0),
			MetallicRoughnessTexture: &gltf.TextureInfo{Index: 0},
		},
		NormalTexture:    &gltf.NormalTexture{Index: gltf.Index(0), Scale: gltf.Float(0.5)},
		OcclusionTexture: &gltf.OcclusionTexture{Index: gltf.Index(0), Strength: gltf.Float(0.75)},
		EmissiveTexture:  &gltf.TextureInfo{Index: 1},
		EmissiveFactor:   [3]float64{1, 0.5, 0},
		Extensions:       gltf.Extensions{"KHR_materials_emissive_strength": map[string]any{"emissiveStrength": 4.0}},
	}}
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{
		Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos, gltf.NORMAL: norm, gltf.TEXCOORD_0: uv},
		Indices:    gltf.Index(idx), Material: gltf.Index(0),
	}}}}
	doc.Extensions = gltf.Extensions{"KHR_lights_punctual": map[string]any{"lights": []any{
		map[string]any{"type": "point", "color": []float64{1, 0.5, 0.25}, "intensity": 20.0, "range": 8.0},
		map[string]any{"type": "spot", "spot": map[string]any{"innerConeAngle": 0.2, "outerConeAngle": 0.5}},
		map[string]any{"type": "directional", "name": "sun"},
	}}}
	doc.ExtensionsUsed = []string{"KHR_lights_punctual", "KHR_materials_emissive_strength"}
	doc.Nodes = []*gltf.Node{
		{Mesh: gltf.Index(0), Children: []int{1, 2, 3}},
		{Translation: [3]float64{0, 3, 0}, Extensions: gltf.Extensions{"KHR_lights_punctual": map[string]any{"light": 0}}},
		{Extensions: gltf.Extensions{"KHR_lights_punctual": map[string]any{"light": 1}}},
		{Extensions: gltf.Extensions{"KHR_lights_punctual": map[string]any{"light": 2}}},
	}
	doc.Scenes = []*gltf.Scene{{Nodes: []int{0}}}
	return doc
}

func TestLoadModelPBRMaterial(t *testing.T) {
	var l Library
	md, err := l.DecodeModel("pbr.glb", encodeGLB(t, pbrDoc(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := l.MaterialID("pbr.glb#material0")
	m, _ := l.Material(id)
	if m.Shading != gfx.PBR || m.Metallic != 0.25 || m.Roughness == 0 || m.Roughness > 1e-30 {
		t.Errorf("shading %v metallic %v roughness %v: want PBR, 0.25 and the smallest float (a file's 0)", m.Shading, m.Metallic, m.Roughness)
	}
	if m.NormalScale != 0.5 || m.OcclusionStrength != 0.75 {
		t.Errorf("normal scale %v, occlusion strength %v: want 0.5, 0.75", m.NormalScale, m.OcclusionStrength)
	}
	if want := (gfx.Color{R: 4, G: 2, B: 0, A: 1}); m.Emissive != want {
		t.Errorf("emissive %+v, want %+v (factor × KHR_materials_emissive_strength)", m.Emissive, want)
	}
	data, _ := l.ImageID("pbr.glb#image0")
	glow, _ := l.ImageID("pbr.glb#image1")
	if m.MetalRoughTexture != data || m.NormalTexture != data || m.OcclusionTexture != data || m.EmissiveTexture != glow {
		t.Errorf("maps %v, want data image %d thrice and glow %d", m.Images(), data, glow)
	}
	if im, _ := l.Image(data); im.Space != gfx.Linear {
		t.Errorf("data image space %v, want linear", im.Space)
	}
	if im, _ := l.Image(glow); im.Space != gfx.SRGB {
		t.Errorf("emissive image space %v, want sRGB", im.Space)
	}
	mesh, _ := l.Mesh(md.Nodes[0].Meshes[0])
	if len(mesh.Tangents) != len(mesh.Positions) {
		t.Fatalf("%d tangents for %d vertices: want them generated for the normal map", len(mesh.Tangents), len(mesh.Positions))
	}
	// u grows along +X: the tangent is +X, unmirrored.
	for i, tg := range mesh.Tangents {
		if math.Abs(float64(tg[0]-1)) > 1e-5 || tg[3] != 1 {
			t.Errorf("tangent %d = %v, want (1 0 0 1)", i, tg)
		}
	}
}

func TestLoadModelLights(t *testing.T) {
	var l Library
	md, err := l.DecodeModel("pbr.glb", encodeGLB(t, pbrDoc(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	p := md.Nodes[1].Light
	if p == nil || p.Kind != gfx.PointLight || p.Intensity != 20 || p.Range != 8 || p.Color != (gfx.Color{R: 1, G: 0.5, B: 0.25, A: 1}) {
		t.Errorf("node 1 light %+v, want a point light of colour (1 0.5 0.25), intensity 20, range 8", p)
	}
	s := md.Nodes[2].Light
	if s == nil || s.Kind != gfx.SpotLight || s.Inner != 0.2 || s.Outer != 0.5 || s.Intensity != 1 {
		t.Errorf("node 2 light %+v, want a spot light with cone 0.2 to 0.5", s)
	}
	if md.Nodes[3].Light != nil {
		t.Errorf("node 3's directional light was loaded as %+v, want it left out", md.Nodes[3].Light)
	}
	if !strings.Contains(strings.Join(md.Notices, "\n"), `"sun" is directional`) {
		t.Errorf("notices %q: want one naming the directional light", md.Notices)
	}

	// Spawned, the light follows its actor's render matrix.
	var mgr scene.Manager
	_, err = md.Spawn(&mgr, scene.Spec{Pos: [3]float32{10, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	mgr.Interpolate(0)
	dl := mgr.BuildDrawList()
	if len(dl.Lights()) != 2 {
		t.Fatalf("%d lights in the draw list, want 2", len(dl.Lights()))
	}
	got := dl.Lights()[0].Position
	if got[0] != 10 || got[1] != 3 {
		t.Errorf("point light drawn at %v, want (10 3 0): its node under the spawned root", got)
	}
}

func TestLoadModelBadLights(t *testing.T) {
	tests := []struct {
		name string
		edit func(*gltf.Document)
		want string
	}{
		{"negative range", func(d *gltf.Document) {
			d.Extensions["KHR_lights_punctual"] = map[string]any{"lights": []any{map[string]any{"type": "point", "range": -1.0}}}
		}, "range -1"},
		{"unknown type", func(d *gltf.Document) {
			d.Extensions["KHR_lights_punctual"] = map[string]any{"lights": []any{map[string]any{"type": "area"}}}
		}, `unknown type "area"`},
		{"missing light", func(d *gltf.Document) {
			d.Nodes[1].Extensions["KHR_lights_punctual"] = map[string]any{"light": 9}
		}, "light 9 does not exist"},
		{"inverted cone", func(d *gltf.Document) {
			d.Extensions["KHR_lights_punctual"] = map[string]any{"lights": []any{map[string]any{"type": "spot",
				"spot": map[string]any{"innerConeAngle": 0.6, "outerConeAngle": 0.5}}}}
			d.Nodes[1].Extensions = nil
			d.Nodes[2].Extensions = nil
			d.Nodes[3].Extensions = nil
		}, "inner 0.6, outer 0.5"},
		{"metallic above 1", func(d *gltf.Document) { d.Materials[0].PBRMetallicRoughness.MetallicFactor = gltf.Float(2) }, "metallicFactor 2"},
		{"negative emissive strength", func(d *gltf.Document) {
			d.Materials[0].Extensions["KHR_materials_emissive_strength"] = map[string]any{"emissiveStrength": -1.0}
		}, "emissive_strength -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := pbrDoc(t)
			tt.edit(doc)
			var l Library
			_, err := l.DecodeModel("bad.glb", encodeGLB(t, doc), nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestAddMaterialRefusesColourImageAsData(t *testing.T) {
	var l Library
	img, err := l.AddImage("colour", &Image{Width: 1, Height: 1, Pix: []byte{1, 2, 3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.AddMaterial("m", &Material{Shading: gfx.PBR, NormalTexture: img})
	if err == nil || !strings.Contains(err.Error(), "normal texture 1 is an sRGB colour image") {
		t.Fatalf("got %v, want an error naming the normal texture's colour space", err)
	}
}

func TestLoadModelGreyscaleNormalMapLeftOut(t *testing.T) {
	doc := pbrDoc(t)
	grey := image.NewGray(image.Rect(0, 0, 2, 2))
	copy(grey.Pix, []byte{10, 200, 90, 128})
	var b bytes.Buffer
	if err := png.Encode(&b, grey); err != nil {
		t.Fatal(err)
	}
	img, err := modeler.WriteImage(doc, "height", "image/png", bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	doc.Textures = append(doc.Textures, &gltf.Texture{Source: gltf.Index(img)})
	doc.Materials[0].NormalTexture.Index = gltf.Index(len(doc.Textures) - 1)
	var l Library
	md, err := l.DecodeModel("grey.glb", encodeGLB(t, doc), nil)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := l.MaterialID("grey.glb#material0")
	m, _ := l.Material(id)
	if m.NormalTexture != 0 {
		t.Errorf("normal texture %d, want the greyscale map left out", m.NormalTexture)
	}
	if !strings.Contains(strings.Join(md.Notices, "\n"), "is greyscale") {
		t.Errorf("notices %q: want one about the greyscale normal map", md.Notices)
	}
}
