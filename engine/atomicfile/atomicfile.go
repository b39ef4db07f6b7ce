package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// Suffix ends the name of every temporary file: "<name>.<random>.partial".
const Suffix = ".partial"

// DefaultPerm is the mode of a new target when none is given.
const DefaultPerm fs.FileMode = 0o644

// Check reports whether path can be written: it is not a directory, its
// directory exists, is a directory and takes a new file (Check creates and
// removes a temporary file there: the permissions alone do not say, for
// root or on a read-only mount), and an existing file at path is not
// read-only. The error names the path and says what to do.
func Check(path string) error {
	if err := checkTarget(path); err != nil {
		return err
	}
	f, err := createTemp(path)
	if err != nil {
		return fmt.Errorf("atomicfile: cannot write %s: its directory %s cannot take a new file (%v): choose another directory, or make this one writable", path, filepath.Dir(path), errors.Unwrap(err))
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("atomicfile: checking %s: removing the trial file: %w", path, err)
	}
	return nil
}

// checkTarget is Check without the trial file.
func checkTarget(path string) error {
	if path == "" {
		return errors.New("atomicfile: no file name given")
	}
	if fi, err := os.Stat(path); err == nil {
		switch {
		case fi.IsDir():
			return fmt.Errorf("atomicfile: %s is a directory: give a file name inside it", path)
		case !fi.Mode().IsRegular():
			return fmt.Errorf("atomicfile: %s is not a regular file (%v): give a file name", path, fi.Mode().Type())
		case fi.Mode().Perm()&0o222 == 0:
			return fmt.Errorf("atomicfile: %s is read-only: make it writable (chmod u+w) or choose another name", path)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("atomicfile: %w", err)
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("atomicfile: cannot write %s: the directory %s does not exist: create it first", path, dir)
	case err != nil:
		return fmt.Errorf("atomicfile: cannot write %s: %w", path, err)
	case !fi.IsDir():
		return fmt.Errorf("atomicfile: cannot write %s: %s is not a directory", path, dir)
	}
	return nil
}

// File is a file being written atomically: an *os.File on the temporary
// file, saved over the target by Commit.
type File struct {
	*os.File
	path string
	perm fs.FileMode
	done bool
}

// Create checks path (see Check) and starts writing it: the returned File
// writes to a new temporary file in the same directory. Commit saves it;
// Abort discards it. perm is the mode of a new target (0 means
// DefaultPerm); an existing target's mode is kept.
func Create(path string, perm fs.FileMode) (*File, error) {
	if err := checkTarget(path); err != nil {
		return nil, err
	}
	if perm == 0 {
		perm = DefaultPerm
	}
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	}
	f, err := createTemp(path)
	if err != nil {
		return nil, err
	}
	return &File{File: f, path: path, perm: perm}, nil
}

// createTemp creates a new temporary file "<name>.<random>.partial" beside
// path.
func createTemp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	for range 100 {
		name := filepath.Join(dir, base+"."+strconv.FormatUint(uint64(rand.Uint32()), 16)+Suffix)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("atomicfile: writing %s: %w", path, err)
		}
		return f, nil
	}
	return nil, fmt.Errorf("atomicfile: writing %s: no free temporary name in %s", path, dir)
}

// Path returns the target's path.
func (f *File) Path() string { return f.path }

// TempPath returns the temporary file's path: where the data is until
// Commit, and what a crash leaves behind.
func (f *File) TempPath() string { return f.File.Name() }

// Commit saves the file: it syncs the temporary file, closes it, gives it
// the target's mode, renames it over the target and syncs the directory.
// Before the rename, a failure removes the temporary file and leaves the
// target alone; a failed rename keeps the temporary file, complete, and
// the error names it. Commit or Abort after Commit returns an error.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("atomicfile: %s: already committed or aborted", f.path)
	}
	f.done = true
	tmp := f.File.Name()
	fail := func(what string, err error) error {
		f.File.Close()
		os.Remove(tmp)
		return fmt.Errorf("atomicfile: saving %s: %s %s: %w", f.path, what, tmp, err)
	}
	if err := f.File.Sync(); err != nil {
		return fail("syncing", err)
	}
	if err := f.File.Chmod(f.perm); err != nil {
		return fail("setting the mode of", err)
	}
	if err := f.File.Close(); err != nil {
		return fail("closing", err)
	}
	if err := os.Rename(tmp, f.path); err != nil {
		return fmt.Errorf("atomicfile: saving %s: %w (the complete file is in %s)", f.path, err, tmp)
	}
	syncDir(filepath.Dir(f.path))
	return nil
}

// Abort discards the file: the temporary file is closed and removed and
// the target is left as it was. Abort after Commit or Abort does nothing.
func (f *File) Abort() error {
	if f.done {
		return nil
	}
	f.done = true
	f.File.Close()
	if err := os.Remove(f.File.Name()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("atomicfile: discarding %s: %w", f.File.Name(), err)
	}
	return nil
}

// Write writes path atomically with what fn writes: fn's error, or a write
// error, leaves the target as it was. perm is as for Create.
func Write(path string, perm fs.FileMode, fn func(w io.Writer) error) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Abort()
		return fmt.Errorf("atomicfile: writing %s: %w", path, err)
	}
	return f.Commit()
}

// WriteFile writes data to path atomically. perm is as for Create.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// syncDir makes a rename in dir durable where the system can sync a
// directory; elsewhere (Windows) it does nothing: the rename is still
// atomic.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	d.Close()
}
