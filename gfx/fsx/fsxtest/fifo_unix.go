//go:build unix

package fsxtest

import (
	"syscall"
	"testing"
)

// FIFO makes a named pipe at path, skipping the test where the file system
// cannot hold one.
func FIFO(t testing.TB, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
}
