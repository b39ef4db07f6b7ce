package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunExitStatus(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	full := filepath.Join(tmp, "full")
	if err := os.Mkdir(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	engine := thisEngine(t)
	tests := []struct {
		args   []string
		status int
		stderr string // a part of stderr
	}{
		{nil, 2, "-name is required"},
		{[]string{"-name", "mygame"}, 2, "-dir is required"},
		{[]string{"-name", "my-game", "-dir", filepath.Join(tmp, "a")}, 2, `invalid game name "my-game"`},
		{[]string{"-name", "mygame", "-dir", filepath.Join(tmp, "b"), "extra"}, 2, "unexpected arguments"},
		{[]string{"-nome", "mygame"}, 2, "flag provided but not defined"},
		{[]string{"-h"}, 0, "usage: go run ./cmd/newgame -name NAME -dir DIR"},
		{[]string{"-name", "mygame", "-dir", full, "-engine", engine}, 1, "not empty"},
		{[]string{"-name", "mygame", "-dir", filepath.Join(tmp, "c"), "-engine", tmp}, 1, "not a tickwork checkout"},
	}
	for _, tt := range tests {
		var stdout, stderr strings.Builder
		status := run(tt.args, &stdout, &stderr)
		if status != tt.status || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("newgame %q: status %d, stderr:\n%s\nwant status %d and %q", tt.args, status, stderr.String(), tt.status, tt.stderr)
		}
		if status == 2 && tt.args != nil && !strings.Contains(stderr.String(), "usage:") {
			t.Errorf("newgame %q: no usage on stderr:\n%s", tt.args, stderr.String())
		}
	}
	for _, d := range []string{"a", "b", "c"} {
		if _, err := os.Stat(filepath.Join(tmp, d)); !os.IsNotExist(err) {
			t.Errorf("a failed run created %s", d)
		}
	}
}

func TestRunCreatesTheGame(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "mygame")
	var stdout, stderr strings.Builder
	if status := run([]string{"-name", "mygame", "-dir", dir, "-engine", thisEngine(t)}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d, stderr:\n%s", status, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "created mygame in "+dir) || !strings.Contains(out, "game/game.go") || !strings.Contains(out, "CGO_ENABLED=0 go test ./game/...") {
		t.Errorf("stdout does not report the game and what to do next:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "main.go")); err != nil {
		t.Error(err)
	}
}
