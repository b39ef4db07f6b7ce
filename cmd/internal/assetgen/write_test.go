package assetgen

import (
	"math"
	"testing"
)

func TestSnap(t *testing.T) {
	tests := []struct {
		in   float64
		want float32
	}{
		{0, 0},
		{1, 1},
		{-0.5, -0.5},
		{0.1, float32(math.Round(0.1*snapScale) / snapScale)},
		{1.0 / snapScale / 3, 0},
	}
	for _, tt := range tests {
		if got := snap(tt.in); got != tt.want {
			t.Errorf("snap(%v): got %v, want %v", tt.in, got, tt.want)
		}
	}
}
