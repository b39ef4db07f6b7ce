package main

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/tickwork/tickwork/cmd/internal/assetgen"
	"github.com/tickwork/tickwork/engine/atomicfile"
)

// The templates are text/template files. In the Go ones, "{{" always starts
// an action: write nested composite literals so that it never appears.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

var templates = template.Must(template.New("").Option("missingkey=error").ParseFS(templateFS, "templates/*.tmpl"))

// outputs lists the files of a new game and their templates, in the order
// they are written. go.mod comes after the Go files: its direct
// requirements are the modules they import. go.sum is copied from the
// engine.
// The assets are made by code (cmd/internal/assetgen), the same files the
// sample ships.
var outputs = []struct {
	name, tmpl string
	gen        func() ([]byte, error) // for a file made by code, not a template
}{
	{"main.go", "main.go.tmpl", nil},
	{"main_test.go", "main_test.go.tmpl", nil},
	{"match.go", "match.go.tmpl", nil},
	{"match_test.go", "match_test.go.tmpl", nil},
	{"game/game.go", "game.go.tmpl", nil},
	{"game/menu.go", "menu.go.tmpl", nil},
	{"game/controls.go", "controls.go.tmpl", nil},
	{"game/graphics.go", "graphics.go.tmpl", nil},
	{"game/graphics_test.go", "graphics_test.go.tmpl", nil},
	{"game/assets.go", "assets.go.tmpl", nil},
	{"game/patrol.go", "patrol.go.tmpl", nil},
	{"game/players.go", "players.go.tmpl", nil},
	{"game/players_test.go", "players_test.go.tmpl", nil},
	{"game/level.go", "level.go.tmpl", nil},
	{"game/level_test.go", "level_test.go.tmpl", nil},
	{"game/sound.go", "sound.go.tmpl", nil},
	{"game/game_test.go", "game_test.go.tmpl", nil},
	{"game/assets/crate.png", "", assetgen.CratePNG},
	{"game/assets/beacon.glb", "", assetgen.BeaconGLB},
	{"game/assets/character.glb", "", assetgen.CharacterGLB},
	{"README.md", "README.md.tmpl", nil},
	{".gitignore", "gitignore.tmpl", nil},
	{"go.mod", "go.mod.tmpl", nil},
	{"go.sum", "", nil},
}

// Files returns the names of the files Generate writes, in the order it
// writes them.
func Files() []string {
	names := make([]string, len(outputs))
	for i, o := range outputs {
		names[i] = o.name
	}
	return names
}

// Options describe a game to generate.
type Options struct {
	// Name is the game's name: its Go module path and its program's name.
	// See ValidateName.
	Name string

	// Dir is the directory to write the game into. It is created if missing
	// and must be empty if it exists.
	Dir string

	// Engine is the tickwork checkout the game builds against, through a
	// replace directive in its go.mod. "" means the checkout containing the
	// current directory, else the one this program was built from.
	Engine string
}

// Generate writes a new game module into opts.Dir: a main.go that opens a
// window or runs headless, a gameplay state, an actor behaviour, headless
// tests, a README, and a go.mod and go.sum pinned to the engine's
// dependencies. Every file is written atomically; if writing fails midway,
// the files written so far are removed, and the directory too if Generate
// created it. Generate never writes into a directory that is not empty.
func Generate(opts Options) error {
	return generator{write: func(path string, data []byte) error { return atomicfile.WriteFile(path, data, 0) }}.generate(opts)
}

// generator writes files through write, so that tests can make writing
// fail midway.
type generator struct {
	write func(path string, data []byte) error
}

func (g generator) generate(opts Options) error {
	if err := ValidateName(opts.Name); err != nil {
		return err
	}
	if opts.Dir == "" {
		return errors.New("no directory to write the game into")
	}
	engine, err := resolveEngine(opts.Engine)
	if err != nil {
		return err
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return fmt.Errorf("game directory %s: %w", opts.Dir, err)
	}
	contents, err := render(opts.Name, engine, enginePath(dir, engine))
	if err != nil {
		return err
	}
	created, err := prepareDir(dir)
	if err != nil {
		return err
	}

	var written []string
	for i, o := range outputs {
		path := filepath.Join(dir, filepath.FromSlash(o.name))
		if sub := filepath.Dir(path); sub != dir {
			if _, err := os.Stat(sub); errors.Is(err, fs.ErrNotExist) {
				if err := os.MkdirAll(sub, 0o755); err != nil {
					return errors.Join(fmt.Errorf("creating %s: %w", sub, err), rollback(written, created))
				}
				created = append([]string{sub}, created...) // deepest first
			}
		}
		if err := g.write(path, contents[i]); err != nil {
			return errors.Join(fmt.Errorf("writing %s: %w", path, err), rollback(written, created))
		}
		written = append(written, path)
	}
	return nil
}

