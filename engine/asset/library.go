package asset

import (
	"fmt"
	"hash/fnv"
	"math"
	"reflect"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/gfx"
)

// ImageID names an image of a Library; 0 names none. It is gfx.ImageID,
// so a HUD sprite names a library image directly.
type ImageID = gfx.ImageID

// MaterialID names a material of a Library; 0 names the default material
// (opaque white, lit). It is gfx.MaterialID, so an actor names a library
// material directly (scene.Spec.Material).
type MaterialID = gfx.MaterialID

// MaxAssets is the most assets of each kind a Library holds (IDs are 16
// bits; meshes share theirs with the built-in meshes).
const MaxAssets = math.MaxUint16 - int(gfx.NumBuiltinMeshes)

// Library holds a game's assets under names, with stable IDs. The zero
// Library is empty and ready to use.
type Library struct {
	meshes    named[*Mesh]
	images    named[*Image]
	materials named[*Material]
	sounds    named[*audio.Clip]
	music     named[*audio.Stream]
}

// named is one kind of asset: the assets in the order added, and their
// names.
type named[T any] struct {
	items []T
	names []string
	index map[string]int
}

// add registers v under name and returns its index, or the index it has
// when the same data is already there under that name.
func (n *named[T]) add(kind, name string, v T) (int, error) {
	if err := checkName(kind, name); err != nil {
		return 0, err
	}
	if i, ok := n.index[name]; ok {
		if reflect.DeepEqual(n.items[i], v) {
			return i, nil
		}
		return 0, fmt.Errorf("asset: %s %q is already loaded with other data: give the new one another name", kind, name)
	}
	if len(n.items) >= MaxAssets {
		return 0, fmt.Errorf("asset: %s %q: the library already holds %d %ss, the most it can", kind, name, MaxAssets, kind)
	}
	if n.index == nil {
		n.index = make(map[string]int)
	}
	n.index[name] = len(n.items)
	n.items = append(n.items, v)
	n.names = append(n.names, name)
	return len(n.items) - 1, nil
}

// checkName reports a name an asset cannot have.
func checkName(kind, name string) error {
	if name == "" || len(name) > 256 || !utf8.ValidString(name) {
		return fmt.Errorf("asset: %s name %q: want UTF-8 text of 1 to 256 bytes", kind, name)
	}
	return nil
}

// AddMesh checks m and registers it under name. Its ID follows the
// built-in meshes' (the first is gfx.NumBuiltinMeshes). The library keeps
// m: do not change it afterwards.
func (l *Library) AddMesh(name string, m *Mesh) (gfx.MeshID, error) {
	if m == nil {
		return 0, fmt.Errorf("asset: mesh %q: no mesh", name)
	}
	if err := m.Validate(); err != nil {
		return 0, fmt.Errorf("asset: mesh %q: %w", name, err)
	}
	if int(m.Material) > len(l.materials.items) {
		return 0, fmt.Errorf("asset: mesh %q: material %d is not loaded (%d are)", name, m.Material, len(l.materials.items))
	}
	i, err := l.meshes.add("mesh", name, m)
	return gfx.NumBuiltinMeshes + gfx.MeshID(i), err
}

// Mesh returns the mesh with id, or false for a built-in or unknown ID.
func (l *Library) Mesh(id gfx.MeshID) (*Mesh, bool) {
	i := int(id) - int(gfx.NumBuiltinMeshes)
	if i < 0 || i >= len(l.meshes.items) {
		return nil, false
	}
	return l.meshes.items[i], true
}

// MeshBounds returns the bounding sphere of the mesh with id (see
// Mesh.Bounds), or false for a built-in or unknown ID. A scene.Manager
// given the library with SetMeshBounds asks it once per mesh, from the
// game loop's thread, to cull actors out of view.
func (l *Library) MeshBounds(id gfx.MeshID) (center mgl32.Vec3, radius float32, ok bool) {
	m, ok := l.Mesh(id)
	if !ok {
		return mgl32.Vec3{}, 0, false
	}
	b := m.Bounds()
	return b.Center, b.Radius, true
}

