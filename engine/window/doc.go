// Package window opens the game's window with GLFW: an OpenGL 4.1 core,
// forward-compatible context and the gl41 renderer drawing into it. It
// turns GLFW callbacks into input.Events and offers what the engine's loop
// needs each frame (poll events, framebuffer size, swap, vsync, refresh
// rate, fullscreen). It is the only package of the project that imports
// GLFW.
//
// # Threads
//
// GLFW must be used from the process's main thread, and a GL context is
// current on one OS thread. This package's init calls runtime.LockOSThread,
// so the main goroutine stays on the main thread; every function and method
// here must be called from the main goroutine (in tests: from the goroutine
// that runs TestMain, see package engine/window/mainthread).
//
// # Process-wide state
//
// GLFW is a process-wide library: glfwInit and glfwTerminate act on the
// whole process. The package keeps one count of open windows so that GLFW
// is initialised by the first Open and terminated by the last Close; that
// count is the only package-level state, and it exists because GLFW's does.
// go-gl/glfw panics on what it calls programmer errors; every call here that
// could raise one converts the panic into an error.
//
// # No display
//
// Without a display (neither DISPLAY nor WAYLAND_DISPLAY is set) Open
// returns an error matching ErrNoDisplay without calling glfwInit; it also
// wraps ErrNoDisplay when GLFW cannot initialise or create the window.
// Run under a virtual X server (xvfb-run -a) or use a headless mode.
//
// # Old OpenGL
//
// When the display works but its driver cannot create an OpenGL 4.1 core
// context, Open returns an *OpenGLError (matching ErrOldOpenGL, not
// ErrNoDisplay) naming the version the driver offers, found by creating a
// hidden window without version hints, and what to try.
package window
