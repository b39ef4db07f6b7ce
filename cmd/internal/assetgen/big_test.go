package assetgen

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

func TestBigGLB(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 10 MB model")
	}
	const target = 10 << 20
	data, err := BigGLB(target)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < target {
		t.Fatalf("got %d bytes, want at least %d", len(data), target)
	}
	doc := decodeGLTF(t, data)
	if len(doc.Meshes) == 0 || len(doc.Images) != 1 {
		t.Fatalf("got %d meshes and %d images, want some and 1", len(doc.Meshes), len(doc.Images))
	}
	for _, m := range doc.Meshes {
		p := m.Primitives[0]
		for _, a := range []string{gltf.POSITION, gltf.NORMAL, gltf.TEXCOORD_0} {
			if _, ok := p.Attributes[a]; !ok {
				t.Fatalf("%s: no %s", m.Name, a)
			}
		}
		if p.Indices == nil || doc.Accessors[*p.Indices].ComponentType != gltf.ComponentUint {
			t.Fatalf("%s: want u32 indices", m.Name)
		}
	}
	idx, err := modeler.ReadIndices(doc, doc.Accessors[*doc.Meshes[0].Primitives[0].Indices], nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := bigTileQuads * bigTileQuads * 6; len(idx) != want {
		t.Errorf("tile 0: got %d indices, want %d", len(idx), want)
	}
	img, err := modeler.ReadBufferView(doc, doc.BufferViews[*doc.Images[0].BufferView])
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(img))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != BigTextureSize || cfg.Height != BigTextureSize {
		t.Errorf("texture: got %dx%d, want %dx%d", cfg.Width, cfg.Height, BigTextureSize, BigTextureSize)
	}
	t.Logf("%d bytes, %d tiles, texture %d bytes", len(data), len(doc.Meshes), len(img))
}

func TestBigGLBSmall(t *testing.T) {
	// A target the texture alone passes still gets one tile of geometry.
	data, err := BigGLB(0)
	if err != nil {
		t.Fatal(err)
	}
	if doc := decodeGLTF(t, data); len(doc.Meshes) != 1 {
		t.Errorf("got %d meshes, want 1", len(doc.Meshes))
	}
	if _, err := BigGLB(-1); err == nil {
		t.Error("BigGLB(-1): got no error")
	}
}
