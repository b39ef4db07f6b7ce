package gl41

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// GLError is one or more errors reported by glGetError.
type GLError struct {
	Codes []uint32
}

func (e *GLError) Error() string {
	names := make([]string, len(e.Codes))
	for i, c := range e.Codes {
		names[i] = ErrorName(c)
	}
	return "gl41: GL error " + strings.Join(names, ", ")
}

// ErrorName returns the name of a glGetError code, e.g. "GL_INVALID_ENUM".
func ErrorName(code uint32) string {
	switch code {
	case gl.NO_ERROR:
		return "GL_NO_ERROR"
	case gl.INVALID_ENUM:
		return "GL_INVALID_ENUM"
	case gl.INVALID_VALUE:
		return "GL_INVALID_VALUE"
	case gl.INVALID_OPERATION:
		return "GL_INVALID_OPERATION"
	case gl.INVALID_FRAMEBUFFER_OPERATION:
		return "GL_INVALID_FRAMEBUFFER_OPERATION"
	case gl.OUT_OF_MEMORY:
		return "GL_OUT_OF_MEMORY"
	case gl.STACK_UNDERFLOW:
		return "GL_STACK_UNDERFLOW"
	case gl.STACK_OVERFLOW:
		return "GL_STACK_OVERFLOW"
	}
	return fmt.Sprintf("GL error 0x%04X", code)
}

// CheckError drains glGetError and returns the errors found as a *GLError,
// or nil. Tests call it after every frame; a game may call it at a coarser
// rate (each call is a round trip into the driver).
func (r *Renderer) CheckError() error {
	if r.closed {
		return ErrClosed
	}
	var e *GLError
	for i := 0; i < 32; i++ { // a lost context can report errors forever
		c := r.gl.getError()
		if c == gl.NO_ERROR {
			break
		}
		if e == nil {
			e = &GLError{}
		}
		e.Codes = append(e.Codes, c)
	}
	if e == nil {
		return nil
	}
	return e
}
