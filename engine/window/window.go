package window

import (
	"errors"
	"fmt"
	"image"
	"os"
	"runtime"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/timing"
)

func init() {
	// GLFW and the GL context live on the main thread: keep the main
	// goroutine there for the life of the process.
	runtime.LockOSThread()
}

// ErrNoDisplay is wrapped by Open's error when no window can be opened:
// no display is configured, or GLFW cannot reach it or create an OpenGL 4.1
// core context on it. Check with errors.Is.
var ErrNoDisplay = errors.New("no display")

// ErrClosed is returned by methods of a closed Window.
var ErrClosed = errors.New("window: closed")

// hint is appended to errors about a missing display.
const hint = "run under a virtual X server (xvfb-run -a ...) or use the game's -headless mode"

// Config describes the window to open. The zero value is a visible,
// resizable 1280×720 window titled "tickwork" with vsync on.
type Config struct {
	Width, Height int    // size in screen coordinates; 0 means 1280×720
	Title         string // "" means "tickwork"
	NoVSync       bool   // start with the swap interval at 0
	FixedSize     bool   // the user cannot resize the window
	Hidden        bool   // never shown: for tests, screenshots and benchmarks
	Fullscreen    bool   // start fullscreen on the primary monitor

	// ContentScale forces the HUD's scale (logical units to framebuffer
	// pixels, see Window.ContentScale): 0 takes the monitor's, 0.25 to
	// MaxContentScale force one (a UI scale setting, or tests).
	ContentScale float32

	// Renderer configures the gl41 renderer created with the window.
	Renderer gl41.Options
}

// Window is an open GLFW window with its GL context and renderer. Its
// methods are called on the main goroutine.
type Window struct {
	win        *glfw.Window
	renderer   *gl41.Renderer
	vsync      bool
	fullscreen bool
	iconified  bool
	windowed   [4]int // x, y, w, h restored when leaving fullscreen
	fbw, fbh   int    // framebuffer size, kept from the size callback
	winw, winh int    // window size in screen coordinates, kept likewise
	scale      float32
	title      string

	// Gamepads: how they are read, and their last readings.
	readPad padReader
	pads    [input.MaxPads]padReading
	padNow  padReading
	poll    func() // w.pollAll

	// The captured cursor's last position, to report motion.
	captured     bool
	hasLast      bool
	lastX, lastY float64
	forced       float32 // Config.ContentScale, 0 when the monitor's is followed

	// Event delivery (events.go).
	polling bool
	sink    []input.Event
	pending []input.Event
	stamp   func() timing.Micros
}

// glfwUsers counts open windows: GLFW is initialised by the first Open and
// terminated by the last Close. It mirrors GLFW's own process-wide state.
var glfwUsers int

// Open creates a window with an OpenGL 4.1 core, forward-compatible
// context, makes the context current on the calling (main) thread and
// creates the gl41 renderer. Errors about the display wrap ErrNoDisplay.
func Open(cfg Config) (*Window, error) {
	if cfg.Width <= 0 || cfg.Height <= 0 {
		cfg.Width, cfg.Height = 1280, 720
	}
	if cfg.Title == "" {
		cfg.Title = "tickwork"
	}
	if err := checkScale(cfg.ContentScale); err != nil {
		return nil, err
	}
	if needsDisplayEnv() && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return nil, fmt.Errorf("window: cannot open a window: %w: neither DISPLAY nor WAYLAND_DISPLAY is set; %s", ErrNoDisplay, hint)
	}
	if err := acquireGLFW(); err != nil {
		return nil, err
	}
	w, err := open(cfg)
	if err != nil {
		releaseGLFW()
		return nil, err
	}
	return w, nil
}

func needsDisplayEnv() bool { return runtime.GOOS != "darwin" && runtime.GOOS != "windows" }

func acquireGLFW() (err error) {
	if glfwUsers > 0 {
		glfwUsers++
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			ge, ok := p.(*glfw.Error)
			if !ok {
				panic(p)
			}
			glfw.Terminate()
			err = fmt.Errorf("window: GLFW could not initialise, the display %q cannot be opened (GLFW: %v): %w; %s",
				os.Getenv(displayVar), ge, ErrNoDisplay, hint)
		}
	}()
	if err := glfw.Init(); err != nil {
		return fmt.Errorf("window: GLFW could not initialise: %w: %v; %s", ErrNoDisplay, err, hint)
	}
	// go-gl/glfw only logs some failures of glfwInit (a display that cannot
	// be opened); a query that needs an initialised GLFW panics then, and
	// the deferred recover turns that into the error.
	glfw.GetPrimaryMonitor()
	glfwUsers = 1
	return nil
}

