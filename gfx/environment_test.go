package gfx

import (
	"math"
	"strings"
	"testing"
)

func TestEnvironmentValidate(t *testing.T) {
	nan := float32(math.NaN())
	tests := []struct {
		name string
		env  Environment
		want string // "" for valid
	}{
		{"zero", Environment{}, ""},
		{"full", Environment{Exposure: 2, ToneMap: ToneACES, FogColor: RGB(0.5, 0.6, 0.7), FogStart: 10, FogEnd: 50,
			Sky: Sky{Zenith: RGB(0.2, 0.4, 0.8), Horizon: RGB(0.7, 0.8, 0.9)}}, ""},
		{"negative exposure", Environment{Exposure: -1}, "exposure -1"},
		{"NaN exposure", Environment{Exposure: nan}, "exposure NaN"},
		{"unknown tone map", Environment{ToneMap: 7}, "unknown tone map 7"},
		{"fog ends before it starts", Environment{FogStart: 5, FogEnd: 2}, "fog from 5 to 2"},
		{"sky colour above 1", Environment{Sky: Sky{Zenith: RGB(2, 0, 0)}}, "components from 0 to 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.env.Validate()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestGraphicsValidate(t *testing.T) {
	for _, tt := range []struct {
		g    Graphics
		want string
	}{
		{Graphics{}, ""},
		{Graphics{Shadows: ShadowHigh, ShadowDistance: 80, MSAA: 8}, ""},
		{Graphics{Shadows: 5}, "shadow quality 5"},
		{Graphics{ShadowDistance: -3}, "shadow distance -3"},
		{Graphics{MSAA: 3}, "MSAA 3 samples"},
		{Graphics{HDR: HDROn}, ""},
		{Graphics{HDR: 3}, "HDR mode 3"},
	} {
		err := tt.g.Validate()
		if (err == nil) != (tt.want == "") || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Validate(%+v) = %v, want %q", tt.g, err, tt.want)
		}
	}
}
