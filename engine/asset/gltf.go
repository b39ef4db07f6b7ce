package asset

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/tickwork/tickwork/gfx/fsx"
)

// LoadModel reads the glTF 2.0 file name from fsys: a .glb, or a .gltf
// whose buffers and images are embedded (data: URIs) or external files,
// resolved relative to name's directory inside fsys. It registers the
// file's meshes (one per primitive), its base colour images and its
// materials in l under names derived from name ("ship.glb#mesh0.1" is mesh
// 0's primitive 1, "ship.glb#image2", "ship.glb#material3"), so loading
// the same file again returns the same IDs, and returns the Model of its
// default scene, with its skins (Model.Skins; joints and weights on the
// meshes, weights normalised with a notice) and morph targets (on the
// meshes; weights channels in the animations). Cameras and lights are not
// loaded (see Model.Notices). Bad input gives an error naming the file and the element
// at fault, and then nothing is registered.
//
// Files are opened as package gfx/fsx opens them: the model and every
// file its URIs name must be regular files (a FIFO, a device such as
// /dev/zero, a socket or a directory is refused at once, naming it), and
// each is read only up to the size it had when opened. A URI leading out
// of name's directory ("../x.bin") is refused; so is a symbolic link
// leading out of the model's directory when fsys is fsx.Dir (as with
// LoadModelFile). os.DirFS follows such links: give fsx.Dir instead to
// refuse them.
//
// Memory and time are bounded by the files' real sizes:
//
//   - Parsing the JSON allocates at most about 512 bytes per byte of it
//     (an empty node "{}" becomes a record of a few hundred bytes).
//   - Decoded vertex, index and animation data takes at most 16 bytes per
//     byte of the model and its buffers, plus 1 MiB. Each array is decoded
//     once and shared by every primitive and channel using it (computed
//     normals included); a file asking for more is refused, naming the
//     accessor. Checking shared data for each use is bounded likewise (256
//     elements a byte, plus 16 Mi).
//   - Images are decoded once per source (images naming the same buffer
//     view or URI share it), each checked from its header
//     (DecodeImageBytes), and what decoding them takes comes from one
//     budget for the model: 1024 bytes per byte of the model, its buffers
//     and its image files, plus 64 MiB.
//   - A model whose nodes would spawn more than one actor for every 4
//     bytes of it, plus 65,536 (nodes naming a mesh of many primitives), is
//     refused.
//
// Call it from the goroutine that uses l (a Library is used by one
// goroutine at a time), typically while a game loads.
func (l *Library) LoadModel(fsys fs.FS, name string) (*Model, error) {
	data, err := fsx.ReadFile(fsys, name, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return l.decodeModel(name, data, fsx.Guard(fsys), path.Dir(name))
}

// LoadModelFile is LoadModel for a file on disk: external buffers and
// images are read from the file's directory. The assets are named after
// path as given (slashes for separators), so give it the same relative
// path on every machine. p itself may be a symbolic link to a regular
// file anywhere; the files its URIs name are read through fsx.Dir of p's
// directory, so neither a "../" URI nor a symbolic link may lead out of
// it. Its bounds are LoadModel's. Call it as LoadModel.
func (l *Library) LoadModelFile(p string) (*Model, error) {
	name := filepath.ToSlash(p)
	data, err := fsx.ReadPath(p, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return l.decodeModel(name, data, fsx.Dir(filepath.Dir(p)), ".")
}

// DecodeModel is LoadModel for a file already in memory: data holds a
// .glb or a .gltf's JSON, named name. External URIs are resolved relative
// to name's directory in fsys; fsys may be nil, and then an external URI
// is an error. Files are read and memory is bounded as by LoadModel. Call
// it as LoadModel.
func (l *Library) DecodeModel(name string, data []byte, fsys fs.FS) (*Model, error) {
	if fsys != nil {
		fsys = fsx.Guard(fsys)
	}
	return l.decodeModel(name, data, fsys, path.Dir(name))
}

func (l *Library) decodeModel(name string, data []byte, fsys fs.FS, dir string) (*Model, error) {
	ld := &loader{lib: l, name: name, fsys: fsys, dir: dir, cache: make(map[cacheKey]any)}
	m, err := ld.load(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// supportedRequired lists the extensions a file may require.
const supportedRequired = "KHR_materials_unlit, KHR_texture_transform, KHR_lights_punctual, KHR_materials_emissive_strength"

// loader is the state of one LoadModel call.
type loader struct {
	lib  *Library
	name string // the model's name: errors and asset names start with it
	fsys fs.FS  // where external URIs are read; nil: nowhere
	dir  string // the directory in fsys external URIs are relative to

	doc  *gltf.Document
	bin  []byte   // the .glb's BIN chunk, nil for a .gltf
	bufs [][]byte // the buffers' bytes, byteLength each

	// budget is the bytes accessor decoding may still allocate: a multiple
	// of the file's real size, so a small file cannot ask for gigabytes.
	budget int
	// work is how many more decoded elements primitives and animation
	// channels may be checked over: each use of shared data is checked.
	work      int
	cache     map[cacheKey]any // decoded accessors, shared by the primitives that use them
	normalsOf map[normalsKey][]mgl32.Vec3

	plan    plan
	images  map[int]int        // glTF image → plan.images index
	sources map[string]int     // an image's source ("view 3", "uri a.png") → plan.images index
	spaces  map[int]ColorSpace // plan.images index → the colour space its first use asked for
	// pixels is the bytes image decoding may still allocate: see
	// pixelBudgetFactor.
	pixels  int
	notices []string
	// repaired counts vertices whose skin weights were normalised;
	// dropped those with more than four influences.
	repaired, dropped int
}

// budgetFactor is how many bytes of decoded data each byte of the file may
// give (a byte of an 8-bit colour becomes a 4-byte float), with
// budgetSlack on top for tiny files with zero-filled (sparse) accessors.
// Every decoded array is charged once, however many primitives or
// channels share it: they share the array.
//
// workFactor is how many decoded elements each byte of the file may have
// checked (a primitive's positions and indices, a channel's keys), with
// workSlack on top: data shared by many primitives is checked for each,
// and this bounds the time that takes.
const (
	budgetFactor = 16
	budgetSlack  = 1 << 20
	workFactor   = 256
	workSlack    = 1 << 24
)

func (ld *loader) notice(format string, args ...any) {
	ld.notices = append(ld.notices, fmt.Sprintf(format, args...))
}

// load decodes the whole document, plans its assets, registers them and
// returns the Model.
func (ld *loader) load(data []byte) (*Model, error) {
	doc, bin, err := parseDocument(data)
	if err != nil {
		return nil, err
	}
	ld.doc, ld.bin = doc, bin
	if err := checkRequired(doc); err != nil {
		return nil, err
	}
	info, err := infoOf(doc)
	if err != nil {
		return nil, err
	}
	if err := ld.loadBuffers(); err != nil {
		return nil, err
	}
	size := len(data)
	for _, b := range ld.bufs {
		size += len(b)
	}
	ld.budget = budgetFactor*size + budgetSlack
	ld.work = workFactor*size + workSlack
	ld.pixels = pixelBudgetFactor*size + pixelBudgetSlack

	m := &Model{Name: ld.name, Info: info}
	if m.Nodes, m.Roots, err = ld.nodes(); err != nil {
		return nil, err
	}
	if err := ld.lights(m.Nodes); err != nil {
		return nil, err
	}
	if err := checkActors(doc, size); err != nil {
		return nil, err
	}
	matIndex, err := ld.materials()
	if err != nil {
		return nil, err
	}
	meshPrims, err := ld.meshes(matIndex)
	if err != nil {
		return nil, err
	}
	if m.Animations, err = ld.animations(len(m.Nodes)); err != nil {
		return nil, err
	}
	if m.Skins, err = ld.skins(m.Nodes, meshPrims); err != nil {
		return nil, err
	}
	ids, err := ld.plan.commit(ld.lib)
	if err != nil {
		return nil, err
	}
	for i, n := range doc.Nodes {
		if n.Mesh == nil {
			continue
		}
		if err := nodeWeights(doc, i, &m.Nodes[i]); err != nil {
			return nil, err
		}
		for _, p := range meshPrims[*n.Mesh] {
			m.Nodes[i].Meshes = append(m.Nodes[i].Meshes, ids[p])
		}
	}
	m.Notices = ld.notices
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// actorsPerByte and actorSlack bound the actors a model's Spawn makes
// (one per node, and one more per further primitive of its mesh): at most
// one for every actorsPerByte bytes of the model and its buffers, plus
// actorSlack, so nodes naming a mesh of many primitives cannot make a
// small file spawn millions.
const (
	actorsPerByte = 4
	actorSlack    = 1 << 16
)

// checkActors refuses a document whose nodes would spawn more actors than
// a file of size bytes may ask for. Node meshes must be in range.
func checkActors(doc *gltf.Document, size int) error {
	limit := size/actorsPerByte + actorSlack
	actors := 0
	for _, n := range doc.Nodes {
		actors++
		if n.Mesh != nil && len(doc.Meshes[*n.Mesh].Primitives) > 1 {
			actors += len(doc.Meshes[*n.Mesh].Primitives) - 1
		}
		if actors > limit {
			return fmt.Errorf("its nodes would spawn more than %d actors (one per node and primitive of its mesh): at most %d for a file of %d bytes", limit, limit, size)
		}
	}
	return nil
}

// parseDocument decodes a .glb's JSON chunk (returning its BIN chunk too)
// or a .gltf's JSON.
func parseDocument(data []byte) (*gltf.Document, []byte, error) {
	js, bin := data, []byte(nil)
	if isGLB(data) {
		var err error
		if js, bin, err = splitGLB(data); err != nil {
			return nil, nil, err
		}
	} else if t := strings.TrimLeft(string(data[:min(len(data), 64)]), " \t\r\n\ufeff"); !strings.HasPrefix(t, "{") {
		return nil, nil, fmt.Errorf("not a glTF file: neither a .glb nor a JSON object")
	}
	doc := new(gltf.Document)
	if err := json.Unmarshal(js, doc); err != nil {
		return nil, nil, fmt.Errorf("reading the JSON: %w", err)
	}
	if !strings.HasPrefix(doc.Asset.Version, "2.") {
		return nil, nil, fmt.Errorf("glTF version %q: only 2.x is supported", doc.Asset.Version)
	}
	return doc, bin, nil
}

// checkRequired refuses a document requiring an extension tickwork does
// not implement.
func checkRequired(doc *gltf.Document) error {
	for _, e := range doc.ExtensionsRequired {
		switch e {
		case "KHR_materials_unlit", "KHR_texture_transform", "KHR_lights_punctual", "KHR_materials_emissive_strength":
		default:
			return fmt.Errorf("requires extension %s, which tickwork does not support (it supports %s)", e, supportedRequired)
		}
	}
	return nil
}

// extension decodes the extension named key of exts into v, reporting
// whether it is there. qmuntal/gltf keeps an extension as raw JSON or as
// its own type (when a package registered one): both are re-encoded.
func extension(exts gltf.Extensions, key string, v any) (bool, error) {
	e, ok := exts[key]
	if !ok {
		return false, nil
	}
	raw, ok := e.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = json.Marshal(e); err != nil {
			return true, fmt.Errorf("extension %s: %w", key, err)
		}
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return true, fmt.Errorf("extension %s: %w", key, err)
	}
	return true, nil
}
