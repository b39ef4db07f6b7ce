package assetgen

import (
	"bytes"
	"encoding/base64"
	"reflect"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/ext/unlit"
	"github.com/qmuntal/gltf/modeler"
)

// beaconForms are the beacon's two container forms.
var beaconForms = []struct {
	name   string
	make   func() ([]byte, error)
	binary bool
}{
	{"beacon.glb", BeaconGLB, true},
	{"beacon.gltf", BeaconGLTF, false},
}

func decodeGLTF(t *testing.T, data []byte) *gltf.Document {
	t.Helper()
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(bytes.NewReader(data)).Decode(doc); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return doc
}

func TestBeaconCounts(t *testing.T) {
	for _, form := range beaconForms {
		t.Run(form.name, func(t *testing.T) {
			data, err := form.make()
			if err != nil {
				t.Fatal(err)
			}
			doc := decodeGLTF(t, data)
			prims := 0
			for _, m := range doc.Meshes {
				prims += len(m.Primitives)
			}
			tests := []struct {
				what      string
				got, want int
			}{
				{"scenes", len(doc.Scenes), 1},
				{"nodes", len(doc.Nodes), BeaconNodes},
				{"meshes", len(doc.Meshes), BeaconMeshes},
				{"primitives", prims, BeaconPrimitives},
				{"materials", len(doc.Materials), BeaconMaterials},
				{"textures", len(doc.Textures), 2},
				{"images", len(doc.Images), 2},
				{"samplers", len(doc.Samplers), 2},
				{"animations", len(doc.Animations), BeaconAnimations},
				{"buffers", len(doc.Buffers), 1},
				{"root nodes", len(doc.Scenes[0].Nodes), 1},
			}
			for _, tt := range tests {
				if tt.got != tt.want {
					t.Errorf("%s: got %d, want %d", tt.what, tt.got, tt.want)
				}
			}
			if want := []string{unlit.ExtensionName}; !reflect.DeepEqual(doc.ExtensionsUsed, want) {
				t.Errorf("extensionsUsed: got %v, want %v", doc.ExtensionsUsed, want)
			}
			if len(doc.ExtensionsRequired) != 0 {
				t.Errorf("extensionsRequired: got %v, want none", doc.ExtensionsRequired)
			}
			if len(doc.Buffers[0].Data) != doc.Buffers[0].ByteLength {
				t.Errorf("buffer: got %d bytes, want byteLength %d", len(doc.Buffers[0].Data), doc.Buffers[0].ByteLength)
			}
		})
	}
}

// TestBeaconForms checks that the two forms hold the same scene and store
// the buffer and images as each form should.
func TestBeaconForms(t *testing.T) {
	var docs [2]*gltf.Document
	crate, err := CratePNG()
	if err != nil {
		t.Fatal(err)
	}
	for i, form := range beaconForms {
		data, err := form.make()
		if err != nil {
			t.Fatal(err)
		}
		doc := decodeGLTF(t, data)
		docs[i] = doc
		img := doc.Images[*doc.Textures[0].Source]
		if form.binary {
			if !bytes.HasPrefix(data, []byte("glTF")) || img.BufferView == nil || img.URI != "" {
				t.Errorf("%s: want a GLB with the images in bufferViews, got image %+v", form.name, img)
				continue
			}
			got, err := modeler.ReadBufferView(doc, doc.BufferViews[*img.BufferView])
			if err != nil || !bytes.Equal(got, crate) {
				t.Errorf("%s: the crate image's bufferView does not hold crate.png (%v)", form.name, err)
			}
			continue
		}
		const prefix = "data:image/png;base64,"
		if !strings.HasPrefix(img.URI, prefix) || img.BufferView != nil {
			t.Errorf("%s: want the image as a data: URI, got %.40q", form.name, img.URI)
			continue
		}
		got, err := base64.StdEncoding.DecodeString(img.URI[len(prefix):])
		if err != nil || !bytes.Equal(got, crate) {
			t.Errorf("%s: the crate image's URI does not hold crate.png (%v)", form.name, err)
		}
		if uri := doc.Buffers[0].URI; !strings.HasPrefix(uri, "data:application/octet-stream;base64,") {
			t.Errorf("%s: buffer URI %.40q, want a data: URI", form.name, uri)
		}
	}
	glb, txt := docs[0], docs[1]
	for _, part := range []struct {
		name string
		a, b any
	}{
		{"nodes", glb.Nodes, txt.Nodes},
		{"meshes", glb.Meshes, txt.Meshes},
		{"materials", glb.Materials, txt.Materials},
		{"accessors", glb.Accessors, txt.Accessors},
		{"animations", glb.Animations, txt.Animations},
		{"bufferViews but the images'", glb.BufferViews[:len(txt.BufferViews)], txt.BufferViews},
	} {
		if !reflect.DeepEqual(part.a, part.b) {
			t.Errorf("%s differ between beacon.glb and beacon.gltf", part.name)
		}
	}
}
