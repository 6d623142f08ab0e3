package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pipelineInit is the GODEBUG=inittrace=1 line of a package of the pipeline (the tag registry):
// a run that prints it started the pipeline, one that does not was answered by the fast path.
const pipelineInit = "init github.com/validation-gen/validation-gen/tags @"

// flectInit is the line of gobuffalo/flect, whose plural tables were the largest part of a hit
// before the fast path was initialised ahead of them.
const flectInit = "init github.com/gobuffalo/flect @"

// runTraced runs the command in dir with GODEBUG=inittrace=1 and returns its output, its stderr
// without the trace, its exit status and whether the pipeline was initialised.
func runTraced(t *testing.T, dir string, args ...string) (stdout, stderr string, code int, pipeline bool) {
	stdout, stderr, code, pipeline, _ = runTracedFlect(t, dir, args...)
	return
}

// runTracedFlect is runTraced, also reporting whether gobuffalo/flect was initialised.
func runTracedFlect(t *testing.T, dir string, args ...string) (stdout, stderr string, code int, pipeline, flect bool) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	var rest []string
	for _, l := range strings.SplitAfter(e.String(), "\n") {
		if strings.HasPrefix(l, pipelineInit) {
			pipeline = true
		}
		if strings.HasPrefix(l, flectInit) {
			flect = true
		}
		if !strings.HasPrefix(l, "init ") {
			rest = append(rest, l)
		}
	}
	return o.String(), strings.Join(rest, ""), code, pipeline, flect
}

// TestFastPath: a command line run again with nothing changed is answered before the pipeline is
// initialised (internal/fastpath), with what the first run printed, wrote and exited with; one
// whose input changed runs the pipeline.
func TestFastPath(t *testing.T) {
	const warned = `// +k8s:validation-gen=*
package api

// Thing is a thing.
type Thing struct {
	// +maxLength=10
	Name string ` + "`json:\"name\"`" + `
	// +k8s:maxLength=3
	hidden string
}
`
	out := func(dir string) string {
		data, _ := os.ReadFile(filepath.Join(dir, "api", "zz_generated.validations.go"))
		return string(data)
	}
	for _, c := range []struct {
		name  string
		args  []string
		setup func(dir string) // before the first run
	}{
		{"writes, with a warning", []string{"./api"}, nil},
		{"stopped by an error (--strict)", []string{"--strict", "./api"}, nil},
		{"verify, stale", []string{"--verify", "./api"}, nil},
		{"verify, current", []string{"--verify", "./api"}, func(dir string) {
			if _, stderr, code := runIn(t, dir, "./api"); code != 0 {
				t.Fatal(stderr)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("VALIDATION_GEN_CACHE", t.TempDir())
			dir := module(t, warned)
			backdate(t, dir)
			if c.setup != nil {
				c.setup(dir)
			}
			stdout, stderr, code, pipeline := runTraced(t, dir, c.args...)
			if !pipeline {
				t.Fatalf("the first run did not run the pipeline")
			}
			first := out(dir)
			if c.name == "writes, with a warning" {
				// Outputs removed since are written again: they are results, not inputs.
				os.Remove(filepath.Join(dir, "api", "zz_generated.validations.go"))
			}
			stdout2, stderr2, code2, pipeline2, flect2 := runTracedFlect(t, dir, c.args...)
			if pipeline2 {
				t.Errorf("the second run initialised the pipeline: the fast path did not answer it")
			} else if flect2 {
				t.Errorf("the second run initialised gobuffalo/flect before the fast path answered it")
			}
			if stdout2 != stdout || stderr2 != stderr || code2 != code || out(dir) != first {
				t.Errorf("second run: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, stdout:\n%s\nstderr:\n%s\n(outputs equal: %v)",
					code2, stdout2, stderr2, code, stdout, stderr, out(dir) == first)
			}
			// With -v the run logs, which is the pipeline's to do.
			if _, _, _, p := runTraced(t, dir, append([]string{"-v=1"}, c.args...)...); !p {
				t.Errorf("a run with -v=1 was answered by the fast path")
			}
			write(t, filepath.Join(dir, "api", "types.go"), strings.Replace(warned, "+maxLength=10", "+maxLength=11", 1))
			_, _, _, pipeline3 := runTraced(t, dir, c.args...)
			if !pipeline3 {
				t.Errorf("the run after an edit was answered by the fast path")
			}
		})
	}
}

// TestFastPathDependencies: the fast path is initialised before the pipeline only as long as it
// imports nothing but the standard library and a few packages that do too (see
// internal/fastpath's documentation): a dependency on a package of the pipeline, or on one of
// the modules it links, would initialise it after them, and every hit would pay their start-up
// again. TestFastPath measures the effect; this says which import caused it.
func TestFastPathDependencies(t *testing.T) {
	allowed := map[string]bool{
		"github.com/pmezard/go-difflib/difflib":                                         true, // the diff of --verify
		"github.com/validation-gen/validation-gen/generators/output":                    true,
		"github.com/validation-gen/validation-gen/generators/cache/lookup":              true,
		"github.com/validation-gen/validation-gen/internal/gohead":                      true,
		"github.com/validation-gen/validation-gen/internal/fspath":                      true,
		"github.com/validation-gen/validation-gen/cmd/validation-gen/internal/fastpath": true,
	}
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./internal/fastpath")
	data, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(data)) {
		if !allowed[p] {
			t.Errorf("internal/fastpath depends on %s", p)
		}
	}
	// Standard packages that sort after most of the pipeline's import paths are initialised late
	// as well (os/exec, testing, regexp, path/filepath, go/scanner, go/parser: the order is by
	// import path, each package as soon as its imports are; internal/fspath and internal/gohead
	// stand in for path/filepath and go/parser).
	cmd = exec.Command("go", "list", "-deps", "-f", "{{if .Standard}}{{.ImportPath}}{{end}}", "./internal/fastpath")
	if data, err = cmd.Output(); err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(data)) {
		switch p {
		case "os/exec", "testing", "regexp", "go/build", "net", "net/http", "path/filepath", "go/scanner", "go/parser":
			t.Errorf("internal/fastpath depends on %s", p)
		}
	}
}
