package fsx

import (
	"io"
	"io/fs"
	"testing"
	"testing/fstest"
)

// streamFS serves files that cannot seek, as a zip archive's do.
type streamFS struct{ fs.FS }

type streamFile struct{ f fs.File }

func (s streamFS) Open(name string) (fs.File, error) {
	f, err := s.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return streamFile{f}, nil
}

func (f streamFile) Read(p []byte) (int, error) { return f.f.Read(p) }
func (f streamFile) Stat() (fs.FileInfo, error) { return f.f.Stat() }
func (f streamFile) Close() error               { return f.f.Close() }

// TestGuardKeepsWhatFilesCanDo: a guarded file seeks exactly when the file
// it wraps does, so a caller that falls back to reading a file that cannot
// seek (audio.StreamFS) still can.
func TestGuardKeepsWhatFilesCanDo(t *testing.T) {
	mfs := fstest.MapFS{"a": {Data: []byte("abc")}}
	for _, c := range []struct {
		name  string
		fsys  fs.FS
		seeks bool
	}{{"seekable", mfs, true}, {"stream", streamFS{mfs}, false}} {
		f, err := Guard(c.fsys).Open("a")
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := f.(io.Seeker); ok != c.seeks {
			t.Errorf("%s: the guarded file is an io.Seeker: %v, want %v", c.name, ok, c.seeks)
		}
		if b, err := io.ReadAll(f); err != nil || string(b) != "abc" {
			t.Errorf("%s: read %q, %v", c.name, b, err)
		}
		f.Close()
	}
}
