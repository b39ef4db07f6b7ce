//go:build linux && cgo

package gl41

/*
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
static int twKeepHeap(int bytes) { return mallopt(M_TRIM_THRESHOLD, bytes); }
static int twGlibc(void) { return 1; }
#else
static int twKeepHeap(int bytes) { return 0; }
static int twGlibc(void) { return 0; }
#endif
*/
import "C"

// keepHeapBytes is how much free memory at the top of the C heap glibc
// keeps instead of returning it to the system (M_TRIM_THRESHOLD).
const keepHeapBytes = 512 << 20

// keepCHeap stops glibc's malloc from returning the C heap's free memory to
// the system after every frame: llvmpipe frees and allocates its per-frame
// buffers each frame, and with glibc's default threshold (128 KiB, raised
// as large blocks are freed) the pages go back to the kernel and fault in
// again, zeroed, the next frame: a 50k-cube frame spent about 15% of its
// time so (framebench -peer, 2-core host). It reports whether the setting
// took (false on a C library other than glibc). It changes malloc for the
// whole process; the renderer calls it once, from New, on a software
// rasteriser only.
func keepCHeap() bool { return C.twKeepHeap(C.int(keepHeapBytes)) == 1 }

// glibc reports whether the program's C library is glibc.
func glibc() bool { return C.twGlibc() == 1 }
