package demo

import (
	"flag"
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

// The README's flag table names every flag of the sample.
func TestReadmeListsTheFlags(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	var f Flags
	f.Register(fs)
	fs.VisitAll(func(fl *flag.Flag) {
		if !strings.Contains(string(readme), "`-"+fl.Name) {
			t.Errorf("README.md does not list the flag -%s", fl.Name)
		}
	})
}
