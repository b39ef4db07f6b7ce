package scene

import (
	"math"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestMatrixMatchesMathgl(t *testing.T) {
	tests := []struct {
		name string
		tr   Transform
	}{
		{"identity", Identity()},
		{"translate", trs(mgl32.Vec3{1, -2, 3}, mgl32.QuatIdent(), mgl32.Vec3{1, 1, 1})},
		{"rotate", trs(mgl32.Vec3{}, deg(73, mgl32.Vec3{1, 2, 3}), mgl32.Vec3{1, 1, 1})},
		{"scale", trs(mgl32.Vec3{}, mgl32.QuatIdent(), mgl32.Vec3{2, 3, 0.5})},
		{"all", trs(mgl32.Vec3{4, 5, -6}, deg(-140, mgl32.Vec3{-1, 0.5, 2}), mgl32.Vec3{0.25, 4, 1.5})},
		{"unnormalised rotation", trs(mgl32.Vec3{1, 1, 1}, deg(30, yAxis).Scale(3), mgl32.Vec3{1, 2, 1})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkMat(t, "Matrix", matOf(tt.tr), refMatrix(tt.tr), 1e-5)
		})
	}
}

// TestComposeMatchesMatrixProduct: with uniform parent scales, the TRS
// composition equals parentWorld × local, also down to grandchildren.
func TestComposeMatchesMatrixProduct(t *testing.T) {
	grand := trs(mgl32.Vec3{10, 0, -3}, deg(35, mgl32.Vec3{0, 1, 1}), mgl32.Vec3{2, 2, 2})
	parent := trs(mgl32.Vec3{1, 2, 3}, deg(-80, xAxis), mgl32.Vec3{0.5, 0.5, 0.5})
	tests := []struct {
		name   string
		parent Transform
		local  Transform
	}{
		{"identity parent", Identity(), trs(mgl32.Vec3{1, 2, 3}, deg(10, yAxis), mgl32.Vec3{1, 2, 3})},
		{"translated parent", trs(mgl32.Vec3{5, 0, 0}, mgl32.QuatIdent(), mgl32.Vec3{1, 1, 1}),
			trs(mgl32.Vec3{0, 1, 0}, mgl32.QuatIdent(), mgl32.Vec3{1, 1, 1})},
		{"rotated parent", trs(mgl32.Vec3{0, 0, 0}, deg(90, zAxis), mgl32.Vec3{1, 1, 1}),
			trs(mgl32.Vec3{1, 0, 0}, deg(45, xAxis), mgl32.Vec3{1, 1, 1})},
		{"uniformly scaled rotated parent", trs(mgl32.Vec3{-2, 4, 1}, deg(130, mgl32.Vec3{1, 1, 0}), mgl32.Vec3{3, 3, 3}),
			trs(mgl32.Vec3{1, -1, 2}, deg(-60, yAxis), mgl32.Vec3{1, 0.5, 2})},
		{"negative uniform scale", trs(mgl32.Vec3{1, 1, 1}, deg(20, zAxis), mgl32.Vec3{-2, -2, -2}),
			trs(mgl32.Vec3{1, 2, 3}, deg(70, xAxis), mgl32.Vec3{1, 1, 1})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w Transform
			Compose(&w, &tt.parent, &tt.local)
			checkMat(t, "Compose", matOf(w), refMatrix(tt.parent).Mul4(refMatrix(tt.local)), 1e-4)
		})
	}
	t.Run("grandchild", func(t *testing.T) {
		local := trs(mgl32.Vec3{0, 3, 1}, deg(200, mgl32.Vec3{1, -1, 1}), mgl32.Vec3{1, 4, 1})
		var pw, w Transform
		Compose(&pw, &grand, &parent)
		Compose(&w, &pw, &local)
		want := refMatrix(grand).Mul4(refMatrix(parent)).Mul4(refMatrix(local))
		checkMat(t, "grandchild world", matOf(w), want, 1e-4)
	})
}

