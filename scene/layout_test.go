package scene

import (
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// The per-tick and per-frame loops walk the chunks' columns, not the actor
// records: these sizes are what they read per actor. A field added to
// Actor that pushes it past actorSizeMax, or a column that grows, should
// be a deliberate choice.
func TestLayout(t *testing.T) {
	var c chunk
	for _, tt := range []struct {
		name      string
		got, want uintptr
	}{
		{"Transform", unsafe.Sizeof(Transform{}), 40},
		{"flags column element", unsafe.Sizeof(c.flags[0]), 2},
		{"parent column element", unsafe.Sizeof(c.parent[0]), 4},
		{"world/last-world column element", unsafe.Sizeof(c.wt[0]), 80},
		{"render column element", unsafe.Sizeof(c.render[0]), unsafe.Sizeof(mgl32.Mat4{})},
		{"render column stride", unsafe.Offsetof(c.render) % 64, 0}, // matrices stay within cache-line pairs
		{"colour column element", unsafe.Sizeof(c.color[0]), 16},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: got %d bytes, want %d", tt.name, tt.got, tt.want)
		}
	}
	if got := unsafe.Sizeof(Actor{}); got > actorSizeMax {
		t.Errorf("Actor: got %d bytes, want at most %d", got, actorSizeMax)
	}
	// BuildDrawList reads Mesh, Material and Hidden: keep them in the
	// record's first cache line with Local (the colour is a column).
	if got := unsafe.Offsetof(Actor{}.Hidden); got >= 64 {
		t.Errorf("Actor.Hidden at offset %d, want it in the first 64 bytes", got)
	}
}

// An Actor that no manager holds (a zero value) answers its plain
// accessors without panicking.
func TestZeroActor(t *testing.T) {
	var a Actor
	if got := a.Handle(); got != NoHandle {
		t.Errorf("Handle: got %v, want %v", got, NoHandle)
	}
	if got := a.Behavior(); got != nil {
		t.Errorf("Behavior: got %v, want nil", got)
	}
	if a.Alive() || a.Removing() {
		t.Errorf("Alive, Removing: got %v, %v, want false, false", a.Alive(), a.Removing())
	}
	a.SetColor(gfx.RGB(1, 0, 0))
	if got := a.Color(); got != (gfx.Color{}) {
		t.Errorf("Color after SetColor: got %v, want the zero colour (nothing to set)", got)
	}
}
