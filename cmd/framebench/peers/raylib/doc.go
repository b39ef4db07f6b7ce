//go:build x11

// Command raylib is framebench's raylib-go peer: it draws the cube scene of
// package peer (N unit cubes on a grid, each turning about its own axis,
// one directional light, Lambert shading) with raylib-go v0.55.1 at
// 1280×720, vsync off, every cube's matrix set from the clock every frame
// and drawn with one DrawMeshInstanced call through a small GLSL 330
// instancing shader, lit as -shading says (peer.Shading): in linear light
// with sRGB output, tickwork's pixels (the default), or in gamma space, as
// a raylib user writes it. After the measured time it prints a
// peer.Report as JSON on stdout.
//
//	raylib -cubes 10000 -duration 3s                 # the most frames llvmpipe draws
//	raylib -cubes 10000 -duration 3s -shading gamma  # lit on the sRGB values
//	raylib -cubes 1 -pace 60 -duration 3s            # raylib's own frame limiter at 60 Hz
//	raylib -cubes 1000 -duration 1s -shot a.png      # and a screenshot of the last frame
//	raylib -cubes 1000 -duration 1s -shot a.png -at 0 # the cubes as they start
//
// It builds only with the x11 tag (raylib's GLFW for X11; Debian needs
// libxkbcommon-dev besides GLFW's X11 headers), so the framebench module
// builds and tests without raylib unless asked:
//
//	go build -tags x11 ./peers/raylib
//
// Exit status: 0 after a run, 1 when the window or a file cannot be made,
// 2 for bad flags.
package main
