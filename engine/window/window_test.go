package window_test

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

// GLFW runs on the main thread: TestMain serves mainthread.Call.
func TestMain(m *testing.M) { os.Exit(mainthread.Run(m.Run)) }

func open(t *testing.T, cfg window.Config) *window.Window {
	t.Helper()
	var w *window.Window
	var err error
	mainthread.Call(func() { w, err = window.Open(cfg) })
	if errors.Is(err, window.ErrNoDisplay) {
		t.Skipf("no display: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mainthread.Call(func() { w.Close() }) })
	return w
}

func TestOpenDefaults(t *testing.T) {
	w := open(t, window.Config{Hidden: true})
	var (
		sw, sh, fw, fh int
		vsync, full    bool
	)
	mainthread.Call(func() {
		sw, sh = w.Size()
		fw, fh = w.FramebufferSize()
		vsync, full = w.VSync(), w.Fullscreen()
	})
	if sw != 1280 || sh != 720 {
		t.Errorf("size %d×%d, want 1280×720", sw, sh)
	}
	if fw < sw || fh < sh {
		t.Errorf("framebuffer %d×%d smaller than the window %d×%d", fw, fh, sw, sh)
	}
	if !vsync || full {
		t.Errorf("vsync %v fullscreen %v, want true, false", vsync, full)
	}
	if w.Renderer() == nil {
		t.Fatal("no renderer")
	}
	if w.Renderer().Name() == "" || w.Renderer().Version() == "" {
		t.Errorf("renderer name %q version %q, want the driver's GL_RENDERER and GL_VERSION", w.Renderer().Name(), w.Renderer().Version())
	}
	var err error
	mainthread.Call(func() {
		r := w.Renderer()
		if err = r.Render(&gfx.Picture{Width: fw, Height: fh}); err == nil {
			err = r.CheckError()
		}
		if err == nil {
			err = w.SwapBuffers()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestVSyncAndRefreshRate(t *testing.T) {
	w := open(t, window.Config{Width: 64, Height: 64, Hidden: true, NoVSync: true})
	var states []bool
	var hz int
	var err error
	mainthread.Call(func() {
		states = append(states, w.VSync())
		w.SetVSync(true)
		states = append(states, w.VSync())
		err = w.SwapBuffers() // under Xvfb the interval is ignored: this must not block
		w.SetVSync(false)
		states = append(states, w.VSync())
		hz = w.RefreshRate()
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []bool{false, true, false}; states[0] != want[0] || states[1] != want[1] || states[2] != want[2] {
		t.Errorf("VSync states %v, want %v", states, want)
	}
	if hz < 0 || hz > 1000 {
		t.Errorf("RefreshRate %d, want 0 (unknown) or a plausible rate", hz)
	}
	t.Logf("refresh rate %d Hz (Xvfb reports 0)", hz)
}

func TestFullscreenRestoresWindow(t *testing.T) {
	w := open(t, window.Config{Width: 300, Height: 200, Hidden: true})
	var err error
	var full bool
	var fw, fh int
	mainthread.Call(func() {
		if err = w.SetFullscreen(true); err != nil {
			return
		}
		full = w.Fullscreen()
		w.PollEvents(nil, nil)
		fw, fh = w.FramebufferSize()
		err = w.SetFullscreen(false)
	})
	if err != nil {
		t.Fatal(err)
	}
	if !full {
		t.Error("Fullscreen() false after SetFullscreen(true)")
	}
	t.Logf("fullscreen framebuffer %d×%d", fw, fh)
	deadline := time.Now().Add(2 * time.Second)
	for {
		var sw, sh int
		mainthread.Call(func() {
			w.PollEvents(nil, nil)
			sw, sh = w.Size()
			full = w.Fullscreen()
		})
		if sw == 300 && sh == 200 && !full {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after leaving fullscreen: %d×%d fullscreen=%v, want 300×200 windowed", sw, sh, full)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestOpenFullscreen(t *testing.T) {
	w := open(t, window.Config{Width: 320, Height: 240, Hidden: true, Fullscreen: true})
	var full bool
	var err error
	mainthread.Call(func() {
		full = w.Fullscreen()
		err = w.SetFullscreen(false)
	})
	if err != nil {
		t.Fatal(err)
	}
	if !full {
		t.Error("Config.Fullscreen: window not fullscreen")
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		var sw, sh int
		mainthread.Call(func() { w.PollEvents(nil, nil); sw, sh = w.Size() })
		if sw == 320 && sh == 240 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("windowed size %d×%d after leaving fullscreen, want 320×240", sw, sh)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestCloseIsIdempotent(t *testing.T) {
	var w *window.Window
	var err error
	mainthread.Call(func() { w, err = window.Open(window.Config{Width: 32, Height: 32, Hidden: true}) })
	if errors.Is(err, window.ErrNoDisplay) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	var errs []error
	var closeFlag bool
	var fw, fh int
	mainthread.Call(func() {
		errs = append(errs, w.Close(), w.Close())
		errs = append(errs, w.SwapBuffers(), w.SetSize(10, 10), w.SetFullscreen(true))
		closeFlag = w.ShouldClose()
		fw, fh = w.FramebufferSize()
		w.SetVSync(true)
		_ = w.RefreshRate()
		_ = w.PollEvents(nil, nil)
	})
	if errs[0] != nil || errs[1] != nil {
		t.Errorf("Close: %v, then %v", errs[0], errs[1])
	}
	for _, e := range errs[2:] {
		if !errors.Is(e, window.ErrClosed) {
			t.Errorf("method of a closed window: %v, want ErrClosed", e)
		}
	}
	if !closeFlag || fw != 0 || fh != 0 {
		t.Errorf("closed window: ShouldClose %v, framebuffer %d×%d", closeFlag, fw, fh)
	}
}

func TestTwoWindows(t *testing.T) {
	a := open(t, window.Config{Width: 32, Height: 32, Hidden: true})
	b := open(t, window.Config{Width: 48, Height: 48, Hidden: true})
	var err error
	mainthread.Call(func() {
		if err = b.Close(); err != nil {
			return
		}
		// GLFW stays initialised for the window still open.
		a.PollEvents(nil, nil)
		err = a.SwapBuffers()
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestNoDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	var err error
	mainthread.Call(func() { _, err = window.Open(window.Config{Hidden: true}) })
	if !errors.Is(err, window.ErrNoDisplay) {
		t.Fatalf("got %v, want ErrNoDisplay", err)
	}
	for _, want := range []string{"DISPLAY", "xvfb-run -a", "-headless"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestUnreachableDisplay(t *testing.T) {
	t.Setenv("DISPLAY", ":4242")
	var err error
	mainthread.Call(func() { _, err = window.Open(window.Config{Hidden: true}) })
	if !errors.Is(err, window.ErrNoDisplay) {
		t.Fatalf("got %v, want ErrNoDisplay", err)
	}
	if !strings.Contains(err.Error(), "xvfb-run") {
		t.Errorf("error %q does not suggest xvfb-run", err)
	}
	t.Log(err)
}

func TestFrameCallsAllocateNothing(t *testing.T) {
	w := open(t, window.Config{Width: 64, Height: 64, Hidden: true})
	var allocs float64
	var now timing.Micros
	stamp := func() timing.Micros { now++; return now }
	buf := make([]input.Event, 0, 64)
	mainthread.Call(func() {
		allocs = testing.AllocsPerRun(100, func() {
			buf = w.PollEvents(buf[:0], stamp)
			w.FramebufferSize()
			if err := w.SwapBuffers(); err != nil {
				panic(err)
			}
		})
	})
	if allocs != 0 {
		t.Errorf("PollEvents, FramebufferSize and SwapBuffers allocate %v times per frame, want 0", allocs)
	}
}
