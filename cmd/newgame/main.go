// Command newgame starts a new game on tickwork: it writes a Go module with
// a window and a headless mode (main.go), a gameplay state with a floor,
// a player moved by the arrow keys or WASD and a following camera
// (game.go), an actor behaviour (patrol.go), headless tests (game_test.go),
// a README, and a go.mod and go.sum that build against this engine
// checkout.
//
// Usage:
//
//	go run ./cmd/newgame -name mygame -dir ../mygame [-engine PATH]
//
// The name must be a Go identifier in ASCII (letters, digits and
// underscores, not starting with a digit), not a keyword nor a
// standard-library package: it becomes the module path and the program's
// name. The directory is created if missing and must be empty if it exists.
//
// Until tickwork is published, the game's go.mod replaces the engine module
// with the checkout at an absolute path. -engine names that checkout; by
// default it is the checkout containing the current directory (found by
// walking up to the go.mod declaring github.com/tickwork/tickwork), or
// failing that the checkout this program was built from. The game requires
// the engine's exact dependency versions and gets a copy of its go.sum, so
// it builds from the module cache without new downloads.
//
// Exit status: 0 on success, 1 if generation fails (nothing is left
// half-written), 2 for invalid flags.
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
	fmt.Fprintf(stdout, "next:\n  cd %s\n  go run .               # play (no display: xvfb-run -a go run .)\n  go test ./...\n", dir)
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
