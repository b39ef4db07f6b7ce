package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func BenchmarkMicroTRS(b *testing.B) {
	t := Transform{Pos: mgl32.Vec3{1, 2, 3}, Rot: mgl32.QuatRotate(0.3, mgl32.Vec3{0, 1, 0}), Scale: mgl32.Vec3{1, 1, 1}}
	var m mgl32.Mat4
	for b.Loop() {
		trsMatrix(&m, &t.Pos, &t.Rot, &t.Scale)
	}
}

func BenchmarkMicroBlend(b *testing.B) {
	t := Transform{Pos: mgl32.Vec3{1, 2, 3}, Rot: mgl32.QuatRotate(0.3, mgl32.Vec3{0, 1, 0}), Scale: mgl32.Vec3{1, 1, 1}}
	u := Transform{Pos: mgl32.Vec3{1, 2, 3}, Rot: mgl32.QuatRotate(0.4, mgl32.Vec3{0, 1, 0}), Scale: mgl32.Vec3{1, 1, 1}}
	var r Transform
	for b.Loop() {
		blendTRS(&r, &t, &u, 0.3, nlerpMinDot)
	}
}

func BenchmarkMicroUnit(b *testing.B) {
	t := Transform{Pos: mgl32.Vec3{1, 2, 3}, Rot: mgl32.QuatRotate(0.3, mgl32.Vec3{0, 1, 0}), Scale: mgl32.Vec3{1, 1, 1}}
	var m mgl32.Mat4
	for b.Loop() {
		unitMatrix(&m, &t)
	}
}
