package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerateRelativeEnginePath: a game generated in the same tree as the
// engine (here both under one directory, given as relative paths) names
// the engine by a relative path in go.mod and README, the engine's own
// local replaces included, so the two can be committed side by side; one
// with nothing but the root in common keeps the absolute path.
func TestGenerateRelativeEnginePath(t *testing.T) {
	root := t.TempDir()
	fakeEngine(t, filepath.Join(root, "tickwork"), "\nrequire example.com/dep v1.0.0\n\nreplace example.com/dep => ./third_party/dep\n")
	t.Chdir(root)
	if err := Generate(Options{Name: "mygame", Dir: filepath.Join("games", "mygame"), Engine: "tickwork"}); err != nil {
		t.Fatal(err)
	}
	game := filepath.Join(root, "games", "mygame")
	mod := readFile(t, filepath.Join(game, "go.mod"))
	for _, want := range []string{
		"\nreplace github.com/tickwork/tickwork => ../../tickwork\n",
		"\nreplace example.com/dep => ../../tickwork/third_party/dep\n",
	} {
		if !strings.Contains(mod, want) {
			t.Errorf("go.mod does not contain %q:\n%s", want, mod)
		}
	}
	readme := readFile(t, filepath.Join(game, "README.md"))
	if !strings.Contains(readme, "`../../tickwork`") {
		t.Errorf("README does not name the engine as ../../tickwork:\n%s", readme)
	}
	for name, text := range map[string]string{"go.mod": mod, "README.md": readme} {
		if strings.Contains(text, root) {
			t.Errorf("%s holds the absolute path %s:\n%s", name, root, text)
		}
	}

	for _, tt := range []struct{ game, engine, want string }{
		{"/home/me/games/mygame", "/home/me/tickwork", "../../tickwork"},
		{"/home/me/tickwork/examples/mygame", "/home/me/tickwork", "../.."},
		{"/tmp/mygame", "/home/me/tickwork", "/home/me/tickwork"}, // only / in common
	} {
		if got := enginePath(filepath.FromSlash(tt.game), filepath.FromSlash(tt.engine)); got != filepath.FromSlash(tt.want) {
			t.Errorf("enginePath(%s, %s) = %q, want %q", tt.game, tt.engine, got, tt.want)
		}
	}
}
