package engine

import (
	"image"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
)

func TestWindowSettingsHeadless(t *testing.T) {
	h, err := NewHeadless(Options{}, &probe{name: "p", log: &journal{}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	g := h.Game
	// Headless, the settings are accepted and remembered.
	if err := g.Window().SetTitle("level 2"); err != nil || g.Window().Title() != "level 2" {
		t.Errorf("SetTitle: %v, Title %q; want nil and %q", err, g.Window().Title(), "level 2")
	}
	if err := g.Window().SetCursorMode(input.CursorCaptured); err != nil || g.Window().CursorMode() != input.CursorCaptured {
		t.Errorf("SetCursorMode: %v, CursorMode %v; want nil and captured", err, g.Window().CursorMode())
	}
	if err := g.Window().SetSize(320, 200); err != nil {
		t.Errorf("SetSize: %v", err)
	}
	if err := g.Window().SetIcon(image.NewNRGBA(image.Rect(0, 0, 32, 32))); err != nil {
		t.Errorf("SetIcon: %v", err)
	}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"title not UTF-8", g.Window().SetTitle("\xff"), "UTF-8"},
		{"title too long", g.Window().SetTitle(strings.Repeat("x", MaxTitleBytes+1)), "at most 1024 bytes"},
		{"size 0", g.Window().SetSize(0, 10), "allowed 1 to 16384"},
		{"size huge", g.Window().SetSize(10, 20000), "allowed 1 to 16384"},
		{"cursor mode", g.Window().SetCursorMode(9), "unknown mode 9"},
		{"no icon", g.Window().SetIcon(nil), "no image"},
		{"icon too big", g.Window().SetIcon(image.NewNRGBA(image.Rect(0, 0, 512, 8))), "512×8"},
	}
	for _, tt := range tests {
		if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error saying %q", tt.name, tt.err, tt.want)
		}
	}
	if g.Window().Title() != "level 2" || g.Window().CursorMode() != input.CursorCaptured {
		t.Errorf("after refused settings: title %q, cursor %v; want them unchanged", g.Window().Title(), g.Window().CursorMode())
	}
}
