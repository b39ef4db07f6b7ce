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
	gorunEnv := func(env []string, args ...string) string {
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
	gorun := func(args ...string) string { t.Helper(); return gorunEnv(env, args...) }

	// go.mod and go.sum are tidy as written.
	mod, sum := readFile(t, filepath.Join(dir, "go.mod")), readFile(t, filepath.Join(dir, "go.sum"))
	gorun("mod", "tidy")
	if m, s := readFile(t, filepath.Join(dir, "go.mod")), readFile(t, filepath.Join(dir, "go.sum")); m != mod || s != sum {
		t.Errorf("go mod tidy changed the generated files:\ngo.mod before:\n%s\nafter:\n%s\ngo.sum before:\n%s\nafter:\n%s", mod, m, sum, s)
	}
	// Every module listed is one the game or the engine uses.
	for _, m := range strings.Fields(gorun("list", "-m", "-f", "{{.Path}}", "all")) {
		if strings.Contains(m, "gonum") || strings.Contains(m, "plot") {
			t.Errorf("go list -m all lists %s, which neither the game nor the engine uses", m)
		}
	}
	// The game's logic builds and passes its tests without a C compiler.
	gorunEnv(append(os.Environ(), "GOWORK=off", "CGO_ENABLED=0"), "test", "-count=1", "./game/...")

	gorun("build", "./...")
	gorun("vet", "./...")
	gorun("test", "-count=1", "./...")
	out := strings.TrimRight(gorun("run", ".", "-headless", "-ticks", "30"), "\n")
	last := out[strings.LastIndex(out, "\n")+1:]
	if !regexp.MustCompile(`^ticks=30 hash=[0-9a-f]{16}$`).MatchString(last) {
		t.Errorf("go run . -headless -ticks 30 printed %q last, want ticks=30 hash=<16 hex digits>", last)
	}

	// Every game has replays from its first day: a headless recording
	// replays to the same hash.
	gorun("build", "-o", "game.bin", ".")
	bin := filepath.Join(dir, "game.bin")
	runBin := func(args ...string) string {
		t.Helper()
		out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", bin, args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	file := filepath.Join(t.TempDir(), "run.twr")
	recorded := runBin("-headless", "-ticks", "90", "-record", file)
	if replayed := runBin("-headless", "-replay", file); replayed != recorded || !strings.HasPrefix(recorded, "ticks=90 ") {
		t.Errorf("replay printed %q, the recording run %q: want the same ticks=90 line", replayed, recorded)
	}
	// The sync test on the replay: every tick rolled back 8 ticks and run
	// again, with no difference (said on stderr), and the replay still
	// ends on its hash, the line a run without -synctest prints.
	if synced := runBin("-headless", "-replay", file, "-synctest", "8"); !strings.HasPrefix(synced, "synctest: ") || !strings.HasSuffix(synced, "\n"+recorded) {
		t.Errorf("-synctest 8 replay printed %q, want a synctest: line, then the recording's %q", synced, recorded)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