// resolveEngine returns the engine checkout named by path, or the default one.
func resolveEngine(path string) (string, error) {
	if path == "" {
		return defaultEngine()
	}
	return checkEngine(path)
}

// templateData is what the templates see.
type templateData struct {
	Name         string
	GoVersion    string // the go directive's version, the engine's
	EngineModule string
	EngineDir    string // the engine checkout: relative to the game's directory, or absolute (enginePath)
	EngineDirMod string // EngineDir in go.mod's form: slashes, quoted if need be
	// EngineDirRelative is true when EngineDir is relative to the game.
	EngineDirRelative bool
	Direct            []modRequire
	Indirect          []modRequire
	Replaces          []string // the engine's own replace directives
}

// render returns the contents of every file in outputs, in order, for
// the engine checkout at engine, which the game names ref (enginePath).
func render(name, engine, ref string) ([][]byte, error) {
	modData, err := os.ReadFile(filepath.Join(engine, "go.mod"))
	if err != nil {
		return nil, fmt.Errorf("reading the engine's go.mod: %w", err)
	}
	mod, err := parseGoMod(modData, ref)
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", engine, err)
	}
	if mod.Go == "" {
		return nil, fmt.Errorf("engine %s: its go.mod has no go directive", engine)
	}
	sum, err := os.ReadFile(filepath.Join(engine, "go.sum"))
	if err != nil && !(errors.Is(err, fs.ErrNotExist) && len(mod.Require) == 0) {
		return nil, fmt.Errorf("reading the engine's go.sum, which the game's go.sum is copied from: %w", err)
	}
	data := &templateData{
		Name: name, GoVersion: mod.Go,
		EngineModule: EngineModule, EngineDir: ref, EngineDirMod: modQuote(modPath(ref)),
		EngineDirRelative: !filepath.IsAbs(ref),
		Replaces:          mod.Replaces,
	}

	contents := make([][]byte, len(outputs))
	var imports []string
	for i, o := range outputs {
		switch {
		case o.gen != nil:
			if contents[i], err = o.gen(); err != nil {
				return nil, fmt.Errorf("generating %s: %w", o.name, err)
			}
			continue
		case o.tmpl == "":
			contents[i] = withoutCodecSums(sum, imports)
			continue
		case o.name == "go.mod":
			data.Direct, data.Indirect = requirements(withoutCodecModules(mod.Require, imports), imports)
		}
		var b bytes.Buffer
		if err := templates.ExecuteTemplate(&b, o.tmpl, data); err != nil {
			return nil, fmt.Errorf("generating %s: %w", o.name, err)
		}
		contents[i] = b.Bytes()
		if strings.HasSuffix(o.name, ".go") {
			if contents[i], err = format.Source(contents[i]); err != nil {
				return nil, fmt.Errorf("formatting the generated %s: %w", o.name, err)
			}
			if imports, err = appendImports(imports, o.name, contents[i]); err != nil {
				return nil, err
			}
		}
	}
	return contents, nil
}

// appendImports appends the import paths of a Go source file to dst.
func appendImports(dst []string, name string, src []byte) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
	if err != nil {
		return nil, fmt.Errorf("parsing the generated %s: %w", name, err)
	}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return nil, fmt.Errorf("parsing the generated %s: %w", name, err)
		}
		dst = append(dst, p)
	}
	return dst, nil
}

// codecs lists the modules only the engine's sound codecs need: each codec
// is a package of its own, so a game links only those it imports, and a
// game that imports none of a codec's packages requires none of its
// modules (go mod tidy would drop them). sums are the go.sum lines (module
// and version) that only those modules bring. A generated game is checked
// with go mod tidy by the end-to-end test, which finds any drift.
var codecs = []codecReqs{
	{EngineModule + "/engine/audio/vorbis", []string{"github.com/jfreymuth/oggvorbis", "github.com/jfreymuth/vorbis"}, nil},
	{EngineModule + "/engine/audio/mp3", []string{"github.com/hajimehoshi/go-mp3"},
		[]string{"github.com/hajimehoshi/oto/v2 v2.3.1/go.mod", "golang.org/x/sys v0.0.0-20220712014510-0a85c31ab51e/go.mod"}},
}