// MeshID returns the ID of the mesh named name.
func (l *Library) MeshID(name string) (gfx.MeshID, bool) {
	i, ok := l.meshes.index[name]
	return gfx.NumBuiltinMeshes + gfx.MeshID(i), ok
}

// Meshes returns the number of meshes loaded.
func (l *Library) Meshes() int { return len(l.meshes.items) }

// AddImage checks im and registers it under name (IDs from 1).
func (l *Library) AddImage(name string, im *Image) (ImageID, error) {
	if im == nil {
		return 0, fmt.Errorf("asset: image %q: no image", name)
	}
	if err := im.Validate(); err != nil {
		return 0, fmt.Errorf("asset: image %q: %w", name, err)
	}
	i, err := l.images.add("image", name, im)
	return ImageID(i + 1), err
}

// Image returns the image with id, or false for 0 or an unknown ID.
func (l *Library) Image(id ImageID) (*Image, bool) {
	if id == 0 || int(id) > len(l.images.items) {
		return nil, false
	}
	return l.images.items[id-1], true
}

// ImageID returns the ID of the image named name.
func (l *Library) ImageID(name string) (ImageID, bool) {
	i, ok := l.images.index[name]
	return ImageID(i + 1), ok
}

// AddMaterial checks m, whose texture must be loaded already, and
// registers it under name (IDs from 1).
func (l *Library) AddMaterial(name string, m *Material) (MaterialID, error) {
	if m == nil {
		return 0, fmt.Errorf("asset: material %q: no material", name)
	}
	if err := m.Validate(); err != nil {
		return 0, fmt.Errorf("asset: material %q: %w", name, err)
	}
	mapNames := [5]string{"base colour", "metallic-roughness", "normal", "occlusion", "emissive"}
	for k, id := range m.Images() {
		if id == 0 {
			continue
		}
		im, ok := l.Image(id)
		if !ok {
			return 0, fmt.Errorf("asset: material %q: %s texture %d is not loaded (%d images are)", name, mapNames[k], id, len(l.images.items))
		}
		if data := k >= 1 && k <= 3; data && im.Space != gfx.Linear {
			return 0, fmt.Errorf("asset: material %q: %s texture %d is an sRGB colour image: data maps need gfx.Linear images (load it with that space)", name, mapNames[k], id)
		}
	}
	i, err := l.materials.add("material", name, m)
	return MaterialID(i + 1), err
}

// Material returns the material with id; 0 gives the default material.
func (l *Library) Material(id MaterialID) (*Material, bool) {
	if id == 0 {
		return &Material{}, true
	}
	if int(id) > len(l.materials.items) {
		return nil, false
	}
	return l.materials.items[id-1], true
}

// MaterialID returns the ID of the material named name.
func (l *Library) MaterialID(name string) (MaterialID, bool) {
	i, ok := l.materials.index[name]
	return MaterialID(i + 1), ok
}

// Hash returns a digest of everything loaded: names, order and data. Two
// runs that loaded the same assets in the same order have the same Hash;
// a game can mix it into its state hash so a replay with other assets is
// caught. It reads every byte: call it after loading, not every tick.
func (l *Library) Hash() uint64 {
	h := fnv.New64a()
	w := func(vs ...any) {
		for _, v := range vs {
			fmt.Fprintf(h, "%v\x00", v)
		}
	}
	for i, m := range l.meshes.items {
		w("mesh", l.meshes.names[i], m.Mode, m.Material, m.Positions, m.Normals, m.UVs, m.Colors, m.Tangents, m.Indices)
		if len(m.Joints) > 0 || len(m.Targets) > 0 { // so the hash of a plain mesh stays as it was
			w(m.Joints, m.Weights, m.Targets, m.MorphWeights)
		}
	}
	for i, im := range l.images.items {
		w("image", l.images.names[i], im.Width, im.Height, im.Space)
		h.Write(im.Pix)
	}
	for i, m := range l.materials.items {
		w("material", l.materials.names[i], *m)
	}
	l.hashSounds(h, w)
	return h.Sum64()
}
