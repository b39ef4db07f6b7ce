//go:build unix

package gl41_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx/fsx/fsxtest"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// TestShaderReloadRefusesLinkToDevZero: a shader file replaced, while the
// game runs, by a link to /dev/zero (or a FIFO) makes the reload fail at
// once with an error naming the file; the programs in use are kept.
func TestShaderReloadRefusesLinkToDevZero(t *testing.T) {
	dir := shaderDir(t)
	const size = 256 // the error panel covers the top rows, not the cube
	win := openWindow(t, size, size, gl41.Options{ShaderDir: dir})
	f, _ := oneCube(size, size, mgl32.Ident4())
	before, _ := render(t, win, f)
	centre := before.RGBAAt(size/2, size/2)
	for _, c := range []struct {
		name    string
		replace func(path string) error
		want    string
	}{
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "escapes"},
		{"FIFO", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "FIFO"},
	} {
		path := filepath.Join(dir, "mesh_lean.frag")
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		if err := c.replace(path); err != nil {
			t.Fatal(err)
		}
		err := fsxtest.Within(t, c.name+": reload", func() (err error) {
			mainthread.Call(func() { err = win.Renderer().ReloadShaders() })
			return err
		})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "mesh_lean.frag") {
			t.Errorf("%s: reload gave %v, want an error naming mesh_lean.frag and saying %q", c.name, err, c.want)
		}
		if img, _ := render(t, win, f); img.RGBAAt(size/2, size/2) != centre {
			t.Errorf("%s: the cube is %v, want %v (previous program kept)", c.name, img.RGBAAt(size/2, size/2), centre)
		}
	}
}
