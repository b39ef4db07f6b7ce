package fields

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// Format is the version of the encoding Save writes, its first byte. Load
// refuses data of another format with ErrFormat.
const Format = 1

const hashSeed uint64 = 0x9e3779b97f4a7c15

// Errors that a *LoadError wraps: test for them with errors.Is.
var (
	ErrTruncated = errors.New("the data is truncated: it ends before the description does")
	ErrMismatch  = errors.New("the data does not match the description")
	ErrRange     = errors.New("a saved value is out of its field's range")
	ErrFormat    = errors.New("the data is not in the format Save writes")
	ErrDepth     = errors.New("the description nests too deeply")
)

// LoadError is what Load returns when the data does not fit the
// description: which field, where in the data, and why.
type LoadError struct {
	Type   string // the described value's type, as %T prints it
	Path   string // the field: "hp", "inv.items[2].count"; "" for the format byte
	Offset int    // the byte of the data given to Load where the field's trouble starts
	Err    error  // ErrTruncated, ErrMismatch, ErrRange, ErrFormat or ErrDepth
	Detail string // what was found, in words
}

func (e *LoadError) Error() string {
	field := "field " + e.Path
	if e.Path == "" {
		field = "its format byte"
	}
	return fmt.Sprintf("fields: loading %s, %s at byte %d: %s (%v)", e.Type, field, e.Offset, e.Detail, e.Err)
}

func (e *LoadError) Unwrap() error { return e.Err }

// Codec runs descriptions for Hash, Save, Load and Walk, keeping its memory
// between calls, so that once warm they allocate nothing (the package's
// functions of the same names allocate a Codec each time). The zero Codec
// is ready. It is not safe for concurrent use; a description that runs
// another operation on the same Codec from inside Describe gets a fresh
// visitor (one allocation) rather than a corrupted one.
type Codec struct {
	v    Visitor
	busy bool
}

func (c *Codec) start(o op, root Describer) *Visitor {
	v := &c.v
	if c.busy {
		v = new(Visitor)
	} else {
		c.busy = true
	}
	v.op, v.h, v.buf, v.total, v.err, v.walk, v.root, v.depth = o, 0, nil, 0, nil, nil, root, 0
	return v
}

// finish drops what the visitor holds of the caller's memory.
func (c *Codec) finish(v *Visitor) {
	v.buf, v.walk, v.root, v.err = nil, nil, nil, nil
	if v == &c.v {
		c.busy = false
	}
}

// Hash returns a 64-bit hash of the values d describes (see the package
// documentation for what counts). It is the same on every run, platform
// and Go version; it is not a cryptographic hash.
func (c *Codec) Hash(d Describer) uint64 {
	v := c.start(opHash, d)
	defer c.finish(v)
	v.h = hashSeed
	d.Describe(v)
	return fmix(v.h)
}

// fmix is MurmurHash3's 64-bit finaliser, a bijection that spreads every
// bit of the running hash over the result.
func fmix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// Save appends the encoding of the values d describes to buf and returns
// the extended buffer: a format byte, then each field. The same values
// always give the same bytes. It allocates only when buf must grow.
func (c *Codec) Save(d Describer, buf []byte) []byte {
	v := c.start(opSave, d)
	defer c.finish(v)
	v.buf = append(buf, Format)
	d.Describe(v)
	return v.buf
}

// Load restores the values d describes from data, as Save wrote them, in
// place, and returns the data that follows them (Save's outputs may be
// concatenated). Data that does not fit the description is refused with a
// *LoadError naming the field; the fields before that one have already
// been restored, so on error restore d from elsewhere (another snapshot)
// before using it. Load allocates only to grow a slice beyond its capacity
// or to hold a string that changed, and never more than the data could
// fill: a slice's saved length is checked against the bytes left before
// the slice grows.
func (c *Codec) Load(d Describer, data []byte) (rest []byte, err error) {
	v := c.start(opLoad, d)
	defer c.finish(v)
	v.total = len(data)
	switch {
	case len(data) == 0:
		v.buf = data
		v.fail("", ErrTruncated, "the data is empty")
	case data[0] != Format:
		v.buf = data
		v.fail("", ErrFormat, fmt.Sprintf("the data is format %d, this build reads format %d: save it again with this build", data[0], Format))
	default:
		v.buf = data[1:]
		d.Describe(v)
	}
	if v.err != nil {
		return nil, v.err
	}
	return v.buf, nil
}

// Walk calls fn with the path ("hp", "inv.items[2].count") and the value
// of every field d describes, in order, for a debug view. A slice of
// numbers, strings or vectors is one value (the slice itself: read it
// during fn only); a slice of Structs is walked element by element. A nil
// fn walks nothing. It allocates (each path, each boxed value).
func (c *Codec) Walk(d Describer, fn func(path string, value any)) {
	if fn == nil {
		return
	}
	v := c.start(opWalk, d)
	defer c.finish(v)
	v.walk = fn
	d.Describe(v)
}

// Hash returns the hash of the values d describes; see Codec.Hash. It
// allocates its visitor: code that hashes every tick keeps a Codec.
func Hash(d Describer) uint64 {
	var c Codec
	return c.Hash(d)
}

// Save appends the encoding of the values d describes to buf; see
// Codec.Save. It allocates its visitor: code that saves every tick keeps a
// Codec.
func Save(d Describer, buf []byte) []byte {
	var c Codec
	return c.Save(d, buf)
}

// Load restores the values d describes from data; see Codec.Load. It
// allocates its visitor: code that loads every tick keeps a Codec.
func Load(d Describer, data []byte) (rest []byte, err error) {
	var c Codec
	return c.Load(d, data)
}

// Walk calls fn with the path and value of every field d describes; see
// Codec.Walk.
func Walk(d Describer, fn func(path string, value any)) {
	var c Codec
	c.Walk(d, fn)
}

// Dump returns the fields d describes as text, one "path = value" line
// each, for a debug overlay or a log. Values print as fmt's %v does (a
// matrix as its 16 numbers, column by column).
func Dump(d Describer) string {
	var b []byte
	Walk(d, func(path string, value any) {
		switch m := value.(type) {
		case mgl32.Mat4: // its String method prints four lines
			value = [16]float32(m)
		case []mgl32.Mat4:
			a := make([][16]float32, len(m))
			for i := range m {
				a[i] = m[i]
			}
			value = a
		}
		b = fmt.Appendf(b, "%s = %v\n", path, value)
	})
	return string(b)
}