// TestComposeNonUniformScaleStaysRigid: a non-uniform parent scale is not
// inherited as a shear; the child stays rigid, scaled along its own axes.
func TestComposeNonUniformScaleStaysRigid(t *testing.T) {
	parent := trs(mgl32.Vec3{}, mgl32.QuatIdent(), mgl32.Vec3{1, 3, 1})
	local := trs(mgl32.Vec3{0, 1, 0}, deg(45, zAxis), mgl32.Vec3{1, 1, 1})
	var w Transform
	Compose(&w, &parent, &local)
	product := refMatrix(parent).Mul4(refMatrix(local))
	if e, _ := rigidError(product); e < 0.1 {
		t.Fatalf("the matrix product should shear (RᵀR error %g); the test is not testing anything", e)
	}
	m := matOf(w)
	if e, _ := rigidError(m); e > 1e-5 {
		t.Errorf("Compose under a non-uniform scale: RᵀR error %g, want ≤ 1e-5 (no shear)", e)
	}
	checkVec(t, "position", pos(m), mgl32.Vec3{0, 3, 0}, 1e-6)
	checkVec(t, "scale", w.Scale, mgl32.Vec3{1, 3, 1}, 0)
}

func TestRelativeInvertsCompose(t *testing.T) {
	parents := []Transform{
		Identity(),
		trs(mgl32.Vec3{1, 2, 3}, deg(100, mgl32.Vec3{1, 2, -1}), mgl32.Vec3{2, 2, 2}),
		trs(mgl32.Vec3{-5, 0, 1}, deg(-30, yAxis), mgl32.Vec3{1, 3, 0.5}),
	}
	local := trs(mgl32.Vec3{4, -1, 2}, deg(250, mgl32.Vec3{0, 1, 1}), mgl32.Vec3{0.5, 1, 2})
	for i, p := range parents {
		var w, back Transform
		Compose(&w, &p, &local)
		if !relative(&back, &p, &w) {
			t.Fatalf("parent %d: relative failed", i)
		}
		checkMat(t, "relative(parent, Compose(parent, local))", matOf(back), matOf(local), 1e-5)
	}
	zero := trs(mgl32.Vec3{}, mgl32.QuatIdent(), mgl32.Vec3{1, 0, 1})
	var out Transform
	if relative(&out, &zero, &local) {
		t.Errorf("relative under a zero scale: got true, want false")
	}
}

func TestBlendEndpointsAndMidpoint(t *testing.T) {
	a := trs(mgl32.Vec3{0, 0, 0}, deg(0, yAxis), mgl32.Vec3{1, 1, 1})
	b := trs(mgl32.Vec3{2, 4, -6}, deg(40, yAxis), mgl32.Vec3{3, 1, 2})
	tests := []struct {
		alpha float32
		want  Transform
	}{
		{0, a},
		{0.5, trs(mgl32.Vec3{1, 2, -3}, deg(20, yAxis), mgl32.Vec3{2, 1, 1.5})},
		{1, b},
	}
	for _, tt := range tests {
		var r Transform
		blendTRS(&r, &a, &b, tt.alpha, nlerpMinDot)
		var got mgl32.Mat4
		trsMatrix(&got, &r.Pos, &r.Rot, &r.Scale)
		checkMat(t, "blend at "+fmtFloat(tt.alpha), got, refMatrix(tt.want), 2e-6)
	}
}

// TestBlendShortestArc: q and −q are one rotation; the blend must take the
// short way whichever sign the quaternions have, including the sign change
// of a spinning actor's quaternion the seed's comments report near 120°.
func TestBlendShortestArc(t *testing.T) {
	tests := []struct {
		name     string
		from, to mgl32.Quat
		// the rotation expected at alpha 0.25, 0.5, 0.75: about axis, by
		// startDeg + alpha·stepDeg
		axis              mgl32.Vec3
		startDeg, stepDeg float32
	}{
		{"179°", deg(0, zAxis), deg(179, zAxis), zAxis, 0, 179},
		{"179° negated", deg(0, zAxis), deg(179, zAxis).Scale(-1), zAxis, 0, 179},
		{"-179°", deg(0, zAxis), deg(-179, zAxis), zAxis, 0, -179},
		{"120°", deg(0, yAxis), deg(120, yAxis), yAxis, 0, 120},
		{"120° negated", deg(0, yAxis), deg(120, yAxis).Scale(-1), yAxis, 0, 120},
		{"spin 100° to 220° (quaternion w changes sign)", deg(100, yAxis), deg(220, yAxis), yAxis, 100, 120},
		{"spin 170° to 190° written as -170°", deg(170, xAxis), deg(-170, xAxis), xAxis, 170, 20},
		{"spin 300° to 420° (w flips back)", deg(300, yAxis), deg(420, yAxis), yAxis, 300, 120},
		{"small step, negated", deg(10, mgl32.Vec3{1, 1, 1}), deg(40, mgl32.Vec3{1, 1, 1}).Scale(-1), mgl32.Vec3{1, 1, 1}, 10, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := trs(mgl32.Vec3{}, tt.from, mgl32.Vec3{1, 1, 1})
			b := trs(mgl32.Vec3{}, tt.to, mgl32.Vec3{1, 1, 1})
			for _, alpha := range []float32{0.25, 0.5, 0.75} {
				var r Transform
				blendTRS(&r, &a, &b, alpha, nlerpMinDot)
				var got mgl32.Mat4
				trsMatrix(&got, &r.Pos, &r.Rot, &r.Scale)
				want := deg(tt.startDeg+alpha*tt.stepDeg, tt.axis).Mat4()
				// nlerp is within 0.27° of slerp below 60° per tick: 5e-3 rad.
				checkMat(t, "rotation at "+fmtFloat(alpha), got, want, 5e-3)
			}
		})
	}
}

