package main

import (
	"fmt"
	"go/build"
	"go/token"
	"os"
	"path/filepath"
	"slices"
)

// nameRule says what a game name may be, for error messages.
const nameRule = "a name is ASCII letters, digits and underscores, not starting with a digit " +
	"(a Go identifier, e.g. mygame or my_game), and not a Go keyword or a standard-library package"

// reservedNames cannot be module paths of a runnable module: the go
// command's package patterns, cgo's pseudo-package, and the top-level
// packages of the standard library (an import path the game's package
// would share). The standard library is also checked in GOROOT, for
// packages newer than this list.
var reservedNames = []string{
	"all", "cmd", "std", "tool", "work", "C",
	"archive", "arena", "bufio", "builtin", "bytes", "cmp", "compress", "container", "context",
	"crypto", "database", "debug", "embed", "encoding", "errors", "expvar", "flag", "fmt", "go",
	"hash", "html", "image", "index", "io", "iter", "log", "maps", "math", "mime", "net", "os",
	"path", "plugin", "reflect", "regexp", "runtime", "simd", "slices", "sort", "strconv",
	"strings", "structs", "sync", "syscall", "testing", "text", "time", "unicode", "unique",
	"unsafe", "weak",
}

// ValidateName reports whether name can name a new game: its Go module path,
// its directory's default name and its program's name.
func ValidateName(name string) error {
	if name == "" {
		return fmt.Errorf("the game name is empty: %s", nameRule)
	}
	for i, r := range name {
		ok := r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9'
		if !ok {
			what := fmt.Sprintf("the character %q", r)
			if '0' <= r && r <= '9' {
				what = "a leading digit"
			}
			return fmt.Errorf("invalid game name %q: it has %s; %s", name, what, nameRule)
		}
	}
	switch {
	case token.IsKeyword(name):
		return fmt.Errorf("invalid game name %q: it is a Go keyword; %s", name, nameRule)
	case !token.IsIdentifier(name): // cannot happen after the checks above
		return fmt.Errorf("invalid game name %q: %s", name, nameRule)
	case name == "_":
		return fmt.Errorf("invalid game name %q: it is the blank identifier; %s", name, nameRule)
	case slices.Contains(reservedNames, name) || inGOROOT(name):
		return fmt.Errorf("invalid game name %q: it is taken by the standard library (GOROOT/src) or the go command (a package pattern); %s", name, nameRule)
	}
	return nil
}

// inGOROOT reports whether GOROOT/src has a package directory named name.
func inGOROOT(name string) bool {
	if build.Default.GOROOT == "" {
		return false
	}
	fi, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", name))
	return err == nil && fi.IsDir()
}
