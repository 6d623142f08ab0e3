package realapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/apimachinery/pkg/util/version"
	basever "k8s.io/component-base/version"
	"sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/crdcheck"
	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/tags"
)

// modules are the real API modules the test runs over, at pinned versions.
var modules = []struct {
	path, version string
	// dir is the directory of the API packages inside the module; the test runs over dir/...
	dir string
	// published is the directory of the CRDs the module publishes, named as validation-gen names
	// its own (<group>_<plural>.yaml): every generated CRD must have the same names and scope, and
	// the same versions.
	published string
	// gaps are the problems found today, each with its reason: what the API server rejects in the
	// generated CRDs, and how they differ from the published ones. Any other problem fails the
	// test, and so does a gap that no longer occurs: remove it then.
	gaps []gap
}{
	// Gateway API: 10 kinds over four versions, kubebuilder markers, a GroupName defined in a
	// generated zz_generated.register.go and used by handwritten constants.
	{"sigs.k8s.io/gateway-api", "v1.6.3", "apis", "config/crd/experimental", []gap{
		{`metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation`,
			"gateway.networking.k8s.io is under k8s.io, a protected group; Gateway API's own publishing step adds the " +
				"annotation after controller-gen, which does not write it either (the types carry no +kubebuilder:metadata for it)"},
	}},
}

// gap is a known problem: a substring of a CRD problem, and why it is there.
type gap struct{ problem, why string }

func TestRealAPIs(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_REALAPI") != "1" {
		t.Skip("runs validation-gen over public API modules fetched through the Go module proxy; " +
			"run it with: VALIDATION_GEN_REALAPI=1 go test ./test/realapi/ -count=1 -v")
	}
	// The Go commands (go/packages' too, in this process) may ask the module proxy for what the
	// module needs; neither a workspace nor a toolchain switch applies.
	for k, v := range map[string]string{"GOFLAGS": "-mod=mod", "GOWORK": "off", "GOTOOLCHAIN": "local"} {
		t.Setenv(k, v)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range modules {
		t.Run(m.path+"@"+m.version, func(t *testing.T) {
			dir := t.TempDir()
			src := tempmod.Download(t, dir, m.path, m.version)
			local := filepath.Join(dir, "module")
			tempmod.CopyTree(t, filepath.Join(src, "go.mod"), filepath.Join(local, "go.mod"))
			tempmod.CopyTree(t, filepath.Join(src, m.dir), filepath.Join(local, m.dir))
			mod, err := tempmod.GoMod(root, "validationgen.test/realapi")
			if err != nil {
				t.Fatal(err)
			}
			mod = append(mod, []byte("\nrequire "+m.path+" "+m.version+"\n\nreplace "+m.path+" => ./module\n")...)
			tempmod.WriteFile(t, filepath.Join(dir, "go.mod"), mod)
			sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
			if err != nil {
				t.Fatal(err)
			}
			tempmod.WriteFile(t, filepath.Join(dir, "go.sum"), sum)
			pattern := m.path + "/" + m.dir + "/..."
			tempmod.Go(t, dir, "list", "-deps", pattern) // completes go.mod and go.sum for the module's imports

			out, diags, err := generators.Run(generators.Config{
				Dir: dir, Patterns: []string{pattern},
				OpenAPIOutputFile: "zz_generated.openapi.go", OutputFile: "zz_generated.validations.go",
				OpenAPIJSON: filepath.Join(dir, "openapi.json"), CRDDir: filepath.Join(dir, "crds"),
				Options: generators.Options{Compat: version.MustParse(basever.DefaultKubeBinaryVersion), FormatFallback: true},
			})
			if err != nil {
				t.Fatal(err)
			}
			ignored := otherMarkers(t, filepath.Join(local, m.dir))
			t.Logf("markers of other tools, ignored: %s", ignored)
			if out == nil {
				t.Fatalf("%d diagnostics:\n%s", len(diags), diags.Error(dir))
			}
			if len(diags) > 0 {
				t.Logf("%d warnings:\n%s", len(diags), diags.Error(dir))
			}
			goFiles, crds, versions := 0, 0, 0
			seen := make([]int, len(m.gaps))
			for _, f := range out.Files() {
				tempmod.WriteFile(t, f.Path, f.Content)
				switch {
				case strings.HasSuffix(f.Path, ".go"):
					goFiles++
				case strings.HasSuffix(f.Path, ".yaml"):
					crds++
					name := filepath.Base(f.Path)
					crd, err := crdcheck.Validate(f.Content)
					var problems []string
					for _, e := range crdErrors(err) {
						problems = append(problems, "the API server would reject it: "+e)
					}
					if crd != nil {
						versions += len(crd.Spec.Versions)
						problems = append(problems, compareCRD(t, crd, filepath.Join(src, m.published, name))...)
					}
					for _, p := range problems {
						known := false
						for i, g := range m.gaps {
							if strings.Contains(p, g.problem) {
								seen[i]++
								known = true
							}
						}
						if !known {
							t.Errorf("%s: %s", name, p)
						}
					}
				}
			}
			for i, g := range m.gaps {
				if seen[i] == 0 {
					t.Errorf("known gap no longer occurs, remove it from the test: %s", g.problem)
				} else {
					t.Logf("known gap, %d times: %s (%s)", seen[i], g.problem, g.why)
				}
			}
			var doc struct {
				Components struct{ Schemas map[string]json.RawMessage }
			}
			if err := json.Unmarshal(tempmod.ReadFile(t, filepath.Join(dir, "openapi.json")), &doc); err != nil {
				t.Fatal(err)
			}
			t.Logf("%d Go files, %d definitions in the JSON document, %d CRDs with %d versions",
				goFiles, len(doc.Components.Schemas), crds, versions)
			if crds == 0 {
				t.Error("no CRDs generated")
			}
			tempmod.Go(t, dir, "build", pattern)
			tempmod.Go(t, dir, "vet", pattern)
		})
	}
}

