package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A small module: the listing holds exported names only, one a line, with
// struct fields and interface methods each on their own line, and leaves
// out commands, internal packages, tests and unexported names.
func TestListing(t *testing.T) {
	root := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.26\n")
	write("a/a.go", `package a

// Doc comments are left out.
const Answer = 42
const hidden = 1

type Point struct {
	X, Y float32
	cache int
}

type Shape interface {
	Area() float64
	private()
}

func (p *Point) Len() float32 { return 0 }
func (p *Point) grow()       {}
func New(x, y float32) *Point { return &Point{X: x, Y: y} }
func helper()                 {}
`)
	write("a/a_test.go", "package a\n\nfunc TestOnly() {}\n")
	write("a/internal/i/i.go", "package i\n\nfunc Inside() {}\n")
	write("cmd/tool/main.go", "package main\n\nfunc main() {}\n")
	got, err := list(root)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"package example.com/m/a",
		"\tconst Answer = 42",
		"\tfunc (*Point) Len() float32",
		"\tfunc New(x, y float32) *Point",
		"\ttype Point struct",
		"\ttype Point struct, X float32",
		"\ttype Point struct, Y float32",
		"\ttype Shape interface",
		"\ttype Shape interface, Area() float64",
		"\ttype Shape interface, private()",
		"",
	}, "\n")
	if got != want {
		t.Errorf("listing:\n%s\nwant:\n%s", got, want)
	}
}
