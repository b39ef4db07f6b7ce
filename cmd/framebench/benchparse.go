package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// benchResult is one result line of `go test -bench` output:
//
//	BenchmarkRender/cubes=1000/orphan-2   120   9876543 ns/op   101.2 frames/s   0 B/op   0 allocs/op
type benchResult struct {
	Pkg     string             // import path from the preceding "pkg:" line
	Name    string             // full name without the GOMAXPROCS suffix
	Procs   int                // the "-N" suffix (1 when absent)
	N       int64              // iterations
	Metrics map[string]float64 // by unit: ns/op, B/op, allocs/op, MB/s and b.ReportMetric units
	Units   []string           // units in the order printed
}

// benchSet is a parsed `go test -bench` output.
type benchSet struct {
	Goos, Goarch, CPU string
	Results           []benchResult
	Failed            []string // "--- FAIL: name" benchmarks and "FAIL pkg" packages
	Unparsed          []string // lines that looked like results but could not be read
}

// parseBench reads `go test -bench` output. Lines that are not results
// (test logs, PASS, ok) are skipped; a result split by output printed
// between its name and its numbers is joined back.
func parseBench(r io.Reader) (*benchSet, error) {
	s := &benchSet{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	pkg, pending := "", ""
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if k, v, ok := strings.Cut(line, ": "); ok && !strings.ContainsAny(k, " \t") {
			switch k {
			case "goos":
				s.Goos = v
				continue
			case "goarch":
				s.Goarch = v
				continue
			case "pkg":
				pkg = v
				continue
			case "cpu":
				s.CPU = v
				continue
			}
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch {
		case fields[0] == "---" && len(fields) >= 3 && fields[1] == "FAIL:":
			s.Failed = append(s.Failed, qualify(pkg, trimProcs(fields[2])))
			continue
		case fields[0] == "FAIL" && len(fields) >= 2:
			s.Failed = append(s.Failed, fields[1])
			continue
		}
		if strings.HasPrefix(fields[0], "Benchmark") {
			if len(fields) == 1 {
				pending = fields[0] // the numbers follow on a later line
				continue
			}
			res, err := parseResult(fields)
			if err != nil {
				if len(fields) >= 2 && isInt(fields[1]) {
					s.Unparsed = append(s.Unparsed, line)
				}
				continue
			}
			res.Pkg = pkg
			s.Results = append(s.Results, res)
			pending = ""
			continue
		}
		if pending != "" && (line[0] == ' ' || line[0] == '\t') && isInt(fields[0]) {
			res, err := parseResult(append([]string{pending}, fields...))
			if err == nil {
				res.Pkg = pkg
				s.Results = append(s.Results, res)
			} else {
				s.Unparsed = append(s.Unparsed, pending+line)
			}
			pending = ""
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading benchmark output: %w", err)
	}
	return s, nil
}

func qualify(pkg, name string) string {
	if pkg == "" {
		return name
	}
	return pkg + "." + name
}

func isInt(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// parseResult reads "Name-N iterations value unit value unit ...".
func parseResult(f []string) (benchResult, error) {
	if len(f) < 4 || len(f)%2 != 0 {
		return benchResult{}, fmt.Errorf("want a name, an iteration count and value-unit pairs, got %d fields", len(f))
	}
	n, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return benchResult{}, fmt.Errorf("iterations %q: %w", f[1], err)
	}
	name, procs := splitProcs(f[0])
	r := benchResult{Name: name, Procs: procs, N: n, Metrics: make(map[string]float64)}
	for i := 2; i < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return benchResult{}, fmt.Errorf("value %q: %w", f[i], err)
		}
		unit := f[i+1]
		if _, dup := r.Metrics[unit]; !dup {
			r.Units = append(r.Units, unit)
		}
		r.Metrics[unit] = v
	}
	return r, nil
}

// splitProcs splits the "-N" GOMAXPROCS suffix off a benchmark name. go
// test omits it when GOMAXPROCS is 1; a sub-benchmark whose own name ends
// in "-digits" is then ambiguous, as it is for every reader of this format.
func splitProcs(name string) (string, int) {
	i := strings.LastIndexByte(name, '-')
	if i <= 0 || i == len(name)-1 {
		return name, 1
	}
	p, err := strconv.Atoi(name[i+1:])
	if err != nil || p <= 0 || strings.ContainsAny(name[i+1:], "+-") {
		return name, 1
	}
	return name[:i], p
}

func trimProcs(name string) string { n, _ := splitProcs(name); return n }

// pkgMatches reports whether import path pkg is the package named by want:
// the whole path, or its last elements ("scene", "gfx/gl41").
func pkgMatches(pkg, want string) bool {
	return pkg == want || strings.HasSuffix(pkg, "/"+want)
}

// find returns the results of the named benchmark in the package.
func (s *benchSet) find(pkg, name string) []benchResult {
	var out []benchResult
	for _, r := range s.Results {
		if r.Name == name && pkgMatches(r.Pkg, pkg) {
			out = append(out, r)
		}
	}
	return out
}

// metric returns the named benchmark's value in unit: the median when it
// ran more than once (-count).
func (s *benchSet) metric(pkg, name, unit string) (float64, bool) {
	var vs []float64
	for _, r := range s.find(pkg, name) {
		if v, ok := r.Metrics[unit]; ok {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return 0, false
	}
	slices.Sort(vs)
	if len(vs)%2 == 1 {
		return vs[len(vs)/2], true
	}
	return (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2, true
}

// packages returns the packages with results, in the order first seen.
func (s *benchSet) packages() []string {
	var out []string
	for _, r := range s.Results {
		if !slices.Contains(out, r.Pkg) {
			out = append(out, r.Pkg)
		}
	}
	return out
}
