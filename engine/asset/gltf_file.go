package asset

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"strings"

	"github.com/tickwork/tickwork/gfx/fsx"
)

// The .glb container (glTF 2.0, section 4.4): a 12-byte header (magic,
// version, total length) and chunks of (length, type, data).
const (
	glbMagic     = 0x46546c67 // "glTF"
	glbChunkJSON = 0x4e4f534a // "JSON"
	glbChunkBIN  = 0x004e4942 // "BIN\0"
)

func isGLB(data []byte) bool {
	return len(data) >= 4 && binary.LittleEndian.Uint32(data) == glbMagic
}

// splitGLB returns a .glb's JSON chunk and its BIN chunk (nil without
// one), checking every length against the data actually there.
func splitGLB(data []byte) (js, bin []byte, err error) {
	if len(data) < 20 {
		return nil, nil, fmt.Errorf("truncated .glb: %d bytes, shorter than its headers", len(data))
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != 2 {
		return nil, nil, fmt.Errorf(".glb container version %d: only 2 is supported", v)
	}
	total := binary.LittleEndian.Uint32(data[8:])
	if uint64(total) > uint64(len(data)) {
		return nil, nil, fmt.Errorf("truncated .glb: its header says %d bytes, the file has %d", total, len(data))
	}
	data = data[:total]
	for off, chunk := 12, 0; off < len(data); chunk++ {
		if len(data)-off < 8 {
			return nil, nil, fmt.Errorf("truncated .glb: chunk %d's header runs past the end", chunk)
		}
		n := binary.LittleEndian.Uint32(data[off:])
		typ := binary.LittleEndian.Uint32(data[off+4:])
		off += 8
		if uint64(n) > uint64(len(data)-off) {
			return nil, nil, fmt.Errorf("truncated .glb: chunk %d of %d bytes runs past the end (%d bytes left)", chunk, n, len(data)-off)
		}
		body := data[off : off+int(n)]
		off += int(n)
		switch {
		case chunk == 0 && typ != glbChunkJSON:
			return nil, nil, fmt.Errorf(".glb: the first chunk is not JSON (type %#x)", typ)
		case chunk == 0:
			js = body
		case chunk == 1 && typ == glbChunkBIN:
			bin = body
		}
	}
	return js, bin, nil
}

// loadBuffers reads every buffer's bytes (the BIN chunk, a data: URI or
// an external file) and checks each holds at least its byteLength.
func (ld *loader) loadBuffers() error {
	ld.bufs = make([][]byte, len(ld.doc.Buffers))
	for i, b := range ld.doc.Buffers {
		if b == nil {
			return fmt.Errorf("buffer %d is null", i)
		}
		if b.ByteLength < 1 {
			return fmt.Errorf("buffer %d: byteLength %d: want at least 1", i, b.ByteLength)
		}
		var data []byte
		var err error
		switch {
		case b.URI == "" && i == 0 && ld.bin != nil:
			data = ld.bin
		case b.URI == "":
			return fmt.Errorf("buffer %d has no URI and the file has no .glb binary chunk", i)
		default:
			data, err = ld.readURI(b.URI, b.ByteLength)
		}
		if err != nil {
			return fmt.Errorf("buffer %d: %w", i, err)
		}
		if len(data) < b.ByteLength {
			return fmt.Errorf("buffer %d declares %d bytes, its data holds %d", i, b.ByteLength, len(data))
		}
		ld.bufs[i] = data[:b.ByteLength:b.ByteLength]
	}
	return nil
}

// readURI returns the bytes a buffer's or image's URI names: a base64
// data: URI, or a file relative to the model's directory. It reads at
// most limit bytes of a file (no limit when limit ≤ 0), and refuses a
// data: URI too short to hold limit bytes before decoding it.
func (ld *loader) readURI(uri string, limit int) ([]byte, error) {
	if rest, ok := strings.CutPrefix(uri, "data:"); ok {
		head, payload, ok := strings.Cut(rest, ",")
		if !ok || !strings.HasSuffix(head, ";base64") {
			return nil, fmt.Errorf("data URI %.40q: want base64 data (data:<type>;base64,<data>)", uri)
		}
		enc := base64.StdEncoding
		if len(payload)%4 != 0 {
			enc = base64.RawStdEncoding
		}
		if limit > 0 && enc.DecodedLen(len(payload)) < limit {
			return nil, fmt.Errorf("data URI holds %d bytes, want %d", enc.DecodedLen(len(payload)), limit)
		}
		data, err := enc.DecodeString(payload)
		if err != nil {
			return nil, fmt.Errorf("data URI: %w", err)
		}
		return data, nil
	}
	p, err := url.PathUnescape(uri)
	if err != nil {
		return nil, fmt.Errorf("URI %q: %w", uri, err)
	}
	if u, err := url.Parse(uri); err == nil && u.Scheme != "" {
		return nil, fmt.Errorf("URI %q: only data: URIs and relative file names are supported", uri)
	}
	if ld.fsys == nil {
		return nil, fmt.Errorf("external file %q: no file system to read it from", p)
	}
	full := path.Join(ld.dir, p)
	if !fs.ValidPath(full) {
		return nil, fmt.Errorf("external file %q lies outside the model's file system", p)
	}
	f, err := fsx.Open(ld.fsys, full)
	if err != nil {
		return nil, fmt.Errorf("external file %q: %w", p, err)
	}
	defer f.Close()
	n := f.Size()
	if limit > 0 {
		n = min(n, int64(limit))
	}
	data := make([]byte, n)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("external file %q: it shrank while read: %w", p, err)
	}
	return data, nil
}

// view returns buffer view v's bytes, checking the view lies within its
// buffer.
func (ld *loader) view(v int) ([]byte, int, error) {
	views := ld.doc.BufferViews
	if v < 0 || v >= len(views) || views[v] == nil {
		return nil, 0, fmt.Errorf("buffer view %d does not exist (%d views)", v, len(views))
	}
	bv := views[v]
	if bv.Buffer < 0 || bv.Buffer >= len(ld.bufs) {
		return nil, 0, fmt.Errorf("buffer view %d: buffer %d does not exist (%d buffers)", v, bv.Buffer, len(ld.bufs))
	}
	buf := ld.bufs[bv.Buffer]
	if bv.ByteOffset < 0 || bv.ByteLength < 1 || bv.ByteOffset > len(buf) || bv.ByteLength > len(buf)-bv.ByteOffset {
		return nil, 0, fmt.Errorf("buffer view %d (offset %d, %d bytes) lies outside buffer %d (%d bytes)", v, bv.ByteOffset, bv.ByteLength, bv.Buffer, len(buf))
	}
	if bv.ByteStride != 0 && (bv.ByteStride < 4 || bv.ByteStride > 252) {
		return nil, 0, fmt.Errorf("buffer view %d: byteStride %d: want 4 to 252", v, bv.ByteStride)
	}
	return buf[bv.ByteOffset : bv.ByteOffset+bv.ByteLength], bv.ByteStride, nil
}
