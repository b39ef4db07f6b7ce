package gofont_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/gfx/text"
	"github.com/tickwork/tickwork/gfx/text/gofont"
)

// Every font parses, has its own name and maps ASCII.
func TestFontsParse(t *testing.T) {
	tests := []struct {
		f    func() *text.Font
		name string
	}{
		{gofont.Regular, "Go Regular"},
		{gofont.Bold, "Go Bold"},
		{gofont.Italic, "Go Italic"},
		{gofont.Mono, "Go Mono"},
		{gofont.MonoBold, "Go Mono Bold"},
	}
	for _, tt := range tests {
		f := tt.f()
		if f.Name() != tt.name {
			t.Errorf("got name %q, want %q", f.Name(), tt.name)
		}
		if !f.HasRune('A') || !f.HasRune('z') {
			t.Errorf("%s: no glyph for A or z", tt.name)
		}
	}
}

// Package text, and so the engine, links only Go Regular: the other Go
// fonts come with this package alone.
func TestTextLinksOnlyGoRegular(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/tickwork/tickwork/gfx/text", "github.com/tickwork/tickwork/engine").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := string(out)
	if !strings.Contains(deps, "golang.org/x/image/font/gofont/goregular\n") {
		t.Errorf("gfx/text does not link Go Regular, which text.Default needs")
	}
	for _, p := range []string{"gobold", "goitalic", "gomono", "gomonobold"} {
		if strings.Contains(deps, "golang.org/x/image/font/gofont/"+p+"\n") {
			t.Errorf("gfx/text or the engine links %s: it belongs to gfx/text/gofont only", p)
		}
	}
}

func ExampleMono() {
	face, err := text.NewFace(20, gofont.Mono())
	if err != nil {
		panic(err)
	}
	_ = face
}
