package text

import (
	"encoding/binary"
	"errors"
	"runtime"
	"testing"
)

// overlappingTables returns a font of about size bytes whose n table
// records all point at (nearly) the whole file from a misaligned offset,
// so copying each table out separately would take n times the file. As a
// collection, the font directory follows a one-font TTC header.
func overlappingTables(size, n int, collection bool) []byte {
	data := make([]byte, size)
	off := 0
	if collection {
		copy(data, "ttcf")
		binary.BigEndian.PutUint32(data[4:], 0x00010000)
		binary.BigEndian.PutUint32(data[8:], 1)
		binary.BigEndian.PutUint32(data[12:], 16)
		off = 16
	}
	binary.BigEndian.PutUint32(data[off:], 0x00010000)
	binary.BigEndian.PutUint16(data[off+4:], uint16(n))
	for i := range n {
		rec := data[off+12+16*i:]
		binary.BigEndian.PutUint32(rec, uint32(0x41414141+i)) // distinct tags
		binary.BigEndian.PutUint32(rec[8:], 1)                // misaligned
		binary.BigEndian.PutUint32(rec[12:], uint32(size-1))
	}
	return data
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestOverlappingTablesAreBounded: parsing a font allocates at most
// maxRealignFactor times its size (plus the parser's own small change),
// however its table records overlap; past that it is refused by name.
func TestOverlappingTablesAreBounded(t *testing.T) {
	const size, n = 64 << 10, 4000 // copied naively: 256 MB
	for _, tc := range []struct {
		name  string
		parse func([]byte) error
		coll  bool
	}{
		{"TTF", func(b []byte) error { _, err := ParseFont("x.ttf", b); return err }, false},
		{"TTC", func(b []byte) error { _, err := ParseCollection("x.ttc", b, 0); return err }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := overlappingTables(size, n, tc.coll)
			var err error
			got := allocated(func() { err = tc.parse(data) })
			if !errors.Is(err, ErrTableOverlap) {
				t.Errorf("err = %v, want ErrTableOverlap", err)
			}
			if limit := uint64(maxRealignFactor*size + 1<<20); got > limit {
				t.Errorf("parsing a %d-byte font allocated %d bytes: want at most %d", size, got, limit)
			}
		})
	}
}
