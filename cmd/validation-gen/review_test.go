package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runBin runs the built command in dir and returns its output and exit status.
func runBin(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var o, e strings.Builder
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// TestDiffExitStatus runs validation-gen diff over before/after pairs of testdata/review/diff: 0
// when nothing breaks the policy, 1 when something does, 2 on an input error; -o json is the
// documented object.
func TestDiffExitStatus(t *testing.T) {
	cases, _ := filepath.Abs("../../testdata/review/diff")
	for _, c := range []struct {
		dir  string
		code int
	}{{"tags-loosened", 0}, {"kubebuilder-tightened", 0}, {"k8s-removed", 1}, {"tags-added", 1}} {
		t.Run(c.dir, func(t *testing.T) {
			dir := filepath.Join(cases, c.dir)
			out, errOut, code := runBin(t, dir, "diff", "-o", "json", "old", "new")
			if code != c.code {
				t.Fatalf("exit status %d, want %d\n%s", code, c.code, errOut)
			}
			var rep struct {
				Changes []map[string]any `json:"changes"`
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Changes) == 0 {
				t.Fatalf("-o json: %v\n%s", err, out)
			}
			for _, k := range []string{"group", "version", "kind", "path", "what", "before", "after", "verdict", "effect", "why"} {
				if _, ok := rep.Changes[0][k]; !ok {
					t.Errorf("a change lacks %q: %v", k, rep.Changes[0])
				}
			}
		})
	}
	if _, _, code := runBin(t, cases, "diff", "nowhere", "tags-added/new"); code != 2 {
		t.Errorf("a missing directory: exit status %d, want 2", code)
	}
	if _, _, code := runBin(t, cases, "diff", "-o", "yaml", "tags-added/old", "tags-added/new"); code != 2 {
		t.Errorf("-o yaml: exit status %d, want 2", code)
	}
}

// TestLintExitStatus: 1 with findings (testdata/review/lint/drift), 0 where the exceptions file
// lists every difference (a copy of drift whose stale and malformed entries are fixed).
func TestLintExitStatus(t *testing.T) {
	drift, _ := filepath.Abs("../../testdata/review/lint/drift")
	_, errOut, code := runBin(t, drift, "lint", "./...")
	if code != 1 || !strings.Contains(errOut, "stale exception") {
		t.Fatalf("drift: exit status %d, want 1 with a stale exception\n%s", code, errOut)
	}
	// The same group inside this module, with an exceptions file that lists what differs.
	dir := filepath.Join(drift, "..", "clean-tmp")
	t.Cleanup(func() { os.RemoveAll(dir) })
	for _, v := range []string{"v1beta1", "v1"} {
		src, err := os.ReadFile(filepath.Join(drift, "widgets", v, "types.go"))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, "widgets", v, "types.go"), string(src))
	}
	write(t, filepath.Join(dir, "widgets", "validation-exceptions.yaml"), `exceptions:
- {kind: Widget, versions: [v1beta1, v1], path: spec.replicas, what: maximum, reason: lowered in v1, owner: me}
- {kind: Widget, versions: [v1beta1, v1], path: spec.name, what: maxLength, reason: lowered in v1, owner: me}
- {kind: Widget, versions: [v1beta1, v1], path: spec.zone, what: pattern, reason: digits in v1, owner: me}
renames:
- {kind: Widget, paths: {v1beta1: spec.size, v1: spec.capacity}, reason: renamed, owner: me}
`)
	if _, errOut, code := runBin(t, dir, "lint", "./..."); code != 0 {
		t.Fatalf("clean: exit status %d, want 0\n%s", code, errOut)
	}
}
