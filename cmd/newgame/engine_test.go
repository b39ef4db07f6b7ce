package main

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// fakeEngine makes a directory that passes for an engine checkout: a go.mod
// declaring the engine module with the given body, and a go.sum.
func fakeEngine(t *testing.T, dir, body string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	mod := "module " + EngineModule + "\n\ngo 1.26.0\n" + body
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), []byte("example.com/dep v1.0.0 h1:x=\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFindEngineFromThisCheckout(t *testing.T) {
	t.Parallel()
	want, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	got, err := FindEngine(".")
	if err != nil || got != want {
		t.Fatalf("FindEngine(.) = %q, %v; want %q", got, err, want)
	}
}

func TestFindEngineWalksUpPastOtherModules(t *testing.T) {
	t.Parallel()
	root := fakeEngine(t, filepath.Join(t.TempDir(), "engine"), "")
	other := filepath.Join(root, "other")
	deep := filepath.Join(other, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := FindEngine(deep)
	if err != nil || got != root {
		t.Fatalf("FindEngine(%s) = %q, %v; want %q", deep, got, err, root)
	}
}

func TestFindEngineNotFound(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, err := FindEngine(dir)
	if err == nil || !strings.Contains(err.Error(), "no go.mod declaring module "+EngineModule) ||
		!strings.Contains(err.Error(), dir) {
		t.Fatalf("FindEngine(%s) = %v, want an error saying no go.mod declares the engine module there", dir, err)
	}
}

func TestCheckEngineRejectsOtherModules(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := checkEngine(dir); err == nil || !strings.Contains(err.Error(), "not a tickwork checkout") {
		t.Errorf("checkEngine(dir without go.mod) = %v, want an error", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := checkEngine(dir); err == nil || !strings.Contains(err.Error(), `declares module "example.com/x"`) {
		t.Errorf("checkEngine(another module) = %v, want an error naming its module", err)
	}
}

func TestParseGoMod(t *testing.T) {
	t.Parallel()
	src := `// a comment
module github.com/tickwork/tickwork // trailing

go 1.26.0

toolchain go1.26.8

require example.com/single v1.2.3

require (
	github.com/go-gl/mathgl v1.2.0 // indirect
	"example.com/quoted" v0.1.0

)

replace example.com/single => ./third_party/single
replace (
	example.com/quoted v0.1.0 => example.com/fork v0.2.0
	example.com/abs => "/opt/my libs/abs" // quoted
)

exclude example.com/bad v0.0.1
`
	m, err := parseGoMod([]byte(src), "/engine")
	if err != nil {
		t.Fatal(err)
	}
	want := &goMod{
		Module: EngineModule,
		Go:     "1.26.0",
		Require: []modRequire{
			{"example.com/single", "v1.2.3"},
			{"github.com/go-gl/mathgl", "v1.2.0"},
			{"example.com/quoted", "v0.1.0"},
		},
		Replaces: []string{
			"example.com/single => " + filepath.Join("/engine", "third_party/single"),
			"example.com/quoted v0.1.0 => example.com/fork v0.2.0",
		},
	}
	want.Replaces = append(want.Replaces, `example.com/abs => "/opt/my libs/abs"`)
	if !reflect.DeepEqual(m, want) {
		t.Errorf("parseGoMod =\n%+v\nwant\n%+v", m, want)
	}
}

func TestParseGoModErrors(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		"go 1.26\n",                         // no module
		"module a b\n",                      // two paths
		"module x\nrequire example.com/y\n", // no version
		"module x\nreplace a b c d e\n",     // no arrow
	} {
		if m, err := parseGoMod([]byte(src), ""); err == nil {
			t.Errorf("parseGoMod(%q) = %+v, want an error", src, m)
		}
	}
}

// Outside any checkout, the default is the checkout this program was built
// from. (Not parallel: it changes the working directory.)
func TestDefaultEngineOutsideACheckout(t *testing.T) {
	if _, file, _, ok := runtime.Caller(0); !ok || !filepath.IsAbs(file) {
		t.Skipf("built without source paths (-trimpath: %q): there is no checkout to fall back on", file)
	}
	want := thisEngine(t)
	dir := t.TempDir()
	t.Chdir(dir)
	got, err := defaultEngine()
	if err != nil || got != want {
		t.Fatalf("defaultEngine() from %s = %q, %v; want %q, found from the source's directory", dir, got, err, want)
	}
}
