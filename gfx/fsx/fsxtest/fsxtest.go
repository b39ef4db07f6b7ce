// Package fsxtest helps the tests of file loaders check that they refuse
// special files: it makes FIFOs and symbolic links, and runs a load with a
// deadline, so that a loader that blocks on a FIFO fails its test instead
// of hanging it. It is for tests only; call it from the test's goroutine.
package fsxtest

import (
	"os"
	"testing"
	"time"
)

// Deadline is how long Within waits for a load to return.
const Deadline = 10 * time.Second

// Within runs f and returns its error. When f has not returned after
// Deadline it fails t at once (Fatalf, naming what), leaving f blocked.
func Within(t testing.TB, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(Deadline):
		t.Fatalf("%s: still blocked after %v", what, Deadline)
		return nil
	}
}

// Symlink makes path a symbolic link to target (such as "/dev/zero" or a
// path out of the directory), failing t if it cannot.
func Symlink(t testing.TB, target, path string) {
	t.Helper()
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}
