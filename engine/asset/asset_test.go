package asset

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// quad is two triangles in the XZ plane, facing +Y.
func quad() *Mesh {
	return &Mesh{
		Positions: []mgl32.Vec3{{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1}},
		UVs:       []mgl32.Vec2{{0, 0}, {1, 0}, {1, 1}, {0, 1}},
		Indices:   []uint32{0, 2, 1, 0, 3, 2},
	}
}

func TestBadMeshesAreNamed(t *testing.T) {
	nan := float32(math.NaN())
	cases := []struct {
		name string
		edit func(m *Mesh)
		want string
	}{
		{"no positions", func(m *Mesh) { m.Positions = nil }, "no positions"},
		{"missing normals", func(m *Mesh) { m.Normals = nil }, "normals for 4 positions"},
		{"short uvs", func(m *Mesh) { m.UVs = m.UVs[:3] }, "3 texture coordinates"},
		{"short colours", func(m *Mesh) { m.Colors = make([]gfx.Color, 2) }, "2 colours"},
		{"index past", func(m *Mesh) { m.Indices[4] = 9 }, "index 4 is 9, past the 4 vertices"},
		{"nan position", func(m *Mesh) { m.Positions[2][1] = nan }, "position 2 is not finite"},
		{"inf normal", func(m *Mesh) { m.Normals[1][0] = float32(math.Inf(1)) }, "normal 1 is not finite"},
		{"not triangles", func(m *Mesh) { m.Indices = m.Indices[:4] }, "multiple of 3"},
		{"bad mode", func(m *Mesh) { m.Mode = 42 }, "unknown primitive mode"},
		{"material not loaded", func(m *Mesh) { m.Material = 3 }, "material 3 is not loaded"},
	}
	for _, c := range cases {
		m := quad()
		m.ComputeNormals()
		c.edit(m)
		var l Library
		_, err := l.AddMesh("ship", m)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `"ship"`) {
			t.Errorf("%s: got %v, want an error naming the mesh and saying %q", c.name, err, c.want)
		}
	}
}

