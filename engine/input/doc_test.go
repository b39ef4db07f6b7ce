package input

import (
	"bytes"
	"flag"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the list of names at the end of doc.go from the source")

// namesHeading starts the part of doc.go's package comment that
// TestDocListsEveryName derives from the source.
const namesHeading = "// # Names\n"

// TestDocListsEveryName keeps the end of the package documentation (what
// `go doc` shows without -all) a complete list of the package's constants
// (every event kind, key, mouse button, modifier, pad button and axis,
// cursor mode), grouped by type as go doc groups them, each kind with what
// its events carry. The list is derived from the source: after adding a
// constant, run `go test ./engine/input -update` to rewrite it.
func TestDocListsEveryName(t *testing.T) {
	want := namesSection(t)
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(src, []byte(namesHeading))
	j := bytes.Index(src, []byte("\npackage input"))
	if i < 0 || j < i {
		t.Fatalf("doc.go has no %q section before its package clause", strings.TrimSpace(namesHeading))
	}
	got := string(src[i : j+1])
	if got == want {
		return
	}
	if *update {
		out := append(append(append([]byte{}, src[:i]...), want...), src[j+1:]...)
		if err := os.WriteFile("doc.go", out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("doc.go's list of names is not the source's: run `go test ./engine/input -update`.\ngot:\n%s\nwant:\n%s", got, want)
}

// namesSection builds the "# Names" section of the package comment from the
// package's exported constants, read with go/doc.
func namesSection(t *testing.T) string {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	pkg, err := doc.NewFromFiles(fset, files, "github.com/tickwork/tickwork/engine/input")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(namesHeading)
	b.WriteString("//\n// Every constant of the package, by type (a test derives this list from\n")
	b.WriteString("// the source). An event kind's line says what its events carry.\n")
	n := 0
	for _, ty := range pkg.Types {
		if len(ty.Consts) > 0 {
			writeGroup(&b, ty.Name, ty.Consts)
			n++
		}
	}
	if len(pkg.Consts) > 0 {
		writeGroup(&b, "", pkg.Consts)
		n++
	}
	if n == 0 {
		t.Fatal("no exported constants found")
	}
	return b.String()
}

// writeGroup writes one type's constants: one per line with its comment
// (or its own doc's first sentence) when any of them has a line comment,
// else their names wrapped.
func writeGroup(b *strings.Builder, typ string, vals []*doc.Value) {
	type item struct{ name, note string }
	var items []item
	commented := false
	for _, v := range vals {
		for _, s := range v.Decl.Specs {
			vs := s.(*ast.ValueSpec)
			note := ""
			if vs.Comment != nil {
				note = strings.TrimSpace(vs.Comment.Text())
				commented = true
			}
			for _, id := range vs.Names {
				if !id.IsExported() {
					continue
				}
				if vs.Doc != nil && note == "" {
					note = strings.TrimPrefix(firstSentence(vs.Doc.Text()), id.Name+" is ")
				}
				items = append(items, item{id.Name, note})
			}
		}
	}
	title := typ
	if title == "" {
		title = "Other constants"
	}
	if d := firstSentence(vals[0].Doc); d != "" {
		title += ": " + d
	}
	b.WriteString("//\n// " + title + "\n//\n")
	if commented {
		width := 0
		for _, it := range items {
			width = max(width, len(it.name))
		}
		for _, it := range items {
			line := "//\t" + it.name
			if it.note != "" {
				line += strings.Repeat(" ", width-len(it.name)+2) + it.note
			}
			b.WriteString(line + "\n")
		}
		return
	}
	line := "//\t"
	for i, it := range items {
		if i > 0 && len(line)+1+len(it.name) > 76 {
			b.WriteString(line + "\n")
			line = "//\t"
		} else if i > 0 {
			line += " "
		}
		line += it.name
	}
	b.WriteString(line + "\n")
}

// firstSentence returns a comment's first sentence on one line.
func firstSentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	return s
}
