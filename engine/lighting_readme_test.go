package engine_test

import (
	"os"
	"strings"
	"testing"
)

// README's "Lighting and materials" section shows the code of
// example_lighting_test.go between its README:lighting markers; this
// keeps the copy in step with the compiled code.
func TestReadmeShowsTheLightingExample(t *testing.T) {
	block := func(path string) string {
		s, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		i := strings.Index(string(s), "// README:lighting:begin")
		j := strings.Index(string(s), "// README:lighting:end")
		if i < 0 || j < i {
			t.Fatalf("%s: no README:lighting:begin … README:lighting:end block", path)
		}
		return string(s[i : j+len("// README:lighting:end")])
	}
	if code, doc := block("example_lighting_test.go"), block("../README.md"); code != doc {
		t.Errorf("README.md's lighting example differs from engine/example_lighting_test.go:\n--- example_lighting_test.go\n%s\n--- README.md\n%s", code, doc)
	}
}
