package shaders

import (
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	uniformRE = regexp.MustCompile(`(?m)^\s*uniform\s+\w+\s+(\w+)\s*(?:\[\s*\w+\s*\])?\s*;`)
	attribRE  = regexp.MustCompile(`(?m)^\s*layout\s*\(\s*location\s*=\s*(\d+)\s*\)\s*in\s+(\w+)\s+(\w+)\s*;`)
)

func TestEveryFileStartsWithVersion(t *testing.T) {
	names, err := fs.Glob(FS(), "*")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no shader files embedded")
	}
	for _, name := range names {
		src, err := Source(name)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(src, "\n")
		if got := strings.TrimSpace(first); got != Version {
			t.Errorf("%s: first line %q, want %q", name, got, Version)
		}
	}
}

func TestEveryFileBelongsToAProgram(t *testing.T) {
	used := map[string]bool{}
	for _, p := range All() {
		used[p.Vertex] = true
		used[p.Fragment] = true
	}
	names, _ := fs.Glob(FS(), "*")
	for _, name := range names {
		if !used[name] {
			t.Errorf("%s is embedded but no program uses it", name)
		}
	}
}

func TestProgramsDeclareTheirInterface(t *testing.T) {
	for _, p := range All() {
		t.Run(p.Name, func(t *testing.T) {
			vs, fsrc, err := p.Sources()
			if err != nil {
				t.Fatal(err)
			}
			declared := map[string]bool{}
			for _, src := range []string{vs, fsrc} {
				for _, m := range uniformRE.FindAllStringSubmatch(src, -1) {
					declared[m[1]] = true
				}
			}
			for _, u := range p.Uniforms {
				if !declared[u] {
					t.Errorf("uniform %s is set by the renderer but not declared in %s or %s", u, p.Vertex, p.Fragment)
				}
			}
			for u := range declared {
				if !p.HasUniform(u) {
					t.Errorf("uniform %s is declared but not listed in the program (the renderer would never set it)", u)
				}
			}

			inputs := map[string]int{}
			for _, m := range attribRE.FindAllStringSubmatch(vs, -1) {
				loc, _ := strconv.Atoi(m[1])
				inputs[m[3]] = loc
			}
			if len(inputs) != len(p.Attribs) {
				t.Errorf("%s declares %d inputs, program lists %d", p.Vertex, len(inputs), len(p.Attribs))
			}
			taken := map[uint32]string{}
			for _, a := range p.Attribs {
				loc, ok := inputs[a.Name]
				if !ok {
					t.Errorf("attribute %s not declared with a layout location in %s", a.Name, p.Vertex)
					continue
				}
				if uint32(loc) != a.Location {
					t.Errorf("attribute %s: location %d in %s, want %d", a.Name, loc, p.Vertex, a.Location)
				}
				for s := 0; s < a.Slots; s++ {
					l := a.Location + uint32(s)
					if other, dup := taken[l]; dup {
						t.Errorf("attribute %s overlaps %s at location %d", a.Name, other, l)
					}
					taken[l] = a.Name
				}
			}
		})
	}
}

func TestSourceUnknownFile(t *testing.T) {
	if _, err := Source("nope.vert"); err == nil {
		t.Fatal("Source of a missing file: got nil error")
	}
}
