package asset

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // JPEG decoding for DecodeImage
	_ "image/png"  // PNG decoding for DecodeImage
	"io"

	"github.com/tickwork/tickwork/gfx"
)

// The images a Library holds are package gfx's, which a renderer reads
// without importing this package; these names are the same types and
// values.
type (
	// ColorSpace is gfx.ColorSpace: how an image's values are read.
	ColorSpace = gfx.ColorSpace
	// Image is gfx.Image: a decoded picture, 8-bit RGBA, not
	// premultiplied, rows top to bottom.
	Image = gfx.Image
)

// The colour spaces: gfx.SRGB (colour, the zero value) and gfx.Linear
// (data).
const (
	SRGB   = gfx.SRGB
	Linear = gfx.Linear
)

// MaxImageSide is the largest width or height DecodeImage accepts
// (gfx.MaxImageSide).
const MaxImageSide = gfx.MaxImageSide

// DecodeImage decodes a PNG or JPEG image read from r. It reads the file
// into memory, then decodes it with DecodeImageBytes.
func DecodeImage(r io.Reader, space ColorSpace) (*Image, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading the image: %w", err)
	}
	return DecodeImageBytes(data, space)
}

// maxPixelBytesPerByte bounds how many bytes of decoded pixels one byte of
// a PNG or JPEG file may stand for. Deflate compresses at most about
// 1032:1 and a JPEG block needs a few bits, so real images stay below it;
// a header that claims more pixels than its file can hold is refused
// before the decoder allocates them.
const maxPixelBytesPerByte = 2048

// DecodeImageBytes decodes a PNG or JPEG image. It reads the header first
// and refuses an image wider or taller than MaxImageSide, or one whose
// header declares more pixels than a file of its size can encode, before
// decoding it: memory stays bounded by the file's real size.
func DecodeImageBytes(data []byte, space ColorSpace) (*Image, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a PNG or JPEG image: %w", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return nil, fmt.Errorf("%s image of %d×%d pixels: allowed 1 to %d on each side", format, cfg.Width, cfg.Height, MaxImageSide)
	}
	if px := 4 * int64(cfg.Width) * int64(cfg.Height); px > maxPixelBytesPerByte*int64(len(data))+1<<20 {
		return nil, fmt.Errorf("%s image declares %d×%d pixels, more than its %d bytes can encode: the file is damaged", format, cfg.Width, cfg.Height, len(data))
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decoding the %s image: %w", format, err)
	}
	return FromImage(img, space), nil
}

// FromImage converts any image.Image to an Image (un-premultiplying alpha).
func FromImage(img image.Image, space ColorSpace) *Image {
	b := img.Bounds()
	out := &Image{Width: b.Dx(), Height: b.Dy(), Space: space}
	if n, ok := img.(*image.NRGBA); ok && n.Stride == 4*out.Width {
		out.Pix = append([]byte(nil), n.Pix[:4*out.Width*out.Height]...)
		return out
	}
	dst := image.NewNRGBA(image.Rect(0, 0, out.Width, out.Height))
	draw.Draw(dst, dst.Bounds(), img, b.Min, draw.Src)
	out.Pix = dst.Pix
	return out
}
