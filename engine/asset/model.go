package asset

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// Model is a loaded scene file (a glTF scene): a node hierarchy whose nodes
// draw meshes of a Library, and the animations that move those nodes. A
// Model holds IDs, not geometry: spawning it many times shares its meshes
// and materials. Spawn turns it into actors.
type Model struct {
	Name       string // the name it was loaded under (the file's name)
	Nodes      []Node // in the file's order; a node's parent comes anywhere
	Roots      []int  // indices into Nodes of the scene's root nodes, in order
	Animations []Animation
	Skins      []Skin
	Info       Info     // counts as defined in the file
	Notices    []string // what was repaired or left out (skin weights normalised, ...), one line each
}

// Node is one node of a Model: a transform relative to its parent and the
// meshes it draws (one per primitive of its glTF mesh, each with its own
// material).
type Node struct {
	Name     string
	Parent   int   // index into Model.Nodes, -1 for a root
	Children []int // indices into Model.Nodes, in order

	// The local transform. A node given as a matrix is decomposed into
	// translation, rotation and scale.
	Pos   mgl32.Vec3
	Rot   mgl32.Quat
	Scale mgl32.Vec3

	Meshes []gfx.MeshID
	// Weights are the default weights of the morph targets of the node's
	// mesh (glTF's node weights, else the mesh's, else zeros): one per
	// target, nil without morph targets.
	Weights []float32

	// Light is the node's KHR_lights_punctual point or spot light, nil for
	// none. Its position and direction are the node's: Spawn gives the
	// node's actor a *scene.Light behaviour that places it every frame.
	Light *gfx.PunctualLight
}

// Info counts what a scene file defines, as the file defines it: Nodes,
// Meshes, Textures, Materials and Animations are the lengths of those
// arrays; Primitives sums the primitives of the mesh definitions (not of
// node instances); Vertices sums their POSITION counts; Triangles sums
// n/3 for triangles, n−2 for strips and fans and 0 for points and lines,
// n being the index count, or the vertex count without indices. Skins is
// the length of the skins array, Joints sums their joints and Targets sums
// the morph targets of every primitive.
type Info struct {
	Nodes, Meshes, Primitives, Vertices, Triangles, Textures, Materials, Animations int
	Skins, Joints, Targets                                                          int
}

// String returns the counts as one line:
// "nodes=N meshes=M primitives=P vertices=V triangles=T textures=X materials=Y animations=A skins=S joints=J targets=M".
func (i Info) String() string {
	return fmt.Sprintf("nodes=%d meshes=%d primitives=%d vertices=%d triangles=%d textures=%d materials=%d animations=%d skins=%d joints=%d targets=%d",
		i.Nodes, i.Meshes, i.Primitives, i.Vertices, i.Triangles, i.Textures, i.Materials, i.Animations, i.Skins, i.Joints, i.Targets)
}

// Validate reports a model whose node references are out of range or
// cyclic, or whose animations are malformed.
func (m *Model) Validate() error {
	for i, n := range m.Nodes {
		if n.Parent < -1 || n.Parent >= len(m.Nodes) || n.Parent == i {
			return fmt.Errorf("node %d: parent %d out of range", i, n.Parent)
		}
		for _, c := range n.Children {
			if c < 0 || c >= len(m.Nodes) || m.Nodes[c].Parent != i {
				return fmt.Errorf("node %d: child %d is not a node whose parent it is", i, c)
			}
		}
		if !finite(n.Pos[0], n.Pos[1], n.Pos[2], n.Rot.W, n.Rot.V[0], n.Rot.V[1], n.Rot.V[2], n.Scale[0], n.Scale[1], n.Scale[2]) {
			return fmt.Errorf("node %d: transform is not finite", i)
		}
	}
	for _, r := range m.Roots {
		if r < 0 || r >= len(m.Nodes) || m.Nodes[r].Parent != -1 {
			return fmt.Errorf("root %d is not a node without a parent", r)
		}
	}
	// Walking up from every node must end at a root (in linear time).
	if i := cycle(m.Nodes); i >= 0 {
		return fmt.Errorf("node %d: its parents form a cycle", i)
	}
	for i := range m.Animations {
		if err := m.Animations[i].Validate(len(m.Nodes)); err != nil {
			return fmt.Errorf("animation %d %q: %w", i, m.Animations[i].Name, err)
		}
		for k, c := range m.Animations[i].Weights {
			if n := len(m.Nodes[c.Node].Weights); n != c.Targets {
				return fmt.Errorf("animation %d %q: weights channel %d animates %d morph targets of node %d, which has %d", i, m.Animations[i].Name, k, c.Targets, c.Node, n)
			}
		}
	}
	return nil
}

// Animation returns the index of the animation named name, or -1.
func (m *Model) Animation(name string) int {
	for i := range m.Animations {
		if m.Animations[i].Name == name {
			return i
		}
	}
	return -1
}
