package k8sapi

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// kubernetesModule is the module of Kubernetes itself. It cannot be required by another module
// (its go.mod replaces its staging modules with directories), so the tests only read files of it:
// go mod download puts it in the module cache.
const kubernetesModule = "k8s.io/kubernetes"

// kubernetesSource downloads the Kubernetes release that matches this module's k8s.io/api
// (k8s.io/api v0.X.Y is published with Kubernetes v1.X.Y) and returns its version and directory.
func kubernetesSource(t *testing.T, root string) (version, dir string) {
	t.Helper()
	api := moduleVersions(t, "k8s.io/api")["k8s.io/api"]
	if !strings.HasPrefix(api, "v0.") {
		t.Fatalf("k8s.io/api is at %s: no Kubernetes release matches it", api)
	}
	version = "v1." + strings.TrimPrefix(api, "v0.")
	return version, tempmod.Download(t, root, kubernetesModule, version)
}

// kubernetesModuleTest sets up a test that builds a module of generated validators: the
// repository root, the hermetic Go environment (tempmod.Env), the Kubernetes release and its
// directory, and the module's directory (a temporary one, or keepEnv's value when it is set), with
// go.mod and go.sum written for module.
func kubernetesModuleTest(t *testing.T, module, keepEnv string) (root, k8sVersion, k8sDir, mod string) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	k8sVersion, k8sDir = kubernetesSource(t, root)
	mod = t.TempDir()
	if keep := os.Getenv(keepEnv); keep != "" {
		mod = keep
	}
	if err := tempmod.Write(root, module, mod); err != nil {
		t.Fatal(err)
	}
	return root, k8sVersion, k8sDir, mod
}

// generateInto runs validation-gen over patterns of module directory mod, as Kubernetes' build
// does (compatibility 1.37, format fallbacks), and writes its output; input it refuses fails t.
func generateInto(t *testing.T, mod string, patterns ...string) *generators.Outputs {
	t.Helper()
	out, diags, err := generators.Run(generators.Config{
		Dir: mod, Patterns: patterns, ReadOnly: stagingValidationPackages(t, mod), OutputFile: "zz_generated.validations.go",
		Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	if out == nil {
		t.Fatalf("validation-gen refuses the input:\n%s", diags.Error(mod))
	}
	if len(diags) > 0 {
		t.Logf("%d warnings:\n%s", len(diags), diags.Error(mod))
	}
	if err := out.Write(); err != nil {
		t.Fatal(err)
	}
	return out
}

// stagingValidationPackages lists the packages of k8s.io/apimachinery whose doc.go opts in to
// validation-gen (meta/v1/validation, whose +k8s:validation-gen-input is meta/v1). Kubernetes
// generates them in the same run as pkg/apis, from its staging directory, so ObjectMeta and
// Condition get their +k8s: tags wherever they are used; here they are in the module cache, so
// generateInto passes them as read-only packages (--readonly-pkg), as a user of the released
// modules would.
func stagingValidationPackages(t *testing.T, mod string) []string {
	t.Helper()
	const module = "k8s.io/apimachinery"
	dir := strings.TrimSpace(string(tempmod.Go(t, mod, "list", "-m", "-f", "{{.Dir}}", module)))
	var out []string
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || e.Name() != "doc.go" {
			return err
		}
		for _, line := range strings.Split(string(tempmod.ReadFile(t, p)), "\n") {
			if m := validationGenTag.FindStringSubmatch(line); m != nil && strings.HasPrefix(m[1], "+k8s:validation-gen=") &&
				strings.TrimSpace(m[2]) != "false" {
				rel, err := filepath.Rel(dir, filepath.Dir(p))
				if err != nil {
					return err
				}
				out = append(out, path.Join(module, filepath.ToSlash(rel)))
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s has no package with +k8s:validation-gen (meta/v1/validation had one)", dir)
	}
	sort.Strings(out)
	return out
}

// outputPackage is one package of Kubernetes' pkg/apis that validation-gen generates into.
type outputPackage struct {
	Rel   string   // its directory in the Kubernetes module, slash-separated: pkg/apis/apps/v1
	Input string   // its +k8s:validation-gen-input: the package whose types it validates
	Tags  []string // its +k8s:validation-gen* tag lines, as written, in order
}

// validationGenTag matches a package tag of validation-gen in a doc.go.
var validationGenTag = regexp.MustCompile(`^\s*//\s*(\+k8s:validation-gen(?:-input|-scheme-registry)?(?:=(.*))?)\s*$`)

// kubernetesOutputPackages lists the packages pkg/apis/*/* of the Kubernetes module in dir whose
// doc.go opts in to validation-gen (+k8s:validation-gen, other than =false), with their
// validation-gen package tags: the group versions Kubernetes generates validators for.
func kubernetesOutputPackages(t *testing.T, dir string) []outputPackage {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(dir, "pkg", "apis", "*", "*", "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []outputPackage
	for _, doc := range docs {
		rel, err := filepath.Rel(dir, filepath.Dir(doc))
		if err != nil {
			t.Fatal(err)
		}
		p := outputPackage{Rel: filepath.ToSlash(rel)}
		enabled := false
		for _, line := range strings.Split(string(tempmod.ReadFile(t, doc)), "\n") {
			m := validationGenTag.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			p.Tags = append(p.Tags, m[1])
			name, value, _ := strings.Cut(m[1], "=")
			switch name {
			case "+k8s:validation-gen":
				enabled = strings.TrimSpace(value) != "false"
			case "+k8s:validation-gen-input":
				p.Input = strings.TrimSpace(value)
			}
		}
		if !enabled {
			continue
		}
		if p.Input == "" {
			t.Fatalf("%s: +k8s:validation-gen without +k8s:validation-gen-input", doc)
		}
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Rel < out[j].Rel })
	return out
}

// upstreamFile returns upstream validation-gen's output for p, as Kubernetes commits it, and
// whether it exists.
func upstreamFile(t *testing.T, k8sDir string, p outputPackage) ([]byte, bool) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(k8sDir, filepath.FromSlash(p.Rel), "zz_generated.validations.go"))
	if os.IsNotExist(err) {
		return nil, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return b, true
}

// groupVersion returns the <group>/<version> of an output package (pkg/apis/apps/v1: apps/v1).
func (p outputPackage) groupVersion() string {
	return path.Join(path.Base(path.Dir(p.Rel)), path.Base(p.Rel))
}
