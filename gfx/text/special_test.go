//go:build unix

package text

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/tickwork/tickwork/gfx/fsx"
	"github.com/tickwork/tickwork/gfx/fsx/fsxtest"
)

func TestLoadFontFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "font.ttf")
	fsxtest.FIFO(t, fifo)
	link := filepath.Join(dir, "zero.ttf")
	fsxtest.Symlink(t, "/dev/zero", link)
	for _, p := range []string{fifo, link, "/dev/zero", dir} {
		t.Run(filepath.Base(p), func(t *testing.T) {
			err := fsxtest.Within(t, "LoadFontFile("+p+")", func() error { _, err := LoadFontFile(p); return err })
			if !errors.Is(err, fsx.ErrNotRegular) {
				t.Fatalf("LoadFontFile(%s) = %v, want the file refused as not regular", p, err)
			}
		})
	}
}
