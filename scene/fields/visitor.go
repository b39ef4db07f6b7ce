package fields

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Describer is implemented by a type that describes its fields: Describe
// calls one Visitor method per field, with the field's name and a pointer
// to it, in the same order every time. Hash, Save, Load, Walk and Dump all
// run it; it must not keep v beyond the call.
type Describer interface {
	Describe(v *Visitor)
}

// Visitor is what a Describer describes its fields to. Depending on the
// operation that runs the description, each method hashes the field, appends
// it to a snapshot, restores it from one or reports it to a debug view.
// Errors (only Load has any) are kept: after the first, every method does
// nothing. Names need not be unique, but a name is what errors and debug
// views show, so make it the field's.
type Visitor struct {
	op    op
	h     uint64 // opHash: the running hash
	buf   []byte // opSave: the output; opLoad: the data not read yet
	total int    // opLoad: the length of the data given to Load, for offsets
	err   error
	walk  func(path string, value any)
	root  Describer
	depth int
	path  [pathMax]frame
}

type op uint8

const (
	opHash op = iota + 1
	opSave
	opLoad
	opWalk
)

// pathMax is how many levels of nesting error messages and Walk name; the
// levels below are named "…".
const pathMax = 16

// MaxDepth is how deeply Struct and Structs may nest. A description nested
// deeper (most likely one that describes itself) stops there: Load fails
// with ErrDepth, and Hash and Save leave the deeper levels out, so that what
// Save wrote is refused by Load rather than restored half.
const MaxDepth = 64

// frame is one level of a field's path: a name, and an element index for a
// slice's element (-1 otherwise).
type frame struct {
	name  string
	index int
}

// Kinds, as Save writes them before each field. A slice's kind is its
// element's kind with kindSlice set.
const (
	kindBool byte = iota + 1
	kindInt
	kindUint
	kindFloat32
	kindFloat64
	kindString
	kindBytes
	kindVec2
	kindVec3
	kindVec4
	kindQuat
	kindMat4
	kindStruct
	kindSlice byte = 0x40
	// elemMark precedes each element of a slice of structs, so that every
	// element takes at least one byte and a length can be checked against
	// the data before anything is allocated.
	elemMark byte = 0x7e
)

var kindNames = [...]string{
	kindBool: "bool", kindInt: "int", kindUint: "uint", kindFloat32: "float32", kindFloat64: "float64",
	kindString: "string", kindBytes: "bytes", kindVec2: "Vec2", kindVec3: "Vec3", kindVec4: "Vec4",
	kindQuat: "Quat", kindMat4: "Mat4", kindStruct: "struct",
}

func kindName(k byte) string {
	pre := ""
	if k&kindSlice != 0 {
		pre, k = "[]", k&^kindSlice
	}
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return pre + kindNames[k]
	}
	return fmt.Sprintf("unknown kind %#x", k)
}

// fixedSize is the encoded size of one value of a fixed-size kind, 0 for
// varints and lengths (which take at least one byte).
func fixedSize(k byte) int {
	switch k {
	case kindBool:
		return 1
	case kindFloat32:
		return 4
	case kindFloat64:
		return 8
	case kindVec2:
		return 8
	case kindVec3:
		return 12
	case kindVec4, kindQuat:
		return 16
	case kindMat4:
		return 64
	}
	return 0
}

// nameHash is the 16-bit hash of a field's name that Save writes: FNV-1a,
// folded.
func nameHash(s string) uint16 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return uint16(h ^ h>>16)
}

// Loading reports whether the description runs for Load, for a type that
// must rebuild what it derives from its fields (a lookup table, a cached
// matrix) once they are restored: call it after the last field.
func (v *Visitor) Loading() bool { return v.op == opLoad }

// mix adds one 64-bit word to the running hash. Each step is a bijection of
// the hash for a given word and of the word for a given hash, so changing
// any single word always changes the result.
func (v *Visitor) mix(w uint64) {
	h := (v.h ^ w) * 0xff51afd7ed558ccd
	v.h = h ^ h>>32
}

func canon32(f float32) uint64 {
	if f != f {
		return 0x7fc00000
	}
	return uint64(math.Float32bits(f))
}

func canon64(f float64) uint64 {
	if f != f {
		return 0x7ff8000000000000
	}
	return math.Float64bits(f)
}

