package window

import "testing"

func TestCursorInLogicalUnits(t *testing.T) {
	tests := []struct {
		name         string
		fbw, fbh     int
		winw, winh   int
		scale        float32
		x, y         float64
		wantX, wantY float64
	}{
		{"X11, scale 1", 800, 600, 800, 600, 1, 100, 50, 100, 50},
		{"X11 HiDPI: pixels, scale 2", 1600, 1200, 1600, 1200, 2, 100, 50, 50, 25},
		{"macOS Retina: points, scale 2", 1600, 1200, 800, 600, 2, 100, 50, 100, 50},
		{"forced scale 1.5", 1200, 900, 1200, 900, 1.5, 150, 30, 100, 20},
		{"minimised: sizes 0", 0, 0, 0, 0, 2, 10, 10, 5, 5},
	}
	for _, tt := range tests {
		w := &Window{fbw: tt.fbw, fbh: tt.fbh, winw: tt.winw, winh: tt.winh, scale: tt.scale}
		if x, y := w.toLogical(tt.x, tt.y); x != tt.wantX || y != tt.wantY {
			t.Errorf("%s: (%v, %v) → (%v, %v), want (%v, %v)", tt.name, tt.x, tt.y, x, y, tt.wantX, tt.wantY)
		}
	}
}

func TestContentScaleChecked(t *testing.T) {
	for _, s := range []float32{-1, 0.1, 9, 100} {
		if err := checkScale(s); err == nil {
			t.Errorf("ContentScale %v: got nil error, want it refused", s)
		}
	}
	for _, s := range []float32{0, 0.25, 1, 2, 8} {
		if err := checkScale(s); err != nil {
			t.Errorf("ContentScale %v: %v", s, err)
		}
	}
}
