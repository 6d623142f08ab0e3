package crserver

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	apiextcel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/warning"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/test/manifestbench"
)

// TestCELValidatorAgreesWithServer holds celValidator to the server's cel.Validator it restates:
// on every document of the real-server corpus (test/apiserver/testdata) and of the examples'
// CRDs, as creates and, for the corpus's updates, as updates with ratcheting, both give the same
// errors, the same ratcheted warnings and (where every rule holds) the same remaining cost budget; each document a rule
// rejects is also checked as an update that changes nothing, whose errors ratchet. With Gateway API's CRDs
// in the module cache (the benchmark and test/apiserver download them), their rules are checked
// on the benchmark's kinds of documents too.
func TestCELValidatorAgreesWithServer(t *testing.T) {
	kinds, docFiles := testCorpus(t)
	old := map[string]*unstructured.Unstructured{}
	for _, doc := range splitYAML(t, "../../test/apiserver/testdata/old/objects.yaml") {
		if u, k := decode(t, kinds, doc); u != nil {
			stored, err := k.DecodeStored(mustJSON(t, doc))
			if err != nil {
				t.Fatal(err)
			}
			old[objectName(u)] = stored
		}
	}

	validators := map[*Kind][2]any{}
	var bounded boundedRuns
	checked, withRules, failing, updates, ratcheted := 0, 0, 0, 0, 0
	for _, f := range docFiles {
		docs := corpusDocs(t, f)
		for i, doc := range docs {
			u, k := decode(t, kinds, doc)
			if u == nil || k.Structural == nil {
				continue
			}
			checked++
			if _, ok := validators[k]; !ok {
				validators[k] = [2]any{apiextcel.NewValidator(k.Structural, true, celconfig.PerCallLimit), newCELValidator(k.Structural, true, celconfig.PerCallLimit)}
			}
			server, ours := validators[k][0].(*apiextcel.Validator), validators[k][1].(*celValidator)
			if (server == nil) != (ours == nil) {
				t.Fatalf("%v: the server's validator is %v, ours %v", k.GVK, server, ours)
			}
			if server == nil {
				continue
			}
			withRules++
			name := fmt.Sprintf("%s[%d]", f, i)
			want, wantWarn, wantLeft := runServer(server, k, u.Object, nil, nil)
			got, gotWarn, gotLeft := runOurs(ours, u.Object, nil, nil)
			compare(t, name+" create", want, got, wantWarn, gotWarn, wantLeft, gotLeft)
			bounded.check(t, name+" create", k, ours, u.Object, nil, nil, want, wantWarn)
			if len(want) > 0 {
				// The same object as its own update: its errors ratchet (warnings), but those
				// of transition rules.
				failing++
				self := u.DeepCopy()
				want, wantWarn, wantLeft := runServer(server, k, u.Object, self.Object, correlated(k, u, self))
				got, gotWarn, gotLeft := runOurs(ours, u.Object, self.Object, correlated(k, u, self))
				compare(t, name+" unchanged update", want, got, wantWarn, gotWarn, wantLeft, gotLeft)
				bounded.check(t, name+" unchanged update", k, ours, u.Object, self.Object, correlated(k, u, self), want, wantWarn)
				if len(wantWarn) > 0 {
					ratcheted++
				}
			}
			if o, ok := old[objectName(u)]; ok && strings.HasSuffix(f, "updates.yaml") {
				updates++
				want, wantWarn, wantLeft := runServer(server, k, u.Object, o.Object, correlated(k, u, o))
				got, gotWarn, gotLeft := runOurs(ours, u.Object, o.Object, correlated(k, u, o))
				compare(t, name+" update", want, got, wantWarn, gotWarn, wantLeft, gotLeft)
				bounded.check(t, name+" update", k, ours, u.Object, o.Object, correlated(k, u, o), want, wantWarn)
			}
		}
	}
	t.Logf("%d documents with a schema, %d with rules (%d failing one, %d ratcheting unchanged), %d updates", checked, withRules, failing, ratcheted, updates)
	t.Logf("within the schema's bounds: %d validations, %d of them decided without tracking, with %d untracked and %d tracked evaluations",
		bounded.runs, bounded.decided, bounded.untracked, bounded.tracked)
	if bounded.runs < 30 || bounded.decided < bounded.runs/2 || bounded.untracked < 10*bounded.tracked {
		t.Fatalf("too few validations without cost tracking: %d of %d, %d evaluations untracked, %d tracked", bounded.decided, bounded.runs, bounded.untracked, bounded.tracked)
	}
	if withRules < 30 || failing < 5 || ratcheted < 5 || updates < 5 {
		t.Fatalf("too few documents checked: %d with rules, %d failing, %d updates", withRules, failing, updates)
	}
}

