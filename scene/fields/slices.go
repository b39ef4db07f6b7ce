package fields

import (
	"encoding/binary"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// Int is any integer type, such as an enum (type Kind uint8) or a handle
// (scene.Handle).
type Int interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

func signed[T Int]() bool {
	var zero T
	return zero-1 < 0
}

// Integer describes a field of any integer type: an enum, a handle, a
// counter. Signed types are saved as zig-zag varints and unsigned ones as
// varints, so a field may change width (int32 to int64, uint8 to uint16)
// and still load what was saved before; a saved value that its field cannot
// hold is refused with ErrRange. Its hash is the value's, whatever the
// width.
func Integer[T Int](v *Visitor, name string, p *T) {
	if v.op == opHash {
		v.mix(uint64(*p))
		return
	}
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	k := kindUint
	if signed[T]() {
		k = kindInt
	}
	if !v.field(k, name) {
		return
	}
	integer(v, name, -1, p, k == kindInt)
}

// integer hashes, saves or loads one integer.
func integer[T Int](v *Visitor, name string, index int, p *T, sig bool) {
	switch v.op {
	case opHash:
		v.mix(uint64(*p))
	case opSave:
		if sig {
			v.buf = binary.AppendVarint(v.buf, int64(*p))
		} else {
			v.buf = binary.AppendUvarint(v.buf, uint64(*p))
		}
	case opLoad:
		if sig {
			x, n := binary.Varint(v.buf)
			if n <= 0 {
				v.failAt(name, index, ErrTruncated, "the data ends inside the field's number, or the number overflows")
				return
			}
			if int64(T(x)) != x {
				v.failAt(name, index, ErrRange, fmt.Sprintf("%d does not fit the field's type %T", x, *p))
				return
			}
			v.buf, *p = v.buf[n:], T(x)
		} else {
			x, n := binary.Uvarint(v.buf)
			if n <= 0 {
				v.failAt(name, index, ErrTruncated, "the data ends inside the field's number, or the number overflows")
				return
			}
			if uint64(T(x)) != x {
				v.failAt(name, index, ErrRange, fmt.Sprintf("%d does not fit the field's type %T", x, *p))
				return
			}
			v.buf, *p = v.buf[n:], T(x)
		}
	}
}

// Integers describes a slice of any integer type, as Integer, prefixed with
// its length. Load reuses the slice's capacity.
func Integers[T Int](v *Visitor, name string, p *[]T) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	sig := signed[T]()
	k := kindUint
	if sig {
		k = kindInt
	}
	if !sliceHead(v, k|kindSlice, name, p) {
		return
	}
	for i := range *p {
		if v.err != nil {
			return
		}
		integer(v, name, i, &(*p)[i], sig)
	}
}

// sliceHead starts a slice field: its tag and length, and for Load the
// slice resized to the saved length (after checking that the data can hold
// that many elements). It reports whether the elements should be handled.
func sliceHead[T any](v *Visitor, k byte, name string, p *[]T) bool {
	if !v.field(k, name) {
		return false
	}
	switch v.op {
	case opHash:
		v.mix(uint64(len(*p)))
	case opSave:
		v.buf = binary.AppendUvarint(v.buf, uint64(len(*p)))
	case opLoad:
		n, ok := v.count(name, fixedSize(k&^kindSlice))
		if !ok {
			return false
		}
		*p = resize(*p, n)
	}
	return true
}

// resize returns s with length n, reusing its capacity when it can (the
// elements it keeps are not cleared).
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// Ints describes an []int field, as Integers.
func (v *Visitor) Ints(name string, p *[]int) { Integers(v, name, p) }

// Uint64s describes a []uint64 field, as Integers.
func (v *Visitor) Uint64s(name string, p *[]uint64) { Integers(v, name, p) }

// Bools describes a []bool field, prefixed with its length.
func (v *Visitor) Bools(name string, p *[]bool) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if !sliceHead(v, kindBool|kindSlice, name, p) {
		return
	}
	for i := range *p {
		if !v.oneBool(name, i, &(*p)[i]) {
			return
		}
	}
}

// Float32s describes a []float32 field, prefixed with its length.
func (v *Visitor) Float32s(name string, p *[]float32) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if sliceHead(v, kindFloat32|kindSlice, name, p) {
		v.floats32(*p)
	}
}

// Float64s describes a []float64 field, prefixed with its length.
func (v *Visitor) Float64s(name string, p *[]float64) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if sliceHead(v, kindFloat64|kindSlice, name, p) {
		for i := range *p {
			v.one64(&(*p)[i])
		}
	}
}

// Strings describes a []string field, prefixed with its length.
func (v *Visitor) Strings(name string, p *[]string) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if !sliceHead(v, kindString|kindSlice, name, p) {
		return
	}
	for i := range *p {
		if v.err != nil {
			return
		}
		v.str(name, i, &(*p)[i])
	}
}

// Vec3s describes an []mgl32.Vec3 field, prefixed with its length.
func (v *Visitor) Vec3s(name string, p *[]mgl32.Vec3) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if sliceHead(v, kindVec3|kindSlice, name, p) {
		for i := range *p {
			v.floats32((*p)[i][:])
		}
	}
}

// Quats describes an []mgl32.Quat field, prefixed with its length.
func (v *Visitor) Quats(name string, p *[]mgl32.Quat) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if sliceHead(v, kindQuat|kindSlice, name, p) {
		for i := range *p {
			v.oneQuat(&(*p)[i])
		}
	}
}

// Mat4s describes an []mgl32.Mat4 field, prefixed with its length.
func (v *Visitor) Mat4s(name string, p *[]mgl32.Mat4) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if sliceHead(v, kindMat4|kindSlice, name, p) {
		for i := range *p {
			v.floats32((*p)[i][:])
		}
	}
}

// Structs describes a slice of values that describe their own fields,
// prefixed with its length; element i's fields have paths such as
// "name[i].gold". Load reuses the slice's capacity and restores each
// element in place (an element's fields that its description leaves out
// keep what they held).
func Structs[T any, P interface {
	*T
	Describer
}](v *Visitor, name string, p *[]T) {
	if v.err != nil {
		return
	}
	if v.op != opWalk && !sliceHead(v, kindStruct|kindSlice, name, p) {
		return
	}
	for i := range *p {
		if v.err != nil {
			return
		}
		switch v.op {
		case opSave:
			v.buf = append(v.buf, elemMark)
		case opLoad:
			if len(v.buf) == 0 {
				v.failAt(name, i, ErrTruncated, "the data ends before the element")
				return
			}
			if v.buf[0] != elemMark {
				v.failAt(name, i, ErrMismatch, "the data holds no element here: the description changed since the data was saved, or the data is damaged")
				return
			}
			v.buf = v.buf[1:]
		}
		if !v.push(name, i) {
			return
		}
		P(&(*p)[i]).Describe(v)
		v.pop()
	}
}
