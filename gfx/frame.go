package gfx

// Frame is everything a renderer draws for one displayed frame. The engine
// builds one Frame per frame on the main goroutine: it resets it, lets every
// visible state, bottom first, add its scenes and HUD items, and hands it to
// the renderer. A renderer reads a Frame and never keeps pointers into it
// after Render returns.
type Frame struct {
	// Width and Height are the framebuffer size in pixels (not screen
	// coordinates: on a HiDPI display they are larger than the window size).
	// Either is 0 while the window is minimised; the engine then skips drawing.
	Width, Height int

	// Clear is the background colour.
	Clear Color

	// Scenes are drawn in order; the depth buffer is cleared between them, so
	// each is a layer over the ones before it (a state drawn over another).
	Scenes []*DrawList

	// HUD is drawn last, over all scenes, in pixel coordinates.
	HUD HUD
}

// Reset empties the frame for reuse, keeping its memory.
func (f *Frame) Reset(width, height int, clear Color) {
	f.Width, f.Height, f.Clear = width, height, clear
	for i := range f.Scenes {
		f.Scenes[i] = nil
	}
	f.Scenes = f.Scenes[:0]
	f.HUD.Reset()
}

// AddScene appends a scene's draw list as the next layer.
func (f *Frame) AddScene(d *DrawList) { f.Scenes = append(f.Scenes, d) }

// HUD is a 2D layer of filled rectangles and text in framebuffer pixels,
// origin at the top-left corner, y growing downwards. Rectangles are drawn
// first, then text, each in the order added.
type HUD struct {
	Rects []Rect
	Texts []Text
}

// Rect is a filled, alpha-blended rectangle.
type Rect struct {
	X, Y, W, H float32
	Color      Color
}

// Text is one line of text. X, Y is the top-left corner of the line; Scale
// multiplies the font's pixel size (0 means 1). The renderer draws the
// printable ASCII range with its built-in bitmap font and shows other runes
// as a replacement glyph.
type Text struct {
	X, Y  float32
	Scale float32
	Color Color
	S     string
}

// Reset empties the HUD, keeping its memory.
func (h *HUD) Reset() {
	h.Rects = h.Rects[:0]
	for i := range h.Texts {
		h.Texts[i].S = ""
	}
	h.Texts = h.Texts[:0]
}

// AddRect appends a filled rectangle.
func (h *HUD) AddRect(x, y, w, hgt float32, c Color) {
	h.Rects = append(h.Rects, Rect{X: x, Y: y, W: w, H: hgt, Color: c})
}

// AddText appends a line of text at scale 1.
func (h *HUD) AddText(x, y float32, c Color, s string) {
	h.Texts = append(h.Texts, Text{X: x, Y: y, Scale: 1, Color: c, S: s})
}

// Renderer executes frames. It is the interface between the engine and a
// graphics backend (gfx/gl41 for OpenGL 4.1 core; a null renderer headless).
// Render is called once per displayed frame on the goroutine that owns the
// graphics context (the main goroutine), never concurrently.
type Renderer interface {
	Render(f *Frame) error
}
