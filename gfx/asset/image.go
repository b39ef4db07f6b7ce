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

// DecodeImage decodes a PNG or JPEG image. It reads the header first and
// refuses an image wider or taller than MaxImageSide before decoding it,
// so memory stays bounded by what a valid image of that size needs.
func DecodeImage(r io.Reader, space ColorSpace) (*Image, error) {
	var head bytes.Buffer
	cfg, format, err := image.DecodeConfig(io.TeeReader(r, &head))
	if err != nil {
		return nil, fmt.Errorf("not a PNG or JPEG image: %w", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return nil, fmt.Errorf("%s image of %d×%d pixels: allowed 1 to %d on each side", format, cfg.Width, cfg.Height, MaxImageSide)
	}
	img, _, err := image.Decode(io.MultiReader(&head, r))
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
