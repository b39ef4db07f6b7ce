package mainthread

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

func init() { runtime.LockOSThread() }

type request struct {
	f    func()
	done chan any // receives the panic value, or nil
}

// The queue is package state by necessity: there is one main thread.
var queue = make(chan request)

// Run calls run on a new goroutine and serves Call on the calling
// goroutine, which must be the main goroutine (TestMain's), until run
// returns; it returns run's result.
func Run(run func() int) int {
	result := make(chan int, 1)
	go func() { result <- run() }()
	for {
		select {
		case code := <-result:
			return code
		case req := <-queue:
			req.done <- serve(req.f)
		}
	}
}

func serve(f func()) (panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = fmt.Sprintf("%v\n\nmain-thread stack:\n%s", p, debug.Stack())
		}
	}()
	f()
	return nil
}

// Call runs f on the main thread and waits for it to return. It must be
// called while Run is serving (from a test or benchmark) and never from
// inside another Call.
func Call(f func()) {
	req := request{f: f, done: make(chan any, 1)}
	queue <- req
	if p := <-req.done; p != nil {
		panic(p)
	}
}
