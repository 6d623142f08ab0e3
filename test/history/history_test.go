// Package history runs validation-gen diff and lint over real release histories (opt-in: it
// fetches modules through the Go module proxy). See TestGatewayAPIHistory.
package history

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/review"
	"github.com/validation-gen/validation-gen/review/diff"
	"github.com/validation-gen/validation-gen/review/lint"
)

var update = flag.Bool("update", false, "rewrite the golden reports instead of comparing")

func updating() bool { return *update || os.Getenv("UPDATE_GOLDEN") == "1" }

// gatewayReleases are consecutive releases of Gateway API (the newest patch of each minor the
// module proxy serves), from v1.0 on. v1.7.0 needs a newer Go than this repository's.
var gatewayReleases = []string{"v1.0.0", "v1.1.0", "v1.2.1", "v1.3.0", "v1.4.1", "v1.5.1", "v1.6.3"}

const gatewayModule = "sigs.k8s.io/gateway-api"

func optIn(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_HISTORY") != "1" {
		t.Skip("runs validation-gen diff over Gateway API releases fetched through the Go module proxy; " +
			"run it with: VALIDATION_GEN_HISTORY=1 go test ./test/history/ -count=1 -v")
	}
	for k, v := range map[string]string{"GOFLAGS": "-mod=mod", "GOWORK": "off", "GOTOOLCHAIN": "local"} {
		t.Setenv(k, v)
	}
}

func optInB(b *testing.B) {
	if os.Getenv("VALIDATION_GEN_HISTORY") != "1" {
		b.Skip("set VALIDATION_GEN_HISTORY=1 (and run under flock /work/heavy.lock)")
	}
	for k, v := range map[string]string{"GOFLAGS": "-mod=mod", "GOWORK": "off", "GOTOOLCHAIN": "local"} {
		b.Setenv(k, v)
	}
}

// apiModule lays out one release's API packages (apis/, apisx/) as a module of their own in dir,
// requiring what this repository requires (so that every release loads against the same
// apimachinery), and returns dir.
func apiModule(t *testing.T, dir, path, ver string, trees ...string) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	src := tempmod.Download(t, t.TempDir(), path, ver)
	for _, tree := range trees {
		if _, err := os.Stat(filepath.Join(src, tree)); err == nil {
			tempmod.CopyTree(t, filepath.Join(src, tree), filepath.Join(dir, tree))
		}
	}
	mod, err := tempmod.GoMod(root, path)
	if err != nil {
		t.Fatal(err)
	}
	tempmod.WriteFile(t, filepath.Join(dir, "go.mod"), mod)
	tempmod.WriteFile(t, filepath.Join(dir, "go.sum"), tempmod.ReadFile(t, filepath.Join(root, "go.sum")))
	applyPatches(t, dir, ver)
	tempmod.Go(t, dir, "list", "-deps", "./...") // completes go.mod and go.sum for the packages' imports
	return dir
}

// surface loads dir/... as validation-gen diff does (nil, reported, when it cannot).
func surface(t *testing.T, dir string) *review.Surface {
	t.Helper()
	c, diags, err := generators.Model(generators.Config{Dir: dir, Patterns: []string{"./..."},
		Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}})
	if err != nil {
		t.Error(err)
		return nil
	}
	if c == nil {
		t.Errorf("%s:\n%s", dir, diags.Error(dir))
		return nil
	}
	return review.Build(c.Universe, c.Costs.Of)
}

// patch is a change made to a release's copy before it is loaded, because the release as published
// holds input that controller-gen itself refuses; each must apply, and says why it does not change
// the published CRDs.
type patch struct {
	release, file, old, new, why string
}

var patches = []patch{
	{"v1.4.1", "apis/v1/httproute_types.go", "\t// +listType=set\n\t// +kubebuilder:validation:MaxLength=64\n\tAllowedRequestHeaders []string", "\t// +listType=set\n\tAllowedRequestHeaders []string",
		"+kubebuilder:validation:MaxLength on a []string: controller-gen refuses it (\"must apply maxlength to a textual value\"), and the " +
			"release's published CRDs have no maxLength there (Gateway API's own generator dropped it); v1.5 writes +kubebuilder:validation:MaxItems=64 there, as meant"},
	{"v1.4.1", "apis/v1/httproute_types.go", "\t// +listType=set\n\t// +kubebuilder:validation:MaxLength=64\n\tAllowedResponseHeaders []string", "\t// +listType=set\n\tAllowedResponseHeaders []string",
		"as above"},
}

