package atomicfile_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tickwork/tickwork/engine/atomicfile"
)

// A save file is written whole or not at all.
func Example() {
	dir, _ := os.MkdirTemp("", "save")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "slot1.sav")

	if err := atomicfile.WriteFile(path, []byte("level=3 lives=2"), 0); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := os.ReadFile(path)
	fmt.Println(string(b))
	// Output: level=3 lives=2
}