// testCorpus reads the kinds of the real-server corpus's CRDs, the examples' and (when in the
// module cache) Gateway API's, and lists the documents' files: the corpus's, the examples' and
// Gateway API's examples and benchmark corpus (benchmarkCorpus).
func testCorpus(t *testing.T) (map[schema.GroupVersionKind]*Kind, []string) {
	t.Helper()
	crdFiles := glob(t, "../../test/apiserver/testdata/crds/*.yaml", "../../examples/api/crds/*.yaml")
	docFiles := glob(t, "../../test/apiserver/testdata/corpus/*.yaml", "../../examples/api/testdata/*/*.yaml")
	if gw := gatewayAPIDir(); gw != "" {
		crdFiles = append(crdFiles, glob(t, filepath.Join(gw, "config/crd/standard/gateway.networking.k8s.io_*.yaml"))...)
		docFiles = append(docFiles, glob(t, filepath.Join(gw, "examples/standard/*.yaml"), filepath.Join(gw, "examples/standard/*/*.yaml"))...)
		docFiles = append(docFiles, benchmarkCorpus)
	} else {
		t.Log("gateway-api v1.6.3 is not in the module cache: its CRDs are not checked")
	}
	kinds := map[schema.GroupVersionKind]*Kind{}
	for _, f := range crdFiles {
		for _, doc := range splitYAML(t, f) {
			if !bytes.Contains(doc, []byte("kind: CustomResourceDefinition")) || bytes.Contains(doc, []byte("ValidatingAdmissionPolicy")) {
				continue
			}
			crd, err := ReadCRD(doc)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			ks, err := NewKinds(crd)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			for _, k := range ks {
				kinds[k.GVK] = k
			}
		}
	}
	return kinds, docFiles
}

// corpusDocs are the documents of one of testCorpus's files.
func corpusDocs(t *testing.T, f string) [][]byte {
	t.Helper()
	docs := splitYAML(t, f)
	if f == benchmarkCorpus {
		for _, d := range manifestbench.Corpus(460) {
			docs = append(docs, []byte(d))
		}
	}
	return docs
}

// benchmarkCorpus stands for the documents of test/manifestbench's corpus (the benchmark's kinds,
// one in 23 invalid), in the list of files.
const benchmarkCorpus = "manifestbench.Corpus"

func correlated(k *Kind, u, old *unstructured.Unstructured) *common.CorrelatedObject {
	return common.NewCorrelatedObject(u.Object, old.Object, &model.Structural{Structural: k.Structural})
}

type warnings []string

func (w *warnings) AddWarning(_, text string) { *w = append(*w, text) }

func runServer(v *apiextcel.Validator, k *Kind, obj, old interface{}, c *common.CorrelatedObject) ([]string, []string, int64) {
	var w warnings
	ctx := warning.WithWarningRecorder(context.Background(), &w)
	var opts []apiextcel.Option
	if c != nil {
		opts = append(opts, apiextcel.WithRatcheting(c))
	}
	errs, left := v.Validate(ctx, nil, k.Structural, obj, old, celconfig.RuntimeCELCostBudget, opts...)
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = string(e.Type) + " " + e.Error()
	}
	return out, w, left
}

func runOurs(v *celValidator, obj, old interface{}, c *common.CorrelatedObject) ([]string, []string, int64) {
	var w warnings
	ctx := warning.WithWarningRecorder(context.Background(), &w)
	errs, left := v.Validate(ctx, nil, obj, old, celconfig.RuntimeCELCostBudget, c)
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = string(e.Type) + " " + e.Error()
	}
	return out, w, left
}

