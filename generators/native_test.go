package generators_test

import (
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/crdcheck"
)

// TestNativeTypesInCRDs generates the CRDs of testdata/native (a PodTemplateSpec and a batch/v1
// JobSpec embedded in controller-gen projects' kinds). By default they are controller-gen's: none
// of k8s.io/api's +enum, +default=ref(...) or +k8s: tags is published, and the API server's CRD
// validation accepts them. With --native-validation those tags are published, and the API server
// accepts them too (issue 22, class 8).
func TestNativeTypesInCRDs(t *testing.T) {
	dir := absDir(t, "../testdata/native")
	run := func(native bool) (map[string]string, string) {
		tmp := t.TempDir()
		out, diags, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./..."}, CRDDir: filepath.Join(tmp, "crds"),
			Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, NativeValidation: native}})
		if err != nil {
			t.Fatal(err)
		}
		if out == nil {
			return nil, diags.Error(dir)
		}
		crds := map[string]string{}
		for _, f := range out.Files() {
			crds[filepath.Base(f.Path)] = string(f.Content)
		}
		return crds, diags.Error(dir)
	}

	crds, diags := run(false)
	if crds == nil {
		t.Fatalf("default: diagnostics:\n%s", diags)
	}
	for _, name := range []string{"native.example.com_podsets.yaml", "native.example.com_jobsets.yaml"} {
		crd, ok := crds[name]
		if !ok {
			t.Fatalf("default: no %s", name)
		}
		if _, err := crdcheck.Validate([]byte(crd)); err != nil {
			t.Errorf("default: the API server rejects %s: %v", name, err)
		}
		// Toleration's effect is a +enum of core/v1, which controller-gen does not publish.
		if strings.Contains(crd, "- PreferNoSchedule") {
			t.Errorf("default: %s publishes core/v1's enum of taint effects", name)
		}
	}

	// With --native-validation, k8s.io/api's enums and +k8s: tags are published, and the API server
	// accepts both CRDs within its CEL cost budget: EvictionResponder.name's
	// +k8s:format=k8s-prefixed-label-key is a CEL rule at 1.37, which the format's maximum length
	// (317, published beside it) keeps within the per-rule limit in a list of 10 responders.
	crds, diags = run(true)
	if crds == nil {
		t.Fatalf("--native-validation: diagnostics:\n%s", diags)
	}
	for _, name := range []string{"native.example.com_podsets.yaml", "native.example.com_jobsets.yaml"} {
		crd := crds[name]
		if _, err := crdcheck.Validate([]byte(crd)); err != nil {
			t.Errorf("--native-validation: the API server rejects %s: %v", name, err)
		}
		if !strings.Contains(crd, "- PreferNoSchedule") {
			t.Errorf("--native-validation: %s does not publish core/v1's enum of taint effects", name)
		}
		if !strings.Contains(crd, "maxLength: 317") {
			t.Errorf("--native-validation: %s does not publish k8s-prefixed-label-key's maximum length", name)
		}
	}
}
