//go:build unix

package asset

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/gfx/fsx"
	"github.com/tickwork/tickwork/gfx/fsx/fsxtest"
)

// specialDir makes a model folder holding a FIFO, a link to /dev/zero, a
// link to a file outside the folder and .gltf files whose buffer or image
// URI names each of them.
func specialDir(t *testing.T) string {
	t.Helper()
	top := t.TempDir()
	dir := filepath.Join(top, "model")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	fsxtest.FIFO(t, filepath.Join(dir, "fifo"))
	if err := os.WriteFile(filepath.Join(top, "outside.bin"), make([]byte, 64), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{"zero": "/dev/zero", "escape": "../outside.bin"} {
		fsxtest.Symlink(t, target, filepath.Join(dir, name))
	}
	for _, uri := range []string{"fifo", "zero", "escape", "../outside.bin"} {
		buf := `{"asset":{"version":"2.0"},"buffers":[{"uri":"` + uri + `","byteLength":12}]}`
		img := `{"asset":{"version":"2.0"},"images":[{"uri":"` + uri + `"}],"textures":[{"source":0}],` +
			`"materials":[{"pbrMetallicRoughness":{"baseColorTexture":{"index":0}}}]}`
		name := strings.ReplaceAll(uri, "/", "_")
		for file, js := range map[string]string{"buffer-" + name + ".gltf": buf, "image-" + name + ".gltf": img} {
			if err := os.WriteFile(filepath.Join(dir, file), []byte(js), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

func TestModelLoadersRefuseSpecialFiles(t *testing.T) {
	dir := specialDir(t)
	notRegular := func(err error) bool { return errors.Is(err, fsx.ErrNotRegular) }
	escapes := func(err error) bool {
		return err != nil && (strings.Contains(err.Error(), "escapes") || strings.Contains(err.Error(), "outside the model"))
	}
	tests := []struct {
		name string
		load func(l *Library) error
		want func(error) bool
	}{
		{"file: FIFO", func(l *Library) error { _, err := l.LoadModelFile(filepath.Join(dir, "fifo")); return err }, notRegular},
		{"file: link to /dev/zero", func(l *Library) error { _, err := l.LoadModelFile(filepath.Join(dir, "zero")); return err }, notRegular},
		{"file: /dev/zero", func(l *Library) error { _, err := l.LoadModelFile("/dev/zero"); return err }, notRegular},
		{"fs: FIFO", func(l *Library) error { _, err := l.LoadModel(os.DirFS(dir), "fifo"); return err }, notRegular},
		{"fs: link to /dev/zero", func(l *Library) error { _, err := l.LoadModel(os.DirFS(dir), "zero"); return err }, notRegular},
		{"info: FIFO", func(l *Library) error { _, err := ReadInfo(os.DirFS(dir), "fifo"); return err }, notRegular},
		{"info: link to /dev/zero", func(l *Library) error { _, err := ReadInfo(os.DirFS(dir), "zero"); return err }, notRegular},
	}
	for _, kind := range []string{"buffer", "image"} {
		for _, c := range []struct {
			uri  string
			want func(error) bool
		}{{"fifo", notRegular}, {"zero", escapes}, {"escape", escapes}, {"../outside.bin", escapes}} {
			file := kind + "-" + strings.ReplaceAll(c.uri, "/", "_") + ".gltf"
			tests = append(tests, struct {
				name string
				load func(l *Library) error
				want func(error) bool
			}{kind + " URI " + c.uri, func(l *Library) error { _, err := l.LoadModelFile(filepath.Join(dir, file)); return err }, c.want})
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var l Library
			err := fsxtest.Within(t, tc.name, func() error { return tc.load(&l) })
			if !tc.want(err) {
				t.Fatalf("got %v", err)
			}
		})
	}
}

func TestSoundLoadersRefuseSpecialFiles(t *testing.T) {
	dir := specialDir(t)
	for _, name := range []string{"fifo", "zero"} {
		loads := map[string]func(l *Library) error{
			"LoadSoundFile": func(l *Library) error { _, err := l.LoadSoundFile(filepath.Join(dir, name)); return err },
			"LoadSound":     func(l *Library) error { _, err := l.LoadSound(os.DirFS(dir), name); return err },
			"LoadMusic":     func(l *Library) error { _, err := l.LoadMusic(os.DirFS(dir), name); return err },
		}
		for what, load := range loads {
			t.Run(what+"/"+name, func(t *testing.T) {
				var l Library
				err := fsxtest.Within(t, what, func() error { return load(&l) })
				if !errors.Is(err, fsx.ErrNotRegular) {
					t.Fatalf("got %v, want a file that is not regular refused", err)
				}
			})
		}
	}
}
