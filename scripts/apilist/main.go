// Command apilist prints the exported API of the engine's packages: every
// exported constant, variable, function, type (with its exported fields
// and interface methods) and method, one declaration a line, without
// comments or bodies, package by package in import-path order. Commands
// (cmd/...), scripts and tests are left out; files are chosen as go build
// chooses them for linux/amd64 with cgo.
//
// make test compares its output with scripts/api.txt (make api-check), so a
// change to the public API is deliberate: run make api-update, commit the
// new listing, and say what changed in README's "Upgrading" section.
//
//	go run ./scripts/apilist [-root DIR] [-o FILE]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	root := flag.String("root", ".", "the module's root directory")
	out := flag.String("o", "", "write the listing to this file instead of standard output")
	flag.Parse()
	listing, err := list(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apilist:", err)
		os.Exit(1)
	}
	if *out == "" {
		os.Stdout.WriteString(listing)
		return
	}
	if err := os.WriteFile(*out, []byte(listing), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "apilist:", err)
		os.Exit(1)
	}
}

// list walks the module under root and returns the listing.
func list(root string) (string, error) {
	modPath, err := modulePath(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	var dirs []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		name := d.Name()
		if rel != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "cmd" ||
			name == "scripts" || name == "bin" || name == "internal") {
			return filepath.SkipDir
		}
		if rel != "." {
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
		}
		dirs = append(dirs, rel)
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(dirs)
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "linux", "amd64", true
	var b strings.Builder
	for _, rel := range dirs {
		pkg, err := ctx.ImportDir(filepath.Join(root, rel), 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				continue
			}
			return "", fmt.Errorf("%s: %w", rel, err)
		}
		if pkg.Name == "main" {
			continue
		}
		ip := modPath
		if rel != "." {
			ip += "/" + filepath.ToSlash(rel)
		}
		lines, err := packageAPI(pkg.Dir, append(pkg.GoFiles, pkg.CgoFiles...))
		if err != nil {
			return "", fmt.Errorf("%s: %w", ip, err)
		}
		fmt.Fprintf(&b, "package %s\n", ip)
		for _, l := range lines {
			fmt.Fprintf(&b, "\t%s\n", l)
		}
	}
	return b.String(), nil
}

func modulePath(gomod string) (string, error) {
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "module" {
			return f[1], nil
		}
	}
	return "", fmt.Errorf("%s: no module line", gomod)
}

// packageAPI returns the sorted declarations of one package's files.
func packageAPI(dir string, files []string) ([]string, error) {
	fset := token.NewFileSet()
	var lines []string
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			lines = append(lines, declLines(fset, d)...)
		}
	}
	sort.Strings(lines)
	return lines, nil
}

func declLines(fset *token.FileSet, d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if !d.Name.IsExported() {
			return nil
		}
		recv := ""
		if d.Recv != nil && len(d.Recv.List) > 0 {
			t := d.Recv.List[0].Type
			base := t
			if s, ok := base.(*ast.StarExpr); ok {
				base = s.X
			}
			if ix, ok := base.(*ast.IndexExpr); ok {
				base = ix.X
			}
			if ix, ok := base.(*ast.IndexListExpr); ok {
				base = ix.X
			}
			if id, ok := base.(*ast.Ident); !ok || !id.IsExported() {
				return nil
			}
			recv = "(" + node(fset, t) + ") "
		}
		fn := &ast.FuncDecl{Name: d.Name, Type: d.Type}
		s := strings.TrimPrefix(node(fset, fn), "func ")
		return []string{"func " + recv + s}
	case *ast.GenDecl:
		var out []string
		for _, sp := range d.Specs {
			switch sp := sp.(type) {
			case *ast.TypeSpec:
				if !sp.Name.IsExported() {
					continue
				}
				out = append(out, typeLines(fset, sp)...)
			case *ast.ValueSpec:
				for i, n := range sp.Names {
					if !n.IsExported() {
						continue
					}
					s := d.Tok.String() + " " + n.Name
					if sp.Type != nil {
						s += " " + node(fset, sp.Type)
					}
					if d.Tok == token.CONST && i < len(sp.Values) {
						s += " = " + node(fset, sp.Values[i])
					}
					out = append(out, s)
				}
			}
		}
		return out
	}
	return nil
}

// typeLines lists a type: its kind and, for structs and interfaces, one line
// per exported field or method, so a change to one shows as one line.
func typeLines(fset *token.FileSet, sp *ast.TypeSpec) []string {
	name := sp.Name.Name
	if sp.TypeParams != nil {
		name += node(fset, sp.TypeParams)
	}
	assign := " "
	if sp.Assign.IsValid() {
		assign = " = "
	}
	switch t := sp.Type.(type) {
	case *ast.StructType:
		out := []string{"type " + name + " struct"}
		for _, f := range t.Fields.List {
			typ := node(fset, f.Type)
			if len(f.Names) == 0 { // embedded
				out = append(out, "type "+sp.Name.Name+" struct, embedded "+typ)
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					out = append(out, "type "+sp.Name.Name+" struct, "+n.Name+" "+typ)
				}
			}
		}
		return out
	case *ast.InterfaceType:
		out := []string{"type " + name + " interface"}
		for _, m := range t.Methods.List {
			if len(m.Names) == 0 {
				out = append(out, "type "+sp.Name.Name+" interface, embedded "+node(fset, m.Type))
				continue
			}
			for _, n := range m.Names {
				out = append(out, "type "+sp.Name.Name+" interface, "+n.Name+strings.TrimPrefix(node(fset, m.Type), "func"))
			}
		}
		return out
	}
	return []string{"type " + name + assign + node(fset, sp.Type)}
}

func node(fset *token.FileSet, n any) string {
	var buf bytes.Buffer
	cfg := printer.Config{Mode: printer.RawFormat}
	if err := cfg.Fprint(&buf, fset, n); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return strings.Join(strings.Fields(buf.String()), " ")
}
