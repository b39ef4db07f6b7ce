package assetgen

import (
	"fmt"
	"os"
	"path/filepath"
)

// File is one generated asset: its name in the assets directory and a
// function that makes its bytes.
type File struct {
	Name string
	Make func() ([]byte, error)
}

// Files lists every asset Generate writes, in a fixed order.
func Files() []File {
	return []File{
		{"checker.png", CheckerPNG},
		{"crate.png", CratePNG},
		{"leaf.png", LeafPNG},
		{"beacon.glb", BeaconGLB},
		{"beacon.gltf", BeaconGLTF},
		{"character.glb", CharacterGLB},
	}
}

// Generate makes every asset of Files and writes it into dir, which must
// exist. Each file is replaced atomically: written to a temporary file in
// dir, then renamed over the old one, so a reader never sees half a file.
// Files whose content is already right are left alone.
func Generate(dir string) error {
	for _, f := range Files() {
		data, err := f.Make()
		if err != nil {
			return fmt.Errorf("generate %s: %w", f.Name, err)
		}
		if err := writeFileAtomic(filepath.Join(dir, f.Name), data); err != nil {
			return err
		}
	}
	return nil
}

// writeFileAtomic replaces path's content with data through a temporary
// file in the same directory and a rename, leaving path untouched when it
// already holds data.
func writeFileAtomic(path string, data []byte) (err error) {
	if old, err := os.ReadFile(path); err == nil && string(old) == string(data) {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
