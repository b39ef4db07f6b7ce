package asset

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
)

// nodes converts the node graph: every node in the file's order with its
// transform, parent and children, and the roots of the default scene
// (scene 0 without one, every parentless node without scenes). A node
// with two parents, a cycle or a scene root that has a parent is an
// error.
func (ld *loader) nodes() ([]Node, []int, error) {
	doc := ld.doc
	nodes := make([]Node, len(doc.Nodes))
	for i := range nodes {
		nodes[i].Parent = -1
	}
	for i, gn := range doc.Nodes {
		if gn == nil {
			return nil, nil, fmt.Errorf("node %d is null", i)
		}
		n := &nodes[i]
		n.Name = gn.Name
		if err := transformOf(gn, n); err != nil {
			return nil, nil, fmt.Errorf("node %d: %w", i, err)
		}
		if gn.Mesh != nil && (*gn.Mesh < 0 || *gn.Mesh >= len(doc.Meshes)) {
			return nil, nil, fmt.Errorf("node %d: mesh %d does not exist (%d meshes)", i, *gn.Mesh, len(doc.Meshes))
		}
		for _, c := range gn.Children {
			switch {
			case c < 0 || c >= len(nodes):
				return nil, nil, fmt.Errorf("node %d: child %d does not exist (%d nodes)", i, c, len(nodes))
			case c == i:
				return nil, nil, fmt.Errorf("node %d is its own child", i)
			case nodes[c].Parent == i:
				return nil, nil, fmt.Errorf("node %d lists child %d twice", i, c)
			case nodes[c].Parent != -1:
				return nil, nil, fmt.Errorf("node %d has two parents, nodes %d and %d", c, nodes[c].Parent, i)
			}
			nodes[c].Parent = i
			n.Children = append(n.Children, c)
		}
	}
	if i := cycle(nodes); i >= 0 {
		return nil, nil, fmt.Errorf("node %d: its ancestors form a cycle", i)
	}
	scene := -1
	if doc.Scene != nil {
		scene = *doc.Scene
		if scene < 0 || scene >= len(doc.Scenes) {
			return nil, nil, fmt.Errorf("default scene %d does not exist (%d scenes)", scene, len(doc.Scenes))
		}
	} else if len(doc.Scenes) > 0 {
		scene = 0
	}
	var roots []int
	if scene < 0 {
		for i := range nodes {
			if nodes[i].Parent == -1 {
				roots = append(roots, i)
			}
		}
		return nodes, roots, nil
	}
	s := doc.Scenes[scene]
	if s == nil {
		return nil, nil, fmt.Errorf("scene %d is null", scene)
	}
	seen := make(map[int]bool, len(s.Nodes))
	for _, r := range s.Nodes {
		switch {
		case r < 0 || r >= len(nodes):
			return nil, nil, fmt.Errorf("scene %d: node %d does not exist (%d nodes)", scene, r, len(nodes))
		case nodes[r].Parent != -1:
			return nil, nil, fmt.Errorf("scene %d: node %d is not a root (its parent is node %d)", scene, r, nodes[r].Parent)
		case seen[r]:
			return nil, nil, fmt.Errorf("scene %d lists node %d twice", scene, r)
		}
		seen[r] = true
		roots = append(roots, r)
	}
	return nodes, roots, nil
}

// cycle returns a node whose ancestors form a cycle, or -1. Each node is
// walked over once (a node's state says whether its ancestors were seen to
// end at a root), so the cost is linear in the nodes however deep the
// tree. Parents must be -1 or in range.
func cycle(nodes []Node) int {
	const (
		unknown = iota
		walking // on the walk in progress
		rooted  // its ancestors end at a root
	)
	state := make([]uint8, len(nodes))
	for i := range nodes {
		p := i
		for p != -1 && state[p] == unknown {
			state[p] = walking
			p = nodes[p].Parent
		}
		if p != -1 && state[p] == walking {
			return p
		}
		for q := i; q != -1 && state[q] == walking; q = nodes[q].Parent {
			state[q] = rooted
		}
	}
	return -1
}

