//go:build !linux || !cgo

package gl41

// keepCHeap does nothing outside Linux (see heap_linux.go): it reports
// false.
func keepCHeap() bool { return false }

// glibc reports false: keepCHeap only knows glibc on Linux.
func glibc() bool { return false }
