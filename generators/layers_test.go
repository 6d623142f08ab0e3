package generators_test

import (
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// stages lists generators' packages in pipeline order, with the project packages each may import.
// A stage may import the model, the shared helpers (output and its goheader, schema) and the
// packages below it in its own column, never a later stage: the layering the package
// documentation promises.
var stages = []struct {
	pkg     string
	imports []string
}{
	{"generators/output", []string{"internal/gohead", "internal/fspath"}},
	{"generators/output/goheader", []string{"generators/output"}},
	{"generators/loader", []string{"generators/output", "model", "tags", "internal/gohead"}},
	{"generators/builder", []string{"generators/loader", "model", "tags", "formats"}},
	{"generators/schema", []string{"model", "formats"}},
	{"generators/check", []string{"generators/schema", "model", "formats", "celenv"}},
	{"generators/nativecel", []string{"model", "celenv"}},
	{"generators/openapi", []string{"generators/output", "generators/output/goheader", "generators/schema", "model", "formats", "celenv"}},
	{"generators/validators", []string{"generators/output", "generators/output/goheader", "generators/schema", "generators/nativecel", "model", "formats", "celenv"}},
	// Not a stage: the result cache beside the pipeline, keyed by what the loader read, and its
	// lookup, which the command's fast path runs before the pipeline is initialised (standard
	// library only, besides these: cmd/validation-gen's TestFastPathDependencies).
	{"generators/cache", []string{"generators/cache/lookup", "generators/loader", "generators/output", "model"}},
	{"generators/cache/lookup", []string{"generators/output", "internal/gohead", "internal/fspath"}},
}

const module = "github.com/validation-gen/validation-gen/"

func TestStageImports(t *testing.T) {
	root := repoRoot(t)
	known := map[string]bool{}
	for _, s := range stages {
		known[s.pkg] = true
		p, err := build.Default.ImportDir(filepath.Join(root, s.pkg), 0)
		if err != nil {
			t.Fatalf("%s: %v", s.pkg, err)
		}
		for _, imp := range p.Imports {
			rel, ok := strings.CutPrefix(imp, module)
			if ok && !slices.Contains(s.imports, rel) {
				t.Errorf("%s imports %s, which its stage may not (allowed: %s)", s.pkg, rel, strings.Join(s.imports, ", "))
			}
		}
	}
	entries, err := os.ReadDir(filepath.Join(root, "generators"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		// testdata holds no package (the go tool skips it): the fuzz targets' corpora.
		if e.IsDir() && e.Name() != "testdata" && !known["generators/"+e.Name()] {
			t.Errorf("generators/%s is not in the stage table of this test: say where it sits in the pipeline", e.Name())
		}
	}
}
