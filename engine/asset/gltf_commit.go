package asset

import (
	"fmt"
	"reflect"

	"github.com/tickwork/tickwork/gfx"
)

// plan is what a model registers, built and checked before anything is
// registered, so a file that fails to load leaves its Library as it was.
// A planned material's images (imageRefs) are plan image indices + 1 and a
// planned mesh's Material a plan material index + 1 until commit turns
// them into IDs.
type plan struct {
	images    []planned[*Image]
	materials []planned[*Material]
	meshes    []planned[*Mesh]
}

type planned[T any] struct {
	name string
	v    T
}

func (p *plan) addImage(name string, im *Image) int {
	p.images = append(p.images, planned[*Image]{name, im})
	return len(p.images) - 1
}

func (p *plan) addMaterial(name string, m *Material) int {
	p.materials = append(p.materials, planned[*Material]{name, m})
	return len(p.materials) - 1
}

func (p *plan) addMesh(name string, m *Mesh) int {
	p.meshes = append(p.meshes, planned[*Mesh]{name, m})
	return len(p.meshes) - 1
}

// assign works out the index each planned asset gets in n: the one it has
// when n holds the same data under its name, else the next free one. It
// fails, changing nothing, when a name is taken by other data or n would
// hold more than MaxAssets.
func assign[T any](kind string, n *named[T], ps []planned[T]) ([]int, error) {
	idx := make([]int, len(ps))
	next := len(n.items)
	for k, p := range ps {
		if err := checkName(kind, p.name); err != nil {
			return nil, err
		}
		if i, ok := n.index[p.name]; ok {
			if !reflect.DeepEqual(n.items[i], p.v) {
				return nil, fmt.Errorf("%s %q is already loaded with other data: load the new file under another name", kind, p.name)
			}
			idx[k] = i
			continue
		}
		idx[k] = next
		next++
	}
	if next > MaxAssets {
		return nil, fmt.Errorf("the library would hold %d %ss, more than %d", next, kind, MaxAssets)
	}
	return idx, nil
}

// commit registers the plan's assets in l and returns the IDs of its
// meshes. Every check that can fail runs before the first registration.
func (p *plan) commit(l *Library) ([]gfx.MeshID, error) {
	imgs, err := assign("image", &l.images, p.images)
	if err != nil {
		return nil, err
	}
	for _, m := range p.materials {
		for _, ref := range imageRefs(m.v) {
			if *ref != 0 {
				*ref = ImageID(imgs[*ref-1] + 1)
			}
		}
	}
	mats, err := assign("material", &l.materials, p.materials)
	if err != nil {
		return nil, err
	}
	for _, m := range p.meshes {
		if m.v.Material != 0 {
			m.v.Material = MaterialID(mats[m.v.Material-1] + 1)
		}
	}
	if _, err := assign("mesh", &l.meshes, p.meshes); err != nil {
		return nil, err
	}
	for _, im := range p.images {
		if _, err := l.AddImage(im.name, im.v); err != nil {
			return nil, err
		}
	}
	for _, m := range p.materials {
		if _, err := l.AddMaterial(m.name, m.v); err != nil {
			return nil, err
		}
	}
	ids := make([]gfx.MeshID, len(p.meshes))
	for k, m := range p.meshes {
		if ids[k], err = l.AddMesh(m.name, m.v); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// imageRefs returns pointers to the image fields of m.
func imageRefs(m *Material) [5]*ImageID {
	return [5]*ImageID{&m.BaseTexture, &m.MetalRoughTexture, &m.NormalTexture, &m.OcclusionTexture, &m.EmissiveTexture}
}
