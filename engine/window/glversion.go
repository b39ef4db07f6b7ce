package window

import (
	"errors"
	"fmt"
	"os"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// ErrOldOpenGL is wrapped by Open's error when the display works but its
// driver cannot create an OpenGL 4.1 core context.
var ErrOldOpenGL = errors.New("no OpenGL 4.1 core context")

// OpenGLError says that the driver cannot give tickwork the OpenGL 4.1
// core context it needs, what the driver offers instead and what to try.
type OpenGLError struct {
	Offers string // what the driver gives without version hints, e.g. "OpenGL 3.3 (compatibility profile)", or "" when unknown
	GLFW   error  // GLFW's error when asked for 4.1 core
}

func (e *OpenGLError) Error() string {
	offers := "no OpenGL context at all"
	if e.Offers != "" {
		offers = e.Offers
	}
	msg := fmt.Sprintf("window: the driver cannot create an OpenGL 4.1 core context (GLFW: %v); it offers %s. "+
		"Update the graphics driver; with Mesa, software rendering provides 4.5 core: run with LIBGL_ALWAYS_SOFTWARE=1", e.GLFW, offers)
	if v := os.Getenv("MESA_GL_VERSION_OVERRIDE"); v != "" {
		msg += fmt.Sprintf("; MESA_GL_VERSION_OVERRIDE=%s is set in the environment and caps the version: unset it", v)
	}
	return msg
}

// Unwrap makes errors.Is(err, ErrOldOpenGL) true.
func (e *OpenGLError) Unwrap() error { return ErrOldOpenGL }

// versionError explains a failed 4.1 core context creation: when GLFW says
// the version or API is unavailable, it creates a hidden window with the
// driver's default context to learn what it offers. Other failures are
// reported as before (most often no display).
func versionError(err error) error {
	var ge *glfw.Error
	if !errors.As(err, &ge) || (ge.Code != glfw.VersionUnavailable && ge.Code != glfw.APIUnavailable) {
		return nil
	}
	return &OpenGLError{Offers: probeOffer(), GLFW: err}
}

// probeOffer creates a hidden window with no version hints and returns the
// version and profile of its context, or "" when even that fails.
func probeOffer() (offer string) {
	defer func() {
		if recover() != nil {
			offer = ""
		}
	}()
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.Visible, glfw.False)
	win, err := glfw.CreateWindow(16, 16, "probe", nil, nil)
	if err != nil {
		return ""
	}
	defer win.Destroy()
	major, minor := win.GetAttrib(glfw.ContextVersionMajor), win.GetAttrib(glfw.ContextVersionMinor)
	profile := "compatibility profile"
	switch win.GetAttrib(glfw.OpenGLProfile) {
	case glfw.OpenGLCoreProfile:
		profile = "core profile"
	case glfw.OpenGLAnyProfile:
		if major < 3 || (major == 3 && minor < 2) {
			profile = "no profile"
		}
	}
	return fmt.Sprintf("OpenGL %d.%d (%s)", major, minor, profile)
}
