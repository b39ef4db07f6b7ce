package text

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomono"
)

// goMono is the fixed-width Go Mono for layout tests (gfx/text/gofont
// serves it to games; package text builds in only Go Regular).
func goMono() *Font { return builtin("Go Mono", gomono.TTF) }

func TestBuiltinFonts(t *testing.T) {
	for _, f := range []*Font{GoRegular(), goMono()} {
		if f.NumGlyphs() < 500 || !f.HasRune('Ж') || f.HasRune('中') {
			t.Errorf("%s: got %d glyphs, Ж %v, 中 %v", f.Name(), f.NumGlyphs(), f.HasRune('Ж'), f.HasRune('中'))
		}
	}
	if GoRegular() == GoRegular() {
		t.Error("GoRegular: got the same *Font twice, want a fresh one per call")
	}
}

func TestParseFontErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"x.ttf", nil},
		{"x.ttf", []byte("not a font at all, just some bytes")},
		{"y.otf", buildTestFont(kernTestSpec())[:40]},
		{"z.ttc", []byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x05")},
	} {
		_, err := ParseFont(tt.name, tt.data)
		if err == nil || !strings.Contains(err.Error(), `text: font "`+tt.name+`"`) {
			t.Errorf("%s (%d bytes): got error %v, want one naming the font", tt.name, len(tt.data), err)
		}
	}
}

func TestMisalignedAndCollections(t *testing.T) {
	spec := kernTestSpec()
	spec.misalign = true
	if _, err := ParseFont("misaligned.ttf", buildTestFont(spec)); err != nil {
		t.Errorf("misaligned tables: %v", err)
	}
	two := kernTestSpec()
	two.glyphs = two.glyphs[:3] // .notdef, A, V
	ttc := buildTestCollection(kernTestSpec(), two)
	for _, tt := range []struct {
		index, glyphs int
	}{{0, 5}, {1, 3}} {
		f, err := ParseCollection("test.ttc", ttc, tt.index)
		if err != nil {
			t.Errorf("font %d: %v", tt.index, err)
			continue
		}
		if f.NumGlyphs() != tt.glyphs {
			t.Errorf("font %d: got %d glyphs, want %d", tt.index, f.NumGlyphs(), tt.glyphs)
		}
	}
	for _, i := range []int{-1, 2} {
		if _, err := ParseCollection("test.ttc", ttc, i); err == nil || !strings.Contains(err.Error(), "out of range [0, 1]") {
			t.Errorf("font %d: got %v, want out of range", i, err)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "test.ttc")
	if err := os.WriteFile(path, ttc, 0o644); err != nil {
		t.Fatal(err)
	}
	if f, err := LoadFontFile(path); err != nil || f.Name() != "test.ttc" || f.NumGlyphs() != 5 {
		t.Errorf("LoadFontFile: got %v, %v", f, err)
	}
	if f, err := LoadCollectionFile(path, 1); err != nil || f.NumGlyphs() != 3 {
		t.Errorf("LoadCollectionFile 1: got %v, %v", f, err)
	}
	if _, err := LoadFontFile(filepath.Join(dir, "absent.ttf")); err == nil {
		t.Error("absent file: got no error")
	}
}

func TestNewFaceErrors(t *testing.T) {
	reg := GoRegular()
	for _, size := range []float32{0, -1, float32(math.NaN()), 1e6, float32(math.Inf(1)), 0.5, 513} {
		_, err := NewFace(size, reg)
		if err == nil || !strings.Contains(err.Error(), "[1, 512]") {
			t.Errorf("size %v: got %v, want an error giving the range [1, 512]", size, err)
		}
	}
	for _, size := range []float32{1, 12.5, 512} {
		if _, err := NewFace(size, reg); err != nil {
			t.Errorf("size %v: %v", size, err)
		}
	}
	if _, err := NewFace(16); err == nil {
		t.Error("no fonts: got no error")
	}
	if _, err := NewFace(16, reg, nil); err == nil {
		t.Error("nil font: got no error")
	}
	if _, err := NewFace(16, &Font{name: "zero"}); err == nil {
		t.Error("zero Font: got no error")
	}
}
