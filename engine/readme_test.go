package engine_test

import (
	"os"
	"strings"
	"testing"
)

// The README shows the code of example_test.go between its README:begin and
// README:end markers; this keeps the copy in step with the compiled code.
func TestReadmeShowsTheCompiledExample(t *testing.T) {
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := func(s, name string) string {
		i := strings.Index(s, "// README:begin")
		j := strings.Index(s, "// README:end")
		if i < 0 || j < i {
			t.Fatalf("%s: no README:begin … README:end block", name)
		}
		return s[i : j+len("// README:end")]
	}
	code, doc := block(string(src), "example_test.go"), block(string(readme), "README.md")
	if code != doc {
		t.Errorf("README.md's example differs from engine/example_test.go:\n--- example_test.go\n%s\n--- README.md\n%s", code, doc)
	}
}
