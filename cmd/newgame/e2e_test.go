package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The generated game builds, vets, passes its own tests and runs headless,
// as a module of its own, with the go command that runs this test (go test
// puts its GOROOT/bin first in PATH). It compiles go-gl with cgo: slow
// with a cold build cache, seconds once cached. The go command is run with
// the test's environment: the game needs no download beyond the engine's
// own dependencies, which are in the module cache once the engine builds.
func TestGeneratedGameBuildsAndRuns(t *testing.T) {
	t.Parallel()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("cannot build the generated game: the go command is not in PATH (%v)", err)
	}
	dir := filepath.Join(t.TempDir(), "mygame")
	if err := Generate(Options{Name: "mygame", Dir: dir, Engine: thisEngine(t)}); err != nil {
		t.Fatal(err)
	}

	ctx := t.Context()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-10*time.Second))
		defer cancel()
	}
	// The game is its own module whatever go.work says, and needs cgo.
	env := append(os.Environ(), "GOWORK=off", "CGO_ENABLED=1")
	gorun := func(args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(ctx, goCmd, args...)
		cmd.Dir, cmd.Env = dir, env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		err := cmd.Run()
		t.Logf("go %s: %v", strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
		if err != nil {
			t.Fatalf("go %s in %s: %v\n%s%s", strings.Join(args, " "), dir, err, stdout.Bytes(), stderr.Bytes())
		}
		return stdout.String()
	}

	gorun("build", "./...")
	gorun("vet", "./...")
	gorun("test", "-count=1", "./...")
	out := strings.TrimRight(gorun("run", ".", "-headless", "-ticks", "30"), "\n")
	last := out[strings.LastIndex(out, "\n")+1:]
	if !regexp.MustCompile(`^ticks=30 hash=[0-9a-f]{16}$`).MatchString(last) {
		t.Errorf("go run . -headless -ticks 30 printed %q last, want ticks=30 hash=<16 hex digits>", last)
	}
}
