package asset

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/qmuntal/gltf"
)

// cacheKey names a decoded accessor: its index and what it was decoded as.
type cacheKey struct {
	accessor int
	kind     string
}

// componentSize returns the bytes of one component, 0 for an unknown type.
func componentSize(c gltf.ComponentType) int {
	switch c {
	case gltf.ComponentByte, gltf.ComponentUbyte:
		return 1
	case gltf.ComponentShort, gltf.ComponentUshort:
		return 2
	case gltf.ComponentUint, gltf.ComponentFloat:
		return 4
	}
	return 0
}

// components returns the components of one element for the vector types
// and matrices the loader reads (4×4 matrices: inverse bind matrices).
func components(t gltf.AccessorType) int {
	switch t {
	case gltf.AccessorScalar:
		return 1
	case gltf.AccessorVec2:
		return 2
	case gltf.AccessorVec3:
		return 3
	case gltf.AccessorVec4:
		return 4
	case gltf.AccessorMat4:
		return 16
	}
	return 0
}

// accessor returns accessor i after checking its type is one of types and
// its component type is known.
func (ld *loader) accessor(i int, types ...gltf.AccessorType) (*gltf.Accessor, error) {
	as := ld.doc.Accessors
	if i < 0 || i >= len(as) || as[i] == nil {
		return nil, fmt.Errorf("accessor %d does not exist (%d accessors)", i, len(as))
	}
	a := as[i]
	ok := false
	for _, t := range types {
		ok = ok || a.Type == t
	}
	if !ok {
		return nil, fmt.Errorf("accessor %d is %v: want %v", i, a.Type, types)
	}
	if componentSize(a.ComponentType) == 0 || components(a.Type) == 0 {
		return nil, fmt.Errorf("accessor %d: unknown component type %d", i, a.ComponentType)
	}
	if a.Count < 1 {
		return nil, fmt.Errorf("accessor %d: count %d: want at least 1", i, a.Count)
	}
	return a, nil
}

// spend takes n bytes from the decoding budget, refusing when there are
// not that many left: a file cannot make the loader allocate more than a
// bounded multiple of its own size.
func (ld *loader) spend(i, count, size int) error {
	if count > ld.budget/size {
		return fmt.Errorf("accessor %d: %d elements of %d bytes decoded exceed what a file of this size may hold", i, count, size)
	}
	ld.budget -= count * size
	return nil
}

// stored returns the bytes accessor i reads from its buffer view, and the
// distance between two elements, after checking that count elements of
// size bytes at its offset and stride lie within the view. tight ignores
// the view's stride (sparse indices and values are tightly packed).
func (ld *loader) stored(i, v, offset, count, size int, tight bool) ([]byte, int, error) {
	data, stride, err := ld.view(v)
	if err != nil {
		return nil, 0, fmt.Errorf("accessor %d: %w", i, err)
	}
	if stride == 0 || tight {
		stride = size
	}
	if stride < size {
		return nil, 0, fmt.Errorf("accessor %d: elements of %d bytes overlap in buffer view %d of stride %d", i, size, v, stride)
	}
	if offset < 0 || offset > len(data) || count < 1 || count-1 > (len(data)-offset)/stride ||
		(count-1)*stride+size > len(data)-offset {
		return nil, 0, fmt.Errorf("accessor %d reads past buffer view %d (%d elements of %d bytes, stride %d, from offset %d of %d bytes)",
			i, v, count, size, stride, offset, len(data))
	}
	return data[offset:], stride, nil
}

// walk calls put(element, bytes) for each element accessor i stores in
// its buffer view and then for each sparse substitution; the elements it
// does not call put for are zero (an accessor without a buffer view).
func (ld *loader) walk(i int, a *gltf.Accessor, size int, put func(e int, b []byte)) error {
	if a.BufferView != nil {
		data, stride, err := ld.stored(i, *a.BufferView, a.ByteOffset, a.Count, size, false)
		if err != nil {
			return err
		}
		for e := range a.Count {
			put(e, data[e*stride:e*stride+size])
		}
	}
	s := a.Sparse
	if s == nil {
		return nil
	}
	if s.Count < 1 || s.Count > a.Count {
		return fmt.Errorf("accessor %d: %d sparse values for %d elements", i, s.Count, a.Count)
	}
	is := 0
	switch s.Indices.ComponentType {
	case gltf.ComponentUbyte, gltf.ComponentUshort, gltf.ComponentUint:
		is = componentSize(s.Indices.ComponentType)
	default:
		return fmt.Errorf("accessor %d: sparse indices of component type %v: want an unsigned integer", i, s.Indices.ComponentType)
	}
	idx, _, err := ld.stored(i, s.Indices.BufferView, s.Indices.ByteOffset, s.Count, is, true)
	if err != nil {
		return fmt.Errorf("sparse indices: %w", err)
	}
	vals, _, err := ld.stored(i, s.Values.BufferView, s.Values.ByteOffset, s.Count, size, true)
	if err != nil {
		return fmt.Errorf("sparse values: %w", err)
	}
	for k := range s.Count {
		e := int(unsigned(idx[k*is:], is))
		if e >= a.Count {
			return fmt.Errorf("accessor %d: sparse index %d is %d, past its %d elements", i, k, e, a.Count)
		}
		put(e, vals[k*size:(k+1)*size])
	}
	return nil
}

