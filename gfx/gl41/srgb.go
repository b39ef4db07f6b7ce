package gl41

import (
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/shaders"
)

// The sRGB encoding of opaque scene draws. The mesh shaders light in
// linear light and end by encoding the colour to sRGB; a software
// rasteriser pays for that pow on every fragment (about 1.6 ns a pixel on
// llvmpipe, four times what the framebuffer's own encoding costs). When the
// window's framebuffer encodes sRGB (GL_FRAMEBUFFER_COLOR_ENCODING of its
// back buffer is GL_SRGB, as engine/window asks GLFW for) and the scene is
// drawn straight into it (no antialiasing framebuffer, the software
// rasteriser's default), opaque and alpha-tested draws write linear colour
// with GL_FRAMEBUFFER_SRGB on (the variantLinear programs). Everything
// else keeps the shader's encoding with GL_FRAMEBUFFER_SRGB off: blended
// draws (the framebuffer would blend in linear light), skinned draws, the
// sky, debug lines and the HUD (their colours are sRGB already), clears
// and the antialiasing framebuffer (RGBA8, resolved and copied as it is).
//
// The two encodings agree to one level in 255: llvmpipe's encoding is an
// approximation that rounds one level off the exact value in about 6% of
// the values, the shader's is exact to float precision.

// framebufferEncodesSRGB reports whether the default framebuffer's back
// buffer, bound now, encodes sRGB. A driver that cannot say is taken as
// not encoding. Called once, while the renderer is created.
func (r *Renderer) framebufferEncodesSRGB() bool {
	var enc int32
	r.gl.calls += 2
	gl.GetFramebufferAttachmentParameteriv(gl.FRAMEBUFFER, gl.BACK_LEFT, gl.FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc)
	if r.gl.getError() != gl.NO_ERROR {
		return false
	}
	return enc == gl.SRGB
}

// initSRGB decides, once, whether the window's framebuffer can encode the
// scenes' colours; where it cannot, the shaders do, with one notice on a
// software rasteriser (where that costs frames).
func (r *Renderer) initSRGB() {
	r.targetSRGB = r.framebufferEncodesSRGB()
	if !r.targetSRGB && r.software {
		r.notice(noticeNoSRGB, "the window's framebuffer does not encode sRGB: the shaders encode every fragment's colour instead, which costs a software rasteriser frames (this notice is shown once)")
	}
}

// chooseEncoding decides, at the start of a frame, who encodes this
// frame's opaque scene draws: the framebuffer when it can and the scenes
// are drawn straight into it, else the shaders.
func (r *Renderer) chooseEncoding() {
	if r.hdrFrame {
		r.linearOut = true // every draw of the variantLinear programs writes HDR light
		return
	}
	r.linearOut = r.targetSRGB && r.sceneFBO == 0 && !r.shaderEncode
}

// shaderEncodes turns GL_FRAMEBUFFER_SRGB off before a draw, clear or copy
// whose colours are sRGB-encoded already.
func (r *Renderer) shaderEncodes() { r.gl.enable(capFramebufferSRGB, false) }

// linearSource reports whether the linear-output variants of the fragment
// shader file should be built: the framebuffer encodes, and the source
// knows shaders.DefineLinearOutput (a copy in ShaderDir made before it
// existed would write sRGB that the framebuffer encodes again; its draws
// keep the shader's encoding instead). Called while programs are loaded.
func (r *Renderer) linearSource(file string) bool {
	if r.hdrProgs {
		return true // setHDRPrograms checked the sources
	}
	if !r.targetSRGB {
		return false
	}
	src, err := r.source(file)
	return err == nil && strings.Contains(src, shaders.DefineLinearOutput)
}
