package replay

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestOpenChecksTheHeaderBeforeReading: a large file that is not a
// recording, or one of an unknown format version, is refused from its
// first bytes, without reading the rest (a sparse file of MaxFileSize
// bytes costs no disk). The bound is on bytes allocated, not on time.
func TestOpenChecksTheHeaderBeforeReading(t *testing.T) {
	badVersion := []byte(magic)
	badVersion = binary.LittleEndian.AppendUint16(badVersion, FormatVersion+1)
	for _, tt := range []struct {
		name string
		head []byte
		want error
	}{
		{"zeros", nil, ErrNotRecording},
		{"text", []byte("hello, this is not a recording"), ErrNotRecording},
		{"future version", badVersion, ErrVersion},
	} {
		path := filepath.Join(t.TempDir(), tt.name+".twr")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write(tt.head); err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(MaxFileSize); err != nil {
			t.Skipf("cannot make a sparse file of %d bytes here: %v", MaxFileSize, err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		p, err := Open(path)
		runtime.ReadMemStats(&after)
		if p != nil || !errors.Is(err, tt.want) {
			t.Errorf("%s: got %v, %v; want no player and %v", tt.name, p, err, tt.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
			t.Errorf("%s: Open allocated %d bytes to refuse a %d-byte file, want under 1 MiB (the header says enough)", tt.name, alloc, MaxFileSize)
		}
	}
}
