package text

import (
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"github.com/tickwork/tickwork/gfx/fsx"
)

// Font is one parsed TrueType or OpenType font and the name it was loaded
// under (a file name or a built-in name such as "Go Regular").
//
// A Font is immutable once made: it may be shared by any number of Faces and
// used from any goroutine. It keeps a reference to the bytes it was parsed
// from, which must not be modified afterwards.
type Font struct {
	name string
	sf   *sfnt.Font
}

// Name returns the name the font was loaded under; errors about the font
// quote it. Safe on any goroutine.
func (f *Font) Name() string { return f.name }

// NumGlyphs returns the number of glyphs in the font. Safe on any goroutine.
func (f *Font) NumGlyphs() int { return f.sf.NumGlyphs() }

// HasRune reports whether the font maps r to a glyph other than .notdef.
// It allocates a small buffer per call, so it is meant for set-up code (which
// fonts to put in a Face), not for every frame. Safe on any goroutine.
func (f *Font) HasRune(r rune) bool {
	var b sfnt.Buffer
	gi, err := f.sf.GlyphIndex(&b, r)
	return err == nil && gi != 0
}

// ParseFont parses a TrueType (.ttf) or OpenType (.otf) font from data.
// For a collection (.ttc, .otc) it takes the collection's first font; use
// ParseCollection to choose another. name identifies the font in errors and
// in Name. The font keeps data: the caller must not modify it afterwards.
// It allocates at most twice data's size (maxRealignFactor: a font whose
// tables are misaligned is copied into an aligned one); a font whose table
// records overlap so that the copy would be larger is refused with
// ErrTableOverlap. Called at load time, on any goroutine.
func ParseFont(name string, data []byte) (*Font, error) {
	if isCollection(data) {
		return ParseCollection(name, data, 0)
	}
	sf, err := sfnt.Parse(data)
	if err != nil && misaligned(data, 0) {
		// Some fonts in the wild place tables at offsets that are not a
		// multiple of four, which sfnt refuses; copy them into a fresh,
		// aligned font.
		if fixed, ferr := realign(data, 0); ferr == nil {
			sf, err = sfnt.Parse(fixed)
		} else if errors.Is(ferr, ErrTableOverlap) {
			err = ferr
		}
	}
	if err != nil {
		return nil, fmt.Errorf("text: font %q: %w", name, err)
	}
	return &Font{name: name, sf: sf}, nil
}

// ParseCollection parses font number index (from 0) of a font collection
// (.ttc or .otc). A plain font file is accepted as a collection of one.
// Fonts in a collection often share tables; the chosen font is copied out
// into a standalone font, so the result does not keep data; the copy is
// bounded as ParseFont's (at most twice data's size, else ErrTableOverlap).
// Called at load time, on any goroutine.
func ParseCollection(name string, data []byte, index int) (*Font, error) {
	if !isCollection(data) {
		if index != 0 {
			return nil, fmt.Errorf("text: font %q: not a collection: font index %d out of range [0, 0]", name, index)
		}
		return ParseFont(name, data)
	}
	n := int(binary.BigEndian.Uint32(data[8:12]))
	if index < 0 || index >= n {
		return nil, fmt.Errorf("text: font %q: font index %d out of range [0, %d]", name, index, n-1)
	}
	if len(data) < 12+4*n {
		return nil, fmt.Errorf("text: font %q: collection header truncated", name)
	}
	offset := int(binary.BigEndian.Uint32(data[12+4*index:]))
	standalone, err := realign(data, offset)
	if err != nil {
		return nil, fmt.Errorf("text: font %q: collection font %d: %w", name, index, err)
	}
	sf, err := sfnt.Parse(standalone)
	if err != nil {
		return nil, fmt.Errorf("text: font %q: collection font %d: %w", name, index, err)
	}
	return &Font{name: name, sf: sf}, nil
}

// LoadFontFile reads and parses the font file at path (.ttf, .otf, or the
// first font of a .ttc/.otc collection). The font's name is the file's base
// name. The file is read as LoadCollectionFile reads it. Called at load
// time, on any goroutine.
func LoadFontFile(path string) (*Font, error) {
	return LoadCollectionFile(path, 0)
}

