package main

import (
	"strings"
	"testing"
)

// TestSyncTestFlag: -synctest K rolls back K ticks after every tick of a
// headless run and, the sample's state being all in its snapshots, prints
// the same last line as a plain run; bad values are refused with the
// usage.
func TestSyncTestFlag(t *testing.T) {
	for _, extra := range [][]string{
		{"-fps", "23", "-jitter", "0.5"},
		{"-fps", "60", "-actors", "300"},
	} {
		plain := sample(t, nil, append([]string{"-headless", "-ticks", "300"}, extra...)...)
		for _, k := range []string{"1", "8"} {
			args := append([]string{"-headless", "-ticks", "300", "-synctest", k}, extra...)
			r := sample(t, nil, args...)
			if r.code != 0 || r.lastLine() != plain.lastLine() || !headlessLine.MatchString(r.lastLine()) {
				t.Errorf("%v: status %d, last line %q, stderr %q; want status 0 and %q as without -synctest",
					args, r.code, r.lastLine(), r.stderr, plain.lastLine())
			}
		}
	}
	for _, args := range [][]string{
		{"-headless", "-synctest", "65"},
		{"-headless", "-synctest", "-1"},
		{"-synctest", "4", "-frames", "3"},
	} {
		r := sample(t, nil, args...)
		if r.code != 2 || !strings.Contains(r.stderr, "-synctest") || r.stdout != "" {
			t.Errorf("%v: status %d, stderr %q: want status 2 and an error naming -synctest", args, r.code, r.stderr)
		}
	}
}
