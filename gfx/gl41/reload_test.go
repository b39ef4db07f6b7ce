package gl41_test

import (
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/shaders"
)

// shaderDir copies the built-in shaders into a temporary directory.
func shaderDir(t *testing.T) string {
	dir := t.TempDir()
	for _, p := range shaders.All() {
		for _, f := range []string{p.Vertex, p.Fragment} {
			src, err := shaders.Source(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// edit rewrites a shader file with a modification time in the future, so
// the watcher sees a change even on file systems with coarse times.
func edit(t *testing.T, dir, file, from, to string) {
	t.Helper()
	path := filepath.Join(dir, file)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(b), from, to, 1)
	if s == string(b) {
		t.Fatalf("%s has no %q to replace", file, from)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	future := time.Now().Add(time.Duration(len(s)%7+1) * time.Second)
	if err := os.Chtimes(path, future, future); err != nil {
		t.Fatal(err)
	}
}

func TestShaderHotReload(t *testing.T) {
	dir := shaderDir(t)
	const size = 256 // the error panel covers the top rows, not the cube
	win := openWindow(t, size, size, gl41.Options{ShaderDir: dir})
	f, _ := oneCube(size, size, mgl32.Ident4())
	before, _ := render(t, win, f)
	centre := before.RGBAAt(size/2, size/2)

	// One cube of one colour is drawn by the lean program (mesh_lean.frag).
	// A broken shader: the previous program is kept, the error names the
	// file and carries the driver's log, and it is shown on screen.
	edit(t, dir, "mesh_lean.frag", "fragColor = vec4(", "fragColor = vec4(undeclared + ")
	var err error
	mainthread.Call(func() { err = win.Renderer().ReloadShaders() })
	var se *gl41.ShaderError
	if !errors.As(err, &se) || se.File != "mesh_lean.frag" || se.Log == "" {
		t.Fatalf("reload of a broken shader: got %v, want a *ShaderError for mesh_lean.frag with the GL log", err)
	}
	broken, _ := render(t, win, f)
	if got := broken.RGBAAt(size/2, size/2); got != centre {
		t.Errorf("with the broken shader the cube is %v, want %v (previous program kept)", got, centre)
	}
	if got := broken.RGBAAt(1, 1); got == before.RGBAAt(1, 1) {
		t.Errorf("top-left pixel unchanged (%v): want the error panel drawn over the frame", got)
	}

	// Fixed, the file is picked up by Render itself within the watch
	// interval: the cube turns magenta.
	edit(t, dir, "mesh_lean.frag", "fragColor = vec4(undeclared + ", "fragColor = vec4(1.0, 0.0, 1.0, 1.0); return; fragColor = vec4(")
	magenta := color.RGBA{255, 0, 255, 255}
	deadline := time.Now().Add(5 * time.Second)
	for {
		img, _ := render(t, win, f)
		if img.RGBAAt(size/2, size/2) == magenta {
			if got := img.RGBAAt(1, 1); got != before.RGBAAt(1, 1) {
				t.Errorf("after a good reload the top-left pixel is %v, want %v (error panel gone)", got, before.RGBAAt(1, 1))
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the fixed shader was not reloaded within 5 s: centre %v, want %v", img.RGBAAt(size/2, size/2), magenta)
		}
		time.Sleep(50 * time.Millisecond)
	}
	mainthread.Call(func() { err = win.Renderer().ShaderError() })
	if err != nil {
		t.Errorf("ShaderError after a good reload: %v, want nil", err)
	}
}
