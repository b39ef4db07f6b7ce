package gl41

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestShaderSourceReadsOnce: a shader file costs its size, read once, and
// the string made of it.
func TestShaderSourceReadsOnce(t *testing.T) {
	dir := t.TempDir()
	const size = 512 << 10
	src := make([]byte, size)
	for i := range src {
		src[i] = ' '
	}
	if err := os.WriteFile(filepath.Join(dir, "mesh.vert"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	r := &Renderer{shaderDir: dir}
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	s, err := r.source("mesh.vert")
	runtime.ReadMemStats(&b)
	if err != nil || len(s) != size {
		t.Fatalf("source: %d bytes, %v", len(s), err)
	}
	if got := b.TotalAlloc - a.TotalAlloc; got > 2*size+64<<10 {
		t.Errorf("reading a %d-byte shader allocated %d bytes: want at most twice its size and 64 KiB", size, got)
	}
}
