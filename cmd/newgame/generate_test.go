package main

import (
	"bytes"
	"errors"
	"go/format"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/atomicfile"
)

// thisEngine returns the root of the checkout these tests run in.
func thisEngine(t *testing.T) string {
	t.Helper()
	root, err := FindEngine(".")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// listDir returns the names in dir, recursively, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names)
	return names
}

func TestGenerateWritesTheGame(t *testing.T) {
	t.Parallel()
	engine := thisEngine(t)
	dir := filepath.Join(t.TempDir(), "games", "mygame") // "games" is created too
	if err := Generate(Options{Name: "mygame", Dir: dir, Engine: engine}); err != nil {
		t.Fatal(err)
	}

	want := []string{".gitignore", "README.md", "game/assets.go", "game/assets/beacon.glb", "game/assets/character.glb", "game/assets/crate.png", "game/controls.go", "game/game.go", "game/game_test.go", "game/graphics.go", "game/graphics_test.go", "game/level.go", "game/level_test.go", "game/menu.go", "game/patrol.go", "game/players.go", "game/players_test.go", "game/sound.go", "go.mod", "go.sum", "main.go", "main_test.go", "match.go", "match_test.go"}
	if got := slices.DeleteFunc(listDir(t, dir), func(n string) bool { return n == "game" || n == "game/assets" }); !reflect.DeepEqual(got, want) {
		t.Fatalf("generated files = %q, want %q", got, want)
	}
	if got := slices.Sorted(slices.Values(Files())); !reflect.DeepEqual(got, want) {
		t.Errorf("Files() = %q, want %q", got, want)
	}

	for _, name := range want {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".go") {
			if formatted, err := format.Source(data); err != nil || !bytes.Equal(formatted, data) {
				t.Errorf("%s is not gofmt-formatted (%v)", name, err)
			}
		}
		if !strings.HasPrefix(name, "game/assets/") && bytes.Contains(data, []byte("{{")) {
			t.Errorf("%s holds an unexpanded template action", name)
		}
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, %v; want -rw-r--r--", name, fi.Mode(), err)
		}
	}

	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	main := read("main.go")
	for _, s := range []string{"package main", `"headless"`, `"ticks"`, `"tick-rate"`, `"frames"`, `"screenshot"`, `"record"`, `"replay"`, `"synctest"`,
		"window.Open", "engine.NewHeadless", "ticks=%d hash=%016x", `"mygame/game"`} {
		if !strings.Contains(main, s) {
			t.Errorf("main.go does not contain %q", s)
		}
	}
	if !strings.HasPrefix(main, "// Command mygame ") {
		t.Errorf("main.go does not start with the command's doc comment:\n%.80s", main)
	}
	// main.go names input events only to end a replay (a tick sink), never keys.
	if strings.Contains(main, "input.Key") || strings.Contains(main, "scene.") {
		t.Error("main.go holds game logic; it should only wire the window")
	}
	for _, s := range []string{"package game", "_ scene.Ticker     = (*Patrol)(nil)", "func (p *Patrol) Describe(v *fields.Visitor)"} {
		if !strings.Contains(read("game/patrol.go"), s) {
			t.Errorf("game/patrol.go does not contain %q", s)
		}
	}
	if g := read("game/game.go"); !strings.Contains(g, "_ engine.SceneOwner = (*Play)(nil)") || strings.Contains(g, "engine/window") {
		t.Error("game/game.go should assert Play's interfaces and not import the window")
	}
	if !strings.Contains(read("game/patrol.go"), "func (p *Patrol) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error") {
		t.Error("patrol.go has no scene.Ticker")
	}
	// The checkout is named as the game names it: relative when the two
	// share a directory below the root (the temporary directory and a
	// checkout under /tmp do), else absolute.
	absDir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	ref := enginePath(absDir, engine)
	if readme := read("README.md"); !strings.HasPrefix(readme, "# mygame\n") || !strings.Contains(readme, ref) {
		t.Errorf("README.md does not name the game and the engine checkout %q:\n%.200s", ref, readme)
	}
	engineSum, err := os.ReadFile(filepath.Join(engine, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	// The engine's go.sum, less what only the sound codecs the game does
	// not import need.
	if read("go.sum") != string(withoutCodecSums(engineSum, nil)) || strings.Contains(read("go.sum"), "hajimehoshi/oto/v2") {
		t.Error("go.sum is not the engine's less the codecs' lines")
	}
}

func TestGenerateGoMod(t *testing.T) {
	t.Parallel()
	engine := thisEngine(t)
	dir := t.TempDir()
	if err := Generate(Options{Name: "space_race", Dir: dir, Engine: engine}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	// The engine by its absolute path, or relative to the game when both
	// are in one tree (enginePath).
	if !strings.Contains(text, "\nreplace github.com/tickwork/tickwork => "+modPath(enginePath(dir, engine))+"\n") {
		t.Errorf("go.mod does not replace the engine with %s:\n%s", engine, text)
	}
	got, err := parseGoMod(data, dir)
	if err != nil {
		t.Fatalf("the generated go.mod does not parse: %v\n%s", err, text)
	}
	engineData, err := os.ReadFile(filepath.Join(engine, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := parseGoMod(engineData, engine)
	if err != nil {
		t.Fatal(err)
	}
	if got.Module != "space_race" || got.Go != want.Go {
		t.Errorf("go.mod declares module %q, go %q; want %q, go %q", got.Module, got.Go, "space_race", want.Go)
	}
	// The engine's requirements, less the modules of sound codecs the game
	// does not import (a game links only the decoders it imports).
	wantReqs := []modRequire{{EngineModule, "v0.0.0"}}
	for _, r := range want.Require {
		if !slices.ContainsFunc(codecs, func(c codecReqs) bool { return slices.Contains(c.modules, r.Path) }) {
			wantReqs = append(wantReqs, r)
		}
	}
	byPath := func(a, b modRequire) int { return strings.Compare(a.Path, b.Path) }
	slices.SortFunc(wantReqs, byPath)
	slices.SortFunc(got.Require, byPath)
	if !reflect.DeepEqual(got.Require, wantReqs) {
		t.Errorf("go.mod requires %v, want the engine and its exact requirements %v", got.Require, wantReqs)
	}
	// The modules the game imports are direct requirements, the others not.
	for _, line := range strings.Split(text, "\n") {
		indirect := strings.HasSuffix(line, "// indirect")
		for _, direct := range []string{"github.com/go-gl/mathgl ", EngineModule + " "} {
			if strings.HasPrefix(strings.TrimSpace(line), direct) && indirect {
				t.Errorf("go.mod marks %s indirect, but the game imports it", direct)
			}
		}
		if strings.HasPrefix(strings.TrimSpace(line), "github.com/go-gl/gl ") && !indirect {
			t.Error("go.mod does not mark github.com/go-gl/gl indirect")
		}
	}
}

// An engine checkout with a space in its path and a replace of its own:
// the game's go.mod quotes the path and carries the replace, rebased on
// the engine's path.
func TestGenerateGoModQuotesAndCarriesReplaces(t *testing.T) {
	t.Parallel()
	engine := fakeEngine(t, filepath.Join(t.TempDir(), "my engine"), "\nrequire example.com/dep v1.0.0\n\nreplace example.com/dep => ./third_party/dep\n")
	dir := t.TempDir()
	if err := Generate(Options{Name: "mygame", Dir: dir, Engine: engine}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	// Both are in the test's temporary directory: the game names the
	// engine relative to itself (enginePath).
	ref, err := filepath.Rel(dir, engine)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"replace github.com/tickwork/tickwork => \"" + filepath.ToSlash(ref) + "\"\n",
		"replace example.com/dep => \"" + filepath.ToSlash(filepath.Join(ref, "third_party", "dep")) + "\"\n",
		"\texample.com/dep v1.0.0 // indirect\n",
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("go.mod does not contain %q:\n%s", want, data)
		}
	}
}

func TestGenerateRefusesNonEmptyDir(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	keep := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(keep, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := Generate(Options{Name: "mygame", Dir: dir, Engine: thisEngine(t)})
	if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("Generate into a non-empty directory = %v, want an error naming %s", err, dir)
	}
	if got, want := listDir(t, dir), []string{"assets", "notes.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("the directory now holds %q, want it untouched: %q", got, want)
	}
	if data, err := os.ReadFile(keep); err != nil || string(data) != "mine" {
		t.Errorf("notes.txt = %q, %v; want it untouched", data, err)
	}
}

func TestGenerateRefusesAFile(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "mygame")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := Generate(Options{Name: "mygame", Dir: file, Engine: thisEngine(t)})
	if err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Fatalf("Generate into a file = %v, want an error", err)
	}
}

func TestGenerateRejectsBadOptions(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	dir := filepath.Join(parent, "game")
	for _, opts := range []Options{
		{Name: "my-game", Dir: dir},
		{Name: "mygame", Dir: ""},
		{Name: "mygame", Dir: dir, Engine: parent}, // not an engine checkout
	} {
		if err := Generate(opts); err == nil {
			t.Errorf("Generate(%+v) = nil, want an error", opts)
		}
	}
	if got := listDir(t, parent); len(got) != 0 {
		t.Errorf("rejected options left %q behind", got)
	}
}

// A write failing midway leaves nothing behind: the files written are
// removed, and so are the directories Generate created, but not a directory
// that was already there.
func TestGenerateRollsBackOnFailure(t *testing.T) {
	t.Parallel()
	engine := thisEngine(t)
	failing := func(after int) generator {
		n := 0
		return generator{write: func(path string, data []byte) error {
			if n++; n > after {
				return errors.New("disk full")
			}
			return atomicfile.WriteFile(path, data, 0)
		}}
	}

	parent := t.TempDir()
	dir := filepath.Join(parent, "a", "b", "mygame")
	err := failing(3).generate(Options{Name: "mygame", Dir: dir, Engine: engine})
	if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.Contains(err.Error(), Files()[3]) {
		t.Fatalf("generate = %v, want the write error naming %s", err, Files()[3])
	}
	if got := listDir(t, parent); len(got) != 0 {
		t.Errorf("a failed generation left %q in %s, want nothing", got, parent)
	}

	empty := t.TempDir()
	if err := failing(5).generate(Options{Name: "mygame", Dir: empty, Engine: engine}); err == nil {
		t.Fatal("generate succeeded with a failing write")
	}
	if got := listDir(t, empty); len(got) != 0 {
		t.Errorf("a failed generation left %q in the empty directory it was given", got)
	}
	if _, err := os.Stat(empty); err != nil {
		t.Errorf("the directory Generate was given is gone: %v", err)
	}
}
