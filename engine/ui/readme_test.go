package ui_test

import (
	"os"
	"strings"
	"testing"
)

// README's "UI widgets" section shows the code of example_test.go
// between its README:ui markers; this keeps the copy in step with the
// compiled code.
func TestReadmeShowsTheCompiledExample(t *testing.T) {
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := func(s, name string) string {
		i := strings.Index(s, "// README:ui:begin")
		j := strings.Index(s, "// README:ui:end")
		if i < 0 || j < i {
			t.Fatalf("%s: no README:ui:begin … end block", name)
		}
		return s[i : j+len("// README:ui:end")]
	}
	if code, doc := block(string(src), "example_test.go"), block(string(readme), "README.md"); code != doc {
		t.Errorf("README.md's widgets example differs from engine/ui/example_test.go:\n--- example_test.go\n%s\n--- README.md\n%s", code, doc)
	}
}
