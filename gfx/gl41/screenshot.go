package gl41

import (
	"errors"
	"fmt"
	"image"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// Screenshot reads the last frame drawn from the back buffer into a new
// image (top row first). Call it after Render and before the window swaps
// buffers: after a swap the back buffer's contents are undefined. The
// renderer writes no files: the engine (Game.Window().Screenshot) or the caller
// encodes the image and writes it (engine.WritePNG does so atomically).
func (r *Renderer) Screenshot() (*image.RGBA, error) {
	if r.closed {
		return nil, ErrClosed
	}
	if r.width <= 0 || r.height <= 0 {
		return nil, errors.New("gl41: screenshot: no frame has been drawn")
	}
	img := image.NewRGBA(image.Rect(0, 0, r.width, r.height))
	if err := r.ReadPixels(img); err != nil {
		return nil, err
	}
	return img, nil
}

// ReadPixels reads the back buffer's rectangle (0, 0)–(w, h), where w, h is
// dst's size, into dst, flipping rows so that dst's first row is the top of
// the screen. Pixels are made opaque, as they appear on screen (the
// framebuffer's alpha is not what the window shows). Like Screenshot, it is
// called between Render and the swap.
func (r *Renderer) ReadPixels(dst *image.RGBA) error {
	if r.closed {
		return ErrClosed
	}
	w, h := dst.Rect.Dx(), dst.Rect.Dy()
	if w <= 0 || h <= 0 {
		return nil
	}
	if dst.Stride != 4*w {
		return errors.New("gl41: ReadPixels needs an image with a tight stride (a fresh image.NewRGBA)")
	}
	r.gl.calls += 2
	gl.ReadBuffer(gl.BACK)
	gl.ReadPixels(0, 0, int32(w), int32(h), gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&dst.Pix[0]))
	flipRows(dst.Pix, 4*w, h)
	for i := 3; i < len(dst.Pix); i += 4 {
		dst.Pix[i] = 0xff
	}
	if err := r.CheckError(); err != nil {
		return fmt.Errorf("gl41: reading pixels: %w", err)
	}
	return nil
}

// flipRows reverses the order of h rows of stride bytes in place.
func flipRows(pix []byte, stride, h int) {
	tmp := make([]byte, stride)
	for top, bot := 0, h-1; top < bot; top, bot = top+1, bot-1 {
		a := pix[top*stride : (top+1)*stride]
		b := pix[bot*stride : (bot+1)*stride]
		copy(tmp, a)
		copy(a, b)
		copy(b, tmp)
	}
}
