package assetgen

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// Sizes of the large benchmark model's parts.
const (
	BigTextureSize = 2048 // pixels, square
	bigTileQuads   = 128  // quads along a tile's side
	bigTileSize    = 4.0  // metres along a tile's side
)

// BigGLB returns a .glb of at least targetBytes for loading benchmarks:
// a 2048×2048 PNG texture (a gradient with deterministic noise, so it
// neither compresses to nothing nor is pure noise) and as many tiles of
// wavy terrain as it takes to reach the size. Each tile is a mesh of its
// own, on a node of its own laid out on a square grid, with separate (not
// interleaved) POSITION, NORMAL and TEXCOORD_0 accessors and u32 indices,
// all using one textured material. The same targetBytes gives the same
// bytes.
func BigGLB(targetBytes int) ([]byte, error) {
	if targetBytes < 0 {
		return nil, fmt.Errorf("big glb: target size %d is negative", targetBytes)
	}
	doc := &gltf.Document{
		Asset:  gltf.Asset{Generator: "tickwork cmd/internal/assetgen", Version: "2.0"},
		Scene:  gltf.Index(0),
		Scenes: []*gltf.Scene{{Name: "big"}},
	}
	tex, err := bigTexturePNG()
	if err != nil {
		return nil, fmt.Errorf("big glb: %w", err)
	}
	img, err := addImage(doc, "noise", tex, true)
	if err != nil {
		return nil, fmt.Errorf("big glb: %w", err)
	}
	doc.Samplers = []*gltf.Sampler{{MagFilter: gltf.MagLinear, MinFilter: gltf.MinLinearMipMapLinear}}
	doc.Textures = []*gltf.Texture{{Name: "noise", Sampler: gltf.Index(0), Source: gltf.Index(img)}}
	doc.Materials = []*gltf.Material{{
		Name: "terrain",
		PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
			BaseColorTexture: &gltf.TextureInfo{Index: 0},
			MetallicFactor:   gltf.Float(0),
		},
	}}
	root := &gltf.Node{Name: "terrain"}
	doc.Nodes = []*gltf.Node{root}
	doc.Scenes[0].Nodes = []int{0}
	// Tiles are added until the buffer (which holds the texture already)
	// reaches the target, at least one, in rows of a fixed width so that a
	// tile's place does not depend on their number.
	const rowWidth = 16
	for tile := 0; tile == 0 || doc.Buffers[0].ByteLength < targetBytes; tile++ {
		tx, tz := tile%rowWidth, tile/rowWidth
		addTile(doc, tile, tx, tz)
		root.Children = append(root.Children, len(doc.Nodes)-1)
	}
	out, err := encode(doc, true)
	if err != nil {
		return nil, fmt.Errorf("big glb: %w", err)
	}
	return out, nil
}

// addTile adds one terrain tile at grid cell (tx, tz): its accessors, mesh
// and node.
func addTile(doc *gltf.Document, tile, tx, tz int) {
	const n = bigTileQuads + 1 // vertices along a side
	ox, oz := float64(tx)*bigTileSize, float64(tz)*bigTileSize
	height := func(x, z float64) float64 {
		return 0.3*math.Sin(x*0.9+z*0.3) + 0.2*math.Cos(z*1.3-x*0.4)
	}
	pos := make([][3]float32, 0, n*n)
	nrm := make([][3]float32, 0, n*n)
	uv := make([][2]float32, 0, n*n)
	for j := range n {
		for i := range n {
			x := float64(i) / bigTileQuads * bigTileSize
			z := float64(j) / bigTileQuads * bigTileSize
			wx, wz := ox+x, oz+z
			const e = 1e-3 // the normal from central differences
			dx := (height(wx+e, wz) - height(wx-e, wz)) / (2 * e)
			dz := (height(wx, wz+e) - height(wx, wz-e)) / (2 * e)
			pos = append(pos, snap3([3]float64{x, height(wx, wz), z}))
			nrm = append(nrm, snap3(normalize(vec3{-dx, 1, -dz})))
			uv = append(uv, [2]float32{float32(i) / bigTileQuads, float32(j) / bigTileQuads})
		}
	}
	idx := make([]uint32, 0, bigTileQuads*bigTileQuads*6)
	for j := range bigTileQuads {
		for i := range bigTileQuads {
			a := uint32(j*n + i) // a b on the grid, +X to the right
			b := a + 1           // c d and +Z down: seen from above,
			c := a + n           // a c d and a d b turn anticlockwise
			d := c + 1
			idx = append(idx, a, c, d, a, d, b)
		}
	}
	prim := &gltf.Primitive{
		Attributes: gltf.PrimitiveAttributes{
			gltf.POSITION:   modeler.WritePosition(doc, pos),
			gltf.NORMAL:     modeler.WriteNormal(doc, nrm),
			gltf.TEXCOORD_0: modeler.WriteTextureCoord(doc, uv),
		},
		Indices:  gltf.Index(modeler.WriteIndices(doc, idx)),
		Material: gltf.Index(0),
	}
	doc.Meshes = append(doc.Meshes, &gltf.Mesh{Name: fmt.Sprintf("tile%d", tile), Primitives: []*gltf.Primitive{prim}})
	doc.Nodes = append(doc.Nodes, &gltf.Node{
		Name:        fmt.Sprintf("tile%d", tile),
		Mesh:        gltf.Index(len(doc.Meshes) - 1),
		Translation: [3]float64{float64(tx) * bigTileSize, 0, float64(tz) * bigTileSize},
	})
}

// bigTexturePNG draws and encodes BigGLB's texture: colour gradients
// across the image with three bits of hashed noise per channel.
func bigTexturePNG() ([]byte, error) {
	const size = BigTextureSize
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			h := hash32(uint32(x) | uint32(y)<<16)
			o := img.PixOffset(x, y)
			img.Pix[o+0] = uint8(x*200/size) + uint8(h&7)
			img.Pix[o+1] = uint8(y*200/size) + uint8(h>>3&7)
			img.Pix[o+2] = uint8((x+y)*100/size) + uint8(h>>6&7)
			img.Pix[o+3] = 255
		}
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	var buf bytes.Buffer
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode texture: %w", err)
	}
	return buf.Bytes(), nil
}

// hash32 is a small integer hash (lowbias32) for deterministic noise.
func hash32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}
