package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func partials(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*"+Suffix))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestWriteReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "save.dat")
	if err := WriteFile(path, []byte("old"), 0); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("new contents"), 0); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new contents" {
		t.Errorf("got %q, want %q", b, "new contents")
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != DefaultPerm {
		t.Errorf("got mode %v, want %v", fi.Mode().Perm(), DefaultPerm)
	}
	if p := partials(t, dir); len(p) != 0 {
		t.Errorf("got temporary files %v left, want none", p)
	}
}

func TestFailureLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "save.dat")
	if err := WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk on fire")
	err := Write(path, 0, func(w io.Writer) error {
		w.Write([]byte("half of the new"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("got %v, want the writer's error", err)
	}
	f, err := Create(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("abandoned")
	if err := f.Abort(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("got %q, want the old contents", b)
	}
	if p := partials(t, dir); len(p) != 0 {
		t.Errorf("got temporary files %v left, want none", p)
	}
	// The existing file's mode is kept by a later write.
	if err := WriteFile(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("got mode %v, want the old file's 0600", fi.Mode().Perm())
	}
}

// TestKilledWriteLeavesPartial: until Commit the target is untouched and
// the data is in the .partial file beside it.
func TestKilledWriteLeavesPartial(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.twr")
	f, err := Create(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("so far")
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("before Commit: got %v, want no target yet", err)
	}
	if !strings.HasSuffix(f.TempPath(), Suffix) || filepath.Dir(f.TempPath()) != dir {
		t.Errorf("got temporary file %s, want a %s file in %s", f.TempPath(), Suffix, dir)
	}
	if b, _ := os.ReadFile(f.TempPath()); string(b) != "so far" {
		t.Errorf("got %q in the temporary file, want what was written", b)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err == nil {
		t.Error("second Commit: got nil, want an error")
	}
}

func TestCheckRefusesBadTargets(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro.png")
	if err := os.WriteFile(ro, []byte("keep"), 0o444); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, want string
	}{
		{"", "no file name"},
		{dir, "is a directory"},
		{ro, "read-only"},
		{filepath.Join(dir, "missing", "x.png"), "does not exist"},
		{filepath.Join(ro, "x.png"), "not a directory"},
		{"/dev/null", "not a regular file"},
	} {
		err := WriteFile(c.path, []byte("x"), 0)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("WriteFile(%q): got %v, want an error saying %q", c.path, err, c.want)
		}
	}
	if b, _ := os.ReadFile(ro); string(b) != "keep" {
		t.Errorf("read-only target: got %q, want it untouched", b)
	}
	if p := partials(t, dir); len(p) != 0 {
		t.Errorf("got temporary files %v left, want none", p)
	}
}

// TestCheckRefusesADirectoryThatCannotBeWritten: Check tries to create a
// file in the target's directory, so a directory that exists but cannot
// take a new file (/proc, a read-only mount, a directory without write
// permission for a user other than root) is refused before a long run,
// not when the file is written at its end. A writable directory passes,
// and the trial leaves nothing behind.
func TestCheckRefusesADirectoryThatCannotBeWritten(t *testing.T) {
	var unwritable []string
	if fi, err := os.Stat("/proc/self"); err == nil && fi.IsDir() {
		unwritable = append(unwritable, "/proc/tickwork-check.png") // not writable, even by root
	}
	if os.Geteuid() != 0 { // root writes into a read-only directory
		ro := filepath.Join(t.TempDir(), "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		unwritable = append(unwritable, filepath.Join(ro, "x.png"))
	}
	if len(unwritable) == 0 {
		t.Skip("no directory here that cannot be written (no /proc, running as root)")
	}
	for _, path := range unwritable {
		err := Check(path)
		if err == nil || !strings.Contains(err.Error(), "cannot take a new file") || !strings.Contains(err.Error(), path) {
			t.Errorf("Check(%q): got %v, want an error naming it and saying its directory cannot take a new file", path, err)
		}
	}
	dir := t.TempDir()
	if err := Check(filepath.Join(dir, "ok.png")); err != nil {
		t.Errorf("Check in a writable directory: got %v, want nil", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Check left %d files in the directory, want none", len(entries))
	}
}
