package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// minCELShare is the share of each project's CEL rules that must compile to Go (issue 23's
// target: 95%).
const minCELShare = 0.95

// TestCELShare measures, per project of the corpus, how many of the CEL rules of its validators
// run compiled to Go (--cel-report over its Go types, with its patches), and requires at least
// minCELShare of them, and a reason a user can act on for each of the others. It is the quick part
// of TestCorpus (no controller-gen, no API server, no harness) for the figures of
// docs/guides/cel-rules.md.
func TestCELShare(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_CORPUS_CEL") != "1" {
		t.Skip("runs validation-gen --cel-report over real controller-gen projects fetched through the Go module proxy; " +
			"run it with: VALIDATION_GEN_CORPUS_CEL=1 go test ./test/corpus/ -run CELShare -count=1 -v -timeout 1h " +
			"(VALIDATION_GEN_CORPUS_ONLY=name,... for some projects; VALIDATION_GEN_CORPUS_KEEP=dir keeps the modules)")
	}
	root, only := corpusSetup(t)
	type result struct {
		name, version string
		s             celShare
		why           string
	}
	var results []result
	for _, p := range projects {
		if only != nil && !slices.Contains(only, p.name) {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			dir := t.TempDir()
			if keep := os.Getenv("VALIDATION_GEN_CORPUS_KEEP"); keep != "" {
				dir = filepath.Join(keep, p.name)
				os.RemoveAll(dir)
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			src := tempmod.Download(t, dir, p.module, p.version)
			mod := toolModule(t, root, src, filepath.Join(dir, "module"), p)
			applyPatches(t, mod, p)
			args := append(append([]string{"tool", "validation-gen", "--cel-report"}, p.flags...), p.patterns()...)
			out, err := goCmd(mod, args...)
			if err != nil {
				// A project whose types validation-gen refuses has no validators to measure; its
				// errors are TestCorpus's (known gaps or not), this test only says so.
				n := 0
				for _, line := range strings.Split(out, "\n") {
					if strings.Contains(line, ".go:") && !strings.Contains(line, ": warning: ") {
						n++
						t.Log(line)
					}
				}
				results = append(results, result{name: p.name, version: p.version,
					why: fmt.Sprintf("not measured: validation-gen stops on %d errors in its types (TestCorpus reports them)", n)})
				return
			}
			s := parseCELReport(t, out)
			for _, l := range s.interpreted {
				_, why, _ := strings.Cut(l, ": interpreted: ")
				if strings.TrimSpace(why) == "" || strings.Contains(why, "a bug; please report it") {
					t.Errorf("no reason a user can act on: %s", l)
				}
				t.Log(l)
			}
			if s.total > 0 && float64(s.native) < minCELShare*float64(s.total) {
				t.Errorf("%d of %d CEL rules compile to Go (%.1f%%); the target is %.0f%%", s.native, s.total,
					100*float64(s.native)/float64(s.total), 100*minCELShare)
			}
			results = append(results, result{name: p.name, version: p.version, s: s})
		})
	}
	t.Log("| project | rules | compiled to Go |")
	t.Log("| --- | --- | --- |")
	for _, r := range results {
		switch {
		case r.why != "":
			t.Logf("| %s %s | - | %s |", r.name, r.version, r.why)
		case r.s.total == 0:
			t.Logf("| %s %s | 0 | - |", r.name, r.version)
		default:
			t.Logf("| %s %s | %d | %d (%.1f%%) |", r.name, r.version, r.s.total, r.s.native, 100*float64(r.s.native)/float64(r.s.total))
		}
	}
}