// field starts a field of kind k: for Save it writes the tag, for Load it
// reads and checks it. It reports whether the value should be handled
// (false after an error, or when the tag did not match).
func (v *Visitor) field(k byte, name string) bool {
	if v.err != nil {
		return false
	}
	switch v.op {
	case opSave:
		nh := nameHash(name)
		v.buf = append(v.buf, k, byte(nh), byte(nh>>8))
	case opLoad:
		if len(v.buf) < 3 {
			v.fail(name, ErrTruncated, "the data ends before the field")
			return false
		}
		gk, gh := v.buf[0], binary.LittleEndian.Uint16(v.buf[1:])
		if gk != k || gh != nameHash(name) {
			v.fail(name, ErrMismatch, fmt.Sprintf(
				"the data holds a field of kind %s (name hash %04x) where the description has the field %q of kind %s (name hash %04x): the description changed since the data was saved (a field renamed, reordered, added or removed), or the data is not of this type",
				kindName(gk), gh, name, kindName(k), nameHash(name)))
			return false
		}
		v.buf = v.buf[3:]
	}
	return true
}

// fail records the first error, naming the field being read.
func (v *Visitor) fail(name string, sentinel error, detail string) {
	v.failAt(name, -1, sentinel, detail)
}

// failAt records the first error, naming the field being read and, when
// index ≥ 0, its element.
func (v *Visitor) failAt(name string, index int, sentinel error, detail string) {
	if v.err != nil {
		return
	}
	v.err = &LoadError{
		Type:   fmt.Sprintf("%T", v.root),
		Path:   v.pathOf(name, index),
		Offset: v.total - len(v.buf),
		Err:    sentinel,
		Detail: detail,
	}
}

// pathOf is the dotted path of a field named name at the current level
// ("inv.items[2].count"); index ≥ 0 adds an element index.
func (v *Visitor) pathOf(name string, index int) string {
	var b []byte
	n := min(v.depth, pathMax)
	for i := 0; i < n; i++ {
		b = appendFrame(b, v.path[i])
	}
	if v.depth > pathMax {
		b = append(b, ".…"...)
	}
	b = appendFrame(b, frame{name, index})
	return string(b)
}

func appendFrame(b []byte, f frame) []byte {
	if f.name != "" {
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, f.name...)
	}
	if f.index >= 0 {
		b = fmt.Appendf(b, "[%d]", f.index)
	}
	return b
}

// push enters a nested level; it reports false (and records ErrDepth for
// Load) when the nesting is too deep.
func (v *Visitor) push(name string, index int) bool {
	if v.depth >= MaxDepth {
		if v.op == opLoad {
			v.fail(name, ErrDepth, fmt.Sprintf("the description nests more than %d levels (does it describe itself?)", MaxDepth))
		}
		return false
	}
	if v.depth < pathMax {
		v.path[v.depth] = frame{name, index}
	}
	v.depth++
	return true
}

func (v *Visitor) pop() { v.depth-- }

// need checks that the data holds n more bytes for the field name.
func (v *Visitor) need(name string, n int) bool {
	if n > len(v.buf) || n < 0 {
		v.fail(name, ErrTruncated, fmt.Sprintf("the field needs %d bytes and the data holds %d", n, len(v.buf)))
		return false
	}
	return true
}

// uvarint reads a varint for the field name.
func (v *Visitor) uvarint(name string) (uint64, bool) {
	x, n := binary.Uvarint(v.buf)
	switch {
	case n == 0:
		v.fail(name, ErrTruncated, "the data ends inside the field's number")
		return 0, false
	case n < 0:
		v.fail(name, ErrRange, "the field's number overflows 64 bits")
		return 0, false
	}
	v.buf = v.buf[n:]
	return x, true
}

// count reads a slice's length for the field name and checks that the data
// can hold that many elements of at least size bytes each.
func (v *Visitor) count(name string, size int) (int, bool) {
	n, ok := v.uvarint(name)
	if !ok {
		return 0, false
	}
	if size < 1 {
		size = 1
	}
	if n > uint64(len(v.buf)/size) {
		v.fail(name, ErrTruncated, fmt.Sprintf("the data says %d elements of at least %d bytes and holds %d bytes", n, size, len(v.buf)))
		return 0, false
	}
	return int(n), true
}

// emit reports a field to Walk.
func (v *Visitor) emit(name string, index int, value any) {
	v.walk(v.pathOf(name, index), value)
}

func (v *Visitor) f32(x float32) {
	v.buf = binary.LittleEndian.AppendUint32(v.buf, math.Float32bits(x))
}

func (v *Visitor) readF32() float32 {
	x := math.Float32frombits(binary.LittleEndian.Uint32(v.buf))
	v.buf = v.buf[4:]
	return x
}

// floats32 hashes, saves or loads n float32 words at p (the caller checked
// the data's length for Load).
func (v *Visitor) floats32(p []float32) {
	switch v.op {
	case opHash:
		for _, x := range p {
			v.mix(canon32(x))
		}
	case opSave:
		for _, x := range p {
			v.f32(x)
		}
	case opLoad:
		for i := range p {
			p[i] = v.readF32()
		}
	}
}
