//go:build linux && wayland

package window

// positionsKnown reports whether the windowing system tells a window where
// it is on the screen. Wayland does not: GLFW reports a platform error for
// every position query, so the window never asks (built with -tags
// wayland, GLFW's Wayland backend).
const positionsKnown = false

// displayVar is the environment variable that names the display GLFW
// connects to in this build.
const displayVar = "WAYLAND_DISPLAY"
