package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tickwork/tickwork/engine/atomicfile"
)

// A host record keeps one kind of host's last goal results, so that a
// report made on another kind can say which goals come out differently
// there. `make bench` keeps them in scripts/bench-hosts/, one KIND.json per kind,
// committed next to BENCHMARKS.md. A record names the host by its CPU
// model, never by a path.

// hostRecordVersion is the record format's version.
const hostRecordVersion = 1

// hostRecord is the last goal results measured on one kind of host.
type hostRecord struct {
	Version int        `json:"version"`
	Kind    string     `json:"kind"` // hostKind: vendor and cores, "intel-2-cores"
	CPU     string     `json:"cpu"`  // the CPU model as /proc/cpuinfo names it
	Cores   int        `json:"cores"`
	GL      string     `json:"gl_renderer,omitempty"`
	Date    string     `json:"date"`   // when the newest of its figures was measured, RFC 3339
	Source  string     `json:"source"` // where the figures came from
	Goals   []hostGoal `json:"goals"`
}

// hostGoal is one goal's result on a host.
type hostGoal struct {
	Name     string `json:"name"`
	Target   string `json:"target"`
	Measured string `json:"measured"`
	Met      bool   `json:"met"`
	Date     string `json:"date,omitempty"` // when it was measured, if before the record's Date
}

// hostKind names a kind of host by its CPU's vendor and its cores: hosts
// of one kind are expected to meet the same goals.
func hostKind(cpu string, cores int) string {
	return fmt.Sprintf("%s-%d-cores", strings.ToLower(vendorOf(cpu)), cores)
}

// vendorOf reads the CPU's vendor from its model name ("Intel(R) Xeon(R)
// Processor", "AMD EPYC 7B13"), "Other" when the name does not say.
func vendorOf(cpu string) string {
	l := strings.ToLower(cpu)
	for _, v := range []struct{ key, name string }{
		{"intel", "Intel"}, {"amd", "AMD"}, {"apple", "Apple"}, {"ampere", "Ampere"}, {"neoverse", "Arm"}, {"cortex", "Arm"},
	} {
		if strings.Contains(l, v.key) {
			return v.name
		}
	}
	return "Other"
}

// describe names the host of a record for the report.
func (h *hostRecord) describe() string {
	return fmt.Sprintf("%s, %d cores (%s)", orUnknown(h.CPU), h.Cores, dateOf(h.Date))
}

// newHostRecord records the goals of this run (those met or missed) for
// its kind of host. Goals of prev, the kind's last record, that this run
// has no figure for are kept, with the date they were measured.
func newHostRecord(cpu string, cores int, gl, date, source string, groups []goalGroup, prev *hostRecord) *hostRecord {
	h := &hostRecord{Version: hostRecordVersion, Kind: hostKind(cpu, cores), CPU: cpu, Cores: cores, GL: gl, Date: date, Source: source}
	var noFigure []string
	for _, g := range groups {
		for _, x := range g.Goals {
			switch x.Status {
			case met, missed:
				h.Goals = append(h.Goals, hostGoal{Name: x.key(), Target: x.Target, Measured: x.Measured, Met: x.Status == met})
			case noData:
				noFigure = append(noFigure, x.key())
			}
		}
	}
	if prev != nil {
		for _, pg := range prev.Goals {
			if !slices.Contains(noFigure, pg.Name) {
				continue
			}
			if pg.Date == "" {
				pg.Date = prev.Date
			}
			h.Goals = append(h.Goals, pg)
		}
	}
	return h
}

// loadHosts reads every host record in dir; a missing dir holds none.
func loadHosts(dir string) ([]*hostRecord, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("host records in %s: %w", dir, err)
	}
	var out []*hostRecord
	for _, n := range names {
		h, err := readHost(n)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, nil
}

