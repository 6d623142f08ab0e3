package history

import (
	"bytes"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/review"
	"github.com/validation-gen/validation-gen/review/diff"
)

// k8s.io/api between two Kubernetes releases: the newest patches of 1.36 and 1.37.
const (
	k8sAPI    = "k8s.io/api"
	k8sAPIOld = "v0.36.6"
	k8sAPINew = "v0.37.2"
)

// k8sAPIPatterns lists the packages of a k8s.io/api release, as ./dir patterns, but
// extensions/v1beta1: in 1.36 its doc.go says +k8s:validation-gen=TypeMeta, the selection syntax
// of Kubernetes' validation-gen before 1.37 ("TypesWithField=TypeMeta" since), which this
// generator, like upstream's 1.37, refuses; 1.37 turns it off (+k8s:validation-gen=false).
func k8sAPIPatterns(t testing.TB, dir string) []string {
	var out []string
	for _, p := range strings.Fields(string(tempmod.Go(t, dir, "list", "./..."))) {
		if p == k8sAPI {
			out = append(out, ".")
			continue
		}
		rel := strings.TrimPrefix(p, k8sAPI+"/")
		if rel == "extensions/v1beta1" {
			continue
		}
		out = append(out, "./"+rel)
	}
	return out
}

// k8sAPIDirs downloads both releases; the diff runs in their module cache directories, read-only,
// as `validation-gen diff OLD NEW` would.
func k8sAPIDirs(t testing.TB) (string, string) {
	tmp := t.TempDir()
	return tempmod.Download(t, tmp, k8sAPI, k8sAPIOld), tempmod.Download(t, tmp, k8sAPI, k8sAPINew)
}

func k8sSurface(t testing.TB, dir string, patterns []string) *review.Surface {
	c, diags, err := generators.Model(generators.Config{Dir: dir, Patterns: patterns,
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

// diffK8sAPI loads both releases at once, as validation-gen diff does, and compares them.
func diffK8sAPI(t testing.TB, oldDir, newDir string, oldPats, newPats []string) *diff.Report {
	var s [2]*review.Surface
	var wg sync.WaitGroup
	for i, d := range [][2]any{{oldDir, oldPats}, {newDir, newPats}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s[i] = k8sSurface(t, d[0].(string), d[1].([]string))
		}()
	}
	wg.Wait()
	if s[0] == nil || s[1] == nil {
		t.Fatal("a release did not load")
	}
	return diff.Compare(s[0], s[1])
}

// TestK8sAPIPair diffs k8s.io/api between Kubernetes 1.36 and 1.37: every change classified, the
// +k8s: tags added or changed among them with their stability levels recognised (alpha and beta
// tags are gated), the report golden (testdata/k8s.io-api/OLD..NEW.json).
func TestK8sAPIPair(t *testing.T) {
	optIn(t)
	oldDir, newDir := k8sAPIDirs(t)
	rep := diffK8sAPI(t, oldDir, newDir, k8sAPIPatterns(t, oldDir), k8sAPIPatterns(t, newDir))
	t.Logf("%s..%s: %s", k8sAPIOld, k8sAPINew, rep.Summary())
	gated, native := 0, 0
	for _, c := range rep.Changes {
		if !verdicts[c.Verdict] || !effects[c.Effect] || c.Why == "" {
			t.Errorf("unclassified change %+v", c)
		}
		if c.Effect == diff.Gated {
			gated++
		}
		if strings.Contains(c.Before+c.After, "(alpha") || strings.Contains(c.Before+c.After, "(beta") {
			native++
		}
	}
	t.Logf("%d changes at a stability level or behind an option; %d gated", native, gated)
	if gated == 0 {
		t.Errorf("no gated change: the +k8s:alpha / +k8s:beta tags added in 1.37 are not recognised")
	}
	var buf bytes.Buffer
	if err := rep.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "k8s.io-api", k8sAPIOld+".."+k8sAPINew+".json")
	golden(t, path, buf.Bytes())
}

// BenchmarkK8sAPIDiff is validation-gen diff over the two releases; BenchmarkK8sAPIGenerate one
// generation run over the newer one (Go definitions and validators, not written). The target:
// the diff takes at most twice one generation run. Run them under the shared lock:
//
//	VALIDATION_GEN_HISTORY=1 flock /work/heavy.lock go test ./test/history -run '^$' -bench K8sAPI -benchtime 2x
func BenchmarkK8sAPIDiff(b *testing.B) {
	optInB(b)
	oldDir, newDir := k8sAPIDirs(b)
	oldPats, newPats := k8sAPIPatterns(b, oldDir), k8sAPIPatterns(b, newDir)
	b.ResetTimer()
	for b.Loop() {
		diffK8sAPI(b, oldDir, newDir, oldPats, newPats)
	}
}

func BenchmarkK8sAPIGenerate(b *testing.B) {
	optInB(b)
	_, newDir := k8sAPIDirs(b)
	pats := k8sAPIPatterns(b, newDir)
	b.ResetTimer()
	for b.Loop() {
		out, diags, err := generators.Run(generators.Config{Dir: newDir, Patterns: pats,
			OpenAPIOutputFile: "zz_generated.openapi.go", OutputFile: "zz_generated.validations.go",
			Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}})
		if err != nil || out == nil {
			b.Fatalf("%v\n%s", err, diags.Error(newDir))
		}
	}
}
