//go:build unix

package replay

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/gfx/fsx/fsxtest"
)

// TestOpenRefusesHostileFiles: a device, a FIFO and a sparse file larger
// than MaxFileSize are refused at once, in bounded memory, and a FIFO does
// not block.
func TestOpenRefusesHostileFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.twr")
	fsxtest.FIFO(t, fifo)
	big := filepath.Join(dir, "big.twr")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(2 << 30); err != nil { // 2 GiB, sparse
		t.Fatal(err)
	}
	f.Close()
	for _, c := range []struct {
		path, want string
	}{
		{"/dev/zero", "not a regular file"},
		{fifo, "not a regular file"},
		{dir, "not a regular file"},
		{big, "more than a recording may hold"},
	} {
		err := fsxtest.Within(t, "Open("+c.path+")", func() error { _, err := Open(c.path); return err })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%s): got %v, want an error saying %q", c.path, err, c.want)
		}
		var fe *FormatError
		if c.path == big && (!errors.As(err, &fe) || fe.Path != big) {
			t.Errorf("Open(%s): got %v, want a *FormatError naming the file", c.path, err)
		}
	}
}
