package camera

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func near(a, b, eps float32) bool { return float32(math.Abs(float64(a-b))) <= eps }

func nearVec(a, b mgl32.Vec3, eps float32) bool {
	return near(a[0], b[0], eps) && near(a[1], b[1], eps) && near(a[2], b[2], eps)
}

func wantVec(t *testing.T, what string, got, want mgl32.Vec3, eps float32) {
	t.Helper()
	if !nearVec(got, want, eps) {
		t.Errorf("%s = %v, want %v (±%g)", what, got, want, eps)
	}
}

func wantF(t *testing.T, what string, got, want, eps float32) {
	t.Helper()
	if !near(got, want, eps) {
		t.Errorf("%s = %v, want %v (±%g)", what, got, want, eps)
	}
}

const dt = 1.0 / 30
