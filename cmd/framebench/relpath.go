package main

import (
	"os"
	"path/filepath"
	"strings"
)

// relPath writes an absolute path that lies under the working directory
// relative to it, so the results and BENCHMARKS.md name files by their place
// in the repository, never by the folder of the machine that made them. Any
// other path is returned as it is.
func relPath(p string) string {
	if !filepath.IsAbs(p) {
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	r, err := filepath.Rel(wd, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return p
	}
	return r
}

// commandLine is the command as recorded in the results: framebench and its
// arguments, each absolute path under the working directory made relative.
func commandLine(args []string) string {
	parts := make([]string, 0, len(args)+1)
	parts = append(parts, "framebench")
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(k, "-") {
			parts = append(parts, k+"="+relPath(v))
			continue
		}
		parts = append(parts, relPath(a))
	}
	return strings.Join(parts, " ")
}
