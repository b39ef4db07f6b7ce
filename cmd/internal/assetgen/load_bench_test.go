package assetgen

import (
	"testing"

	"github.com/tickwork/tickwork/engine/asset"
)

// BenchmarkLoadBigGLB loads a generated .glb of more than 10 MB (terrain
// tiles with positions, normals, UVs and 32-bit indices, and a 2048×2048
// PNG texture) into a new library per iteration: the MB/s figure is the
// loading speed, PNG decoding included.
func BenchmarkLoadBigGLB(b *testing.B) {
	data, err := BigGLB(10 << 20)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var lib asset.Library
		if _, err := lib.DecodeModel("big.glb", data, nil); err != nil {
			b.Fatal(err)
		}
	}
}