func unsigned(b []byte, size int) uint32 {
	switch size {
	case 1:
		return uint32(b[0])
	case 2:
		return uint32(binary.LittleEndian.Uint16(b))
	}
	return binary.LittleEndian.Uint32(b)
}

// component decodes one component: a float as it is, a normalized integer
// to [0, 1] or [−1, 1] as glTF 2.0 (section 3.11) defines, any other
// integer as its value.
func component(b []byte, c gltf.ComponentType, normalized bool) float32 {
	switch c {
	case gltf.ComponentFloat:
		return math.Float32frombits(binary.LittleEndian.Uint32(b))
	case gltf.ComponentByte:
		v := float32(int8(b[0]))
		if normalized {
			return max(v/127, -1)
		}
		return v
	case gltf.ComponentUbyte:
		if normalized {
			return float32(b[0]) / 255
		}
		return float32(b[0])
	case gltf.ComponentShort:
		v := float32(int16(binary.LittleEndian.Uint16(b)))
		if normalized {
			return max(v/32767, -1)
		}
		return v
	case gltf.ComponentUshort:
		v := float32(binary.LittleEndian.Uint16(b))
		if normalized {
			return v / 65535
		}
		return v
	}
	v := binary.LittleEndian.Uint32(b)
	if normalized {
		return float32(float64(v) / math.MaxUint32)
	}
	return float32(v)
}

// Component types glTF allows, besides floats, as normalized integers.
func unsignedNorm() []gltf.ComponentType {
	return []gltf.ComponentType{gltf.ComponentUbyte, gltf.ComponentUshort}
}

func anyNorm() []gltf.ComponentType {
	return []gltf.ComponentType{gltf.ComponentByte, gltf.ComponentUbyte, gltf.ComponentShort, gltf.ComponentUshort}
}

// floats decodes accessor i, of one of types, as count×components floats
// (normalized integers converted), and the number of components. Its
// components must be floats, or normalized integers of one of norm.
func (ld *loader) floats(i int, norm []gltf.ComponentType, types ...gltf.AccessorType) ([]float32, int, error) {
	a, err := ld.accessor(i, types...)
	if err != nil {
		return nil, 0, err
	}
	ok := a.ComponentType == gltf.ComponentFloat
	for _, c := range norm {
		ok = ok || a.ComponentType == c && a.Normalized
	}
	if !ok {
		norms := ""
		for _, c := range norm {
			norms += " or normalized " + c.String()
		}
		return nil, 0, fmt.Errorf("accessor %d has %v components (normalized: %v): want FLOAT%s", i, a.ComponentType, a.Normalized, norms)
	}
	n, cs := components(a.Type), componentSize(a.ComponentType)
	key := cacheKey{i, "floats"}
	if v, ok := ld.cache[key].([]float32); ok {
		return v, n, nil
	}
	if a.BufferView != nil { // check before allocating
		if _, _, err := ld.stored(i, *a.BufferView, a.ByteOffset, a.Count, n*cs, false); err != nil {
			return nil, 0, err
		}
	}
	if err := ld.spend(i, a.Count, 4*n); err != nil {
		return nil, 0, err
	}
	out := make([]float32, a.Count*n)
	err = ld.walk(i, a, n*cs, func(e int, b []byte) {
		for k := range n {
			out[e*n+k] = component(b[k*cs:], a.ComponentType, a.Normalized)
		}
	})
	if err != nil {
		return nil, 0, err
	}
	ld.cache[key] = out
	return out, n, nil
}

// indices decodes accessor i as vertex indices: scalars of unsigned 8, 16
// or 32 bits.
func (ld *loader) indices(i int) ([]uint32, error) {
	a, err := ld.accessor(i, gltf.AccessorScalar)
	if err != nil {
		return nil, err
	}
	switch a.ComponentType {
	case gltf.ComponentUbyte, gltf.ComponentUshort, gltf.ComponentUint:
	default:
		return nil, fmt.Errorf("accessor %d: indices of component type %v: want an unsigned integer", i, a.ComponentType)
	}
	key := cacheKey{i, "indices"}
	if v, ok := ld.cache[key].([]uint32); ok {
		return v, nil
	}
	cs := componentSize(a.ComponentType)
	if a.BufferView != nil { // check before allocating
		if _, _, err := ld.stored(i, *a.BufferView, a.ByteOffset, a.Count, cs, false); err != nil {
			return nil, err
		}
	}
	if err := ld.spend(i, a.Count, 4); err != nil {
		return nil, err
	}
	out := make([]uint32, a.Count)
	if err := ld.walk(i, a, cs, func(e int, b []byte) { out[e] = unsigned(b, cs) }); err != nil {
		return nil, err
	}
	ld.cache[key] = out
	return out, nil
}