// TestBlendRigid: a blended rigid transform is rigid at every alpha, with
// the linearly blended scale: no shrink, no shear.
func TestBlendRigid(t *testing.T) {
	a := trs(mgl32.Vec3{1, 2, 3}, deg(10, mgl32.Vec3{1, 2, 3}), mgl32.Vec3{2, 3, 0.5})
	b := trs(mgl32.Vec3{-4, 0, 8}, deg(170, mgl32.Vec3{-2, 1, 0}), mgl32.Vec3{1, 3, 1.5})
	for _, minDot := range []float32{nlerpMinDot, nlerpMinDotExtrap} {
		for i := 0; i <= 40; i++ {
			alpha := float32(i) / 20 // 0..2: interpolation and extrapolation
			var r Transform
			blendTRS(&r, &a, &b, alpha, minDot)
			var m mgl32.Mat4
			trsMatrix(&m, &r.Pos, &r.Rot, &r.Scale)
			e, scale := rigidError(m)
			if e > 1e-5 {
				t.Errorf("alpha %g: RᵀR − I = %g, want ≤ 1e-5", alpha, e)
			}
			want := a.Scale.Mul(1 - alpha).Add(b.Scale.Mul(alpha))
			for k := range 3 {
				want[k] = float32(math.Abs(float64(want[k])))
			}
			checkVec(t, "scale at "+fmtFloat(alpha), scale, want, 1e-5)
		}
	}
}

func TestNormalizeRot(t *testing.T) {
	nan := float32(math.NaN())
	tests := []struct {
		name   string
		in     mgl32.Quat
		want   mgl32.Quat
		wantOK bool
	}{
		{"unit stays bit for bit", deg(33, yAxis), deg(33, yAxis), true},
		{"drifted is normalised", deg(33, yAxis).Scale(1.01), deg(33, yAxis), true},
		{"long is normalised", mgl32.Quat{W: 0, V: mgl32.Vec3{0, 0, 4e30}}, mgl32.Quat{W: 0, V: mgl32.Vec3{0, 0, 1}}, true},
		{"zero becomes identity", mgl32.Quat{}, mgl32.QuatIdent(), false},
		{"tiny becomes identity", mgl32.Quat{W: 1e-20}, mgl32.QuatIdent(), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := tt.in
			ok := normalizeRot(&q)
			if ok != tt.wantOK || !q.ApproxEqualThreshold(tt.want, 1e-6) {
				t.Errorf("normalizeRot(%v): got %v, %v; want %v, %v", tt.in, q, ok, tt.want, tt.wantOK)
			}
		})
	}
	q := mgl32.Quat{W: nan}
	if !normalizeRot(&q) || !math.IsNaN(float64(q.W)) {
		t.Errorf("normalizeRot(NaN): got %v, want it left alone for the finiteness check", q)
	}
}

func TestIsFinite(t *testing.T) {
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	tests := []struct {
		name string
		tr   Transform
		want bool
	}{
		{"identity", Identity(), true},
		{"huge but finite", trs(mgl32.Vec3{3e38, 3e38, 3e38}, mgl32.QuatIdent(), mgl32.Vec3{3e38, 1, 1}), true},
		{"NaN position", trs(mgl32.Vec3{0, nan, 0}, mgl32.QuatIdent(), mgl32.Vec3{1, 1, 1}), false},
		{"Inf scale", trs(mgl32.Vec3{}, mgl32.QuatIdent(), mgl32.Vec3{1, 1, -inf}), false},
		{"NaN rotation", trs(mgl32.Vec3{}, mgl32.Quat{W: nan}, mgl32.Vec3{1, 1, 1}), false},
	}
	for _, tt := range tests {
		if got := tt.tr.IsFinite(); got != tt.want {
			t.Errorf("%s: IsFinite() = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func fmtFloat(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }
