//go:build unix

package gl41

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tickwork/tickwork/gfx/fsx"
	"github.com/tickwork/tickwork/gfx/fsx/fsxtest"
)

// TestShaderSourceRefusesSpecialFiles replaces a shader file under
// ShaderDir by what a hot reload might find there: a FIFO, a link to
// /dev/zero, a link out of the directory, a directory.
func TestShaderSourceRefusesSpecialFiles(t *testing.T) {
	top := t.TempDir()
	if err := os.WriteFile(filepath.Join(top, "outside.vert"), []byte("void main() {}"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		make func(path string) error
		want string // in the error; "" : ErrNotRegular
	}{
		{"FIFO", func(p string) error { return syscall.Mkfifo(p, 0o600) }, ""},
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "escapes"},
		{"link out of the directory", func(p string) error { return os.Symlink("../outside.vert", p) }, "escapes"},
		{"directory", func(p string) error { return os.Mkdir(p, 0o755) }, ""},
		{"too large", func(p string) error { return os.WriteFile(p, make([]byte, maxShaderBytes+1), 0o644) }, "too large"},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(top, string(rune('a'+i)))
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := tc.make(filepath.Join(dir, "mesh.vert")); err != nil {
				t.Skipf("cannot make it here: %v", err)
			}
			r := &Renderer{shaderDir: dir}
			err := fsxtest.Within(t, "source", func() error { _, err := r.source("mesh.vert"); return err })
			if tc.want == "" && !errors.Is(err, fsx.ErrNotRegular) || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("source = %v, want an error saying %q", err, tc.want+" (not regular)")
			}
		})
	}
}
