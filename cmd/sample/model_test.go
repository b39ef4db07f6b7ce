package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// beacon is the project's own model, made by cmd/internal/assetgen.
var beacon = filepath.Join("..", "internal", "demo", "assets", "beacon.glb")

func TestModelInfo(t *testing.T) {
	// The counts as cmd/internal/assetgen builds the beacon: 7 nodes, 5
	// meshes with 7 primitives (496 vertices, 330 triangles), 2 textures,
	// 6 materials, 3 animations; the .gltf form holds the same scene.
	const want = "nodes=7 meshes=5 primitives=7 vertices=496 triangles=330 textures=2 materials=6 animations=3 skins=0 joints=0 targets=0"
	for _, file := range []string{beacon, strings.TrimSuffix(beacon, ".glb") + ".gltf"} {
		r := sample(t, withoutDisplay(), "-model", file, "-info")
		if r.code != 0 || strings.TrimSpace(r.stdout) != want {
			t.Errorf("-model %s -info: status %d, stdout %q, stderr %q; want 0 and %q", file, r.code, r.stdout, r.stderr, want)
		}
	}
}

// character is the project's skinned model, made by cmd/internal/assetgen.
var character = filepath.Join("..", "internal", "demo", "assets", "character.glb")

// TestModelInfoSkins: -info appends the skins, joints and morph targets.
func TestModelInfoSkins(t *testing.T) {
	const want = "nodes=11 meshes=1 primitives=1 vertices=216 triangles=108 textures=0 materials=1 animations=2 skins=1 joints=9 targets=1"
	r := sample(t, withoutDisplay(), "-model", character, "-info")
	if r.code != 0 || strings.TrimSpace(r.stdout) != want {
		t.Errorf("status %d, stdout %q, stderr %q; want 0 and %q", r.code, r.stdout, r.stderr, want)
	}
}

// TestModelNodes: -nodes prints each node's world matrix with the first
// clip (the character's idle) sampled at -at, clamped to the clip. At 1 s
// the spine's CUBICSPLINE sway is half way between +4° and −4° (upright)
// and the head's STEP nod is 8° about X: computed here from the generator's
// numbers.
func TestModelNodes(t *testing.T) {
	c, s := "0.99027", "0.13917" // cos 8°, sin 8°
	want := map[int]string{
		2: "node=2 name=hips world=1,0,0,0,0,1,0,0,0,0,1,0,0,0.95,0,1",
		3: "node=3 name=spine world=1,0,0,0,0,1,0,0,0,0,1,0,0,1.1,0,1",
		4: "node=4 name=head world=1,0,0,0,0," + c + "," + s + ",0,0,-" + s + "," + c + ",0,0,1.5,0,1",
	}
	r := sample(t, withoutDisplay(), "-model", character, "-nodes", "-at", "1")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 11 {
		t.Fatalf("status %d, %d lines, stderr %q; want 0 and 11 lines", r.code, len(lines), r.stderr)
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d: got %q, want %q", i, lines[i], w)
		}
	}
	// Past the clip's end: its last pose (2 s), not a loop.
	end := sample(t, withoutDisplay(), "-model", character, "-nodes", "-at", "2")
	late := sample(t, withoutDisplay(), "-model", character, "-nodes", "-at", "99")
	if late.stdout != end.stdout || late.code != 0 {
		t.Errorf("-at 99 gave %q, want the pose at 2 s %q", late.stdout, end.stdout)
	}
	if r := sample(t, withoutDisplay(), "-at", "1"); r.code != 2 || !strings.Contains(r.stderr, "-at") {
		t.Errorf("-at alone: status %d, stderr %q; want 2 naming -at", r.code, r.stderr)
	}
}

func TestModelBadFiles(t *testing.T) {
	dir := t.TempDir()
	truncated := filepath.Join(dir, "cut.glb")
	b, err := os.ReadFile(beacon)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(truncated, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-model", filepath.Join(dir, "missing.glb"), "-info"}, 1, "missing.glb"},
		{[]string{"-model", truncated, "-headless"}, 1, "cut.glb"},
		{[]string{"-info"}, 2, "-info"},
		{[]string{"-model", beacon, "-record", filepath.Join(dir, "r.twr")}, 2, "-model"},
	}
	for _, tt := range tests {
		r := sample(t, withoutDisplay(), tt.args...)
		if r.code != tt.code || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and a message naming %q", tt.args, r.code, r.stderr, tt.code, tt.want)
		}
	}
}

func TestModelViewerAnimatesOnTicks(t *testing.T) {
	// The viewer plays the beacon's animation, and the character's skinned
	// clips, on game time counted in ticks: the same hash at any frame rate.
	for _, file := range []string{beacon, character} {
		viewerHashes(t, file)
	}
}

func viewerHashes(t *testing.T, file string) {
	var want string
	for _, extra := range [][]string{{"-fps", "7"}, {"-fps", "240", "-jitter", "0.5"}} {
		args := append([]string{"-model", file, "-headless", "-ticks", "300"}, extra...)
		r := sample(t, withoutDisplay(), args...)
		if r.code != 0 || !headlessLine.MatchString(r.lastLine()) {
			t.Fatalf("%v: status %d, last line %q\n%s", extra, r.code, r.lastLine(), r.stderr)
		}
		if want == "" {
			want = r.lastLine()
		} else if got := r.lastLine(); got != want {
			t.Errorf("%v: %s, want %s (as at 7 fps)", extra, got, want)
		}
	}
}

// TestModelViewerCharacter: the viewer draws the skinned character (its
// red shirt in the middle of the picture).
func TestModelViewerCharacter(t *testing.T) {
	needDisplay(t)
	shot := filepath.Join(t.TempDir(), "character.png")
	r := sample(t, nil, "-model", character, "-frames", "20", "-width", "640", "-height", "480", "-screenshot", shot)
	if r.code != 0 {
		t.Fatalf("exit status %d\n%s", r.code, r.stderr)
	}
	img := readPNG(t, shot)
	red := 0
	b := img.Bounds()
	for y := 0; y < b.Dy(); y++ {
		for x := b.Dx() / 4; x < 3*b.Dx()/4; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 > 120 && g>>8 < 110 && bl>>8 < 100 {
				red++
			}
		}
	}
	if red < 50 {
		t.Errorf("%d shirt-red pixels, want the character drawn", red)
	}
}

func TestModelViewerWindow(t *testing.T) {
	needDisplay(t)
	shot := filepath.Join(t.TempDir(), "viewer.png")
	r := sample(t, nil, "-model", beacon, "-frames", "20", "-width", "640", "-height", "480", "-screenshot", shot)
	if r.code != 0 {
		t.Fatalf("exit status %d\n%s", r.code, r.stderr)
	}
	img := readPNG(t, shot)
	// The crate texture's browns are in the middle of the picture: the
	// model is drawn textured, framed by the camera.
	brown := 0
	b := img.Bounds()
	for y := b.Dy() / 4; y < b.Dy(); y += 2 {
		for x := b.Dx() / 3; x < 2*b.Dx()/3; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 > 100 && r > g && g > bl && r>>8-bl>>8 > 50 {
				brown++
			}
		}
	}
	if brown < 50 {
		t.Errorf("%d crate-brown samples in the middle of the viewer, want the textured model", brown)
	}
}

// readPNG decodes the PNG file at path.
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}
