package fsx

import (
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// guarded is a file system whose Open already checks and bounds files.
type guarded interface {
	fs.FS
	open(name string) (*File, error)
}

// Guard returns fsys with Open refusing anything but a regular file and
// bounding every file's reads to its size when opened, as Open does.
// Opening a directory fails too, so fs.ReadDir and fs.WalkDir do not work
// through it: give them fsys itself.
func Guard(fsys fs.FS) fs.FS {
	if g, ok := fsys.(guarded); ok {
		return g
	}
	return guardFS{fsys}
}

type guardFS struct{ fsys fs.FS }

// Open opens name as the package's Open does. The file is an io.Seeker
// and an io.ReaderAt only when the file it wraps is.
func (g guardFS) Open(name string) (fs.File, error) {
	f, err := g.open(name)
	if err != nil {
		return nil, err
	}
	return f.asFS(), nil
}

func (g guardFS) open(name string) (*File, error) { return Open(g.fsys, name) }

// Stat returns the FileInfo of name, following symbolic links.
func (g guardFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(g.fsys, name) }

// ReadFile reads name whole, as the package's ReadFile does.
func (g guardFS) ReadFile(name string) ([]byte, error) { return ReadFile(g.fsys, name, 0) }

// Dir returns the directory dir on disk as a guarded fs.FS rooted there:
// names are resolved inside dir by os.Root, so a name or a symbolic link
// that leads outside dir is refused ("path escapes from parent"); only
// regular files open, without blocking; reads stop at each file's size
// when opened. The directory is opened anew for every file, so Dir holds
// nothing open and needs no closing.
func Dir(dir string) fs.FS { return dirFS(dir) }

type dirFS string

func (d dirFS) Open(name string) (fs.File, error) { return d.open(name) }

func (d dirFS) open(name string) (*File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	root, err := os.OpenRoot(string(d))
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", name, err)
	}
	defer root.Close()
	fi, err := root.Stat(name)
	if err != nil {
		return nil, d.outside(name, err)
	}
	if err := check(name, fi); err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	f, err := root.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, d.outside(name, err)
	}
	return wrap(f, name)
}

// Stat returns the FileInfo of name inside the root, following symbolic
// links that stay inside it.
func (d dirFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	root, err := os.OpenRoot(string(d))
	if err != nil {
		return nil, fmt.Errorf("stat %s: %w", name, err)
	}
	defer root.Close()
	fi, err := root.Stat(name)
	return fi, d.outside(name, err)
}

// outside names an os.Root error about a path escaping the root as
// ErrOutside, saying which directory; other errors are returned as they
// are.
func (d dirFS) outside(name string, err error) error {
	if err == nil || !strings.Contains(err.Error(), "escapes") {
		return err
	}
	return &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("%w %s (%v): a symbolic link or a name inside it may not lead out of it", ErrOutside, string(d), err)}
}

// ReadFile reads name whole, as the package's ReadFile does.
func (d dirFS) ReadFile(name string) ([]byte, error) { return ReadFile(d, name, 0) }
