//go:build cgo

package device

/*
#cgo pkg-config: alsa
#include <alsa/asoundlib.h>

// tickworkDiscard is an ALSA error handler that writes nothing.
static void tickworkDiscard(const char *file, int line, const char *function, int err, const char *fmt, ...) {}

static void tickworkQuietALSA(int quiet) {
	snd_lib_error_set_handler(quiet ? tickworkDiscard : NULL);
}
*/
import "C"

// quietALSA silences (true) or restores (false) the ALSA library's own
// error messages on stderr. Opening the device without a sound card makes
// the library write a dozen lines of its internals ("ALSA lib
// confmisc.c:855:(parse_card) cannot find card '0'" ...) before Open's one
// notice, which says the same in words; they are silenced while the device
// is probed and restored after, so errors while playing still show. The
// handler is the process's: call it on the goroutine that opens, around
// the opening only.
func quietALSA(quiet bool) {
	q := C.int(0)
	if quiet {
		q = 1
	}
	C.tickworkQuietALSA(q)
}