func releaseGLFW() {
	if glfwUsers == 0 {
		return
	}
	glfwUsers--
	if glfwUsers == 0 {
		glfw.Terminate()
	}
}

func boolHint(b bool) int {
	if b {
		return glfw.True
	}
	return glfw.False
}

func open(cfg Config) (w *Window, err error) {
	defer recoverGLFW(&err, "creating the window")
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 1)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.DoubleBuffer, glfw.True)
	glfw.WindowHint(glfw.DepthBits, 24)
	glfw.WindowHint(glfw.StencilBits, 0)
	// A framebuffer that encodes sRGB lets the renderer skip the shaders'
	// encoding (gfx/gl41 falls back to it where the driver offers none).
	glfw.WindowHint(glfw.SRGBCapable, glfw.True)
	glfw.WindowHint(glfw.Resizable, boolHint(!cfg.FixedSize))
	glfw.WindowHint(glfw.Visible, boolHint(!cfg.Hidden))

	win, err := glfw.CreateWindow(cfg.Width, cfg.Height, cfg.Title, nil, nil)
	if err != nil {
		if verr := versionError(err); verr != nil {
			return nil, verr
		}
		return nil, fmt.Errorf("window: cannot create a window with an OpenGL 4.1 core context: %w: %v; %s", ErrNoDisplay, err, hint)
	}
	win.MakeContextCurrent()
	w = &Window{win: win, vsync: !cfg.NoVSync, title: cfg.Title, readPad: readGLFWPad}
	glfw.SwapInterval(w.interval())

	w.renderer, err = gl41.New(cfg.Renderer)
	if err != nil {
		glfw.DetachCurrentContext()
		win.Destroy()
		return nil, fmt.Errorf("window: %w", err)
	}
	w.setCallbacks()
	w.querySize()
	w.initScale(cfg.ContentScale)
	if cfg.Fullscreen {
		if err := w.SetFullscreen(true); err != nil {
			w.destroy() // Open releases GLFW
			return nil, err
		}
	}
	return w, nil
}

// recoverGLFW turns a panic raised by go-gl/glfw for a GLFW error into an
// error stored in *err. It must be deferred directly.
func recoverGLFW(err *error, doing string) {
	if p := recover(); p != nil {
		ge, ok := p.(*glfw.Error)
		if !ok {
			panic(p)
		}
		*err = fmt.Errorf("window: %s: %w", doing, ge)
	}
}

// Renderer returns the renderer drawing into the window's context. It is
// closed by Close.
func (w *Window) Renderer() *gl41.Renderer { return w.renderer }

// Close releases the renderer, destroys the window and, with the last open
// window, terminates GLFW. Calling it again does nothing.
func (w *Window) Close() error {
	if w.win == nil {
		return nil
	}
	defer releaseGLFW()
	return w.destroy()
}

// destroy releases the renderer and destroys the window, leaving GLFW
// initialised.
func (w *Window) destroy() (err error) {
	win := w.win
	w.win = nil
	defer recoverGLFW(&err, "closing")
	win.MakeContextCurrent()
	rerr := w.renderer.Close()
	glfw.DetachCurrentContext()
	win.Destroy()
	return rerr
}

// MakeCurrent makes the window's OpenGL context the current one of the
// calling thread, which must be the main thread. The renderer draws into
// whichever context is current: a program with one window never needs
// this (Open makes its context current); one with several windows calls
// it before drawing into each. A closed window does nothing.
func (w *Window) MakeCurrent() {
	if w.win == nil {
		return
	}
	w.win.MakeContextCurrent()
}

// ShouldClose reports whether the user asked to close the window (also
// delivered as an input.CloseRequest event). A closed window reports true.
func (w *Window) ShouldClose() bool {
	if w.win == nil {
		return true
	}
	return w.win.ShouldClose()
}

