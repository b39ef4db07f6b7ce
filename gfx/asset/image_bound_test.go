package asset

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"
)

// flatPNG encodes a side×side image of one colour: a few kilobytes that
// decode to 4·side² bytes. opaque makes an RGB PNG (decoded as
// *image.RGBA), else an RGBA one (*image.NRGBA).
func flatPNG(t testing.TB, side int, opaque bool) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 0x40
		if i%4 == 3 && opaque {
			img.Pix[i] = 0xff
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDecodedImagesAreNotCopiedAgain: decoding takes the decoder's pixels
// as they are (un-premultiplying in place), so an image costs its decoded
// size once, not twice.
func TestDecodedImagesAreNotCopiedAgain(t *testing.T) {
	const side = 2048
	for _, opaque := range []bool{false, true} {
		t.Run(fmt.Sprint("opaque=", opaque), func(t *testing.T) {
			data := flatPNG(t, side, opaque)
			var im *Image
			var err error
			got := allocated(func() { im, err = DecodeImageBytes(data, SRGB) })
			if err != nil || im.Width != side || im.Pix[0] != 0x40 || im.Pix[3] != map[bool]byte{false: 0x40, true: 0xff}[opaque] {
				t.Fatalf("decoding: %v", err)
			}
			if limit := uint64(4*side*side + 2<<20); got > limit {
				t.Errorf("decoding %d×%d pixels (%d bytes) allocated %d bytes: want at most %d, one copy", side, side, 4*side*side, got, limit)
			}
		})
	}
}

// sharedImageGLTF is a .gltf whose one PNG buffer view is the source of
// n images, each the base colour of its own material.
func sharedImageGLTF(pngData []byte, n int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"asset":{"version":"2.0"},"buffers":[{"uri":"data:application/octet-stream;base64,%s","byteLength":%d}],`,
		base64.StdEncoding.EncodeToString(pngData), len(pngData))
	fmt.Fprintf(&b, `"bufferViews":[{"buffer":0,"byteLength":%d}]`, len(pngData))
	list := func(key, format string) {
		fmt.Fprintf(&b, `,%q:[`, key)
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, format, i)
		}
		b.WriteString("]")
	}
	list("images", `{"bufferView":0,"mimeType":"image/png","name":"i%d"}`)
	list("textures", `{"source":%d}`)
	list("materials", `{"pbrMetallicRoughness":{"baseColorTexture":{"index":%d}}}`)
	b.WriteString("}")
	return []byte(b.String())
}

// TestSharedImageDecodedOnce: images naming the same source are decoded
// once and registered once; the model loads within its stated bound.
func TestSharedImageDecodedOnce(t *testing.T) {
	const side = 1024
	data := sharedImageGLTF(flatPNG(t, side, false), 12)
	var l Library
	var err error
	got := allocated(func() { _, err = l.DecodeModel("shared.gltf", data, nil) })
	if err != nil {
		t.Fatal(err)
	}
	if n := len(l.images.items); n != 1 {
		t.Errorf("%d images registered for one source: want 1", n)
	}
	if limit := uint64(4*side*side + peakFactor*len(data) + peakSlack); got > limit {
		t.Errorf("a %d-byte model with one %d×%d image named 12 times allocated %d bytes: want at most %d", len(data), side, side, got, limit)
	}
}

// progressiveJPEGHeader is the start of a progressive JPEG of side×side
// pixels in three components, padded to size bytes.
func progressiveJPEGHeader(side, size int) []byte {
	b := []byte{0xff, 0xd8, 0xff, 0xe0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0} // SOI, JFIF
	b = append(b, 0xff, 0xc2, 0, 17, 8)                                                          // SOF2
	b = binary.BigEndian.AppendUint16(b, uint16(side))
	b = binary.BigEndian.AppendUint16(b, uint16(side))
	b = append(b, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0)
	return append(b, make([]byte, size-len(b))...)
}

// TestImageBudgetFromHeader: an image whose decoding would take more than
// its budget (pixelBudgetFactor bytes a file byte, plus the slack) is
// refused from its header, before anything is decoded: a 3.3 MB
// progressive JPEG of 16384² pixels would need about 5 GB.
func TestImageBudgetFromHeader(t *testing.T) {
	data := progressiveJPEGHeader(16384, 3300000)
	var err error
	got := allocated(func() { _, err = DecodeImageBytes(data, SRGB) })
	if err == nil || !strings.Contains(err.Error(), "more than its") {
		t.Errorf("got %v, want it refused as needing more than its bytes allow", err)
	}
	if got > 1<<20 {
		t.Errorf("refusing allocated %d bytes", got)
	}
}
