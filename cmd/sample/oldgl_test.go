package main

import (
	"os"
	"strings"
	"testing"
)

// TestOldOpenGLIsNamed: when the driver offers less than OpenGL 4.1 core
// (Mesa capped with MESA_GL_VERSION_OVERRIDE), the error says so, names
// the version offered and what to try; it is not the no-display error.
func TestOldOpenGLIsNamed(t *testing.T) {
	needDisplay(t)
	for _, v := range []string{"3.3", "4.0"} {
		r := sample(t, append(os.Environ(), "MESA_GL_VERSION_OVERRIDE="+v), "-frames", "3")
		if r.code != 1 {
			t.Fatalf("MESA_GL_VERSION_OVERRIDE=%s: got status %d, want 1\n%s", v, r.code, r.stderr)
		}
		for _, want := range []string{"OpenGL 4.1 core", "offers OpenGL " + v, "LIBGL_ALWAYS_SOFTWARE=1", "MESA_GL_VERSION_OVERRIDE=" + v} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("MESA_GL_VERSION_OVERRIDE=%s: got %q, want it to say %q", v, r.stderr, want)
			}
		}
		if strings.Contains(r.stderr, "xvfb-run") || strings.Contains(r.stderr, "no display") {
			t.Errorf("MESA_GL_VERSION_OVERRIDE=%s: got %q, want no display hint: the display works", v, r.stderr)
		}
	}
}
