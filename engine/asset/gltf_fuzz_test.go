package asset

import (
	"testing"
	"testing/fstest"

	"github.com/qmuntal/gltf"

	"github.com/tickwork/tickwork/scene"
)

// FuzzDecodeModel: whatever the bytes, DecodeModel returns an error or a
// model that passes Validate and whose meshes are all in the library, and
// it never panics. The seeds are the test models as .glb and .gltf.
func FuzzDecodeModel(f *testing.F) {
	f.Add(encodeGLB(f, shipDoc(f)))
	f.Add(encodeGLTF(f, shipDoc(f)))
	f.Add(encodeGLB(f, animDoc(f)))
	f.Add(encodeGLB(f, sparseDoc(f)))
	f.Add(encodeGLB(f, skinAnimDoc(f)))
	ext := shipDoc(f)
	bin := ext.Buffers[0].Data
	ext.Buffers[0].URI = "ship.bin"
	f.Add(encodeJSON(f, ext))
	fsys := fstest.MapFS{"ship.bin": {Data: bin}}
	f.Fuzz(func(t *testing.T, data []byte) {
		var l Library
		m, err := l.DecodeModel("fuzz.glb", data, fsys)
		if err != nil {
			if l.Meshes() != 0 {
				t.Fatalf("got %d meshes registered by a failed load, want none", l.Meshes())
			}
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("got a model that fails Validate: %v", err)
		}
		for i, n := range m.Nodes {
			for _, id := range n.Meshes {
				if _, ok := l.Mesh(id); !ok {
					t.Fatalf("node %d draws mesh %v, which is not in the library", i, id)
				}
			}
		}
		if info, err := infoOf(mustParse(t, data)); err != nil || info != m.Info {
			t.Fatalf("got info %v, %v from the JSON alone, want the model's %v", info, err, m.Info)
		}
		// Every clip poses, skins and morphs without panicking.
		p, err := NewPose(m, 1)
		if err != nil {
			t.Fatalf("a model that loaded cannot be posed: %v", err)
		}
		for clip := range m.Animations {
			p.Play(0, clip, true, 2)
			p.Tick(0.1)
			p.Interpolate(0.5, scene.ModeInterpolate)
		}
	})
}

func mustParse(t *testing.T, data []byte) *gltf.Document {
	t.Helper()
	doc, _, err := parseDocument(data)
	if err != nil {
		t.Fatalf("a file that loaded does not parse: %v", err)
	}
	return doc
}
