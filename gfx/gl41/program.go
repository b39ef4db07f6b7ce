package gl41

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/shaders"
)

// ShaderError reports a shader that failed to compile or a program that
// failed to link, with the driver's info log.
type ShaderError struct {
	File  string // shader file name, or "vertex.vert + fragment.frag" for a link error
	Stage string // "vertex", "fragment" or "link"
	Log   string // the GL info log
}

func (e *ShaderError) Error() string {
	verb := "compiling " + e.Stage + " shader"
	if e.Stage == "link" {
		verb = "linking program"
	}
	return fmt.Sprintf("gl41: %s %s: %s", verb, e.File, strings.TrimSpace(e.Log))
}

// program is a linked GL program and its uniform locations by name.
type program struct {
	id       uint32
	uniforms map[string]int32
}

// uniform returns the location of a uniform the program declares in package
// shaders; it is only called while the renderer is created.
func (p *program) uniform(name string) int32 { return p.uniforms[name] }

// loadProgram builds one of package shaders' programs and checks that the
// driver sees the interface the package describes.
func (r *Renderer) loadProgram(desc shaders.Program) (program, error) {
	return r.loadVariant(desc, "")
}

// loadVariant is loadProgram with lines of #define (one per name in
// defines, separated by spaces) inserted after each shader's #version
// line. A variant without every define that adds features (see
// variantCount) compiles its shaders' cheaper paths, which may leave some
// of the program's uniforms unused (GL then ignores them); with them every
// uniform must be active.
func (r *Renderer) loadVariant(desc shaders.Program, defines string) (program, error) {
	vs, err := r.source(desc.Vertex)
	if err != nil {
		return program{}, fmt.Errorf("gl41: program %s: %w", desc.Name, err)
	}
	fs, err := r.source(desc.Fragment)
	if err != nil {
		return program{}, fmt.Errorf("gl41: program %s: %w", desc.Name, err)
	}
	if defines != "" {
		vs, fs = withDefines(vs, defines), withDefines(fs, defines)
	}
	// Only the variant with every define that adds features uses every
	// uniform.
	strict := r.shaderDir == "" && !desc.Partial && (!desc.Variants || variantCount(defines) == variantsOf(desc))
	id, err := r.compileProgram(desc.Vertex, vs, desc.Fragment, fs)
	if err != nil {
		return program{}, err
	}
	p := program{id: id, uniforms: make(map[string]int32, len(desc.Uniforms))}
	for _, name := range desc.Uniforms {
		r.gl.calls++
		loc := gl.GetUniformLocation(id, gl.Str(name+"\x00"))
		if loc < 0 && strict {
			// The built-in shaders use every uniform; one edited in
			// development mode may leave some out (GL ignores -1).
			r.gl.deleteProgram(&p.id)
			return program{}, fmt.Errorf("gl41: program %s: uniform %s is not active", desc.Name, name)
		}
		p.uniforms[name] = loc
	}
	for _, a := range desc.Attribs {
		r.gl.calls++
		loc := gl.GetAttribLocation(id, gl.Str(a.Name+"\x00"))
		if loc >= 0 && uint32(loc) != a.Location {
			r.gl.deleteProgram(&p.id)
			return program{}, fmt.Errorf("gl41: program %s: attribute %s at location %d, want %d", desc.Name, a.Name, loc, a.Location)
		}
	}
	return p, nil
}

// compileProgram compiles and links a vertex and a fragment shader. The
// file names only label errors.
func (r *Renderer) compileProgram(vertFile, vertSrc, fragFile, fragSrc string) (uint32, error) {
	vs, err := r.compileShader(gl.VERTEX_SHADER, "vertex", vertFile, vertSrc)
	if err != nil {
		return 0, err
	}
	fs, err := r.compileShader(gl.FRAGMENT_SHADER, "fragment", fragFile, fragSrc)
	if err != nil {
		r.gl.calls++
		gl.DeleteShader(vs)
		return 0, err
	}
	r.gl.calls += 5
	id := gl.CreateProgram()
	gl.AttachShader(id, vs)
	gl.AttachShader(id, fs)
	gl.LinkProgram(id)
	// Flagged for deletion now, freed with the program.
	gl.DeleteShader(vs)
	r.gl.calls++
	gl.DeleteShader(fs)

	var status int32
	r.gl.calls++
	gl.GetProgramiv(id, gl.LINK_STATUS, &status)
	if status == gl.FALSE {
		log := r.infoLog(id, gl.GetProgramiv, gl.GetProgramInfoLog)
		r.gl.calls++
		gl.DeleteProgram(id)
		return 0, &ShaderError{File: vertFile + " + " + fragFile, Stage: "link", Log: log}
	}
	return id, nil
}

func (r *Renderer) compileShader(kind uint32, stage, file, src string) (uint32, error) {
	r.gl.calls += 4
	id := gl.CreateShader(kind)
	csrc, free := gl.Strs(src + "\x00")
	gl.ShaderSource(id, 1, csrc, nil)
	free()
	gl.CompileShader(id)
	var status int32
	gl.GetShaderiv(id, gl.COMPILE_STATUS, &status)
	if status == gl.FALSE {
		log := r.infoLog(id, gl.GetShaderiv, gl.GetShaderInfoLog)
		r.gl.calls++
		gl.DeleteShader(id)
		return 0, &ShaderError{File: file, Stage: stage, Log: log}
	}
	return id, nil
}

func (r *Renderer) infoLog(id uint32, getiv func(uint32, uint32, *int32), getLog func(uint32, int32, *int32, *uint8)) string {
	var n int32
	r.gl.calls++
	getiv(id, gl.INFO_LOG_LENGTH, &n)
	if n <= 1 {
		return "(no info log)"
	}
	buf := make([]byte, n)
	r.gl.calls++
	getLog(id, n, nil, &buf[0])
	return strings.TrimRight(string(buf), "\x00")
}

// withDefines inserts "#define NAME 1" for each space-separated name after
// src's first line (the #version line, which must stay first).
func withDefines(src, defines string) string {
	first, rest, _ := strings.Cut(src, "\n")
	var b strings.Builder
	b.WriteString(first)
	b.WriteByte('\n')
	for _, d := range strings.Fields(defines) {
		b.WriteString("#define " + d + " 1\n")
	}
	b.WriteString(rest)
	return b.String()
}

// variantsOf returns how many defines the full variant of desc has.
func variantsOf(desc shaders.Program) int {
	if desc.Fragment == shaders.Mesh().Fragment {
		return 3
	}
	return 1
}

// variantCount counts the defines that add features, and uniforms, to a
// variant (shaders.DefineSceneFull, DefineMaterialPBR, DefineMaterialMaps)
// in a space-separated list. The others add none: DefineLinearOutput and
// DefineHDROutput change the output, DefineFaceted moves the lighting.
func variantCount(defines string) int {
	n := 0
	for _, d := range strings.Fields(defines) {
		switch d {
		case shaders.DefineSceneFull, shaders.DefineMaterialPBR, shaders.DefineMaterialMaps:
			n++
		}
	}
	return n
}
