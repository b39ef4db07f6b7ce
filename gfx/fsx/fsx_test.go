//go:build unix

package fsx

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tickwork/tickwork/gfx/fsx/fsxtest"
)

// specials makes a directory holding a regular file, a FIFO, a directory
// and symbolic links to /dev/zero, to the FIFO and to a file outside it.
func specials(t *testing.T) (dir, outside string) {
	t.Helper()
	top := t.TempDir()
	dir = filepath.Join(top, "in")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	outside = filepath.Join(top, "secret.txt")
	write(t, outside, "outside")
	write(t, filepath.Join(dir, "plain.txt"), "hello")
	fsxtest.FIFO(t, filepath.Join(dir, "fifo"))
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{"zero": "/dev/zero", "tofifo": "fifo", "escape": "../secret.txt", "abs": outside, "inside": "plain.txt"} {
		fsxtest.Symlink(t, target, filepath.Join(dir, name))
	}
	return dir, outside
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSpecialFilesRefused(t *testing.T) {
	dir, _ := specials(t)
	dirs := map[string]fs.FS{"Dir": Dir(dir), "Guard(os.DirFS)": Guard(os.DirFS(dir))}
	tests := []struct {
		name string
		kind string // "" : readable
		want string
	}{
		{"plain.txt", "", "hello"},
		{"inside", "", "hello"},
		{"fifo", "a FIFO (named pipe)", ""},
		{"tofifo", "a FIFO (named pipe)", ""},
		{"zero", "a character device", ""},
		{"sub", "a directory", ""},
	}
	for fsName, fsys := range dirs {
		for _, tc := range tests {
			t.Run(fsName+"/"+tc.name, func(t *testing.T) {
				var got []byte
				err := fsxtest.Within(t, tc.name, func() (err error) {
					got, err = ReadFile(fsys, tc.name, 0)
					return err
				})
				if tc.kind == "" {
					if err != nil || string(got) != tc.want {
						t.Fatalf("got %q, %v; want %q", got, err, tc.want)
					}
					return
				}
				if fsName == "Dir" && tc.name == "zero" {
					// A root refuses the link before what it leads to.
					if err == nil || !strings.Contains(err.Error(), "escapes") {
						t.Fatalf("got %v; want the link refused as leaving the directory", err)
					}
					return
				}
				var nr *NotRegularError
				if !errors.Is(err, ErrNotRegular) || !errors.As(err, &nr) || Kind(nr.Mode) != tc.kind {
					t.Fatalf("got %v; want a NotRegularError saying %s", err, tc.kind)
				}
				if f, err := within2(t, fsys, tc.name); err == nil {
					f.Close()
					t.Fatalf("Open succeeded")
				}
			})
		}
	}
}

func within2(t *testing.T, fsys fs.FS, name string) (fs.File, error) {
	var f fs.File
	err := fsxtest.Within(t, name, func() (err error) { f, err = fsys.Open(name); return err })
	return f, err
}

func TestReadPathRefusesSpecialFiles(t *testing.T) {
	dir, _ := specials(t)
	for _, name := range []string{"fifo", "tofifo", "zero", "sub", "/dev/zero", "/dev/null"} {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, name)
		}
		err := fsxtest.Within(t, p, func() error { _, err := ReadPath(p, 0); return err })
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadPath(%s) = %v, want ErrNotRegular", p, err)
		}
	}
	// A path given whole is the caller's choice: a link leaving its
	// directory is followed to a regular file.
	if b, err := ReadPath(filepath.Join(dir, "escape"), 0); err != nil || string(b) != "outside" {
		t.Errorf("ReadPath through a link = %q, %v", b, err)
	}
}

func TestDirRefusesEscapes(t *testing.T) {
	dir, _ := specials(t)
	for _, name := range []string{"escape", "abs", "../secret.txt"} {
		if _, err := ReadFile(Dir(dir), name, 0); !errors.Is(err, ErrOutside) && !errors.Is(err, fs.ErrInvalid) {
			t.Errorf("Dir(%s) read %s, which leads outside it: %v", dir, name, err)
		}
	}
}

func TestReadStopsAtSizeWhenOpened(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "grows")
	write(t, p, "12345")
	f, err := Open(Dir(dir), "grows")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(make([]byte, 1<<20))
	w.Close()
	b, err := io.ReadAll(f)
	if err != nil || string(b) != "12345" {
		t.Fatalf("read %d bytes (%v) of a file of 5 bytes when opened, grown since", len(b), err)
	}
	// Seek then read: still bounded.
	if _, err := f.Seek(3, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(f); string(b) != "45" {
		t.Fatalf("after Seek(3): %q", b)
	}
}

func TestReadFileLimitAndGuard(t *testing.T) {
	fsys := fstest.MapFS{"a": {Data: []byte("0123456789")}, "d": {Mode: fs.ModeDir}}
	if _, err := ReadFile(fsys, "a", 4); !errors.Is(err, ErrTooLarge) {
		t.Errorf("limit 4: %v, want ErrTooLarge", err)
	}
	if b, err := ReadFile(Guard(fsys), "a", 10); err != nil || string(b) != "0123456789" {
		t.Errorf("limit 10: %q, %v", b, err)
	}
	if _, err := Guard(fsys).Open("d"); !errors.Is(err, ErrNotRegular) {
		t.Errorf("directory: %v, want ErrNotRegular", err)
	}
}

func TestReadFileAllocatesTheSizeOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "f"), string(make([]byte, 1<<20)))
	fsys := Dir(dir)
	var before, after runtimeStats
	before.read()
	b, err := ReadFile(fsys, "f", 0)
	after.read()
	if err != nil || len(b) != 1<<20 {
		t.Fatal(len(b), err)
	}
	if got := after.total - before.total; got > 1<<20+64<<10 {
		t.Errorf("reading 1 MiB allocated %d bytes: want the size and a few small objects", got)
	}
}