// LoadCollectionFile reads the font collection at path and parses its font
// number index (from 0); a plain font file is a collection of one. Called at
// load time, on any goroutine.
//
// The file is read as package gfx/fsx reads every file the engine reads:
// a regular file only (a FIFO, a device such as /dev/zero or a directory
// is refused at once, naming it; a symbolic link is followed), once, up to
// its size when opened. Memory stays within a small multiple of the
// file's size (see ParseCollection).
func LoadCollectionFile(path string, index int) (*Font, error) {
	data, err := fsx.ReadPath(path, 0)
	if err != nil {
		return nil, fmt.Errorf("text: load font: %w", err)
	}
	return ParseCollection(filepath.Base(path), data, index)
}

// GoRegular returns the Go Regular font (a proportional sans-serif with
// Latin, Greek and Cyrillic), parsed anew on each call: the one Default
// draws with. The other Go fonts (bold, italic, mono) are in package
// gfx/text/gofont, so a game links them only when it uses them. Called at
// load time, on any goroutine.
func GoRegular() *Font { return builtin("Go Regular", goregular.TTF) }

// builtin parses a font compiled into the program. The Go fonts are known
// good (TestBuiltinFonts parses each), so a failure is a broken build, not
// bad input.
func builtin(name string, data []byte) *Font {
	f, err := ParseFont(name, data)
	if err != nil {
		panic(err)
	}
	return f
}

// isCollection reports whether data starts with a TrueType collection header.
func isCollection(data []byte) bool {
	return len(data) >= 12 && string(data[:4]) == "ttcf"
}

// misaligned reports whether any table of the font whose table directory
// starts at offset begins at an offset that is not a multiple of four.
func misaligned(data []byte, offset int) bool {
	n, ok := numTables(data, offset)
	if !ok {
		return false
	}
	for i := range n {
		rec := data[offset+12+16*i:]
		if binary.BigEndian.Uint32(rec[8:])&3 != 0 {
			return true
		}
	}
	return false
}

func numTables(data []byte, offset int) (int, bool) {
	if offset < 0 || offset+12 > len(data) {
		return 0, false
	}
	n := int(binary.BigEndian.Uint16(data[offset+4:]))
	if offset+12+16*n > len(data) {
		return 0, false
	}
	return n, true
}

var errTruncated = errors.New("table directory or table data truncated")

// ErrTableOverlap is returned (wrapped) for a font whose tables, copied
// out one by one to align them or to take a font out of a collection,
// would add up to more than maxRealignFactor times the file: its table
// records overlap, which no real font needs, and copying them would let a
// small file take gigabytes.
var ErrTableOverlap = errors.New("the font's tables overlap: together they are larger than the file")

// maxRealignFactor bounds the bytes realign copies: at most this many
// times the font file's size (one font of a collection copies at most the
// file once; aligning adds at most 3 bytes a table).
const maxRealignFactor = 2

// realign copies the font whose table directory starts at offset in data into
// a standalone font with every table at a 4-byte aligned offset. It
// refuses, before allocating, a copy larger than maxRealignFactor times
// data (ErrTableOverlap).
func realign(data []byte, offset int) ([]byte, error) {
	n, ok := numTables(data, offset)
	if !ok || n == 0 {
		return nil, errTruncated
	}
	size := 12 + 16*n
	for i := range n {
		rec := data[offset+12+16*i:]
		o, l := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if o < 0 || l < 0 || o > len(data) || l > len(data)-o {
			return nil, fmt.Errorf("table %q: %w", strings.TrimSpace(string(rec[:4])), errTruncated)
		}
		size += (l + 3) &^ 3
	}
	if size > maxRealignFactor*len(data) {
		return nil, fmt.Errorf("%w: %d table records add up to %d bytes in a file of %d", ErrTableOverlap, n, size, len(data))
	}
	out := make([]byte, 12+16*n, size)
	copy(out, data[offset:offset+12+16*n])
	for i := range n {
		in := data[offset+12+16*i:]
		o, l := int(binary.BigEndian.Uint32(in[8:])), int(binary.BigEndian.Uint32(in[12:]))
		binary.BigEndian.PutUint32(out[12+16*i+8:], uint32(len(out)))
		out = append(out, data[o:o+l]...)
		for len(out)&3 != 0 {
			out = append(out, 0)
		}
	}
	return out, nil
}

// DefaultSize is the size of the default face: in the HUD, 14 logical
// units (28 framebuffer pixels on a 2× display).
const DefaultSize = 14

// Default returns a new default face: Go Regular at DefaultSize pixels. A
// gfx.Text without a Face is drawn with it, times its Scale, so pure code
// measures such text with Default's Measure (times the Scale). The engine
// keeps one for its states (engine.DrawContext.Face).
func Default() (*Face, error) { return NewFace(DefaultSize, GoRegular()) }
