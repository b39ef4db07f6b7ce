//go:build linux && cgo

package gl41

/*
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
static int twSetHeap(int trim, int mmapMin) {
	return mallopt(M_MMAP_THRESHOLD, mmapMin) == 1 && mallopt(M_TRIM_THRESHOLD, trim) == 1;
}
static int twGlibc(void) { return 1; }
#else
static int twSetHeap(int trim, int mmapMin) { return 0; }
static int twGlibc(void) { return 0; }
#endif
*/
import "C"

// How glibc's malloc is set on a software rasteriser: free memory at the
// top of the C heap up to keepHeapBytes stays (M_TRIM_THRESHOLD), and
// blocks below mmapBytes come from the heap, not from mmap
// (M_MMAP_THRESHOLD, at glibc's largest).
const (
	keepHeapBytes = 512 << 20
	mmapBytes     = 32 << 20
)

// glibc's initial thresholds (it raises them as large blocks are freed,
// until a program sets either).
const (
	defaultTrimBytes = 128 << 10
	defaultMmapBytes = 128 << 10
)

// keepCHeap stops glibc's malloc from returning memory to the system after
// every frame: llvmpipe frees and allocates its per-frame buffers each
// frame, and with glibc's thresholds the pages go back to the kernel
// (munmap, or a trimmed heap) and fault in again, zeroed, the next frame:
// page faults and clear_page took about 15% of a 50k-cube frame in perf.
// It reports whether the setting took (false on a C library other than
// glibc). It changes malloc for the whole process, and RSS keeps its peak;
// the renderer calls it once, from New, on a software rasteriser only.
func keepCHeap() bool { return setHeap(keepHeapBytes, mmapBytes) }

// setHeap sets glibc's trim and mmap thresholds; it reports whether both
// took.
func setHeap(trim, mmapMin int) bool { return C.twSetHeap(C.int(trim), C.int(mmapMin)) == 1 }

// glibc reports whether the program's C library is glibc.
func glibc() bool { return C.twGlibc() == 1 }