// TestIDsAreStable: IDs follow the order of loading (meshes after the
// built-ins), a name loaded again with the same data keeps its ID, with
// other data it is refused, and two libraries loaded alike hash alike.
func TestIDsAreStable(t *testing.T) {
	load := func(extra bool) (*Library, []gfx.MeshID) {
		var l Library
		var ids []gfx.MeshID
		for _, name := range []string{"floor", "crate", "floor"} {
			m := quad()
			m.ComputeNormals()
			if name == "crate" {
				m.Positions[0][1] = 0.5
			}
			id, err := l.AddMesh(name, m)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		if extra {
			m := quad()
			m.ComputeNormals()
			m.Colors = make([]gfx.Color, 4)
			if _, err := l.AddMesh("floor", m); err == nil || !strings.Contains(err.Error(), "already loaded with other data") {
				t.Errorf("reloading floor with other data: got %v, want it refused", err)
			}
		}
		return &l, ids
	}
	a, ids := load(true)
	want := []gfx.MeshID{gfx.NumBuiltinMeshes, gfx.NumBuiltinMeshes + 1, gfx.NumBuiltinMeshes}
	for i := range want {
		if ids[i] != want[i] {
			t.Fatalf("got IDs %v, want %v", ids, want)
		}
	}
	if id, ok := a.MeshID("crate"); !ok || id != want[1] {
		t.Errorf("MeshID(crate): got %v, %v, want %v", id, ok, want[1])
	}
	if m, ok := a.Mesh(want[1]); !ok || m.Positions[0][1] != 0.5 {
		t.Errorf("Mesh(%v): got %v, want the crate", want[1], ok)
	}
	if _, ok := a.Mesh(gfx.MeshCube); ok {
		t.Error("Mesh(MeshCube): got a library mesh, want none (built-ins belong to the renderer)")
	}
	b, _ := load(false)
	if a.Hash() != b.Hash() || a.Meshes() != 2 {
		t.Errorf("got hashes %x and %x with %d meshes, want equal hashes and 2 meshes", a.Hash(), b.Hash(), a.Meshes())
	}
	m := quad()
	m.ComputeNormals()
	if _, err := b.AddMesh("other", m); err != nil {
		t.Fatal(err)
	}
	if a.Hash() == b.Hash() {
		t.Error("got equal hashes after loading another mesh into one library, want different")
	}
}

func encode(t *testing.T, img image.Image, asJPEG bool) []byte {
	t.Helper()
	var b bytes.Buffer
	var err error
	if asJPEG {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 100})
	} else {
		err = png.Encode(&b, img)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDecodeImages(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	src.Set(0, 0, color.NRGBA{255, 0, 0, 255})
	src.Set(3, 1, color.NRGBA{0, 0, 255, 128})
	im, err := DecodeImage(bytes.NewReader(encode(t, src, false)), SRGB)
	if err != nil {
		t.Fatal(err)
	}
	if im.Width != 4 || im.Height != 2 || len(im.Pix) != 32 || !bytes.Equal(im.Pix, src.Pix) {
		t.Errorf("PNG: got %d×%d %v, want the 4×2 pixels back exactly", im.Width, im.Height, im.Pix)
	}
	grey := image.NewGray(image.Rect(0, 0, 8, 8))
	for i := range grey.Pix {
		grey.Pix[i] = 200
	}
	im, err = DecodeImage(bytes.NewReader(encode(t, grey, true)), Linear)
	if err != nil {
		t.Fatal(err)
	}
	if im.Space != Linear || im.Pix[0] < 198 || im.Pix[0] > 202 || im.Pix[3] != 255 {
		t.Errorf("JPEG: got space %v first pixel %v, want linear ≈200 opaque", im.Space, im.Pix[:4])
	}
	var l Library
	id, err := l.AddImage("grey", im)
	if err != nil || id != 1 {
		t.Fatalf("AddImage: got %v, %v, want ID 1", id, err)
	}
	mat, err := l.AddMaterial("stone", &Material{BaseTexture: id, Alpha: Mask})
	if err != nil || mat != 1 {
		t.Fatalf("AddMaterial: got %v, %v, want ID 1", mat, err)
	}
	if _, err := l.AddMaterial("ghost", &Material{BaseTexture: 7}); err == nil || !strings.Contains(err.Error(), "texture 7 is not loaded") {
		t.Errorf("a material with a missing texture: got %v, want it refused", err)
	}
}

func TestBadImagesAreRefused(t *testing.T) {
	// A PNG header announcing 100000×1 pixels: refused from its header,
	// before any pixel is decoded.
	huge := encode(t, image.NewNRGBA(image.Rect(0, 0, 1, 1)), false)
	huge = bytes.Clone(huge)
	huge[16], huge[17], huge[18], huge[19] = 0, 0x01, 0x86, 0xa0 // IHDR width = 100000
	binary.BigEndian.PutUint32(huge[29:], crc32.ChecksumIEEE(huge[12:29]))
	// 16000×16000 within the side limit, in a file of a few dozen bytes:
	// 1 GB of pixels no file that small can encode.
	dense := bytes.Clone(huge)
	binary.BigEndian.PutUint32(dense[16:], 16000)
	binary.BigEndian.PutUint32(dense[20:], 16000)
	binary.BigEndian.PutUint32(dense[29:], crc32.ChecksumIEEE(dense[12:29]))
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"not an image", []byte("hello"), "not a PNG or JPEG"},
		{"huge", huge, "allowed 1 to 16384"},
		{"more pixels than bytes", dense, "more than its"},
		{"truncated", encode(t, image.NewNRGBA(image.Rect(0, 0, 64, 64)), false)[:60], ""},
	} {
		if _, err := DecodeImage(bytes.NewReader(c.data), SRGB); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}
	var l Library
	if _, err := l.AddImage("bad", &Image{Width: 2, Height: 2, Pix: make([]byte, 3)}); err == nil || !strings.Contains(err.Error(), "3 bytes of pixels") {
		t.Errorf("AddImage with too few bytes: got %v, want it refused", err)
	}
}

func TestBuiltinMeshes(t *testing.T) {
	tests := []struct {
		id        gfx.MeshID
		vertices  int
		triangles int
	}{
		{gfx.MeshCube, 24, 12},
		{gfx.MeshPlane, 4, 2},
	}
	for _, tt := range tests {
		m, ok := BuiltinMesh(tt.id)
		if !ok {
			t.Fatalf("BuiltinMesh(%v): not found", tt.id)
		}
		if err := m.Validate(); err != nil {
			t.Errorf("BuiltinMesh(%v): %v", tt.id, err)
		}
		if got := len(m.Positions); got != tt.vertices {
			t.Errorf("%v: got %d vertices, want %d", tt.id, got, tt.vertices)
		}
		if got := m.Triangles(); got != tt.triangles {
			t.Errorf("%v: got %d triangles, want %d", tt.id, got, tt.triangles)
		}
		if len(m.UVs) != len(m.Positions) {
			t.Errorf("%v: got %d texture coordinates, want one per vertex", tt.id, len(m.UVs))
		}
	}
	for _, id := range []gfx.MeshID{gfx.MeshNone, gfx.NumBuiltinMeshes} {
		if _, ok := BuiltinMesh(id); ok {
			t.Errorf("BuiltinMesh(%v): got a mesh, want none", id)
		}
	}
}

