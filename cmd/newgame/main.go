package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command with args and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("newgame", flag.ContinueOnError)
	fl.SetOutput(stderr)
	var opts Options
	fl.StringVar(&opts.Name, "name", "", "the game's name: its module path and program name (required)")
	fl.StringVar(&opts.Dir, "dir", "", "the directory to create the game in, new or empty (required)")
	fl.StringVar(&opts.Engine, "engine", "", "the tickwork checkout to build against (default: the one containing the current directory)")
	fl.Usage = func() {
		fmt.Fprintln(fl.Output(), "usage: go run ./cmd/newgame -name NAME -dir DIR [-engine PATH]")
		fmt.Fprintln(fl.Output(), "Writes a new tickwork game module into DIR.")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2 // the flag package has printed the error and the usage
	}
	if err := checkFlags(fl, opts); err != nil {
		fmt.Fprintln(stderr, "newgame:", err)
		fl.Usage()
		return 2
	}
	if err := Generate(opts); err != nil {
		fmt.Fprintln(stderr, "newgame:", err)
		return 1
	}
	dir, _ := filepath.Abs(opts.Dir)
	fmt.Fprintf(stdout, "created %s in %s:\n", opts.Name, dir)
	for _, f := range Files() {
		fmt.Fprintln(stdout, "  "+f)
	}
	fmt.Fprintf(stdout, "next:\n  cd %s\n  go run .                          # play (no display: xvfb-run -a go run .)\n  CGO_ENABLED=0 go test ./game/...  # the game's logic, no C compiler needed\n  go test ./...\n", dir)
	return 0
}

// checkFlags validates the command line.
func checkFlags(fl *flag.FlagSet, opts Options) error {
	switch {
	case fl.NArg() > 0:
		return fmt.Errorf("unexpected arguments %q", fl.Args())
	case opts.Name == "":
		return errors.New("-name is required")
	case opts.Dir == "":
		return errors.New("-dir is required")
	}
	if err := ValidateName(opts.Name); err != nil {
		return fmt.Errorf("-name: %w", err)
	}
	return nil
}
