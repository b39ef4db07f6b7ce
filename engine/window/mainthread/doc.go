// Package mainthread runs functions on the process's main thread, for tests
// of code that needs it (GLFW windows, GL contexts): the window's and the
// renderer's own tests, and a game's tests that open a window. A test
// binary's TestMain hands the main goroutine to Run, which runs the tests on
// another goroutine and executes the functions they pass to Call, one at a
// time, on the main thread until the tests finish:
//
//	func TestMain(m *testing.M) { os.Exit(mainthread.Run(m.Run)) }
//
//	func TestX(t *testing.T) {
//		var err error
//		mainthread.Call(func() { err = doGLWork() })
//		if err != nil { t.Fatal(err) } // t.Fatal only outside Call
//	}
//
// Functions passed to Call must not call t.FailNow, t.Fatal or t.Skip
// (they would end the main goroutine): return results and assert on the
// test's goroutine. A panic inside Call is re-raised in the caller. Call
// must not be nested. The package works under -race and -shuffle, since the
// queue serialises all main-thread work whatever order tests run in.
package mainthread
