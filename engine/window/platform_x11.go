//go:build !(linux && wayland)

package window

// positionsKnown reports whether the windowing system tells a window where
// it is on the screen (and where monitors are). X11, Windows and macOS do.
const positionsKnown = true

// displayVar is the environment variable that names the display GLFW
// connects to in this build.
const displayVar = "DISPLAY"
