package fields_test

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene/fields"
)

type kind uint8

type handle uint64

type item struct {
	name   string
	count  int
	weight float32
}

func (it *item) Describe(v *fields.Visitor) {
	v.String("name", &it.name)
	v.Int("count", &it.count)
	v.Float32("weight", &it.weight)
}

type inventory struct {
	gold  int64
	items []item
}

func (in *inventory) Describe(v *fields.Visitor) {
	v.Int64("gold", &in.gold)
	fields.Structs(v, "items", &in.items)
}

// every has a field of every kind the package describes.
type every struct {
	hp     int
	speed  float32
	mass   float64
	alive  bool
	id     uint64
	tag    string
	blob   []byte
	pos    mgl32.Vec3
	dir    mgl32.Vec2
	col    mgl32.Vec4
	rot    mgl32.Quat
	m      mgl32.Mat4
	k      kind
	target handle
	small  int8
	ints   []int
	ids    []uint64
	flags  []bool
	f32    []float32
	f64    []float64
	names  []string
	path   []mgl32.Vec3
	rots   []mgl32.Quat
	mats   []mgl32.Mat4
	kinds  []kind
	inv    inventory
}

// fieldsOfEvery is how many fields every describes at its top level.
const fieldsOfEvery = 26

func (e *every) Describe(v *fields.Visitor) {
	v.Int("hp", &e.hp)
	v.Float32("speed", &e.speed)
	v.Float64("mass", &e.mass)
	v.Bool("alive", &e.alive)
	v.Uint64("id", &e.id)
	v.String("tag", &e.tag)
	v.Bytes("blob", &e.blob)
	v.Vec3("pos", &e.pos)
	v.Vec2("dir", &e.dir)
	v.Vec4("col", &e.col)
	v.Quat("rot", &e.rot)
	v.Mat4("m", &e.m)
	fields.Integer(v, "k", &e.k)
	fields.Integer(v, "target", &e.target)
	fields.Integer(v, "small", &e.small)
	v.Ints("ints", &e.ints)
	v.Uint64s("ids", &e.ids)
	v.Bools("flags", &e.flags)
	v.Float32s("f32", &e.f32)
	v.Float64s("f64", &e.f64)
	v.Strings("names", &e.names)
	v.Vec3s("path", &e.path)
	v.Quats("rots", &e.rots)
	v.Mat4s("mats", &e.mats)
	fields.Integers(v, "kinds", &e.kinds)
	v.Struct("inv", &e.inv)
}

// sample returns an every with every field set to something other than
// its zero value.
func sample() *every {
	return &every{
		hp: -42, speed: 3.5, mass: 1e300, alive: true, id: math.MaxUint64, tag: "héros", blob: []byte{0, 1, 255},
		pos: mgl32.Vec3{1, -2, 3}, dir: mgl32.Vec2{0.5, -0.25}, col: mgl32.Vec4{1, 0.5, 0.25, 1},
		rot: mgl32.QuatRotate(1, mgl32.Vec3{0, 1, 0}), m: mgl32.Translate3D(1, 2, 3),
		k: 7, target: 1<<32 | 5, small: -128,
		ints: []int{1, -1, math.MaxInt64, math.MinInt64}, ids: []uint64{0, 1 << 63}, flags: []bool{true, false, true},
		f32: []float32{1.5, float32(math.Inf(-1))}, f64: []float64{math.Pi, math.Copysign(0, -1)}, names: []string{"", "a", "long name here"},
		path: []mgl32.Vec3{{1, 2, 3}, {4, 5, 6}}, rots: []mgl32.Quat{mgl32.QuatIdent()}, mats: []mgl32.Mat4{mgl32.Ident4()},
		kinds: []kind{1, 2, 255},
		inv:   inventory{gold: 99, items: []item{{"sword", 1, 3.5}, {"arrow", 20, 0.1}}},
	}
}

// renamed describes item with its second field under another name.
type renamed struct{ item }

func (r *renamed) Describe(v *fields.Visitor) {
	v.String("name", &r.name)
	v.Int("amount", &r.count)
	v.Float32("weight", &r.weight)
}

// reordered describes item's fields in another order.
type reordered struct{ item }

func (r *reordered) Describe(v *fields.Visitor) {
	v.String("name", &r.name)
	v.Float32("weight", &r.weight)
	v.Int("count", &r.count)
}

// retyped describes item's count as a float.
type retyped struct {
	name   string
	count  float64
	weight float32
}

func (r *retyped) Describe(v *fields.Visitor) {
	v.String("name", &r.name)
	v.Float64("count", &r.count)
	v.Float32("weight", &r.weight)
}

// narrow describes an item whose count is an int8.
type narrow struct {
	name   string
	count  int8
	weight float32
}

func (n *narrow) Describe(v *fields.Visitor) {
	v.String("name", &n.name)
	fields.Integer(v, "count", &n.count)
	v.Float32("weight", &n.weight)
}

// chain describes itself without end.
type chain struct{ n int }

func (c *chain) Describe(v *fields.Visitor) {
	v.Int("n", &c.n)
	v.Struct("next", c)
}
