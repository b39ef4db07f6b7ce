package fields

import (
	"encoding/binary"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Bool describes a bool field.
func (v *Visitor) Bool(name string, p *bool) {
	if v.op == opHash {
		v.mix(b2u(*p))
		return
	}
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if v.field(kindBool, name) && (v.op != opLoad || v.need(name, 1)) {
		v.oneBool(name, -1, p)
	}
}

// oneBool hashes, saves or loads one bool, element index of the field name
// (-1 for a lone bool; the caller checked the data's length for Load). It
// reports false when Load refused the byte.
func (v *Visitor) oneBool(name string, index int, p *bool) bool {
	switch v.op {
	case opHash:
		v.mix(b2u(*p))
	case opSave:
		v.buf = append(v.buf, byte(b2u(*p)))
	case opLoad:
		var ok bool
		if *p, ok = v.readBool(name, index); !ok {
			return false
		}
	}
	return true
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// readBool reads one bool byte (the caller checked there is one).
func (v *Visitor) readBool(name string, index int) (bool, bool) {
	c := v.buf[0]
	if c > 1 {
		v.failAt(name, index, ErrRange, "a bool byte is neither 0 nor 1")
		return false, false
	}
	v.buf = v.buf[1:]
	return c == 1, true
}

// Int describes an int field. Saved as a varint, it loads into any signed
// integer field (see Integer) whose range holds the value.
func (v *Visitor) Int(name string, p *int) { Integer(v, name, p) }

// Int64 describes an int64 field, as Int.
func (v *Visitor) Int64(name string, p *int64) { Integer(v, name, p) }

// Uint64 describes a uint64 field. Saved as a varint, it loads into any
// unsigned integer field (see Integer) whose range holds the value.
func (v *Visitor) Uint64(name string, p *uint64) { Integer(v, name, p) }

// Float32 describes a float32 field: saved as its exact bits, hashed by its
// bits with every NaN counted as one.
func (v *Visitor) Float32(name string, p *float32) {
	if v.op == opHash {
		v.mix(canon32(*p))
		return
	}
	scalar(v, kindFloat32, name, p, 4, (*Visitor).one32)
}

// scalar describes, for Walk, Save and Load, a field of kind k holding one
// value saved in size bytes; one saves or loads the value (for Load, once
// the data is known to hold size bytes). Hash, the hot path, is left to
// the caller, which mixes the value inline.
func scalar[T any](v *Visitor, k byte, name string, p *T, size int, one func(*Visitor, *T)) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if v.field(k, name) && (v.op != opLoad || v.need(name, size)) {
		one(v, p)
	}
}

// one32 hashes, saves or loads one float32 (the caller checked the data's
// length for Load).
func (v *Visitor) one32(p *float32) {
	switch v.op {
	case opHash:
		v.mix(canon32(*p))
	case opSave:
		v.f32(*p)
	case opLoad:
		*p = v.readF32()
	}
}

// Float64 describes a float64 field, as Float32.
func (v *Visitor) Float64(name string, p *float64) {
	if v.op == opHash {
		v.mix(canon64(*p))
		return
	}
	scalar(v, kindFloat64, name, p, 8, (*Visitor).one64)
}

// one64 hashes, saves or loads one float64 (the caller checked the data's
// length for Load).
func (v *Visitor) one64(p *float64) {
	switch v.op {
	case opHash:
		v.mix(canon64(*p))
	case opSave:
		v.buf = binary.LittleEndian.AppendUint64(v.buf, math.Float64bits(*p))
	case opLoad:
		*p = v.readF64()
	}
}

func (v *Visitor) readF64() float64 {
	x := math.Float64frombits(binary.LittleEndian.Uint64(v.buf))
	v.buf = v.buf[8:]
	return x
}

// String describes a string field. Load allocates only when the string
// differs from the one the field holds.
func (v *Visitor) String(name string, p *string) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if !v.field(kindString, name) {
		return
	}
	v.str(name, -1, p)
}

// str hashes, saves or loads one length-prefixed string.
func (v *Visitor) str(name string, index int, p *string) {
	switch v.op {
	case opHash:
		v.hashBytes(*p)
	case opSave:
		v.buf = binary.AppendUvarint(v.buf, uint64(len(*p)))
		v.buf = append(v.buf, *p...)
	case opLoad:
		n, ok := v.count(name, 1)
		if !ok {
			return
		}
		if b := v.buf[:n]; string(b) != *p {
			*p = string(b)
		}
		v.buf = v.buf[n:]
	}
}

