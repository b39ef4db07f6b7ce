package demo

import (
	"os"
	"strings"
	"testing"
)

// The README's key table lists every key of the sample as Keys has it.
func TestReadmeListsTheKeys(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range Keys {
		row := "| " + b.Label + " | " + b.Action + " |"
		if !strings.Contains(string(readme), row) {
			t.Errorf("README.md has no row %q", row)
		}
	}
}
