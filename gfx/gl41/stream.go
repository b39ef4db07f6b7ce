package gl41

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// Upload selects how per-frame vertex data (instances, HUD quads) reaches
// the GPU. Every strategy is correct; they differ in how the driver avoids
// overwriting data the GPU may still be reading.
type Upload uint8

const (
	// UploadOrphan (the default) re-specifies the buffer's storage with
	// glBufferData(nil) before each glBufferSubData: the driver hands out
	// fresh memory instead of waiting for draws that still read the old.
	UploadOrphan Upload = iota
	// UploadSubData writes with glBufferSubData into storage kept across
	// frames; the driver must synchronise (or copy) when it is still in use.
	UploadSubData
	// UploadMapInvalidate maps the buffer with GL_MAP_INVALIDATE_BUFFER_BIT
	// (orphaning through the map) and copies into it.
	UploadMapInvalidate
	// UploadRing appends to a ring buffer mapped with
	// GL_MAP_UNSYNCHRONIZED_BIT, orphaning the storage when it wraps, so a
	// region is never written twice while the GPU may read it. Draws point
	// their attributes at the region's offset. (Persistent mapping needs
	// GL 4.4 and is not used.)
	UploadRing

	numUploads
)

var uploadNames = [numUploads]string{"orphan", "subdata", "map-invalidate", "ring"}

func (u Upload) String() string {
	if u < numUploads {
		return uploadNames[u]
	}
	return fmt.Sprintf("upload#%d", uint8(u))
}

// Valid reports whether u is a known strategy.
func (u Upload) Valid() bool { return u < numUploads }

// stream is one GL_ARRAY_BUFFER that receives per-frame data.
type stream struct {
	buf  uint32
	cap  int // bytes of storage allocated
	head int // UploadRing: next free byte
}

const minStream = 64 << 10

// grow returns the storage size for n bytes: a power of two, at least
// minStream, so capacity settles after a few frames of a steady scene.
func grow(n int) int {
	c := minStream
	for c < n {
		c *= 2
	}
	return c
}

// upload writes size bytes at data into s (bound to GL_ARRAY_BUFFER by the
// caller, who also bound the VAO that reads it) and returns the offset the
// data starts at: 0 for every strategy but the ring.
func (a *api) upload(s *stream, how Upload, data unsafe.Pointer, size int) int {
	switch how {
	case UploadSubData:
		if size > s.cap {
			s.cap = grow(size)
			a.bufferData(gl.ARRAY_BUFFER, s.cap, nil, gl.STREAM_DRAW)
		}
		a.bufferSubData(gl.ARRAY_BUFFER, 0, size, data)
		return 0

	case UploadMapInvalidate:
		if size > s.cap {
			s.cap = grow(size)
			a.bufferData(gl.ARRAY_BUFFER, s.cap, nil, gl.STREAM_DRAW)
		}
		if a.mapCopy(0, size, gl.MAP_WRITE_BIT|gl.MAP_INVALIDATE_BUFFER_BIT, data) {
			return 0
		}
		a.bufferData(gl.ARRAY_BUFFER, s.cap, nil, gl.STREAM_DRAW)
		a.bufferSubData(gl.ARRAY_BUFFER, 0, size, data)
		return 0

	case UploadRing:
		if s.head+size > s.cap {
			if 3*size > s.cap {
				s.cap = grow(4 * size)
			}
			a.bufferData(gl.ARRAY_BUFFER, s.cap, nil, gl.STREAM_DRAW)
			s.head = 0
		}
		off := s.head
		s.head += (size + 255) &^ 255
		if a.mapCopy(off, size, gl.MAP_WRITE_BIT|gl.MAP_UNSYNCHRONIZED_BIT|gl.MAP_INVALIDATE_RANGE_BIT, data) {
			return off
		}
		a.bufferSubData(gl.ARRAY_BUFFER, off, size, data)
		return off

	default: // UploadOrphan
		if size > s.cap {
			s.cap = grow(size)
		}
		a.bufferData(gl.ARRAY_BUFFER, s.cap, nil, gl.STREAM_DRAW)
		a.bufferSubData(gl.ARRAY_BUFFER, 0, size, data)
		return 0
	}
}

// mapCopy maps [off, off+size) of the bound array buffer, copies data into
// it and unmaps. It reports false when the map failed or the data was lost
// (the caller then falls back to glBufferSubData).
func (a *api) mapCopy(off, size int, access uint32, data unsafe.Pointer) bool {
	p := a.mapBufferRange(gl.ARRAY_BUFFER, off, size, access)
	if p == nil {
		return false
	}
	copy(unsafe.Slice((*byte)(p), size), unsafe.Slice((*byte)(data), size))
	return a.unmapBuffer(gl.ARRAY_BUFFER)
}