func readHost(path string) (*hostRecord, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("host record: %w", err)
	}
	var h hostRecord
	if err := json.Unmarshal(b, &h); err != nil {
		return nil, fmt.Errorf("host record %s: %w (fix or delete it: make bench writes it again)", path, err)
	}
	if h.Version != hostRecordVersion {
		return nil, fmt.Errorf("host record %s: version %d, want %d (delete it: make bench writes it again)", path, h.Version, hostRecordVersion)
	}
	if h.Kind == "" || strings.ContainsAny(h.Kind, `/\`) {
		return nil, fmt.Errorf("host record %s: kind %q is not a file name (want vendor-N-cores)", path, h.Kind)
	}
	return &h, nil
}

// writeHost writes h to dir/KIND.json atomically.
func writeHost(dir string, h *hostRecord) error {
	if err := os.MkdirAll(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("host records: %w", err)
	}
	b, err := json.MarshalIndent(h, "", "\t")
	if err != nil {
		return fmt.Errorf("host record %s: %w", h.Kind, err)
	}
	return atomicfile.WriteFile(filepath.Join(dir, h.Kind+".json"), append(b, '\n'), 0)
}

// hostDiff is a goal met on one host and missed on another.
type hostDiff struct {
	Name, Target string
	Here         string // this run's figure and result
	Other        string // the other host, its figure and result
}

// flagHosts marks, in groups, every goal whose result on another kind of
// host (a record in others other than kind) differs from this run's under
// the same target, naming that host and its figure; it returns the
// differences in the order of the goals.
func flagHosts(groups []goalGroup, others []*hostRecord, kind string) []hostDiff {
	var diffs []hostDiff
	for gi := range groups {
		for xi := range groups[gi].Goals {
			x := &groups[gi].Goals[xi]
			if x.Status != met && x.Status != missed {
				continue
			}
			for _, h := range others {
				if h.Kind == kind {
					continue
				}
				for _, hg := range h.Goals {
					if hg.Name != x.key() || hg.Target != x.Target || hg.Met == (x.Status == met) {
						continue
					}
					when := h.Date
					if hg.Date != "" {
						when = hg.Date
					}
					other := fmt.Sprintf("%s on %s, %d cores (%s): %s", metWord(hg.Met), orUnknown(h.CPU), h.Cores, dateOf(when), hg.Measured)
					x.Elsewhere = append(x.Elsewhere, other)
					diffs = append(diffs, hostDiff{Name: x.Name, Target: x.Target, Here: metWord(x.Status == met) + ": " + x.Measured, Other: other})
				}
			}
		}
	}
	return diffs
}

func metWord(ok bool) string {
	if ok {
		return "met"
	}
	return "missed"
}

// writeHosts writes the report's section on the kinds of host: this one,
// the others on record, and the goals whose result differs between them.
func writeHosts(p printer, kind, dir string, others []*hostRecord, diffs []hostDiff) {
	p("## Hosts\n\n")
	p("This host is of the kind `%s` (CPU vendor and cores). ", kind)
	if dir == "" {
		p("No host records were read or written (framebench report without -hosts), so no goal is compared between hosts.\n\n")
		return
	}
	name := relPath(dir)
	if filepath.IsAbs(name) { // outside the repository: name the folder only
		name = filepath.Base(name)
	}
	p("`make bench` keeps each kind's last results in `%s/KIND.json`; a goal met on one kind and missed on another is flagged in its row below (⚑) and listed here.\n\n", filepath.ToSlash(name))
	var listed []*hostRecord
	for _, h := range others {
		if h.Kind != kind {
			listed = append(listed, h)
		}
	}
	if len(listed) == 0 {
		p("No other kind of host is on record.\n\n")
		return
	}
	p("| Kind | CPU | Results from | Source |\n|---|---|---|---|\n")
	for _, h := range listed {
		p("| %s | %s, %d cores | %s | %s |\n", h.Kind, md(orUnknown(h.CPU)), h.Cores, dateOf(h.Date), md(h.Source))
	}
	p("\n")
	if len(diffs) == 0 {
		p("Every goal with a figure on both comes out the same on this host and the others on record.\n\n")
		return
	}
	p("Goals whose result differs between hosts:\n\n| Goal | Target | This host | Other host |\n|---|---|---|---|\n")
	for _, d := range diffs {
		p("| %s | %s | %s | %s |\n", md(d.Name), md(d.Target), md(d.Here), md(d.Other))
	}
	p("\n")
}
