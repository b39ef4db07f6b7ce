package assetgen

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the committed assets under cmd/internal/demo/assets")

// assetsDir is where the generated assets are committed, relative to this
// package's directory.
const assetsDir = "../demo/assets"

// TestAssetsUpToDate regenerates every asset in memory and compares it with
// the committed file; with -update it rewrites the files instead.
func TestAssetsUpToDate(t *testing.T) {
	if *update {
		if err := Generate(assetsDir); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range Files() {
		t.Run(f.Name, func(t *testing.T) {
			want, err := f.Make()
			if err != nil {
				t.Fatal(err)
			}
			again, err := f.Make()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(want, again) {
				t.Fatalf("%s: two runs of the generator made different bytes", f.Name)
			}
			got, err := os.ReadFile(filepath.Join(assetsDir, f.Name))
			if err != nil {
				t.Fatalf("%v\nrun: go test ./cmd/internal/assetgen -update", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s is out of date (%d bytes committed, %d generated)\nrun: go test ./cmd/internal/assetgen -update",
					f.Name, len(got), len(want))
			}
		})
	}
}

// TestAssetsSize keeps the committed assets small.
func TestAssetsSize(t *testing.T) {
	const limit = 400 << 10
	total := 0
	for _, f := range Files() {
		b, err := f.Make()
		if err != nil {
			t.Fatal(err)
		}
		total += len(b)
	}
	if total > limit {
		t.Errorf("the assets total %d bytes, want at most %d", total, limit)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.bin")
	for _, data := range []string{"first", "second, longer", "second, longer"} {
		if err := writeFileAtomic(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != data {
			t.Errorf("got %q, want %q", got, data)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("got %d files in the directory, want 1 (no temporary files left)", len(entries))
	}
}
