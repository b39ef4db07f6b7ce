//go:build unix

package fsxtest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestMakesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo, link := filepath.Join(dir, "fifo"), filepath.Join(dir, "zero")
	FIFO(t, fifo)
	Symlink(t, "/dev/zero", link)
	tests := []struct {
		path  string
		lstat bool
		want  fs.FileMode
	}{
		{fifo, false, fs.ModeNamedPipe},
		{link, true, fs.ModeSymlink},
		{link, false, fs.ModeDevice | fs.ModeCharDevice},
	}
	for _, tc := range tests {
		stat := os.Stat
		if tc.lstat {
			stat = os.Lstat
		}
		fi, err := stat(tc.path)
		if err != nil || fi.Mode().Type() != tc.want {
			t.Errorf("%s (lstat %v): %v, %v; want type %v", tc.path, tc.lstat, fi, err, tc.want)
		}
	}
}

func TestWithinReturnsTheError(t *testing.T) {
	want := errors.New("refused")
	if got := Within(t, "load", func() error { return want }); got != want {
		t.Errorf("Within = %v, want f's error %v", got, want)
	}
}
