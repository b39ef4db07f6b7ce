package gl41

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/gfx"
)

// gpuTexture is one uploaded image.
type gpuTexture struct {
	id  uint32
	err error // why it cannot be used: the material draws untextured and err is reported
}

// texture returns the GL texture of image id, uploading it on first use:
// sRGB images as GL_SRGB8_ALPHA8 (sampling decodes them to linear light),
// linear ones as GL_RGBA8, with a full mipmap chain. An image larger than
// the driver's maximum texture size is refused with both sizes.
func (r *Renderer) texture(id gfx.ImageID) (uint32, error) {
	if int(id) < len(r.textures) {
		if t := r.textures[id]; t.id != 0 || t.err != nil {
			return t.id, t.err
		}
	}
	if int(id) >= len(r.textures) {
		r.textures = append(r.textures, make([]gpuTexture, int(id)+1-len(r.textures))...)
	}
	t := &r.textures[id]
	var (
		im *gfx.Image
		ok bool
	)
	var bad error
	if r.assets != nil {
		if im, ok = r.assets.Image(id); ok {
			bad = im.Validate()
		}
	}
	switch {
	case !ok:
		t.err = fmt.Errorf("gl41: a material uses image %d, which the assets do not have", id)
	case bad != nil:
		t.err = fmt.Errorf("gl41: image %d: %w", id, bad)
	case im.Width > r.maxTexture || im.Height > r.maxTexture:
		t.err = fmt.Errorf("gl41: image %d is %d×%d pixels; this driver's largest texture is %d×%d: scale it down", id, im.Width, im.Height, r.maxTexture, r.maxTexture)
	}
	if t.err != nil {
		return 0, t.err
	}
	format := int32(gl.SRGB8_ALPHA8)
	if im.Space == gfx.Linear {
		format = gl.RGBA8
	}
	t.id = r.uploadTexture(format, im.Width, im.Height, im.Pix, true)
	return t.id, nil
}

// uploadTexture creates a 2D texture from RGBA pixels (rows top to bottom:
// texture coordinate (0, 0) is the image's top-left, as in glTF).
func (r *Renderer) uploadTexture(format int32, w, h int, pix []byte, mipmaps bool) uint32 {
	a := &r.gl
	id := a.genTexture()
	a.bindTexture2D(id)
	a.calls++
	gl.TexImage2D(gl.TEXTURE_2D, 0, format, int32(w), int32(h), 0, gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&pix[0]))
	if mipmaps {
		a.calls++
		gl.GenerateMipmap(gl.TEXTURE_2D)
	}
	return id
}

// sampler returns the GL sampler object for s, created on first use.
func (r *Renderer) sampler(s gfx.Sampler) uint32 {
	if id, ok := r.samplers[s]; ok {
		return id
	}
	wrap := func(w gfx.Wrap) int32 {
		switch w {
		case gfx.ClampToEdge:
			return gl.CLAMP_TO_EDGE
		case gfx.MirroredRepeat:
			return gl.MIRRORED_REPEAT
		}
		return gl.REPEAT
	}
	mag := int32(gl.LINEAR)
	if s.Mag == gfx.FilterNearest {
		mag = gl.NEAREST
	}
	var min int32
	switch {
	case s.NoMipmaps && s.Min == gfx.FilterNearest:
		min = gl.NEAREST
	case s.NoMipmaps:
		min = gl.LINEAR
	case s.Min == gfx.FilterNearest:
		min = gl.NEAREST_MIPMAP_NEAREST
	default:
		// Bilinear from the nearest mip level: no shimmering, one texel
		// fetch of four; trilinear cost llvmpipe a tenth of its frame
		// rate in the textured-cubes benchmark, for a difference hard to
		// see on a moving scene.
		min = gl.LINEAR_MIPMAP_NEAREST
	}
	var id uint32
	r.gl.calls += 5
	gl.GenSamplers(1, &id)
	gl.SamplerParameteri(id, gl.TEXTURE_WRAP_S, wrap(s.WrapS))
	gl.SamplerParameteri(id, gl.TEXTURE_WRAP_T, wrap(s.WrapT))
	gl.SamplerParameteri(id, gl.TEXTURE_MIN_FILTER, min)
	gl.SamplerParameteri(id, gl.TEXTURE_MAG_FILTER, mag)
	if r.samplers == nil {
		r.samplers = make(map[gfx.Sampler]uint32)
	}
	r.samplers[s] = id
	return id
}

// releaseTextures deletes every uploaded image and sampler.
func (r *Renderer) releaseTextures() {
	for i := range r.textures {
		r.gl.deleteTexture(&r.textures[i].id)
	}
	r.textures = r.textures[:0]
	for s, id := range r.samplers {
		r.gl.calls++
		gl.DeleteSamplers(1, &id)
		delete(r.samplers, s)
	}
	r.gl.sampler = 0
}
