package generators_test

import (
	"path/filepath"
	"testing"

	"github.com/validation-gen/validation-gen/internal/celdiff"
)

// celSources are the packages whose CEL rules the differential test covers: every package of the
// repository's examples and testdata with rules that generates (the bad cases do not).
var celSources = []struct {
	name, dir string
	deepcopy  bool // the package's own zz_generated.deepcopy.go is copied (else stubs are written)
	server    bool // the API server's CRD validation is the third party (rules of +validationRule only)
}{
	{"celvalues", "testdata/cel/values/v1", false, true}, // with valid objects (CELDiffObjects, CELDiffAllocFree)
	{"celcost", "testdata/cel/cost/v1", false, true},     // over the cost limit: compiled for small values (CELDiffObjects)
	{"celgood", "testdata/cel/good/v1", false, false},
	{"validationrule", "testdata/tags/validationrule", false, false},
	{"immutable", "testdata/tags/immutable", false, false},
	{"recursiverule", "testdata/tags/recursiverule", false, false},
	{"aliaschain", "testdata/tags/aliaschain", false, false},
	{"celcosttag", "testdata/tags/celcost", false, false},
	{"workloads", "examples/api/workloads/v1", true, false},
}

// TestNativeCELMatchesCEL is the differential proof of CEL rules compiled to Go (internal/celdiff)
// over every package of the repository's examples and testdata with rules that generate.
func TestNativeCELMatchesCEL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a temporary module")
	}
	root := repoRoot(t)
	var sources []celdiff.Source
	for _, s := range celSources {
		src := celdiff.Source{Name: s.name, Dir: filepath.Join(root, s.dir), DeepCopy: s.deepcopy, Server: s.server}
		src.Fixed, src.AllocFree = s.name == "celvalues" || s.name == "celcost", s.name == "celvalues"
		sources = append(sources, src)
	}
	celdiff.Run(t, root, sources, 40)
}
