package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// startProfiles starts the CPU profile and the allocation recording the
// flags ask for; the returned function stops them and writes the files.
func startProfiles(c *config) (stop func() error, err error) {
	var cpu *os.File
	if c.cpuProf != "" {
		if cpu, err = os.Create(c.cpuProf); err != nil {
			return nil, fmt.Errorf("cpu profile: %w", err)
		}
		if err = pprof.StartCPUProfile(cpu); err != nil {
			cpu.Close()
			return nil, fmt.Errorf("cpu profile: %w", err)
		}
	}
	// With -memprofile every allocation of the command is recorded, so
	// that a single one shows. (Each run's measured part records every
	// allocation anyway: see allocTrace.)
	if c.memProf != "" {
		runtime.MemProfileRate = 1
	}
	return func() error {
		var errs []error
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				errs = append(errs, fmt.Errorf("cpu profile: %w", err))
			}
		}
		if c.memProf != "" {
			runtime.GC() // the profile is as of the latest collection
			f, err := os.Create(c.memProf)
			if err != nil {
				errs = append(errs, fmt.Errorf("allocation profile: %w", err))
			} else {
				if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
					errs = append(errs, fmt.Errorf("allocation profile: %w", err))
				}
				if err := f.Close(); err != nil {
					errs = append(errs, fmt.Errorf("allocation profile: %w", err))
				}
			}
		}
		if len(errs) > 0 {
			return fmt.Errorf("%v", errs)
		}
		return nil
	}, nil
}
