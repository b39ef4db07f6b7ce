package gfx

import "github.com/tickwork/tickwork/gfx/text"

// Picture is everything a renderer draws for one displayed frame: the
// scenes' draw lists and the HUD. The engine builds one Picture per frame
// on the main goroutine: it resets it, lets every visible state, bottom
// first, add its scenes and HUD items, and hands it to the renderer. A
// renderer reads a Picture and never keeps pointers into it after Render
// returns.
type Picture struct {
	// Width and Height are the framebuffer size in pixels (not screen
	// coordinates: on a HiDPI display they are larger than the window size).
	// Either is 0 while the window is minimised; the engine then skips drawing.
	Width, Height int

	// Clear is the background colour.
	Clear Color

	// Scenes are drawn in order; the depth buffer is cleared between them, so
	// each is a layer over the ones before it (a state drawn over another).
	Scenes []*DrawList

	// HUD is drawn last, over all scenes, in logical units: HUDScale
	// framebuffer pixels each.
	HUD HUD

	// HUDScale is the HUD's scale, the window's content scale (2 on most
	// HiDPI displays); 0 means 1.
	HUDScale float32
}

// Reset empties the picture for reuse, keeping its memory. The engine
// builds the pictures states draw into (a state only gets its HUD Layer);
// Reset and AddScene are for renderer tests and tools that build a Picture
// by hand.
func (f *Picture) Reset(width, height int, clear Color) {
	f.Width, f.Height, f.Clear, f.HUDScale = width, height, clear, 1
	for i := range f.Scenes {
		f.Scenes[i] = nil
	}
	f.Scenes = f.Scenes[:0]
	f.HUD.Reset()
}

// AddScene appends a scene's draw list as the next layer.
func (f *Picture) AddScene(d *DrawList) { f.Scenes = append(f.Scenes, d) }

// HUD is a 2D overlay of filled rectangles, images (sprites, panels) and
// text in logical units (framebuffer pixels ÷ Picture.HUDScale, so a HUD
// keeps its size on a HiDPI display; the cursor arrives in the same units),
// origin at the top-left corner, y growing downwards. Items belong to
// layers: the engine gives each visible state its own layer, bottom state
// first, so a state's items cover those of the states below it (a pause
// overlay's dimming rectangle dims the gameplay's text). Within a layer,
// rectangles are drawn first, then sprites, then text, each in the order
// added. Items
// are added through a Layer (HUD.Layer), which is also what a state's Draw
// gets: it draws on its own layer and cannot change it.
type HUD struct {
	Rects   []Rect
	Sprites []Sprite
	Texts   []Text
}

// ImageID names an image of the game's asset library (package engine/asset,
// whose ImageID it is); 0 names none.
type ImageID uint16

// Sprite is an image, or a region of one, drawn in the HUD: a textured
// rectangle, tinted and rotated. Within a layer, sprites are drawn after
// its rectangles and before its text, in the order added.
type Sprite struct {
	X, Y, W, H float32    // the rectangle drawn, in pixels, before rotation
	Image      ImageID    // from the game's asset library
	Src        [4]float32 // the region of the image: u0, v0, u1, v1 from its top-left; all zero for the whole image
	Color      Color      // multiplies the image: RGB(1, 1, 1) draws it as it is
	Rotation   float32    // radians, clockwise on screen, about the rectangle's centre
	Layer      uint16
}

// Rect is a filled, alpha-blended rectangle.
type Rect struct {
	X, Y, W, H float32
	Color      Color
	Layer      uint16
}

// Text is text drawn in the HUD with a TrueType face (package gfx/text):
// the scripts package text lays out (see its doc: no shaping), kerned,
// laid out by Layout (wrapping at Layout.MaxWidth, alignment, '\n' for
// new lines) exactly as
// Face.Layout and Face.Measure give it in pure code. X, Y is the top-left
// corner of its box. Without a Face it is drawn with text.Default (Go
// Regular, text.DefaultSize logical units) at Scale times that size (0 means 1):
// Default's Measure times Scale is its size. A rune no font of the face
// has shows the face's replacement glyph. Make a face once (in Enter) and
// reuse it: the renderer keeps what it derives from each face it meets.
type Text struct {
	X, Y   float32
	Scale  float32
	Color  Color
	S      string
	Layer  uint16
	Face   *text.Face
	Layout text.Options
}