// transformOf sets n's translation, rotation and scale from the glTF
// node's TRS properties or its matrix, decomposed.
func transformOf(gn *gltf.Node, n *Node) error {
	if m := gn.Matrix; m != gltf.DefaultMatrix && m != ([16]float64{}) {
		return decompose(m, n)
	}
	t, r, s := gn.Translation, gn.Rotation, gn.Scale
	if r == ([4]float64{}) {
		r = gltf.DefaultRotation
	}
	n.Pos = mgl32.Vec3{float32(t[0]), float32(t[1]), float32(t[2])}
	n.Rot = quat(r[0], r[1], r[2], r[3])
	n.Scale = mgl32.Vec3{float32(s[0]), float32(s[1]), float32(s[2])}
	if !finite(n.Pos[0], n.Pos[1], n.Pos[2], n.Rot.W, n.Rot.V[0], n.Rot.V[1], n.Rot.V[2], n.Scale[0], n.Scale[1], n.Scale[2]) {
		return fmt.Errorf("transform is not finite")
	}
	return nil
}

// quat returns the unit quaternion of x, y, z, w (normalised; the
// identity when it has no length).
func quat(x, y, z, w float64) mgl32.Quat {
	l := math.Sqrt(x*x + y*y + z*z + w*w)
	if !(l > 0) || math.IsInf(l, 0) {
		if l != l || math.IsInf(l, 0) {
			return mgl32.Quat{W: float32(math.NaN())} // Validate names it
		}
		return mgl32.QuatIdent()
	}
	return mgl32.Quat{W: float32(w / l), V: mgl32.Vec3{float32(x / l), float32(y / l), float32(z / l)}}
}

// decompose splits an affine column-major matrix into translation,
// rotation and scale (a mirroring matrix gets a negative X scale).
func decompose(m [16]float64, n *Node) error {
	for _, v := range m {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("matrix is not finite")
		}
	}
	if m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1 {
		return fmt.Errorf("matrix's last row is (%v, %v, %v, %v): want (0, 0, 0, 1)", m[3], m[7], m[11], m[15])
	}
	var cols [3][3]float64
	var scale [3]float64
	for c := range 3 {
		cols[c] = [3]float64{m[4*c], m[4*c+1], m[4*c+2]}
		scale[c] = math.Sqrt(cols[c][0]*cols[c][0] + cols[c][1]*cols[c][1] + cols[c][2]*cols[c][2])
	}
	det := cols[0][0]*(cols[1][1]*cols[2][2]-cols[2][1]*cols[1][2]) -
		cols[1][0]*(cols[0][1]*cols[2][2]-cols[2][1]*cols[0][2]) +
		cols[2][0]*(cols[0][1]*cols[1][2]-cols[1][1]*cols[0][2])
	if det < 0 {
		scale[0] = -scale[0]
	}
	n.Pos = mgl32.Vec3{float32(m[12]), float32(m[13]), float32(m[14])}
	n.Scale = mgl32.Vec3{float32(scale[0]), float32(scale[1]), float32(scale[2])}
	if scale[0] == 0 || scale[1] == 0 || scale[2] == 0 {
		n.Rot = mgl32.QuatIdent() // a flattened node: any rotation draws the same
		return nil
	}
	// r[row][col] of the rotation: the columns divided by their scale.
	var r [3][3]float64
	for c := range 3 {
		for row := range 3 {
			r[row][c] = cols[c][row] / scale[c]
		}
	}
	n.Rot = rotationQuat(r)
	return nil
}

// rotationQuat returns the quaternion of rotation matrix r (r[row][col]),
// by Shepperd's method: the largest of w, x, y, z is found first so no
// square root of a small number is taken.
func rotationQuat(r [3][3]float64) mgl32.Quat {
	var x, y, z, w float64
	switch tr := r[0][0] + r[1][1] + r[2][2]; {
	case tr > 0:
		s := 2 * math.Sqrt(tr+1)
		w, x, y, z = s/4, (r[2][1]-r[1][2])/s, (r[0][2]-r[2][0])/s, (r[1][0]-r[0][1])/s
	case r[0][0] > r[1][1] && r[0][0] > r[2][2]:
		s := 2 * math.Sqrt(1+r[0][0]-r[1][1]-r[2][2])
		w, x, y, z = (r[2][1]-r[1][2])/s, s/4, (r[0][1]+r[1][0])/s, (r[0][2]+r[2][0])/s
	case r[1][1] > r[2][2]:
		s := 2 * math.Sqrt(1+r[1][1]-r[0][0]-r[2][2])
		w, x, y, z = (r[0][2]-r[2][0])/s, (r[0][1]+r[1][0])/s, s/4, (r[1][2]+r[2][1])/s
	default:
		s := 2 * math.Sqrt(1+r[2][2]-r[0][0]-r[1][1])
		w, x, y, z = (r[1][0]-r[0][1])/s, (r[0][2]+r[2][0])/s, (r[1][2]+r[2][1])/s, s/4
	}
	return quat(x, y, z, w)
}
