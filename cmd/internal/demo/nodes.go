package demo

import (
	"bufio"
	"fmt"
	"io"

	"github.com/tickwork/tickwork/engine/asset"
)

// PrintNodes loads the glTF file path, poses it with its first animation
// at time at (clamped to the clip's time range, no looping; the rest pose
// without animations) and writes one line per node in file order:
// "node=I name=NAME world=m00,m01,…,m33", the node's world matrix
// column-major as glTF stores it, each value %.5g. It needs no window.
func PrintNodes(w io.Writer, path string, at float64) error {
	var lib asset.Library
	m, err := lib.LoadModelFile(path)
	if err != nil {
		return err
	}
	p, err := asset.NewPose(m, 1)
	if err != nil {
		return err
	}
	if len(m.Animations) > 0 {
		if err := p.Play(0, 0, false, 0); err != nil {
			return err
		}
		p.Seek(0, at)
		p.Layers[0].Speed = 0
		p.Tick(0) // samples at the time sought, firing nothing
	}
	b := bufio.NewWriter(w)
	for i := range m.Nodes {
		fmt.Fprintf(b, "node=%d name=%s world=", i, m.Nodes[i].Name)
		for k, v := range p.World(i) {
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, "%.5g", v)
		}
		b.WriteByte('\n')
	}
	return b.Flush()
}
