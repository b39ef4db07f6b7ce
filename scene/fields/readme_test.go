package fields_test

import (
	"os"
	"strings"
	"testing"
)

// readmeSection is the heading of the README's section on this package.
const readmeSection = "## Describing a type's fields: hash, snapshot, debug view"

// TestReadmeShowsTheCompiledExample: the README's section on describing
// fields shows the code of example_test.go between its README:begin and
// README:end markers, so the documented example is one that compiles and
// passes. Until the README has the section, there is nothing to compare.
func TestReadmeShowsTheCompiledExample(t *testing.T) {
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(readme), readmeSection)
	if i < 0 {
		t.Skipf("README.md has no %q section", readmeSection)
	}
	section := string(readme[i+len(readmeSection):])
	if j := strings.Index(section, "\n## "); j >= 0 {
		section = section[:j]
	}
	code := string(src)
	b, e := strings.Index(code, "// README:begin"), strings.Index(code, "// README:end")
	if b < 0 || e < b {
		t.Fatal("example_test.go: no README:begin … README:end block")
	}
	if block := code[b : e+len("// README:end")]; !strings.Contains(section, block) {
		t.Errorf("README.md's section %q does not show example_test.go's block:\n%s", readmeSection, block)
	}
}
