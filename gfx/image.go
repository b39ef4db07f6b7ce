package gfx

import "fmt"

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

// Image is a decoded picture, as a renderer uploads it: 8-bit RGBA, not
// premultiplied, rows top to bottom. A game decodes images into its asset
// library (package engine/asset), which names them by ImageID.
type Image struct {
	Width, Height int
	Pix           []byte // 4·Width·Height bytes
	Space         ColorSpace
}

// MaxImageSide is the largest width or height an Image may have. A
// renderer still checks its driver's own maximum texture size (OpenGL 4.1
// promises at least 16384) before uploading.
const MaxImageSide = 16384

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
