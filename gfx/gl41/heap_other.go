//go:build !linux || !cgo

package gl41

// Outside Linux the renderer leaves malloc alone (see heap_linux.go).
const (
	keepHeapBytes    = 512 << 20
	mmapBytes        = 32 << 20
	defaultTrimBytes = 128 << 10
	defaultMmapBytes = 128 << 10
)

// keepCHeap does nothing outside Linux: it reports false.
func keepCHeap() bool { return false }

// setHeap does nothing outside Linux: it reports false.
func setHeap(trim, mmapMin int) bool { return false }

// glibc reports false: keepCHeap only knows glibc on Linux.
func glibc() bool { return false }
