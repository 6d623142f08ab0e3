package generators_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	"sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/generators"
)

// TestPerPackageSameAsJoint runs every golden folder that holds several packages once over all
// of them and once per package, as go generate runs one directive per package: each package's
// own run must write the same validators, and in each CRD it writes, the same versions (a run over
// one version sees only that version of a kind, so its storage flag aside) as the joint run. A
// package's dependencies are then loaded from export data, not as inputs: what the generator
// reads of them (markers, `type A B`, doc comments) must not depend on that.
func TestPerPackageSameAsJoint(t *testing.T) {
	for _, name := range caseDirs(t, tagsDir) {
		dir := absDir(t, filepath.Join(tagsDir, name))
		if _, err := os.Stat(filepath.Join(dir, "types.go")); err == nil {
			continue
		}
		var pkgs []string
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() == "types.go" {
				rel, _ := filepath.Rel(dir, filepath.Dir(p))
				pkgs = append(pkgs, "./"+filepath.ToSlash(rel))
			}
			return err
		})
		if len(pkgs) < 2 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			opts := generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: true}
			if s, ok := readOptional(t, filepath.Join(dir, "flags.txt")); ok {
				applyFlags(t, s, &opts)
			}
			joint, jointCRDs := runFiles(t, dir, []string{"./..."}, opts)
			for _, pkg := range pkgs {
				own, ownCRDs := runFilesAlone(t, dir, pkg, opts)
				for path, content := range own {
					if want, ok := joint[path]; !ok {
						t.Errorf("%s alone writes %s, the joint run does not", pkg, path)
					} else if want != content {
						t.Errorf("%s alone writes another %s than the joint run", pkg, path)
					}
				}
				for path := range joint { // and the joint run writes nothing into it that its own run does not
					if _, ok := own[path]; !ok && filepath.Dir(path) == filepath.Join(dir, filepath.FromSlash(pkg)) {
						t.Errorf("the joint run writes %s, %s alone does not", path, pkg)
					}
				}
				for file, crd := range ownCRDs {
					jv := versionsByName(t, jointCRDs[file])
					for name, v := range versionsByName(t, crd) {
						delete(v, "storage")
						w := jv[name]
						delete(w, "storage")
						if !reflect.DeepEqual(v, w) {
							a, _ := yaml.Marshal(v)
							b, _ := yaml.Marshal(w)
							t.Errorf("%s alone: %s version %s differs from the joint run's:\n--- alone\n%s--- joint\n%s", pkg, file, name, a, b)
						}
					}
				}
			}
		})
	}
}

// runFilesAlone is runFiles over one package. A package that is no API package (no tag of a
// tool that reads API types) generates nothing alone, with a warning, which --strict makes an
// error: it writes nothing then.
func runFilesAlone(t *testing.T, dir, pkg string, opts generators.Options) (map[string]string, map[string]string) {
	cfg := config(t, dir, opts)
	cfg.Patterns = []string{pkg}
	cfg.OutputFile = "zz_generated.validations.go"
	if out, diags, err := generators.Run(cfg); err == nil && out == nil && len(diags) == 1 &&
		strings.Contains(diags[0].Msg, "none is an API package, and nothing is generated") {
		return nil, nil
	}
	return runFiles(t, dir, []string{pkg}, opts)
}

// runFiles runs the generator with Go validators on and returns the Go files by path and the
// CRDs by file name.
func runFiles(t *testing.T, dir string, patterns []string, opts generators.Options) (map[string]string, map[string]string) {
	cfg := config(t, dir, opts)
	cfg.Patterns = patterns
	cfg.OutputFile = "zz_generated.validations.go"
	out, diags, err := generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if out == nil {
		t.Fatalf("%v: diagnostics:\n%s", patterns, diags.Error(dir))
	}
	goFiles, crds := map[string]string{}, map[string]string{}
	for _, f := range out.Files() {
		switch {
		case strings.HasSuffix(f.Path, ".go"):
			goFiles[f.Path] = string(f.Content)
		case strings.HasSuffix(f.Path, ".yaml"):
			crds[filepath.Base(f.Path)] = string(f.Content)
		}
	}
	return goFiles, crds
}

func versionsByName(t *testing.T, crd string) map[string]map[string]any {
	var doc struct {
		Spec struct {
			Versions []map[string]any `json:"versions"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal([]byte(crd), &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, v := range doc.Spec.Versions {
		out[v["name"].(string)] = v
	}
	return out
}
