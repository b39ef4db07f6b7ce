package gl41

import (
	"math"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/text"
)

// Glyph atlas sizes: it starts small and grows as new glyphs appear.
const (
	ttAtlasStart = 512
	ttAtlasMax   = 4096
)

// ttState draws TrueType text: glyphs rasterised on demand into one atlas
// (package gfx/text), uploaded as an R8 texture, new glyphs only.
type ttState struct {
	atlas   *text.Atlas
	tex     uint32
	texSize int    // the texture's size, to know when the atlas grew
	sampler uint32 // nearest, clamped: glyphs sit on whole pixels
	glyphs  []text.Glyph
	scaled  map[scaledKey]*text.Face // faces at the HUD's pixel size
	def     *text.Face               // text.Default, for texts without a face
	reset   bool                     // the atlas filled up: start it again next frame
}

type scaledKey struct {
	face  *text.Face
	scale float32
}

// face returns f at scale (the HUD's content scale): glyphs are laid out
// and rasterised in framebuffer pixels, so text stays crisp on HiDPI
// displays. A face is made once per face and scale.
func (t *ttState) face(f *text.Face, scale float32) *text.Face {
	if scale == 1 {
		return f
	}
	k := scaledKey{f, scale}
	if sf, ok := t.scaled[k]; ok {
		return sf
	}
	fonts := make([]*text.Font, f.NumFonts())
	for i := range fonts {
		fonts[i] = f.Font(i)
	}
	sf, err := text.NewFace(min(f.Size()*scale, text.MaxSize), fonts...)
	if err != nil {
		sf = f // a size past the limit: drawn unscaled
	}
	if t.scaled == nil {
		t.scaled = make(map[scaledKey]*text.Face)
	}
	t.scaled[k] = sf
	return sf
}

// appendTrueType lays out one text with its face and appends a quad per
// glyph, in logical units; glyphs sit on whole framebuffer pixels.
func (r *Renderer) appendTrueType(q []hudQuad, tx *gfx.Text, scale float32) []hudQuad {
	t := &r.hud.tt
	if t.atlas == nil {
		t.atlas, _ = text.NewAtlas(ttAtlasStart, ttAtlasMax) // sizes within the allowed range
	}
	face, size := tx.Face, scale
	if face == nil {
		if t.def == nil {
			var err error
			if t.def, err = text.Default(); err != nil {
				return q // the built-in font always parses; nothing to draw with otherwise
			}
		}
		face = t.def
		if tx.Scale > 0 {
			size *= tx.Scale
		}
	}
	f := t.face(face, size)
	opts := tx.Layout
	opts.MaxWidth *= scale // logical units to framebuffer pixels
	t.glyphs, _ = f.Layout(t.glyphs[:0], tx.S, opts)
	ox, oy := float32(math.Round(float64(tx.X*scale))), float32(math.Round(float64(tx.Y*scale)))
	// The face is size × the face's size, laid out in framebuffer pixels;
	// quads are in logical units (÷ scale).
	for _, g := range t.glyphs {
		ag, ok := t.atlas.Glyph(f, g)
		if !ok {
			t.reset = t.reset || t.atlas.Full()
			continue
		}
		if ag.Rect.Empty() {
			continue // a space
		}
		x := ox + float32(math.Round(float64(g.X))) + float32(ag.OffsetX)
		y := oy + float32(math.Round(float64(g.Y))) + float32(ag.OffsetY)
		w, h := float32(ag.Rect.Dx()), float32(ag.Rect.Dy())
		q = append(q, hudQuad{
			Rect:   [4]float32{x / scale, y / scale, w / scale, h / scale},
			UV:     [4]float32{ag.U0, ag.V0, ag.U1, ag.V1},
			Color:  tx.Color,
			Params: [4]float32{0, 2, float32(t.atlas.Size()), 0},
		})
	}
	return q
}

// fixUV rescales the texture coordinates of glyph quads made before the
// atlas grew this frame: growing keeps the glyphs' pixels where they were,
// in a larger image.
func (t *ttState) fixUV(q []hudQuad) {
	size := float32(t.atlas.Size())
	for i := range q {
		if p := &q[i].Params; p[1] == 2 && p[2] != size {
			k := p[2] / size
			for j := range 4 {
				q[i].UV[j] *= k
			}
			p[2] = size
		}
	}
}

// uploadAtlas sends the atlas's new glyphs to the texture, bound to
// texture unit 2 (the HUD program's uGlyphs): the whole image when it grew
// (or was reset), else the rectangle that changed. It returns the texture,
// 0 before any TrueType text.
func (r *Renderer) uploadAtlas() uint32 {
	t := &r.hud.tt
	if t.atlas == nil {
		return 0
	}
	a := &r.gl
	dirty, grown := t.atlas.Dirty()
	img := t.atlas.Image()
	size := t.atlas.Size()
	if t.tex == 0 {
		t.tex = a.genTexture()
		var s uint32
		a.calls += 5
		gl.GenSamplers(1, &s)
		gl.SamplerParameteri(s, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
		gl.SamplerParameteri(s, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
		gl.SamplerParameteri(s, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
		gl.SamplerParameteri(s, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
		t.sampler = s
		grown = true
	}
	a.calls += 3
	gl.ActiveTexture(gl.TEXTURE2)
	gl.BindTexture(gl.TEXTURE_2D, t.tex)
	gl.BindSampler(2, t.sampler)
	if !grown && dirty.Empty() {
		a.calls++
		gl.ActiveTexture(gl.TEXTURE0)
		return t.tex
	}
	if grown || size != t.texSize {
		gl.TexImage2D(gl.TEXTURE_2D, 0, gl.R8, int32(size), int32(size), 0, gl.RED, gl.UNSIGNED_BYTE, unsafe.Pointer(&img.Pix[0]))
		t.texSize = size
		r.stats.BytesUploaded += size * size
	} else {
		a.calls += 2
		gl.PixelStorei(gl.UNPACK_ROW_LENGTH, int32(img.Stride))
		off := img.PixOffset(dirty.Min.X, dirty.Min.Y)
		gl.TexSubImage2D(gl.TEXTURE_2D, 0, int32(dirty.Min.X), int32(dirty.Min.Y), int32(dirty.Dx()), int32(dirty.Dy()),
			gl.RED, gl.UNSIGNED_BYTE, unsafe.Pointer(&img.Pix[off]))
		gl.PixelStorei(gl.UNPACK_ROW_LENGTH, 0)
		r.stats.BytesUploaded += dirty.Dx() * dirty.Dy()
	}
	gl.ActiveTexture(gl.TEXTURE0)
	t.atlas.ClearDirty()
	return t.tex
}

// endFrame starts a full atlas again, between frames: the next frame
// rasterises what it draws.
func (t *ttState) endFrame() {
	if t.reset && t.atlas != nil {
		t.atlas.Reset()
		t.reset = false
	}
}

// close releases the atlas texture and sampler.
func (t *ttState) close(a *api) {
	a.deleteTexture(&t.tex)
	if t.sampler != 0 {
		a.calls++
		gl.DeleteSamplers(1, &t.sampler)
		t.sampler = 0
	}
	t.atlas, t.scaled, t.glyphs, t.def = nil, nil, nil, nil
}