// boundedRuns checks ValidateWithinBounds, on the objects the schema check finds valid, against
// the server's errors and warnings, and counts what it evaluated without tracking.
type boundedRuns struct{ runs, decided, untracked, tracked int }

func (b *boundedRuns) check(t *testing.T, name string, k *Kind, v *celValidator, obj, old interface{}, c *common.CorrelatedObject, want, wantWarn []string) {
	t.Helper()
	if !k.Strategy.(*strategy).schemaCheck.valid(obj) {
		return
	}
	var w warnings
	ctx := warning.WithWarningRecorder(context.Background(), &w)
	errs, run := v.validateWithinBounds(ctx, nil, obj, old, celconfig.RuntimeCELCostBudget, c)
	got := make([]string, len(errs))
	for i, e := range errs {
		got[i] = string(e.Type) + " " + e.Error()
	}
	compare(t, name+" within bounds", want, got, wantWarn, w, 0, 0)
	b.runs++
	if !run.undecided {
		b.decided++
	}
	b.untracked += run.untrackedEvals
	b.tracked += run.trackedEvals
}

func compare(t *testing.T, name string, want, got, wantWarn, gotWarn []string, wantLeft, gotLeft int64) {
	t.Helper()
	sort.Strings(want)
	sort.Strings(got)
	sort.Strings(wantWarn)
	sort.Strings(gotWarn)
	if strings.Join(want, "\n") != strings.Join(got, "\n") {
		t.Errorf("%s: errors differ\nserver:\n  %s\nours:\n  %s", name, strings.Join(want, "\n  "), strings.Join(got, "\n  "))
	}
	if strings.Join(wantWarn, "\n") != strings.Join(gotWarn, "\n") {
		t.Errorf("%s: warnings differ\nserver: %q\nours:   %q", name, wantWarn, gotWarn)
	}
	// A failing rule over a map (self.all(k, ...)) stops at the first key that fails, in Go's map
	// order: its cost varies from run to run, the server's as ours. Where every rule holds, the
	// cost is the same on every run.
	if len(want) == 0 && len(wantWarn) == 0 && wantLeft != gotLeft {
		t.Errorf("%s: cost budget left: server %d, ours %d", name, wantLeft, gotLeft)
	}
}

// decode decodes a document of a known kind as a create request (unknown fields pruned,
// defaults applied), or returns nil.
func decode(t *testing.T, kinds map[schema.GroupVersionKind]*Kind, doc []byte) (*unstructured.Unstructured, *Kind) {
	t.Helper()
	var tm struct{ APIVersion, Kind string }
	if err := sigsyaml.Unmarshal(doc, &tm); err != nil {
		return nil, nil
	}
	gv, err := schema.ParseGroupVersion(tm.APIVersion)
	if err != nil {
		return nil, nil
	}
	k, ok := kinds[gv.WithKind(tm.Kind)]
	if !ok {
		return nil, nil
	}
	j, err := sigsyaml.YAMLToJSON(doc)
	if err != nil {
		return nil, nil
	}
	u, _, err := k.Decode(j, nil, false)
	if err != nil {
		return nil, nil
	}
	return u, k
}

func mustJSON(t *testing.T, doc []byte) []byte {
	j, err := sigsyaml.YAMLToJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func objectName(u *unstructured.Unstructured) string {
	return u.GroupVersionKind().GroupKind().String() + "/" + u.GetNamespace() + "/" + u.GetName()
}

func splitYAML(t *testing.T, path string) [][]byte {
	t.Helper()
	if path == benchmarkCorpus {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, d := range bytes.Split(data, []byte("\n---")) {
		if len(bytes.TrimSpace(d)) > 0 {
			out = append(out, d)
		}
	}
	return out
}

func glob(t *testing.T, patterns ...string) []string {
	t.Helper()
	var out []string
	for _, p := range patterns {
		m, err := filepath.Glob(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	return out
}

// gatewayAPIDir is gateway-api v1.6.3 in the module cache, or "".
func gatewayAPIDir() string {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return ""
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "sigs.k8s.io", "gateway-api@v1.6.3")
	if _, err := os.Stat(filepath.Join(dir, "config/crd/standard")); err != nil {
		return ""
	}
	return dir
}