// SetShouldClose sets or clears the close flag, e.g. to veto a close
// request or to end the loop from a menu.
func (w *Window) SetShouldClose(v bool) {
	if w.win != nil {
		w.win.SetShouldClose(v)
	}
}

// SwapBuffers shows the frame drawn since the last swap. With vsync on, a
// driver that honours the interval blocks here until the next refresh.
func (w *Window) SwapBuffers() (err error) {
	if w.win == nil {
		return ErrClosed
	}
	defer recoverGLFW(&err, "swapping buffers")
	w.win.SwapBuffers()
	return nil
}

// FramebufferSize returns the size of the drawable area in pixels (larger
// than Size on HiDPI displays), or 0, 0 while the window is minimised.
func (w *Window) FramebufferSize() (width, height int) {
	if w.win == nil || w.iconified {
		return 0, 0
	}
	return w.fbw, w.fbh
}

// querySize asks GLFW for the framebuffer size. It is kept up to date by the
// size callback; asking every frame would allocate (cgo out-parameters).
func (w *Window) querySize() { w.fbw, w.fbh = w.win.GetFramebufferSize() }

// Size returns the window's content size in screen coordinates.
func (w *Window) Size() (width, height int) {
	if w.win == nil {
		return 0, 0
	}
	return w.win.GetSize()
}

// SetSize asks the window system to resize the window's content area (in
// screen coordinates). The new framebuffer size is reported by a later
// PollEvents as an input.Resize event. Some drivers (Mesa's software
// rasteriser) resize the context's buffers at the next SwapBuffers, so the
// first frame drawn after a resize may be cut to the old size.
func (w *Window) SetSize(width, height int) (err error) {
	if w.win == nil {
		return ErrClosed
	}
	if width <= 0 || height <= 0 {
		return fmt.Errorf("window: invalid size %d×%d", width, height)
	}
	defer recoverGLFW(&err, "resizing")
	w.win.SetSize(width, height)
	return nil
}

// SetTitle changes the window's title.
func (w *Window) SetTitle(title string) {
	if w.win != nil {
		w.win.SetTitle(title)
		w.title = title
	}
}

// Iconify minimises the window; Restore brings it back.
func (w *Window) Iconify() (err error) {
	if w.win == nil {
		return ErrClosed
	}
	defer recoverGLFW(&err, "minimising")
	w.win.Iconify()
	return nil
}

// Restore restores a minimised or maximised window.
func (w *Window) Restore() (err error) {
	if w.win == nil {
		return ErrClosed
	}
	defer recoverGLFW(&err, "restoring")
	w.win.Restore()
	return nil
}

// Iconified reports whether the window is minimised, as the window system
// last told GLFW.
func (w *Window) Iconified() bool { return w.iconified }

// Title returns the window's title: Config.Title, or the last SetTitle.
func (w *Window) Title() string { return w.title }

// SetCursorMode shows, hides or captures the cursor. Captured, the cursor
// is hidden and held in the window, and its position keeps growing past
// the window's edges (mouse-look); raw, unaccelerated motion is used where
// the platform has it.
func (w *Window) SetCursorMode(m input.CursorMode) (err error) {
	if w.win == nil {
		return ErrClosed
	}
	defer recoverGLFW(&err, "setting the cursor mode")
	switch m {
	case input.CursorNormal:
		w.win.SetInputMode(glfw.CursorMode, glfw.CursorNormal)
	case input.CursorHidden:
		w.win.SetInputMode(glfw.CursorMode, glfw.CursorHidden)
	case input.CursorCaptured:
		w.win.SetInputMode(glfw.CursorMode, glfw.CursorDisabled)
	default:
		return fmt.Errorf("window: unknown cursor mode %d", m)
	}
	if glfw.RawMouseMotionSupported() {
		w.win.SetInputMode(glfw.RawMouseMotion, boolHint(m == input.CursorCaptured))
	}
	w.captured, w.hasLast = m == input.CursorCaptured, false
	return nil
}

// SetIcon sets the window's icon (a window manager may ignore it).
func (w *Window) SetIcon(img image.Image) (err error) {
	if w.win == nil {
		return ErrClosed
	}
	defer recoverGLFW(&err, "setting the icon")
	w.win.SetIcon([]image.Image{img})
	return nil
}