// Reset empties the HUD, keeping its memory.
func (h *HUD) Reset() {
	h.Rects = h.Rects[:0]
	h.Sprites = h.Sprites[:0]
	for i := range h.Texts {
		h.Texts[i].S, h.Texts[i].Face = "", nil
	}
	h.Texts = h.Texts[:0]
}

// Layer returns a Layer that adds items to layer n of h.
func (h *HUD) Layer(n uint16) Layer { return Layer{h, n} }

// Layer adds items to one layer of a HUD. A state's Draw gets the layer the
// engine gave it (DrawContext.HUD); a Layer cannot change its layer. The
// zero Layer adds nothing. Its methods allocate only when the HUD's slices
// grow.
type Layer struct {
	hud *HUD
	n   uint16
}

// N returns the layer's number.
func (l Layer) N() uint16 { return l.n }

// AddRect appends a filled rectangle to the layer.
func (l Layer) AddRect(x, y, w, hgt float32, c Color) {
	if l.hud != nil {
		l.hud.Rects = append(l.hud.Rects, Rect{X: x, Y: y, W: w, H: hgt, Color: c, Layer: l.n})
	}
}

// AddSprite appends the whole image img, drawn into the rectangle x, y, w,
// h and multiplied by tint, to the layer.
func (l Layer) AddSprite(img ImageID, x, y, w, hgt float32, tint Color) {
	l.AddSpriteRegion(Sprite{X: x, Y: y, W: w, H: hgt, Image: img, Color: tint})
}

// AddSpriteRegion appends s (a region of an image, rotated: an atlas's
// frame, a needle of a gauge) to the layer; s.Layer is the layer's.
func (l Layer) AddSpriteRegion(s Sprite) {
	if l.hud != nil {
		s.Layer = l.n
		l.hud.Sprites = append(l.hud.Sprites, s)
	}
}

// AddNineSlice appends a panel drawn from img in nine parts, so that its
// corners keep their size however large the panel: src are the image's
// borders (left, top, right, bottom) as shares of its width and height,
// dst the same borders on screen in pixels. The corners are drawn at dst
// size, the edges stretched along one axis, the centre along both.
func (l Layer) AddNineSlice(img ImageID, x, y, w, hgt float32, src, dst [4]float32, tint Color) {
	xs := [4]float32{x, x + dst[0], x + w - dst[2], x + w}
	ys := [4]float32{y, y + dst[1], y + hgt - dst[3], y + hgt}
	us := [4]float32{0, src[0], 1 - src[2], 1}
	vs := [4]float32{0, src[1], 1 - src[3], 1}
	for j := range 3 {
		for i := range 3 {
			if xs[i+1] <= xs[i] || ys[j+1] <= ys[j] {
				continue
			}
			l.AddSpriteRegion(Sprite{
				X: xs[i], Y: ys[j], W: xs[i+1] - xs[i], H: ys[j+1] - ys[j],
				Image: img, Src: [4]float32{us[i], vs[j], us[i+1], vs[j+1]}, Color: tint,
			})
		}
	}
}

// AddText appends a line of text at scale 1 to the layer.
func (l Layer) AddText(x, y float32, c Color, s string) { l.AddTextScaled(x, y, 1, c, s) }

// AddTextFace appends text drawn with a TrueType face, its top-left corner
// at x, y, laid out with opts (wrapping, alignment); Face.Measure with the
// same opts gives its size.
func (l Layer) AddTextFace(face *text.Face, x, y float32, opts text.Options, c Color, s string) {
	if l.hud != nil {
		l.hud.Texts = append(l.hud.Texts, Text{X: x, Y: y, Color: c, S: s, Layer: l.n, Face: face, Layout: opts})
	}
}

// AddTextScaled appends a line of text drawn at scale times the font's
// size to the layer.
func (l Layer) AddTextScaled(x, y, scale float32, c Color, s string) {
	if l.hud != nil {
		l.hud.Texts = append(l.hud.Texts, Text{X: x, Y: y, Scale: scale, Color: c, S: s, Layer: l.n})
	}
}

// Renderer draws pictures. It is the interface between the engine and a
// graphics backend (gfx/gl41 for OpenGL 4.1 core; a null renderer headless).
// Render is called once per displayed frame on the goroutine that owns the
// graphics context (the main goroutine), never concurrently.
type Renderer interface {
	Render(p *Picture) error
}