// codecReqs are a codec package's own modules and go.sum lines.
type codecReqs struct {
	pkg     string
	modules []string
	sums    []string
}

// withoutCodecModules returns reqs less the modules of the codecs the game
// does not import.
func withoutCodecModules(reqs []modRequire, imports []string) []modRequire {
	out := make([]modRequire, 0, len(reqs))
	for _, r := range reqs {
		drop := false
		for _, c := range codecs {
			if !slices.Contains(imports, c.pkg) && slices.Contains(c.modules, r.Path) {
				drop = true
			}
		}
		if !drop {
			out = append(out, r)
		}
	}
	return out
}

// withoutCodecSums returns the engine's go.sum less the lines only the
// codecs the game does not import need.
func withoutCodecSums(sum []byte, imports []string) []byte {
	var out []byte
	for _, line := range strings.SplitAfter(string(sum), "\n") {
		drop := false
		for _, c := range codecs {
			for _, s := range c.sums {
				if !slices.Contains(imports, c.pkg) && strings.HasPrefix(line, s+" ") {
					drop = true
				}
			}
		}
		if !drop {
			out = append(out, line...)
		}
	}
	return out
}

// requirements splits the engine's requirements into those the game imports
// directly (the engine itself first among them) and the others, each sorted
// by path as go mod tidy keeps them.
func requirements(engineReqs []modRequire, imports []string) (direct, indirect []modRequire) {
	direct = append(direct, modRequire{EngineModule, "v0.0.0"})
	for _, r := range engineReqs {
		if slices.ContainsFunc(imports, func(p string) bool { return p == r.Path || strings.HasPrefix(p, r.Path+"/") }) {
			direct = append(direct, r)
		} else {
			indirect = append(indirect, r)
		}
	}
	byPath := func(a, b modRequire) int { return strings.Compare(a.Path, b.Path) }
	slices.SortFunc(direct, byPath)
	slices.SortFunc(indirect, byPath)
	return direct, indirect
}

// prepareDir makes sure dir exists and is empty. It returns the directories
// it created, deepest first, for rollback.
func prepareDir(dir string) (created []string, err error) {
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return nil, fmt.Errorf("cannot create the game in %s: it exists and is not a directory", dir)
	case err == nil:
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("cannot create the game in %s: %w", dir, err)
		}
		if len(entries) > 0 {
			return nil, fmt.Errorf("refusing to create the game in %s: the directory is not empty (it holds %s%s); choose a new or empty directory",
				dir, entries[0].Name(), more(len(entries)-1))
		}
		return nil, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("cannot create the game in %s: %w", dir, err)
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		created = append(created, d)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating the game directory: %w", err)
	}
	return created, nil
}

func more(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return " and 1 other entry"
	}
	return fmt.Sprintf(" and %d other entries", n)
}

// rollback removes the files written and then the directories created,
// deepest first. A directory that something else has written into since is
// left alone.
func rollback(written, created []string) error {
	var errs []error
	for _, f := range slices.Backward(written) {
		if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("removing %s: %w", f, err))
		}
	}
	for _, d := range created {
		if err := os.Remove(d); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("removing %s: %w", d, err))
		}
	}
	return errors.Join(errs...)
}

// enginePath returns how the game at dir game (absolute) names the engine
// checkout at engine (absolute): relative to the game when the two share
// a directory below the file system's root (a game beside the checkout,
// inside it, or in the same repository), so that both can move or be
// committed together; else engine itself.
func enginePath(game, engine string) string {
	rel, err := filepath.Rel(game, engine)
	if err != nil || filepath.IsAbs(rel) {
		return engine
	}
	// The directory both are in: game with each leading ".." of rel undone.
	common := game
	for part := range strings.SplitSeq(filepath.ToSlash(rel), "/") {
		if part != ".." {
			break
		}
		common = filepath.Dir(common)
	}
	if filepath.Dir(common) == common { // only the root (or a volume) in common
		return engine
	}
	return rel
}
