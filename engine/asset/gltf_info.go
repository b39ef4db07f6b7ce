package asset

import (
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"

	"github.com/qmuntal/gltf"

	"github.com/tickwork/tickwork/gfx/fsx"
)

// ReadInfo returns the counts of the glTF 2.0 file name in fsys (see Info)
// from its JSON alone: no buffer or image is read or decoded, and of a
// .glb only the headers and the JSON chunk are read. It does not check
// the required extensions: it describes a file tickwork cannot load too.
// The file is opened as LoadModel opens it (a regular file only, read up to
// its size when opened). Call it from any goroutine (for a tool's -info,
// say).
func ReadInfo(fsys fs.FS, name string) (Info, error) {
	js, err := readJSON(fsys, name)
	if err != nil {
		return Info{}, fmt.Errorf("%s: %w", name, err)
	}
	doc, _, err := parseDocument(js)
	if err != nil {
		return Info{}, fmt.Errorf("%s: %w", name, err)
	}
	info, err := infoOf(doc)
	if err != nil {
		return Info{}, fmt.Errorf("%s: %w", name, err)
	}
	return info, nil
}

// readJSON returns a .gltf whole, or a .glb's JSON chunk wrapped as a
// .glb without its BIN chunk.
func readJSON(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsx.Open(fsys, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, 20)
	n, err := io.ReadFull(f, head)
	head = head[:n]
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	if !isGLB(head) || n < 20 {
		rest, err := io.ReadAll(f)
		if err != nil {
			return nil, err
		}
		return append(head, rest...), nil
	}
	size := binary.LittleEndian.Uint32(head[12:])
	js, err := io.ReadAll(io.LimitReader(f, int64(size)))
	if err != nil {
		return nil, err
	}
	if uint64(len(js)) < uint64(size) {
		return nil, fmt.Errorf("truncated .glb: the JSON chunk of %d bytes runs past the end (%d bytes left)", size, len(js))
	}
	out := append(head, js...)
	binary.LittleEndian.PutUint32(out[8:], uint32(len(out))) // the total, now without BIN
	return out, nil
}

// infoOf counts what doc defines, as Info's doc says, checking that the
// accessors it counts exist.
func infoOf(doc *gltf.Document) (Info, error) {
	info := Info{
		Nodes:      len(doc.Nodes),
		Meshes:     len(doc.Meshes),
		Textures:   len(doc.Textures),
		Materials:  len(doc.Materials),
		Animations: len(doc.Animations),
		Skins:      len(doc.Skins),
	}
	for si, s := range doc.Skins {
		if s == nil {
			return Info{}, fmt.Errorf("skin %d is null", si)
		}
		info.Joints += len(s.Joints)
	}
	count := func(i int) (int, error) {
		if i < 0 || i >= len(doc.Accessors) || doc.Accessors[i] == nil {
			return 0, fmt.Errorf("accessor %d does not exist (%d accessors)", i, len(doc.Accessors))
		}
		return doc.Accessors[i].Count, nil
	}
	for mi, m := range doc.Meshes {
		if m == nil {
			return Info{}, fmt.Errorf("mesh %d is null", mi)
		}
		info.Primitives += len(m.Primitives)
		for pi, p := range m.Primitives {
			if p == nil {
				return Info{}, fmt.Errorf("mesh %d primitive %d is null", mi, pi)
			}
			pos, ok := p.Attributes[gltf.POSITION]
			if !ok {
				return Info{}, fmt.Errorf("mesh %d primitive %d: no POSITION attribute", mi, pi)
			}
			v, err := count(pos)
			if err != nil {
				return Info{}, fmt.Errorf("mesh %d primitive %d: POSITION: %w", mi, pi, err)
			}
			info.Vertices += v
			info.Targets += len(p.Targets)
			n := v
			if p.Indices != nil {
				if n, err = count(*p.Indices); err != nil {
					return Info{}, fmt.Errorf("mesh %d primitive %d: indices: %w", mi, pi, err)
				}
			}
			switch p.Mode {
			case gltf.PrimitiveTriangles:
				info.Triangles += n / 3
			case gltf.PrimitiveTriangleStrip, gltf.PrimitiveTriangleFan:
				info.Triangles += max(n-2, 0)
			}
		}
	}
	return info, nil
}
