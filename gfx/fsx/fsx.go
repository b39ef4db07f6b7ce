package fsx

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is what every refused special file (FIFO, device, socket,
// directory) matches with errors.Is.
var ErrNotRegular = errors.New("not a regular file")

// ErrOutside is what a name resolved by Dir matches with errors.Is when it
// leads out of the directory, through ".." or a symbolic link.
var ErrOutside = errors.New("it leads outside the directory")

// ErrTooLarge is what ReadFile and ReadPath return, wrapped in a
// *fs.PathError, for a file larger than the limit they were given.
var ErrTooLarge = errors.New("file too large")

// NotRegularError says that the file at Path is not a regular file and
// what it is instead.
type NotRegularError struct {
	Path string
	Mode fs.FileMode // the type bits of what Path leads to
}

// Error names the path and the kind of file it is.
func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file: give the path of a file", e.Path, Kind(e.Mode))
}

// Unwrap returns ErrNotRegular.
func (e *NotRegularError) Unwrap() error { return ErrNotRegular }

// Kind describes the type of a file mode in words: "a FIFO (named pipe)",
// "a character device"...
func Kind(m fs.FileMode) string {
	switch t := m.Type(); {
	case t == 0:
		return "a regular file"
	case t&fs.ModeDir != 0:
		return "a directory"
	case t&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeCharDevice != 0:
		return "a character device"
	case t&fs.ModeDevice != 0:
		return "a device"
	case t&fs.ModeSymlink != 0:
		return "a symbolic link"
	case t&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return fmt.Sprintf("a file of mode %v", m.Type())
}

// check refuses anything but a regular file.
func check(name string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return &NotRegularError{Path: name, Mode: fi.Mode()}
	}
	return nil
}

// File is an open regular file whose reads stop at the size it had when
// it was opened. It implements fs.File; its Seek and ReadAt fail when the
// file it wraps has no such method (the files Guard's Open returns have
// the methods only when the wrapped file does).
type File struct {
	f    fs.File
	name string
	size int64
	pos  int64
}

// Size returns the file's size when it was opened: the most it reads.
func (f *File) Size() int64 { return f.size }

// Name returns the name the file was opened under.
func (f *File) Name() string { return f.name }

// Stat returns the wrapped file's FileInfo.
func (f *File) Stat() (fs.FileInfo, error) { return f.f.Stat() }

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Read reads up to len(p) bytes, never past Size.
func (f *File) Read(p []byte) (int, error) {
	if f.pos >= f.size {
		return 0, io.EOF
	}
	if rest := f.size - f.pos; int64(len(p)) > rest {
		p = p[:rest]
	}
	n, err := f.f.Read(p)
	f.pos += int64(n)
	return n, err
}

// Seek moves the read position as io.Seeker does (io.SeekEnd counts from
// Size). It fails when the wrapped file cannot seek.
func (f *File) Seek(offset int64, whence int) (int64, error) {
	s, ok := f.f.(io.Seeker)
	if !ok {
		return f.pos, fmt.Errorf("%s: %w", f.name, errors.ErrUnsupported)
	}
	switch whence {
	case io.SeekCurrent:
		offset += f.pos
	case io.SeekEnd:
		offset += f.size
	case io.SeekStart:
	default:
		return f.pos, fmt.Errorf("%s: seek: whence %d: %w", f.name, whence, fs.ErrInvalid)
	}
	if offset < 0 {
		return f.pos, fmt.Errorf("%s: seek to %d: %w", f.name, offset, fs.ErrInvalid)
	}
	n, err := s.Seek(offset, io.SeekStart)
	if err != nil {
		return f.pos, err
	}
	f.pos = n
	return n, nil
}

// ReadAt reads len(p) bytes from offset off, never past Size. It fails
// when the wrapped file has no ReadAt.
func (f *File) ReadAt(p []byte, off int64) (int, error) {
	ra, ok := f.f.(io.ReaderAt)
	if !ok {
		return 0, fmt.Errorf("%s: %w", f.name, errors.ErrUnsupported)
	}
	if off >= f.size {
		return 0, io.EOF
	}
	short := false
	if rest := f.size - off; int64(len(p)) > rest {
		p, short = p[:rest], true
	}
	n, err := ra.ReadAt(p, off)
	if err == nil && short {
		err = io.EOF
	}
	return n, err
}

