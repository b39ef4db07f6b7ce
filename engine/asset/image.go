package asset

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // JPEG decoding for DecodeImage
	_ "image/png"  // PNG decoding for DecodeImage
	"io"
)

// ColorSpace says how an image's values are to be read: colour images
// (base colour textures, sprites) are sRGB-encoded and a renderer decodes
// them to linear light when sampling; data images (normal maps, masks) are
// linear as stored.
type ColorSpace uint8

const (
	SRGB   ColorSpace = iota // colour: the zero value
	Linear                   // data
)

// String returns "sRGB" or "linear".
func (c ColorSpace) String() string {
	if c == Linear {
		return "linear"
	}
	return "sRGB"
}

// Image is a decoded picture: 8-bit RGBA, not premultiplied, rows top to
// bottom.
type Image struct {
	Width, Height int
	Pix           []byte // 4·Width·Height bytes
	Space         ColorSpace
}

// MaxImageSide is the largest width or height DecodeImage accepts. A
// renderer still checks its driver's own maximum texture size (OpenGL 4.1
// promises at least 16384) before uploading.
const MaxImageSide = 16384

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

// Validate reports an image whose size and pixels disagree.
func (im *Image) Validate() error {
	switch {
	case im.Width <= 0 || im.Height <= 0 || im.Width > MaxImageSide || im.Height > MaxImageSide:
		return fmt.Errorf("%d×%d pixels: allowed 1 to %d on each side", im.Width, im.Height, MaxImageSide)
	case len(im.Pix) != 4*im.Width*im.Height:
		return fmt.Errorf("%d bytes of pixels for %d×%d: want %d (RGBA, 8 bits each)", len(im.Pix), im.Width, im.Height, 4*im.Width*im.Height)
	case im.Space > Linear:
		return fmt.Errorf("unknown colour space %d", im.Space)
	}
	return nil
}