// applyPatches applies the patches of release to its copy in dir.
func applyPatches(t *testing.T, dir, release string) {
	t.Helper()
	for _, p := range patches {
		if p.release != release {
			continue
		}
		path := filepath.Join(dir, p.file)
		src := string(tempmod.ReadFile(t, path))
		if strings.Count(src, p.old) == 0 {
			t.Fatalf("%s %s: the patch (%s) no longer applies", release, p.file, p.why)
		}
		tempmod.WriteFile(t, path, []byte(strings.ReplaceAll(src, p.old, p.new)))
	}
}

// loadReleases lays out and loads every release, two at a time.
func loadReleases(t *testing.T, path string, releases []string, trees ...string) []*review.Surface {
	out := make([]*review.Surface, len(releases))
	base := t.TempDir()
	sem := make(chan bool, 2)
	var wg sync.WaitGroup
	for i, r := range releases {
		dir := apiModule(t, filepath.Join(base, r), path, r, trees...)
		wg.Add(1)
		sem <- true
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			out[i] = surface(t, dir)
		}()
	}
	wg.Wait()
	for i, s := range out {
		if s == nil {
			t.Fatalf("%s@%s did not load", path, releases[i])
		}
	}
	return out
}

var verdicts = map[diff.Verdict]bool{diff.Tightened: true, diff.Loosened: true, diff.Neutral: true, diff.Added: true, diff.Removed: true, diff.Changed: true}
var effects = map[diff.Effect]bool{diff.Ratcheted: true, diff.Gated: true, diff.Breaking: true, diff.None: true}

// TestGatewayAPIHistory diffs each pair of consecutive Gateway API releases. Every change must be
// classified; the reports are golden (testdata/gateway-api/OLD..NEW.json, -update rewrites them);
// testdata/gateway-api/checked.yaml holds changes checked by hand against the release notes and
// crdify's checks, each of which must be in the reports with its verdict and effect.
func TestGatewayAPIHistory(t *testing.T) {
	optIn(t)
	surfaces := loadReleases(t, gatewayModule, gatewayReleases, "apis", "apisx")
	var reports []pairReport
	for i := 0; i+1 < len(gatewayReleases); i++ {
		old, new := gatewayReleases[i], gatewayReleases[i+1]
		rep := diff.Compare(surfaces[i], surfaces[i+1])
		v, e := rep.Counts()
		t.Logf("%s..%s: %s (verdicts %v, effects %v)", old, new, rep.Summary(), v, e)
		for _, c := range rep.Changes {
			if !verdicts[c.Verdict] || !effects[c.Effect] || c.Why == "" {
				t.Errorf("%s..%s: unclassified change %+v", old, new, c)
			}
		}
		var buf bytes.Buffer
		if err := rep.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		golden(t, filepath.Join("testdata", "gateway-api", old+".."+new+".json"), buf.Bytes())
		reports = append(reports, pairReport{old, new, rep})
	}
	checkHandChecked(t, filepath.Join("testdata", "gateway-api", "checked.yaml"), reports)

	// The drift lint over the newest release: its served versions of one kind (v1 and v1beta1 of
	// Gateway, HTTPRoute, ...), without an exceptions file, so every difference is a finding.
	last := gatewayReleases[len(gatewayReleases)-1]
	var b strings.Builder
	for _, f := range lint.Check(surfaces[len(surfaces)-1], lint.Config{}) {
		f.Pos.Filename = filepath.Base(filepath.Dir(f.Pos.Filename)) + "/" + filepath.Base(f.Pos.Filename)
		b.WriteString(f.Format("") + "\n")
	}
	golden(t, filepath.Join("testdata", "gateway-api", "lint-"+last+".txt"), []byte(b.String()))
	t.Logf("lint over %s: %d findings", last, strings.Count(b.String(), "\n"))
}

type pairReport struct {
	old, new string
	rep      *diff.Report
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (-update writes it)", err)
	}
	if !bytes.Equal(want, got) {
		var w, g diff.Report
		json.Unmarshal(want, &w)
		json.Unmarshal(got, &g)
		t.Errorf("%s is stale (%d changes, now %d): rerun with -update and review the diff; first differences:\n%s",
			path, len(w.Changes), len(g.Changes), firstDiff(w.Changes, g.Changes))
	}
}

func firstDiff(a, b []diff.Change) string {
	var out []string
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y diff.Change
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("  want %+v\n  got  %+v", x, y))
			if len(out) == 3 {
				break
			}
		}
	}
	return strings.Join(out, "\n")
}