// asFS returns f as an fs.File that has the Seek and ReadAt methods only
// when the wrapped file has them, so that callers testing for them see
// what the file can do.
func (f *File) asFS() fs.File {
	_, seeks := f.f.(io.Seeker)
	_, readsAt := f.f.(io.ReaderAt)
	switch {
	case seeks && readsAt:
		return f
	case seeks:
		return seekOnly{plain{f}}
	case readsAt:
		return readAtOnly{plain{f}}
	}
	return plain{f}
}

type plain struct{ f *File }

func (p plain) Read(b []byte) (int, error) { return p.f.Read(b) }
func (p plain) Stat() (fs.FileInfo, error) { return p.f.Stat() }
func (p plain) Close() error               { return p.f.Close() }

type seekOnly struct{ plain }

func (s seekOnly) Seek(off int64, whence int) (int64, error) { return s.f.Seek(off, whence) }

type readAtOnly struct{ plain }

func (r readAtOnly) ReadAt(b []byte, off int64) (int, error) { return r.f.ReadAt(b, off) }

// readAll reads the whole file into one allocation of Size bytes. A file
// that shrank since it was opened is an error.
func (f *File) readAll() ([]byte, error) {
	b := make([]byte, f.size-f.pos)
	if _, err := io.ReadFull(f, b); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			err = fmt.Errorf("it shrank while read (it held %d bytes when opened): %w", f.size, io.ErrUnexpectedEOF)
		}
		return nil, &fs.PathError{Op: "read", Path: f.name, Err: err}
	}
	return b, nil
}

// Open opens name in fsys for reading, refusing anything but a regular
// file (a *NotRegularError, inside a *fs.PathError). When fsys is a
// fs.StatFS (os.DirFS, os.Root's FS, Dir, embed.FS...) the file is checked
// before it is opened, so a FIFO is never opened; the opened file is
// checked again. The File's reads stop at the size it had when opened.
func Open(fsys fs.FS, name string) (*File, error) {
	if g, ok := fsys.(guarded); ok {
		return g.open(name)
	}
	if sfs, ok := fsys.(fs.StatFS); ok {
		fi, err := sfs.Stat(name)
		if err != nil {
			return nil, err
		}
		if err := check(name, fi); err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	return wrap(f, name)
}

// wrap checks an opened file and bounds its reads, closing it on error.
func wrap(f fs.File, name string) (*File, error) {
	fi, err := f.Stat()
	if err == nil {
		err = check(name, fi)
	}
	if err != nil {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return &File{f: f, name: name, size: fi.Size()}, nil
}

// ReadFile reads the whole of the regular file name in fsys (opened as
// Open does) with one allocation of its size. A file larger than limit
// bytes is refused before anything is read (ErrTooLarge); limit ≤ 0 means
// no limit but the file's size.
func ReadFile(fsys fs.FS, name string, limit int64) ([]byte, error) {
	f, err := Open(fsys, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, limit)
}

func readLimited(f *File, limit int64) ([]byte, error) {
	if limit > 0 && f.size > limit {
		return nil, &fs.PathError{Op: "read", Path: f.name, Err: fmt.Errorf("%w: %d bytes, more than the %d allowed", ErrTooLarge, f.size, limit)}
	}
	return f.readAll()
}

// OpenPath opens the file at path on disk (a path as the user gave it:
// symbolic links are followed wherever they lead) for reading, refusing
// anything but a regular file, as Open does.
func OpenPath(path string) (*File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := check(path, fi); err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	return wrap(f, path)
}

// ReadPath is ReadFile for the file at path on disk, opened as OpenPath
// does.
func ReadPath(path string, limit int64) ([]byte, error) {
	f, err := OpenPath(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, limit)
}
