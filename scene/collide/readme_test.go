package collide_test

import (
	"os"
	"strings"
	"testing"
)

// README's "Collisions and physics" section shows the code of example_test.go between its
// README:begin and README:end markers; this keeps the copy in step with
// the compiled code once the section is there.
func TestReadmeShowsTheCompiledExample(t *testing.T) {
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(readme), "\n## Collisions and physics")
	if i < 0 {
		t.Skip(`README.md has no "## Collisions and physics" section yet`)
	}
	block := func(s, name string) string {
		b := strings.Index(s, "// README:begin")
		e := strings.Index(s, "// README:end")
		if b < 0 || e < b {
			t.Fatalf("%s: no README:begin … README:end block", name)
		}
		return s[b : e+len("// README:end")]
	}
	code, doc := block(string(src), "example_test.go"), block(string(readme)[i:], "README.md's Collisions and physics section")
	if code != doc {
		t.Errorf("README.md's collisions example differs from scene/collide/example_test.go:\n--- example_test.go\n%s\n--- README.md\n%s", code, doc)
	}
}
