package engine_test

import (
	"os"
	"strings"
	"testing"
)

// README's "Debug drawing" section shows the code of
// example_debug_test.go between its README:debug markers; this keeps the
// copy in step with the compiled code.
func TestReadmeShowsTheDebugExample(t *testing.T) {
	block := func(path string) string {
		s, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		i := strings.Index(string(s), "// README:debug:begin")
		j := strings.Index(string(s), "// README:debug:end")
		if i < 0 || j < i {
			t.Fatalf("%s: no README:debug:begin … README:debug:end block", path)
		}
		return string(s[i : j+len("// README:debug:end")])
	}
	if code, doc := block("example_debug_test.go"), block("../README.md"); code != doc {
		t.Errorf("README.md's debug drawing example differs from engine/example_debug_test.go:\n--- example_debug_test.go\n%s\n--- README.md\n%s", code, doc)
	}
}
