package fields_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene/fields"
)

// flat is a behaviour-sized value of 16 scalar fields, the shape the
// per-field figures are for.
type flat struct {
	a, b, c, d     int
	e, f, g, h     float32
	i, j           float64
	k, l           bool
	m, n           mgl32.Vec3
	state, targetH uint64
}

func (x *flat) Describe(v *fields.Visitor) {
	v.Int("a", &x.a)
	v.Int("b", &x.b)
	v.Int("c", &x.c)
	v.Int("d", &x.d)
	v.Float32("e", &x.e)
	v.Float32("f", &x.f)
	v.Float32("g", &x.g)
	v.Float32("h", &x.h)
	v.Float64("i", &x.i)
	v.Float64("j", &x.j)
	v.Bool("k", &x.k)
	v.Bool("l", &x.l)
	v.Vec3("m", &x.m)
	v.Vec3("n", &x.n)
	v.Uint64("state", &x.state)
	v.Uint64("target", &x.targetH)
}

const flatFields = 16

// handHash is flat's hash written by hand, as a Hasher state does today:
// the figure to compare Hash with.
func (x *flat) handHash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * 1099511628211 }
	mix(uint64(x.a))
	mix(uint64(x.b))
	mix(uint64(x.c))
	mix(uint64(x.d))
	for _, f := range [...]float32{x.e, x.f, x.g, x.h, x.m[0], x.m[1], x.m[2], x.n[0], x.n[1], x.n[2]} {
		mix(uint64(math.Float32bits(f)))
	}
	mix(math.Float64bits(x.i))
	mix(math.Float64bits(x.j))
	if x.k {
		mix(1)
	}
	if x.l {
		mix(2)
	}
	mix(x.state)
	mix(x.targetH)
	return h
}

// BenchmarkFields: Hash, Save and Load of a 16-field value with a warm
// Codec; ns/field is the figure to compare with hand-written hashing.
func BenchmarkFields(b *testing.B) {
	x := &flat{a: 1, b: -300, c: 1 << 40, e: 1.5, i: 2.25, k: true, m: mgl32.Vec3{1, 2, 3}, state: 12345}
	var c fields.Codec
	buf := c.Save(x, nil)
	for _, bm := range []struct {
		name string
		f    func(b *testing.B)
	}{
		{"HandWrittenHash", func(*testing.B) { _ = x.handHash() }},
		{"Hash", func(*testing.B) { _ = c.Hash(x) }},
		{"Save", func(*testing.B) { buf = c.Save(x, buf[:0]) }},
		{"Load", func(b *testing.B) {
			if _, err := c.Load(x, buf); err != nil {
				b.Fatal(err)
			}
		}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bm.f(b)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/flatFields, "ns/field")
		})
	}
}
