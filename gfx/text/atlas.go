package text

import (
	"fmt"
	"image"
	"image/draw"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The sizes NewAtlas accepts, in pixels per side.
const (
	MinAtlasSize = 64
	MaxAtlasSize = 16384
)

// pad is the empty border kept between glyph bitmaps (and along the image's
// top and left edges), so that a renderer's bilinear filtering never blends
// one glyph into its neighbour.
const pad = 1

// Atlas packs glyph bitmaps (8-bit coverage) into one square image.Alpha on
// demand, for a renderer to upload as a single-channel texture.
//
// A glyph is rasterised the first time it is asked for and kept, keyed by
// font, glyph index and size in 1/64 pixel; asking again allocates nothing.
// When the image is full it doubles (copying what it holds, so every packed
// glyph keeps its pixel rectangle) up to the maximum size. When even that is
// full, Glyph returns false for glyphs it does not hold yet and Full reports
// true: nothing is evicted behind the renderer's back. The renderer then
// calls Reset between frames; glyphs are rasterised again as they are asked
// for.
//
// An Atlas is not safe for concurrent use: one goroutine at a time (the
// renderer's, which in the engine is the main goroutine).
type Atlas struct {
	img     *image.Alpha
	maxSize int
	shelves []shelf
	glyphs  map[uint64]AtlasGlyph // by atlasKey.pack
	fontIDs map[*Font]uint64      // numbers fonts for keys, from 1
	last    *Font                 // the font of the previous Glyph call
	lastID  uint64
	dirty   image.Rectangle
	grown   bool
	full    bool

	buf  sfnt.Buffer
	rast vector.Rasterizer
}

// shelf is a row of the packer: glyphs are placed left to right from x.
type shelf struct{ y, h, x int }

type atlasKey struct {
	font  *Font // nil for the BoxFont glyph
	index sfnt.GlyphIndex
	ppem  fixed.Int26_6
}

// id returns the number of key.font in this atlas (0 for nil), numbering it
// the first time. Consecutive glyphs are mostly of the same font, so the
// map is rarely consulted.
func (a *Atlas) id(f *Font) uint64 {
	if f == nil {
		return 0
	}
	if f == a.last {
		return a.lastID
	}
	id, ok := a.fontIDs[f]
	if !ok {
		id = uint64(len(a.fontIDs) + 1)
		a.fontIDs[f] = id
	}
	a.last, a.lastID = f, id
	return id
}

// pack folds key into the glyph map's key: font number, glyph index and size
// (ppem is at most MaxSize*64, well within 32 bits).
func (a *Atlas) pack(k atlasKey) uint64 {
	return a.id(k.font)<<48 | uint64(k.index)<<32 | uint64(uint32(k.ppem))
}

// AtlasGlyph is where a glyph's bitmap lies in the atlas and where to draw
// it. A renderer draws the pixels Rect of the atlas image at
// (round(Glyph.X)+OffsetX, round(Glyph.Y)+OffsetY), Rect.Dx() by Rect.Dy()
// pixels. A glyph without ink (a space) has an empty Rect: nothing to draw.
type AtlasGlyph struct {
	// Rect is the bitmap's pixel rectangle in Image().
	Rect image.Rectangle
	// U0, V0, U1, V1 are Rect in texture coordinates (0 to 1, V down) of
	// the atlas's size when Glyph returned them; they change when the atlas
	// grows, so a renderer asks again each frame rather than keeping them.
	U0, V0, U1, V1 float32
	// OffsetX, OffsetY place the bitmap's top-left corner relative to the
	// pen position, in whole pixels (OffsetY is negative above the
	// baseline).
	OffsetX, OffsetY int
}

// NewAtlas makes an empty atlas of size×size pixels that may grow to
// maxSize×maxSize (both from MinAtlasSize to MaxAtlasSize, size ≤ maxSize;
// 256 and 4096 are good choices). Called by the renderer at start-up, on its
// goroutine.
func NewAtlas(size, maxSize int) (*Atlas, error) {
	if size < MinAtlasSize || maxSize > MaxAtlasSize || size > maxSize {
		return nil, fmt.Errorf("text: atlas size %d, max %d: want %d ≤ size ≤ max ≤ %d",
			size, maxSize, MinAtlasSize, MaxAtlasSize)
	}
	a := &Atlas{
		img:     image.NewAlpha(image.Rect(0, 0, size, size)),
		maxSize: maxSize,
		glyphs:  make(map[uint64]AtlasGlyph),
		fontIDs: make(map[*Font]uint64),
		grown:   true,
	}
	a.rast.DrawOp = draw.Src
	a.dirty = a.img.Rect
	return a, nil
}

// Image returns the atlas's pixels. The pointer changes when the atlas grows;
// a renderer fetches it after Dirty reports growth. Called on the atlas's
// goroutine.
func (a *Atlas) Image() *image.Alpha { return a.img }

// Size returns the atlas's current width (and height) in pixels. Called on
// the atlas's goroutine.
func (a *Atlas) Size() int { return a.img.Rect.Dx() }

// Len returns the number of glyphs the atlas holds (glyphs without ink
// included). Called on the atlas's goroutine.
func (a *Atlas) Len() int { return len(a.glyphs) }

// Glyph returns the bitmap of g, a glyph that face laid out, rasterising and
// packing it the first time. It returns false when g does not belong to face
// (a Font index out of range), when its bitmap is larger than the maximum
// atlas, or when the atlas, at its maximum size, has no room left for it:
// see Full. Called by the renderer on the atlas's goroutine,
// while drawing a frame; it allocates nothing for glyphs already held.
func (a *Atlas) Glyph(face *Face, g Glyph) (AtlasGlyph, bool) {
	var key atlasKey
	switch {
	case g.Font == BoxFont:
		key = atlasKey{font: nil, ppem: face.ppem}
	case g.Font >= 0 && g.Font < len(face.fonts):
		key = atlasKey{font: face.fonts[g.Font], index: g.GlyphIndex, ppem: face.ppem}
	default:
		return AtlasGlyph{}, false
	}
	k := a.pack(key)
	if ag, ok := a.glyphs[k]; ok {
		return a.withUV(ag), true
	}
	if a.full {
		return AtlasGlyph{}, false
	}
	ag, ok := a.add(face, key)
	if !ok {
		return AtlasGlyph{}, false
	}
	a.glyphs[k] = ag
	return a.withUV(ag), true
}

// Full reports whether a glyph was refused because the atlas is full at its
// maximum size. Called by the renderer after drawing a frame, on the atlas's
// goroutine.
func (a *Atlas) Full() bool { return a.full }

// Reset empties the atlas, keeping its size and memory: every AtlasGlyph
// returned before is invalid, and Dirty reports the whole image (grown true)
// so the renderer uploads it again. Called by the renderer between frames
// when Full reports true, on the atlas's goroutine.
func (a *Atlas) Reset() {
	clear(a.glyphs)
	clear(a.img.Pix)
	a.shelves = a.shelves[:0]
	a.full = false
	a.grown = true
	a.dirty = a.img.Rect
}

// Dirty returns the part of the image changed since ClearDirty (empty when
// none) and whether the image was replaced (grown or reset) since, in which
// case the rectangle is the whole image and the renderer uploads all of it
// into a texture of Size(). Otherwise it uploads only the rectangle. A new
// atlas reports its whole image as dirty. Called by the renderer before
// drawing, on the atlas's goroutine.
func (a *Atlas) Dirty() (r image.Rectangle, grown bool) { return a.dirty, a.grown }

// ClearDirty marks the image as uploaded. Called by the renderer after it
// has uploaded what Dirty reported, on the atlas's goroutine.
func (a *Atlas) ClearDirty() {
	a.dirty = image.Rectangle{}
	a.grown = false
}

func (a *Atlas) withUV(ag AtlasGlyph) AtlasGlyph {
	if ag.Rect.Empty() {
		return ag
	}
	s := float32(a.img.Rect.Dx())
	ag.U0, ag.V0 = float32(ag.Rect.Min.X)/s, float32(ag.Rect.Min.Y)/s
	ag.U1, ag.V1 = float32(ag.Rect.Max.X)/s, float32(ag.Rect.Max.Y)/s
	return ag
}

// add rasterises and packs the glyph for key; false when there is no room.
func (a *Atlas) add(face *Face, key atlasKey) (AtlasGlyph, bool) {
	var segs sfnt.Segments
	var bounds fixed.Rectangle26_6
	if key.font == nil {
		bounds = face.box
	} else {
		var err error
		segs, err = key.font.sf.LoadGlyph(&a.buf, key.index, key.ppem, nil)
		if err != nil || len(segs) == 0 {
			// A broken or empty outline draws nothing.
			return AtlasGlyph{}, true
		}
		bounds = segs.Bounds()
	}
	x0, y0 := bounds.Min.X.Floor(), bounds.Min.Y.Floor()
	x1, y1 := bounds.Max.X.Ceil(), bounds.Max.Y.Ceil()
	w, h := x1-x0, y1-y0
	if w <= 0 || h <= 0 {
		return AtlasGlyph{}, true
	}
	if w+pad > a.maxSize || h+pad > a.maxSize {
		return AtlasGlyph{}, false // would not fit even an empty atlas
	}
	at, ok := a.place(w, h)
	if !ok {
		a.full = true
		return AtlasGlyph{}, false
	}
	r := image.Rectangle{Min: at, Max: at.Add(image.Pt(w, h))}
	a.rast.Reset(w, h)
	if key.font == nil {
		boxPath(&a.rast, face.box, face.stroke, x0, y0)
	} else {
		outlinePath(&a.rast, segs, x0, y0)
	}
	a.rast.Draw(a.img, r, image.Opaque, image.Point{})
	a.dirty = a.dirty.Union(r)
	return AtlasGlyph{Rect: r, OffsetX: x0, OffsetY: y0}, true
}

// place finds room for a w×h bitmap, growing the image if needed.
func (a *Atlas) place(w, h int) (image.Point, bool) {
	cw, ch := w+pad, h+pad
	for {
		size := a.img.Rect.Dx()
		best := -1
		for i, s := range a.shelves {
			if s.h >= ch && s.x+cw <= size && (best < 0 || s.h < a.shelves[best].h) {
				best = i
			}
		}
		// A glyph much shorter than the best shelf opens a shelf of its own
		// when there is room, so tall shelves are not filled with short
		// glyphs.
		top := 0
		if n := len(a.shelves); n > 0 {
			top = a.shelves[n-1].y + a.shelves[n-1].h
		}
		sh := (ch + 7) &^ 7
		if top+ch <= size {
			sh = min(sh, size-top)
		}
		roomBelow := top+sh <= size && cw <= size
		if best >= 0 && (a.shelves[best].h <= 2*ch || !roomBelow) {
			s := &a.shelves[best]
			p := image.Pt(s.x+pad, s.y+pad)
			s.x += cw
			return p, true
		}
		if roomBelow {
			a.shelves = append(a.shelves, shelf{y: top, h: sh, x: cw})
			return image.Pt(pad, top+pad), true
		}
		if !a.grow() {
			return image.Point{}, false
		}
	}
}

// grow doubles the image, keeping every packed pixel where it was.
func (a *Atlas) grow() bool {
	size := a.img.Rect.Dx()
	if size >= a.maxSize {
		return false
	}
	n := min(2*size, a.maxSize)
	img := image.NewAlpha(image.Rect(0, 0, n, n))
	for y := range size {
		copy(img.Pix[y*img.Stride:y*img.Stride+size], a.img.Pix[y*a.img.Stride:])
	}
	a.img = img
	a.grown = true
	a.dirty = img.Rect
	return true
}

// outlinePath adds a glyph's outline to z, moved by (-x0, -y0) pixels.
func outlinePath(z *vector.Rasterizer, segs sfnt.Segments, x0, y0 int) {
	ox, oy := float32(x0), float32(y0)
	pt := func(p fixed.Point26_6) (float32, float32) {
		return float32(p.X)/64 - ox, float32(p.Y)/64 - oy
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			x, y := pt(s.Args[0])
			z.MoveTo(x, y)
		case sfnt.SegmentOpLineTo:
			x, y := pt(s.Args[0])
			z.LineTo(x, y)
		case sfnt.SegmentOpQuadTo:
			bx, by := pt(s.Args[0])
			cx, cy := pt(s.Args[1])
			z.QuadTo(bx, by, cx, cy)
		case sfnt.SegmentOpCubeTo:
			bx, by := pt(s.Args[0])
			cx, cy := pt(s.Args[1])
			dx, dy := pt(s.Args[2])
			z.CubeTo(bx, by, cx, cy, dx, dy)
		}
	}
	z.ClosePath()
}

// boxPath adds the outlined box of the BoxFont glyph to z: the outer
// rectangle one way round, the inner the other way, leaving a frame of
// width stroke.
func boxPath(z *vector.Rasterizer, box fixed.Rectangle26_6, stroke fixed.Int26_6, x0, y0 int) {
	f := func(v fixed.Int26_6, o int) float32 { return float32(v)/64 - float32(o) }
	ax, ay := f(box.Min.X, x0), f(box.Min.Y, y0)
	bx, by := f(box.Max.X, x0), f(box.Max.Y, y0)
	s := float32(stroke) / 64
	z.MoveTo(ax, ay)
	z.LineTo(bx, ay)
	z.LineTo(bx, by)
	z.LineTo(ax, by)
	z.ClosePath()
	z.MoveTo(ax+s, ay+s)
	z.LineTo(ax+s, by-s)
	z.LineTo(bx-s, by-s)
	z.LineTo(bx-s, ay+s)
	z.ClosePath()
}
