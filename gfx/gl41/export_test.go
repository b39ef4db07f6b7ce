package gl41

// CompileForTest compiles and links a program from the given sources and
// deletes it, returning the compile or link error.
func CompileForTest(r *Renderer, vertFile, vertSrc, fragFile, fragSrc string) error {
	id, err := r.compileProgram(vertFile, vertSrc, fragFile, fragSrc)
	if err == nil {
		r.gl.deleteProgram(&id)
	}
	return err
}