// compareCRD lists how a generated CRD differs from the published one in its names, scope and
// versions (schemas are not compared: the module's own markers make most of them).
func compareCRD(t *testing.T, ours *apiextv1.CustomResourceDefinition, published string) []string {
	data, err := os.ReadFile(published)
	if err != nil {
		return []string{"no published CRD " + filepath.Base(published)}
	}
	var theirs apiextv1.CustomResourceDefinition
	if err := yaml.Unmarshal(data, &theirs); err != nil {
		t.Fatalf("%s: %v", published, err)
	}
	var out []string
	differ := func(what, a, b string) {
		if a != b {
			out = append(out, fmt.Sprintf("%s: %s, published %s", what, a, b))
		}
	}
	differ("metadata.name", ours.Name, theirs.Name)
	differ("kind", ours.Spec.Names.Kind, theirs.Spec.Names.Kind)
	differ("listKind", ours.Spec.Names.ListKind, theirs.Spec.Names.ListKind)
	differ("plural", ours.Spec.Names.Plural, theirs.Spec.Names.Plural)
	differ("singular", ours.Spec.Names.Singular, theirs.Spec.Names.Singular)
	differ("scope", string(ours.Spec.Scope), string(theirs.Spec.Scope))
	for _, v := range ours.Spec.Versions {
		i := slices.IndexFunc(theirs.Spec.Versions, func(p apiextv1.CustomResourceDefinitionVersion) bool { return p.Name == v.Name })
		if i < 0 {
			out = append(out, "version "+v.Name+" is not in the published CRD")
			continue
		}
		p := theirs.Spec.Versions[i]
		differ("version "+v.Name+" served", strconv.FormatBool(v.Served), strconv.FormatBool(p.Served))
		differ("version "+v.Name+" deprecated", strconv.FormatBool(v.Deprecated), strconv.FormatBool(p.Deprecated))
	}
	differ("storage version", storage(ours), storage(&theirs))
	for _, p := range theirs.Spec.Versions {
		if !slices.ContainsFunc(ours.Spec.Versions, func(v apiextv1.CustomResourceDefinitionVersion) bool { return v.Name == p.Name }) {
			out = append(out, "published version "+p.Name+" is missing")
		}
	}
	return out
}

func storage(crd *apiextv1.CustomResourceDefinition) string {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return "none"
}

// crdErrors splits what crdcheck.Validate returns into one message per problem.
func crdErrors(err error) []string {
	if err == nil {
		return nil
	}
	var agg utilerrors.Aggregate
	if errors.As(err, &agg) {
		var out []string
		for _, e := range agg.Errors() {
			out = append(out, e.Error())
		}
		return out
	}
	return []string{err.Error()}
}

// otherMarkers counts, by name, the tags in the Go files below dir that validation-gen ignores as
// other tools' (in the order of their counts, highest first).
func otherMarkers(t *testing.T, dir string) string {
	counts := map[string]int{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, g := range f.Comments {
			for _, r := range tags.Extract(lines(g), tags.Multiline) {
				if _, ours := tags.Lookup(r.Name); !ours && tags.Allowed(r.Name) {
					counts[r.Name]++
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if counts[names[i]] != counts[names[j]] {
			return counts[names[i]] > counts[names[j]]
		}
		return names[i] < names[j]
	})
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("+%s %d", n, counts[n]))
	}
	return strings.Join(parts, ", ")
}

func lines(g *ast.CommentGroup) []tags.Line {
	var out []tags.Line
	for _, c := range g.List {
		if text, ok := strings.CutPrefix(c.Text, "//"); ok {
			out = append(out, tags.Line{Text: strings.TrimPrefix(text, " ")})
		}
	}
	return out
}
