package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// EngineModule is the module path of the engine a new game depends on.
const EngineModule = "github.com/tickwork/tickwork"

// FindEngine returns the root of the engine checkout that contains dir: the
// nearest directory at or above dir whose go.mod declares module
// EngineModule. The returned path is absolute and cleaned.
func FindEngine(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("finding the engine from %s: %w", dir, err)
	}
	for d := abs; ; {
		if isEngineRoot(d) {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no go.mod declaring module %s in %s or any directory above it", EngineModule, abs)
		}
		d = parent
	}
}

// defaultEngine finds the engine when -engine is not given: first from the
// current directory (go run ./cmd/newgame in a checkout), then from the
// directory this program's source was compiled in (a binary built or
// installed from a checkout and run elsewhere).
func defaultEngine() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the engine: %w", err)
	}
	root, err := FindEngine(wd)
	if err == nil {
		return root, nil
	}
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if root, serr := FindEngine(filepath.Dir(file)); serr == nil {
			return root, nil
		}
	}
	return "", fmt.Errorf("%w; run this command inside a tickwork checkout or pass -engine PATH", err)
}

// checkEngine returns the absolute, cleaned path of the engine checkout at
// dir, or an error saying why dir is not one.
func checkEngine(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("engine path %s: %w", dir, err)
	}
	data, err := os.ReadFile(filepath.Join(abs, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("engine path %s is not a tickwork checkout: %w", abs, err)
	}
	if p := modulePath(data); p != EngineModule {
		return "", fmt.Errorf("engine path %s is not a tickwork checkout: its go.mod declares module %q, want %q", abs, p, EngineModule)
	}
	return abs, nil
}

func isEngineRoot(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	return err == nil && modulePath(data) == EngineModule
}

// goMod is what a new game's go.mod takes from the engine's.
type goMod struct {
	Module   string
	Go       string       // the go directive's version
	Require  []modRequire // in the order of the file
	Replaces []string     // "old [version] => new [version]", local paths joined to parseGoMod's dir
}

// modRequire is one requirement.
type modRequire struct {
	Path, Version string
}

// modulePath returns the module path declared by a go.mod file, "" if none.
func modulePath(data []byte) string {
	m, err := parseGoMod(data, "")
	if err != nil {
		return ""
	}
	return m.Module
}

// parseGoMod reads the module, go, require and replace directives of a
// go.mod file; the others (exclude, retract, toolchain, godebug, tool) do
// not concern a module that depends on it. Relative replacement paths are
// joined to dir (absolute, or relative to the module that will use them).
func parseGoMod(data []byte, dir string) (*goMod, error) {
	m := &goMod{}
	var block string // the directive of the block being read, "" outside one
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		fields, err := tokens(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("go.mod:%d: %w", n, err)
		}
		if len(fields) == 0 {
			continue
		}
		verb, args := block, fields
		switch {
		case block != "" && fields[0] == ")":
			block = ""
			continue
		case block == "":
			verb, args = fields[0], fields[1:]
			if len(args) == 1 && args[0] == "(" {
				block = verb
				continue
			}
		}
		if err := m.add(verb, args, dir); err != nil {
			return nil, fmt.Errorf("go.mod:%d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading go.mod: %w", err)
	}
	if m.Module == "" {
		return nil, errors.New("go.mod declares no module")
	}
	return m, nil
}

// tokens splits a go.mod line into its tokens, unquoting quoted strings
// and dropping a trailing comment.
func tokens(line string) ([]string, error) {
	var toks []string
	for {
		line = strings.TrimLeft(line, " \t\r")
		if line == "" || strings.HasPrefix(line, "//") {
			return toks, nil
		}
		end := strings.IndexAny(line, " \t\r")
		switch line[0] {
		case '"', '`':
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, fmt.Errorf("bad quoted string %s", line)
			}
			end = len(q)
		}
		if end < 0 {
			end = len(line)
		}
		tok, err := unquote(line[:end])
		if err != nil {
			return nil, err
		}
		toks = append(toks, tok)
		line = line[end:]
	}
}

// add records one directive.
func (m *goMod) add(verb string, args []string, dir string) error {
	switch verb {
	case "module":
		if len(args) != 1 {
			return fmt.Errorf("module: want one path, got %q", args)
		}
		m.Module = args[0]
	case "go":
		if len(args) != 1 {
			return fmt.Errorf("go: want one version, got %q", args)
		}
		m.Go = args[0]
	case "require":
		if len(args) != 2 {
			return fmt.Errorf("require: want a path and a version, got %q", args)
		}
		m.Require = append(m.Require, modRequire{args[0], args[1]})
	case "replace":
		arrow := slices.Index(args, "=>")
		if arrow < 1 || arrow > 2 || len(args)-arrow-1 < 1 || len(args)-arrow-1 > 2 {
			return fmt.Errorf("replace: want old [version] => new [version], got %q", args)
		}
		newPath := args[arrow+1]
		if len(args)-arrow-1 == 1 && isLocalPath(newPath) && !filepath.IsAbs(newPath) && dir != "" {
			args[arrow+1] = modPath(filepath.Join(dir, newPath))
		}
		for i, a := range args {
			args[i] = modQuote(a)
		}
		m.Replaces = append(m.Replaces, strings.Join(args, " "))
	}
	return nil
}

// isLocalPath reports whether a replacement is a directory rather than a
// module path, by the go command's rule.
func isLocalPath(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") ||
		strings.HasPrefix(p, `.\`) || strings.HasPrefix(p, `..\`) || filepath.IsAbs(p)
}

// unquote undoes go.mod quoting of one token.
func unquote(s string) (string, error) {
	if s == "" || (s[0] != '"' && s[0] != '`') {
		return s, nil
	}
	u, err := strconv.Unquote(s)
	if err != nil {
		return "", fmt.Errorf("bad quoted string %s", s)
	}
	return u, nil
}

// modQuote quotes a go.mod token when it would not read back as one
// (a path with spaces, quotes, brackets or a comment marker).
// modPath returns a local path as go.mod writes it: a relative one with
// forward slashes (the go command reads them on every system), an
// absolute one as it is.
func modPath(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.ToSlash(p)
}

func modQuote(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\r\n\"'`(),;[]{}") ||
		strings.Contains(s, "//") || strings.Contains(s, "/*") {
		return strconv.Quote(s)
	}
	return s
}
