package replay

import (
	"encoding/binary"
	"fmt"
)

// cursor reads the values of a checked chunk payload. Running past its end
// is corruption: the checksum was right, so the writer wrote it so.
type cursor struct {
	b    []byte
	pos  int
	base int    // file offset of b[0]
	tick uint64 // the tick being read, for errors
}

func (c *cursor) fail(format string, args ...any) error {
	return &FormatError{Offset: int64(c.base + c.pos), Tick: c.tick, Problem: fmt.Sprintf(format, args...), Err: ErrCorrupt}
}

func (c *cursor) more() bool { return c.pos < len(c.b) }
func (c *cursor) left() int  { return len(c.b) - c.pos }

func (c *cursor) end() error {
	if c.more() {
		return c.fail("%d unexpected bytes at the end of the chunk", c.left())
	}
	return nil
}

func (c *cursor) uvarint(what string) (uint64, error) {
	v, k := binary.Uvarint(c.b[c.pos:])
	if k <= 0 {
		return 0, c.fail("bad %s: the varint runs past the chunk or overflows", what)
	}
	c.pos += k
	return v, nil
}

func (c *cursor) varint(what string) (int64, error) {
	v, k := binary.Varint(c.b[c.pos:])
	if k <= 0 {
		return 0, c.fail("bad %s: the varint runs past the chunk or overflows", what)
	}
	c.pos += k
	return v, nil
}

func (c *cursor) byte(what string) (byte, error) {
	if !c.more() {
		return 0, c.fail("the chunk ends inside the %s", what)
	}
	c.pos++
	return c.b[c.pos-1], nil
}

func (c *cursor) u64(what string) (uint64, error) {
	if c.left() < 8 {
		return 0, c.fail("the chunk ends inside the %s", what)
	}
	c.pos += 8
	return binary.LittleEndian.Uint64(c.b[c.pos-8:]), nil
}

func (c *cursor) text(what string) (string, error) {
	n, err := c.uvarint(what + " length")
	if err != nil {
		return "", err
	}
	if n > maxText || n > uint64(c.left()) {
		return "", c.fail("%s of %d bytes: too long", what, n)
	}
	c.pos += int(n)
	return string(c.b[c.pos-int(n) : c.pos]), nil
}
