package gl41

import (
	"strings"
	"testing"
)

func TestCheckVersion(t *testing.T) {
	tests := []struct {
		v  string
		ok bool
	}{
		{"4.1 ATI-4.14.1", true},
		{"4.5 (Core Profile) Mesa 22.3.6", true},
		{"4.6.0 NVIDIA 535.54.03", true},
		{"5.0", true},
		{"4.0.0 Build 10.18", false},
		{"3.3 (Core Profile) Mesa 20.0.8", false},
		{"OpenGL ES 3.2 Mesa 22.3.6", false},
		{"", false},
	}
	for _, tt := range tests {
		err := checkVersion(tt.v)
		if (err == nil) != tt.ok {
			t.Errorf("checkVersion(%q) = %v, want ok=%v", tt.v, err, tt.ok)
		}
		if err != nil && tt.v != "" && !strings.Contains(err.Error(), tt.v) {
			t.Errorf("error %q does not name the version %q", err, tt.v)
		}
	}
}
