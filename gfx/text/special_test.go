//go:build unix

package text

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/tickwork/tickwork/gfx/fsx"
)

func TestLoadFontFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "font.ttf")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	link := filepath.Join(dir, "zero.ttf")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fifo, link, "/dev/zero", dir} {
		t.Run(filepath.Base(p), func(t *testing.T) {
			done := make(chan error, 1)
			go func() { _, err := LoadFontFile(p); done <- err }()
			select {
			case err := <-done:
				if !errors.Is(err, fsx.ErrNotRegular) {
					t.Fatalf("LoadFontFile(%s) = %v, want the file refused as not regular", p, err)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("LoadFontFile(%s) still blocked after 5 s", p)
			}
		})
	}
}
