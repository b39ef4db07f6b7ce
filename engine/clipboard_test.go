package engine

import (
	"strings"
	"testing"
)

func TestClipboardHeadless(t *testing.T) {
	h, err := NewHeadless(Options{}, &probe{name: "p", log: &journal{}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	g := h.Game
	if s, err := g.Window().ClipboardText(); err != nil || s != "" {
		t.Errorf("ClipboardText before any copy: %q, %v; want \"\", nil", s, err)
	}
	if err := g.Window().SetClipboardText("héllo"); err != nil {
		t.Fatal(err)
	}
	if s, err := g.Window().ClipboardText(); err != nil || s != "héllo" {
		t.Errorf("ClipboardText: %q, %v; want %q, nil", s, err, "héllo")
	}
	for _, bad := range []string{"\xff\xfe", strings.Repeat("a", MaxClipboardBytes+1)} {
		err := g.Window().SetClipboardText(bad)
		if err == nil || !strings.Contains(err.Error(), "SetClipboardText") {
			t.Errorf("SetClipboardText(%d bytes): %v; want an error naming SetClipboardText", len(bad), err)
		}
	}
	if s, _ := g.Window().ClipboardText(); s != "héllo" {
		t.Errorf("a refused text replaced the clipboard: %q", s)
	}
}
