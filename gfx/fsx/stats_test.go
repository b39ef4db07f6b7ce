package fsx

import "runtime"

type runtimeStats struct{ total uint64 }

func (s *runtimeStats) read() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	s.total = m.TotalAlloc
}
