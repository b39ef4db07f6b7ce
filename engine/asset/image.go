package asset

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
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

// pixelBudgetFactor and pixelBudgetSlack bound what decoding images may
// allocate: pixelBudgetFactor bytes for each byte of the file that holds
// them, plus pixelBudgetSlack. Deflate compresses at most about 1032:1
// and real JPEGs need a bit or more a pixel, so real images stay within
// it; a header that asks for more (an image bomb) is refused before the
// decoder allocates anything. With the slack, any image up to 4096² fits;
// 16384² images (1 GiB decoded) need files of about a megabyte.
const (
	pixelBudgetFactor = 1024
	pixelBudgetSlack  = 64 << 20
)

// DecodeImageBytes decodes a PNG or JPEG image. It reads the header first
// (image.DecodeConfig) and refuses, before decoding, an image wider or
// taller than MaxImageSide or one whose decoding would allocate more than
// pixelBudgetFactor (1024) times len(data) plus 64 MiB: the decoder's
// output, any conversion to 8-bit RGBA and a progressive JPEG's
// coefficients all count. The decoder's pixels are kept when they are
// 8-bit RGBA already (premultiplied ones are un-premultiplied in place),
// so a typical image costs its decoded size once. Memory stays bounded
// by the file's real size.
func DecodeImageBytes(data []byte, space ColorSpace) (*Image, error) {
	budget := pixelBudgetFactor*len(data) + pixelBudgetSlack
	return decodeImage(data, space, &budget)
}

// decodeImage decodes data as DecodeImageBytes does, taking what decoding
// allocates from *budget and refusing the image, before decoding it, when
// that is more than is left.
func decodeImage(data []byte, space ColorSpace, budget *int) (*Image, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a PNG or JPEG image: %w", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return nil, fmt.Errorf("%s image of %d×%d pixels: allowed 1 to %d on each side", format, cfg.Width, cfg.Height, MaxImageSide)
	}
	cost := decodeCost(cfg, format, data)
	if cost > int64(*budget) {
		return nil, fmt.Errorf("%s image of %d×%d pixels: decoding it would take %d bytes, more than its %d bytes of file allow (%d left of %d a byte plus %d MiB): the file is damaged or an image bomb",
			format, cfg.Width, cfg.Height, cost, len(data), *budget, pixelBudgetFactor, pixelBudgetSlack>>20)
	}
	*budget -= int(cost)
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decoding the %s image: %w", format, err)
	}
	return own(img, space), nil
}

// decodeCost is an upper bound of the bytes decoding an image of cfg
// allocates: what the decoder returns (bytes a pixel by colour model), an
// 8-bit RGBA copy unless that is what it returns, and for a progressive
// JPEG its coefficients (4 bytes a pixel a component).
func decodeCost(cfg image.Config, format string, data []byte) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	var src, components int64
	switch cfg.ColorModel {
	case color.NRGBAModel, color.RGBAModel:
		return 4 * px // kept as it is
	case color.GrayModel, color.AlphaModel:
		src, components = 1, 1
	case color.Gray16Model, color.Alpha16Model:
		src, components = 2, 1
	case color.CMYKModel:
		src, components = 4, 4
	case color.NRGBA64Model, color.RGBA64Model:
		src, components = 8, 4
	case color.YCbCrModel:
		src, components = 3, 3 // 4:4:4 at most
	default: // paletted, or a model this list does not know
		src, components = 8, 4
	}
	cost := (src + 4) * px
	if format == "jpeg" && progressiveJPEG(data) {
		cost += 4 * components * px
	}
	return cost
}

// progressiveJPEG reports whether a JPEG's frame header is progressive
// (SOF2), walking its segments up to the first frame header.
func progressiveJPEG(data []byte) bool {
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xff {
			return false
		}
		switch m := data[i+1]; {
		case m == 0xff:
			i++
			continue
		case m == 0xc2:
			return true
		case m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc:
			return false // another frame type
		}
		i += 2 + int(data[i+2])<<8 + int(data[i+3])
	}
	return false
}

// FromImage converts any image.Image to an Image (un-premultiplying
// alpha). It copies the pixels: img is left as it was.
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

// own is FromImage for an image nobody else holds (a decoder's): 8-bit
// RGBA pixels are taken as they are, premultiplied ones un-premultiplied
// in place, so no second copy is made.
func own(img image.Image, space ColorSpace) *Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	switch m := img.(type) {
	case *image.NRGBA:
		if m.Stride == 4*w {
			return &Image{Width: w, Height: h, Space: space, Pix: m.Pix[: 4*w*h : 4*w*h]}
		}
	case *image.RGBA:
		if m.Stride == 4*w {
			pix := m.Pix[: 4*w*h : 4*w*h]
			unpremultiply(pix)
			return &Image{Width: w, Height: h, Space: space, Pix: pix}
		}
	}
	return FromImage(img, space)
}

// unpremultiply turns premultiplied RGBA pixels into straight ones in
// place, as color.NRGBAModel converts each.
func unpremultiply(pix []byte) {
	for i := 0; i < len(pix); i += 4 {
		a := uint32(pix[i+3])
		switch a {
		case 0xff:
			continue
		case 0:
			pix[i], pix[i+1], pix[i+2] = 0, 0, 0
			continue
		}
		a16 := a * 0x101
		for k := range 3 {
			c := uint32(pix[i+k]) * 0x101
			pix[i+k] = uint8((c * 0xffff / a16) >> 8)
		}
	}
}
