package main

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// machineInfo describes the machine from /proc and /etc/os-release (on
// Linux; elsewhere only what the Go runtime knows).
func machineInfo() Machine {
	m := Machine{
		Cores:      runtime.NumCPU(),
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		Arch:       runtime.GOOS + "/" + runtime.GOARCH,
		GoVersion:  runtime.Version(),
		Display:    os.Getenv("DISPLAY"),
		OS:         runtime.GOOS,
	}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		m.CPU = procField(b, "model name")
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		if kb, err := strconv.ParseUint(strings.TrimSuffix(procField(b, "MemTotal"), " kB"), 10, 64); err == nil {
			m.MemoryBytes = kb * 1024
		}
	}
	if b, err := os.ReadFile("/etc/os-release"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "PRETTY_NAME="); ok {
				m.OS = strings.Trim(v, `"'`)
			}
		}
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.Kernel = "Linux " + strings.TrimSpace(string(b))
	}
	m.LoadBefore = loadAvg()
	return m
}

// procField returns the value of the first "key : value" line of a /proc
// file.
func procField(b []byte, key string) string {
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// loadAvg returns the 1, 5 and 15 minute load averages (zero if unknown).
func loadAvg() [3]float64 {
	var out [3]float64
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return out
	}
	f := strings.Fields(string(b))
	for i := 0; i < 3 && i < len(f); i++ {
		out[i], _ = strconv.ParseFloat(f[i], 64)
	}
	return out
}

// rssReader reads the resident set size from /proc/self/statm without
// allocating, so sampling it does not disturb an allocation count.
type rssReader struct {
	f    *os.File
	buf  [128]byte
	page uint64
}

func newRSSReader() *rssReader {
	f, err := os.Open("/proc/self/statm")
	if err != nil {
		return &rssReader{}
	}
	return &rssReader{f: f, page: uint64(os.Getpagesize())}
}

// read returns the resident set size in bytes, 0 if unknown.
func (r *rssReader) read() uint64 {
	if r.f == nil {
		return 0
	}
	n, err := r.f.ReadAt(r.buf[:], 0)
	if n == 0 && err != nil {
		return 0
	}
	// statm: size resident shared text lib data dt (pages).
	b := r.buf[:n]
	i := 0
	for i < len(b) && b[i] != ' ' {
		i++
	}
	i++
	var pages uint64
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		pages = pages*10 + uint64(b[i]-'0')
	}
	return pages * r.page
}

func (r *rssReader) close() {
	if r.f != nil {
		r.f.Close()
	}
}
