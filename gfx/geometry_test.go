package gfx

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// quad is two triangles in the XZ plane, facing +Y.
func quad() *Mesh {
	return &Mesh{
		Positions: []mgl32.Vec3{{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1}},
		UVs:       []mgl32.Vec2{{0, 0}, {1, 0}, {1, 1}, {0, 1}},
		Indices:   []uint32{0, 2, 1, 0, 3, 2},
	}
}

func TestComputeNormalsAndBounds(t *testing.T) {
	m := quad()
	m.ComputeNormals()
	for i, n := range m.Normals {
		if n.Sub(mgl32.Vec3{0, 1, 0}).Len() > 1e-6 {
			t.Errorf("normal %d: got %v, want (0, 1, 0)", i, n)
		}
	}
	b := m.Bounds()
	if b.Min != (mgl32.Vec3{-1, 0, -1}) || b.Max != (mgl32.Vec3{1, 0, 1}) || b.Center != (mgl32.Vec3{}) ||
		math.Abs(float64(b.Radius)-math.Sqrt2) > 1e-6 {
		t.Errorf("got bounds %+v, want the box ±1 on X and Z, radius √2", b)
	}
	if got := m.Triangles(); got != 2 {
		t.Errorf("got %d triangles, want 2", got)
	}
}

func TestTrianglesPerMode(t *testing.T) {
	for _, c := range []struct {
		mode    Primitive
		n, want int
	}{
		{Triangles, 9, 3}, {TriangleStrip, 6, 4}, {TriangleFan, 6, 4}, {Lines, 6, 0}, {Points, 5, 0}, {LineStrip, 4, 0},
	} {
		m := &Mesh{Positions: make([]mgl32.Vec3, c.n), Mode: c.mode}
		if got := m.Triangles(); got != c.want {
			t.Errorf("%v of %d vertices: got %d triangles, want %d", c.mode, c.n, got, c.want)
		}
	}
}

func TestIndexSize(t *testing.T) {
	for _, c := range []struct {
		indices []uint32
		want    int
	}{
		{nil, 0}, {[]uint32{0, 1, 65535}, 2}, {[]uint32{0, 65536}, 4},
	} {
		m := &Mesh{Indices: c.indices}
		if got := m.IndexSize(); got != c.want {
			t.Errorf("indices %v: got %d bytes each, want %d", c.indices, got, c.want)
		}
	}
}

// TestBadMaterialsAndImages: Validate names what is out of range, and the
// zero Material and a whole image pass.
func TestBadMaterialsAndImages(t *testing.T) {
	nan := float32(math.NaN())
	materials := []struct {
		name string
		m    Material
		want string
	}{
		{"zero", Material{}, ""},
		{"colour above 1", Material{BaseColor: Color{2, 0, 0, 1}}, "base colour"},
		{"alpha mode", Material{Alpha: Blend + 1}, "unknown alpha mode"},
		{"cutoff", Material{Alpha: Mask, Cutoff: 1.5}, "alpha cutoff"},
		{"wrap", Material{Sampler: Sampler{WrapT: MirroredRepeat + 1}}, "unknown sampler setting"},
		{"filter", Material{Sampler: Sampler{Mag: FilterNearest + 1}}, "unknown sampler setting"},
		{"texture coordinates", Material{TexCoord: 1}, "texture coordinate set 1"},
		{"transform", Material{UVRotation: nan}, "texture transform is not finite"},
	}
	for _, c := range materials {
		checkErr(t, "material "+c.name, c.m.Validate(), c.want)
	}
	images := []struct {
		name string
		im   Image
		want string
	}{
		{"whole", Image{Width: 1, Height: 2, Pix: make([]byte, 8), Space: Linear}, ""},
		{"empty", Image{}, "0×0 pixels"},
		{"too wide", Image{Width: MaxImageSide + 1, Height: 1}, "allowed 1 to 16384"},
		{"short pixels", Image{Width: 2, Height: 2, Pix: make([]byte, 3)}, "3 bytes of pixels for 2×2: want 16"},
		{"colour space", Image{Width: 1, Height: 1, Pix: make([]byte, 4), Space: Linear + 1}, "unknown colour space"},
	}
	for _, c := range images {
		checkErr(t, "image "+c.name, c.im.Validate(), c.want)
	}
}

// checkErr reports err unless it contains want, or unless it is nil when
// want is empty.
func checkErr(t *testing.T, what string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: got %v, want no error", what, err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("%s: got %v, want an error saying %q", what, err, want)
	}
}