// flatPNG encodes a side×side image of one colour: a few kilobytes that
// decode to 4·side² bytes. opaque makes an RGB PNG (decoded as
// *image.RGBA), else an RGBA one (*image.NRGBA).
func flatPNG(t testing.TB, side int, opaque bool) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 0x40
		if i%4 == 3 && opaque {
			img.Pix[i] = 0xff
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDecodedImagesAreNotCopiedAgain: decoding takes the decoder's pixels
// as they are (un-premultiplying in place), so an image costs its decoded
// size once, not twice.
func TestDecodedImagesAreNotCopiedAgain(t *testing.T) {
	const side = 2048
	for _, opaque := range []bool{false, true} {
		t.Run(fmt.Sprint("opaque=", opaque), func(t *testing.T) {
			data := flatPNG(t, side, opaque)
			var im *Image
			var err error
			got := allocated(func() { im, err = DecodeImageBytes(data, SRGB) })
			if err != nil || im.Width != side || im.Pix[0] != 0x40 || im.Pix[3] != map[bool]byte{false: 0x40, true: 0xff}[opaque] {
				t.Fatalf("decoding: %v", err)
			}
			if limit := uint64(4*side*side + 2<<20); got > limit {
				t.Errorf("decoding %d×%d pixels (%d bytes) allocated %d bytes: want at most %d, one copy", side, side, 4*side*side, got, limit)
			}
		})
	}
}

// sharedImageGLTF is a .gltf whose one PNG buffer view is the source of
// n images, each the base colour of its own material.
func sharedImageGLTF(pngData []byte, n int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"asset":{"version":"2.0"},"buffers":[{"uri":"data:application/octet-stream;base64,%s","byteLength":%d}],`,
		base64.StdEncoding.EncodeToString(pngData), len(pngData))
	fmt.Fprintf(&b, `"bufferViews":[{"buffer":0,"byteLength":%d}]`, len(pngData))
	list := func(key, format string) {
		fmt.Fprintf(&b, `,%q:[`, key)
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, format, i)
		}
		b.WriteString("]")
	}
	list("images", `{"bufferView":0,"mimeType":"image/png","name":"i%d"}`)
	list("textures", `{"source":%d}`)
	list("materials", `{"pbrMetallicRoughness":{"baseColorTexture":{"index":%d}}}`)
	b.WriteString("}")
	return []byte(b.String())
}

// TestSharedImageDecodedOnce: images naming the same source are decoded
// once and registered once; the model loads within its stated bound.
func TestSharedImageDecodedOnce(t *testing.T) {
	const side = 1024
	data := sharedImageGLTF(flatPNG(t, side, false), 12)
	var l Library
	var err error
	got := allocated(func() { _, err = l.DecodeModel("shared.gltf", data, nil) })
	if err != nil {
		t.Fatal(err)
	}
	if n := len(l.images.items); n != 1 {
		t.Errorf("%d images registered for one source: want 1", n)
	}
	if limit := uint64(4*side*side + peakFactor*len(data) + peakSlack); got > limit {
		t.Errorf("a %d-byte model with one %d×%d image named 12 times allocated %d bytes: want at most %d", len(data), side, side, got, limit)
	}
}

// progressiveJPEGHeader is the start of a progressive JPEG of side×side
// pixels in three components, padded to size bytes.
func progressiveJPEGHeader(side, size int) []byte {
	b := []byte{0xff, 0xd8, 0xff, 0xe0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0} // SOI, JFIF
	b = append(b, 0xff, 0xc2, 0, 17, 8)                                                          // SOF2
	b = binary.BigEndian.AppendUint16(b, uint16(side))
	b = binary.BigEndian.AppendUint16(b, uint16(side))
	b = append(b, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0)
	return append(b, make([]byte, size-len(b))...)
}

// TestImageBudgetFromHeader: an image whose decoding would take more than
// its budget (pixelBudgetFactor bytes a file byte, plus the slack) is
// refused from its header, before anything is decoded: a 3.3 MB
// progressive JPEG of 16384² pixels would need about 5 GB.
func TestImageBudgetFromHeader(t *testing.T) {
	data := progressiveJPEGHeader(16384, 3300000)
	var err error
	got := allocated(func() { _, err = DecodeImageBytes(data, SRGB) })
	if err == nil || !strings.Contains(err.Error(), "more than its") {
		t.Errorf("got %v, want it refused as needing more than its bytes allow", err)
	}
	if got > 1<<20 {
		t.Errorf("refusing allocated %d bytes", got)
	}
}