// hashBytes mixes a length and the bytes, eight at a time, little-endian.
func (v *Visitor) hashBytes(s string) {
	v.mix(uint64(len(s)))
	for len(s) >= 8 {
		v.mix(uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56)
		s = s[8:]
	}
	var w uint64
	for i := 0; i < len(s); i++ {
		w |= uint64(s[i]) << (8 * i)
	}
	if len(s) > 0 {
		v.mix(w)
	}
}

// Bytes describes a byte slice field, as String. Load reuses the slice's
// capacity.
func (v *Visitor) Bytes(name string, p *[]byte) {
	if v.op == opWalk {
		v.emit(name, -1, *p)
		return
	}
	if !v.field(kindBytes, name) {
		return
	}
	switch v.op {
	case opHash:
		v.hashBytes(string(*p)) // no copy: the conversion does not escape
	case opSave:
		v.buf = binary.AppendUvarint(v.buf, uint64(len(*p)))
		v.buf = append(v.buf, *p...)
	case opLoad:
		n, ok := v.count(name, 1)
		if !ok {
			return
		}
		*p = resize(*p, n)
		copy(*p, v.buf[:n])
		v.buf = v.buf[n:]
	}
}

// fixed describes a field of a fixed number of float32 words.
func (v *Visitor) fixed(k byte, name string, p []float32, value any) {
	if v.op == opWalk {
		v.emit(name, -1, value)
		return
	}
	if v.field(k, name) && (v.op != opLoad || v.need(name, 4*len(p))) {
		v.floats32(p)
	}
}

// Vec2 describes an mgl32.Vec2 field, as two Float32s.
func (v *Visitor) Vec2(name string, p *mgl32.Vec2) {
	if v.op == opHash {
		v.mix(canon32(p[0]))
		v.mix(canon32(p[1]))
		return
	}
	v.fixed(kindVec2, name, p[:], walkValue(v, p))
}

// Vec3 describes an mgl32.Vec3 field, as three Float32s.
func (v *Visitor) Vec3(name string, p *mgl32.Vec3) {
	if v.op == opHash {
		v.mix(canon32(p[0]))
		v.mix(canon32(p[1]))
		v.mix(canon32(p[2]))
		return
	}
	v.fixed(kindVec3, name, p[:], walkValue(v, p))
}

// Vec4 describes an mgl32.Vec4 field, as four Float32s.
func (v *Visitor) Vec4(name string, p *mgl32.Vec4) {
	if v.op == opHash {
		v.floats32(p[:])
		return
	}
	v.fixed(kindVec4, name, p[:], walkValue(v, p))
}

// Mat4 describes an mgl32.Mat4 field, as sixteen Float32s (column-major).
func (v *Visitor) Mat4(name string, p *mgl32.Mat4) {
	if v.op == opHash {
		v.floats32(p[:])
		return
	}
	v.fixed(kindMat4, name, p[:], walkValue(v, p))
}

// Quat describes an mgl32.Quat field, as four Float32s: W, then V.
func (v *Visitor) Quat(name string, p *mgl32.Quat) {
	if v.op == opHash {
		v.mix(canon32(p.W))
		v.floats32(p.V[:])
		return
	}
	scalar(v, kindQuat, name, p, 16, (*Visitor).oneQuat)
}

// oneQuat hashes, saves or loads one quaternion, W then V (the caller
// checked the data's length for Load).
func (v *Visitor) oneQuat(q *mgl32.Quat) {
	v.one32(&q.W)
	v.floats32(q.V[:])
}

// walkValue is *p for Walk and nil otherwise, so that the other operations
// box nothing.
func walkValue[T any](v *Visitor, p *T) any {
	if v.op == opWalk {
		return *p
	}
	return nil
}

// Struct describes a nested value that describes its own fields; its
// fields' paths are prefixed with name ("inv.gold"). d must not be nil.
func (v *Visitor) Struct(name string, d Describer) {
	if v.err != nil || d == nil {
		return
	}
	if v.op != opWalk && !v.field(kindStruct, name) {
		return
	}
	if v.push(name, -1) {
		d.Describe(v)
		v.pop()
	}
}
