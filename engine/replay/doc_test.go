package replay

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
)

// TestDocKindsAreTheRealKinds: the file format's description in doc.go
// names the range of event kinds a recording holds; it must be the range
// input.Kind.Valid accepts, and fit the 4 bits the format gives it.
func TestDocKindsAreTheRealKinds(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`the input\.Kind \(1 to (\d+)\)`).FindSubmatch(doc)
	if m == nil {
		t.Fatal(`doc.go: no "the input.Kind (1 to N)" in the event layout`)
	}
	documented, _ := strconv.Atoi(string(m[1]))
	last := 0
	for k := 1; k < 256; k++ {
		if input.Kind(k).Valid() {
			if k != last+1 {
				t.Fatalf("kind %d is valid but %d is not: the kinds are not 1 to N", k, last+1)
			}
			last = k
		}
	}
	if documented != last {
		t.Errorf("doc.go says event kinds are 1 to %d; input.Kind has 1 to %d", documented, last)
	}
	if last > evKind {
		t.Errorf("input.Kind has %d kinds; the format's 4 bits hold at most %d: a new kind needs a new format version", last, evKind)
	}
}
