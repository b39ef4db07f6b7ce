package main

import (
	"strings"
	"testing"
)

func TestPerfGoals(t *testing.T) {
	const out = `pkg: github.com/tickwork/tickwork/scene
BenchmarkInterpolate/100000-2   	 400	 3000000 ns/op	 30.00 ns/actor
BenchmarkInterpolateReference/100000-2	 500	 2000000 ns/op	 20.00 ns/actor
BenchmarkTickPropagate/100000-2  	 500	 1800000 ns/op	 18.00 ns/actor
`
	for _, tc := range []struct {
		name   string
		text   string
		status []status
		meas   []string
	}{
		// 30 ÷ 20 = 1.5: at the limit, met (num writes three significant digits); the tick's reference is absent.
		{"interpolation at the limit", out, []status{met, noData}, []string{"1.50× (30.0 ÷ 20.0 ns/actor)", "—"}},
		// 18 ÷ 8 = 2.25 > 1.5: missed.
		{"tick over the limit", out + "BenchmarkTickReference/100000-2	 1000	 800000 ns/op	 8.000 ns/actor\n",
			[]status{met, missed}, []string{"1.50× (30.0 ÷ 20.0 ns/actor)", "2.25× (18.0 ÷ 8.00 ns/actor)"}},
	} {
		b, err := parseBench(strings.NewReader(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		gs := perfGoals(b)
		if len(gs) != len(tc.status) {
			t.Fatalf("%s: got %d goals, want %d", tc.name, len(gs), len(tc.status))
		}
		for i, g := range gs {
			if g.Status != tc.status[i] || g.Measured != tc.meas[i] {
				t.Errorf("%s: goal %q: got %v %q, want %v %q", tc.name, g.Name, g.Status, g.Measured, tc.status[i], tc.meas[i])
			}
		}
	}
}
