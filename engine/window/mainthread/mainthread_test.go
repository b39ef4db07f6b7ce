//go:build linux

package mainthread

import (
	"os"
	"strings"
	"syscall"
	"testing"
)

var mainTID int

func TestMain(m *testing.M) {
	mainTID = syscall.Gettid()
	os.Exit(Run(m.Run))
}

func TestCallRunsOnMainThread(t *testing.T) {
	if mainTID != os.Getpid() {
		t.Skipf("TestMain runs on thread %d, not the main thread %d", mainTID, os.Getpid())
	}
	for i := 0; i < 50; i++ {
		var tid int
		Call(func() { tid = syscall.Gettid() })
		if tid != mainTID {
			t.Fatalf("call %d ran on thread %d, want main thread %d", i, tid, mainTID)
		}
	}
}

func TestCallFromManyGoroutines(t *testing.T) {
	const n = 20
	done := make(chan int, n)
	for g := 0; g < n; g++ {
		go func() {
			var tid int
			Call(func() { tid = syscall.Gettid() })
			done <- tid
		}()
	}
	for g := 0; g < n; g++ {
		if tid := <-done; tid != mainTID {
			t.Errorf("ran on thread %d, want %d", tid, mainTID)
		}
	}
}

func TestCallPanics(t *testing.T) {
	defer func() {
		p := recover()
		if p == nil || !strings.Contains(p.(string), "boom") {
			t.Fatalf("recovered %v, want the panic from the main thread", p)
		}
	}()
	Call(func() { panic("boom") })
}
