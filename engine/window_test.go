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
	if err := g.SetTitle("level 2"); err != nil || g.Title() != "level 2" {
		t.Errorf("SetTitle: %v, Title %q; want nil and %q", err, g.Title(), "level 2")
	}
	if err := g.SetCursorMode(input.CursorCaptured); err != nil || g.CursorMode() != input.CursorCaptured {
		t.Errorf("SetCursorMode: %v, CursorMode %v; want nil and captured", err, g.CursorMode())
	}
	if err := g.SetWindowSize(320, 200); err != nil {
		t.Errorf("SetWindowSize: %v", err)
	}
	if err := g.SetIcon(image.NewNRGBA(image.Rect(0, 0, 32, 32))); err != nil {
		t.Errorf("SetIcon: %v", err)
	}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"title not UTF-8", g.SetTitle("\xff"), "UTF-8"},
		{"title too long", g.SetTitle(strings.Repeat("x", MaxTitleBytes+1)), "at most 1024 bytes"},
		{"size 0", g.SetWindowSize(0, 10), "allowed 1 to 16384"},
		{"size huge", g.SetWindowSize(10, 20000), "allowed 1 to 16384"},
		{"cursor mode", g.SetCursorMode(9), "unknown mode 9"},
		{"no icon", g.SetIcon(nil), "no image"},
		{"icon too big", g.SetIcon(image.NewNRGBA(image.Rect(0, 0, 512, 8))), "512×8"},
	}
	for _, tt := range tests {
		if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error saying %q", tt.name, tt.err, tt.want)
		}
	}
	if g.Title() != "level 2" || g.CursorMode() != input.CursorCaptured {
		t.Errorf("after refused settings: title %q, cursor %v; want them unchanged", g.Title(), g.CursorMode())
	}
}
