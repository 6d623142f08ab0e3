package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"runtime/trace"

	"github.com/validation-gen/validation-gen/cmd/validation-gen/internal/fastpath"
)

// profileEnv names a directory that a run writes its profiles into, for work on the generator's
// own speed: cpu.pprof and mem.pprof (go tool pprof) and trace.out (go tool trace). It is an
// environment variable, not a flag, because it is not for users.
const profileEnv = fastpath.ProfileEnv

// startProfiles starts the CPU profile and the trace when profileEnv is set, and returns what stops
// them and writes the heap profile (allocations over the whole run).
func startProfiles() (stop func()) {
	dir := os.Getenv(profileEnv)
	if dir == "" {
		return func() {}
	}
	fail := func(err error) func() {
		fmt.Fprintf(os.Stderr, "validation-gen: %s: %v\n", profileEnv, err)
		return func() {}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fail(err)
	}
	runtime.MemProfileRate = 4096
	cpu, err := os.Create(filepath.Join(dir, "cpu.pprof"))
	if err != nil {
		return fail(err)
	}
	tr, err := os.Create(filepath.Join(dir, "trace.out"))
	if err != nil {
		return fail(err)
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		return fail(err)
	}
	if err := trace.Start(tr); err != nil {
		return fail(err)
	}
	return func() {
		trace.Stop()
		pprof.StopCPUProfile()
		cpu.Close()
		tr.Close()
		runtime.GC() // the profile holds the allocations up to the last collection
		mem, err := os.Create(filepath.Join(dir, "mem.pprof"))
		if err == nil {
			err = pprof.Lookup("allocs").WriteTo(mem, 0)
			mem.Close()
		}
		if err != nil {
			fail(err)
		}
	}
}
