package gl41

import "github.com/go-gl/gl/v4.1-core/gl"

// CompileForTest compiles and links a program from the given sources and
// deletes it, returning the compile or link error.
func CompileForTest(r *Renderer, vertFile, vertSrc, fragFile, fragSrc string) error {
	id, err := r.compileProgram(vertFile, vertSrc, fragFile, fragSrc)
	if err == nil {
		r.gl.deleteProgram(&id)
	}
	return err
}

// Objects lists the GL object names a renderer owns.
type Objects struct {
	Buffers, VAOs, Programs, Textures []uint32
}

// ObjectsForTest returns the names of r's GL objects.
func ObjectsForTest(r *Renderer) Objects {
	var o Objects
	for _, m := range r.meshes[1:] {
		o.Buffers = append(o.Buffers, m.vbo, m.ebo, m.inst.buf)
		o.VAOs = append(o.VAOs, m.vao)
	}
	o.Buffers = append(o.Buffers, r.hud.stream.buf)
	o.VAOs = append(o.VAOs, r.hud.vao)
	o.Programs = []uint32{r.meshProg.id, r.hud.prog.id}
	o.Textures = []uint32{r.hud.tex}
	return o
}

// Live counts the names in o that still name GL objects.
func (o Objects) Live() int {
	n := 0
	for _, b := range o.Buffers {
		if gl.IsBuffer(b) {
			n++
		}
	}
	for _, v := range o.VAOs {
		if gl.IsVertexArray(v) {
			n++
		}
	}
	for _, p := range o.Programs {
		if gl.IsProgram(p) {
			n++
		}
	}
	for _, t := range o.Textures {
		if gl.IsTexture(t) {
			n++
		}
	}
	return n
}

// Total is the number of names in o.
func (o Objects) Total() int {
	return len(o.Buffers) + len(o.VAOs) + len(o.Programs) + len(o.Textures)
}
