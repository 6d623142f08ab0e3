package k8sapi

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/tags"
)

// validatorsModule is the module path of the temporary module of TestK8sAPIValidators.
const validatorsModule = "validationgen.test/k8sapi"

// TestK8sAPIValidators generates validators for the k8s.io/api group versions that Kubernetes
// generates validators for, as Kubernetes does: the packages pkg/apis/<group>/<version> of the
// Kubernetes release that matches this module's k8s.io/api whose doc.go opts in to validation-gen
// (+k8s:validation-gen, other than =false). Each becomes an output package <group>/<version> of a
// temporary module whose doc.go carries the same validation-gen package tags as Kubernetes' (so
// +k8s:validation-gen-input names the k8s.io/api package). The test compares that list with the
// k8s.io/api packages that carry validation tags of the +k8s: dialect, checks that every group
// version for which upstream's generated file validates something gets validators here too, builds
// the packages, and runs a test that adds every group version's kinds and validators to one
// scheme and validates a zero value of every kind, on create and on update.
//
// VALIDATION_GEN_K8SAPI_VALIDATORS=1 runs it; VALIDATION_GEN_K8SAPI_VALIDATORS_DIR=DIR keeps the
// module in DIR.
func TestK8sAPIValidators(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_K8SAPI_VALIDATORS") != "1" {
		t.Skip("generates, builds and runs validators for k8s.io/api's group versions (a few minutes); " +
			"run it with: VALIDATION_GEN_K8SAPI_VALIDATORS=1 go test ./test/k8sapi/ -run TestK8sAPIValidators -count=1")
	}
	start := time.Now()
	root, k8sVersion, k8sDir, mod := kubernetesModuleTest(t, validatorsModule, "VALIDATION_GEN_K8SAPI_VALIDATORS_DIR")
	pkgs := kubernetesOutputPackages(t, k8sDir)
	if len(pkgs) < 50 {
		t.Fatalf("Kubernetes %s generates validators for only %d packages of pkg/apis", k8sVersion, len(pkgs))
	}
	var gvs []string
	for _, p := range pkgs {
		if want := "k8s.io/api/" + p.groupVersion(); p.Input != want {
			t.Fatalf("%s: +k8s:validation-gen-input=%s, not %s", p.Rel, p.Input, want)
		}
		gvs = append(gvs, p.groupVersion())
	}
	t.Logf("Kubernetes %s generates validators for %d group versions: %s", k8sVersion, len(gvs), strings.Join(gvs, " "))
	compareDialectPackages(t, root, pkgs)

	for _, p := range pkgs {
		name := path.Base(p.Rel)
		dir := filepath.Join(mod, filepath.FromSlash(p.groupVersion()))
		tempmod.WriteFile(t, filepath.Join(dir, "doc.go"), []byte(fmt.Sprintf(`// Package %s holds the validators of %s, generated as Kubernetes %s generates them into
// %s, with the same package tags:
//
// %s
package %s
`, name, p.Input, k8sVersion, p.Rel, strings.Join(p.Tags, "\n// "), name)))
		// As Kubernetes' register.go: localSchemeBuilder shares the k8s.io/api package's
		// SchemeBuilder, so the generated init adds the validators to what AddToScheme registers.
		tempmod.WriteFile(t, filepath.Join(dir, "register.go"), []byte(fmt.Sprintf(`package %s

import api %q

var (
	localSchemeBuilder = &api.SchemeBuilder
	// AddToScheme adds the group version's kinds and, through the generated init, their validators.
	AddToScheme = localSchemeBuilder.AddToScheme
)
`, name, p.Input)))
		// The hand-written validators that +k8s:customValidation calls live in the output package.
		copyCustomValidators(t, k8sDir, p, dir, validatorsModule)
	}

	phase := time.Now()
	out := generateInto(t, mod, "./...")
	// A group version gets a validators file exactly when upstream's calls a check: upstream writes
	// a file for every group version, but one whose kinds validate nothing (ObjectMeta's alpha
	// checks included) has only its package clause.
	var imports, adds strings.Builder
	var without []string
	registered := 0
	for i, p := range pkgs {
		rel := p.groupVersion()
		// Every group version's kinds, and the validators the generated init registered.
		fmt.Fprintf(&imports, "\tval%d %q\n", i, validatorsModule+"/"+rel)
		fmt.Fprintf(&adds, "\t\tval%d.AddToScheme,\n", i)
		src, ok := upstreamFile(t, k8sDir, p)
		checks := ok && upstreamChecks.Match(src)
		if _, err := os.Stat(filepath.Join(mod, filepath.FromSlash(rel), "zz_generated.validations.go")); err != nil {
			without = append(without, rel)
			if checks {
				t.Errorf("%s: no validators generated, but upstream's %s/zz_generated.validations.go calls %s",
					rel, p.Rel, upstreamChecks.Find(src))
			}
			continue
		}
		if !checks {
			t.Errorf("%s: validators generated, but upstream's %s/zz_generated.validations.go calls no check", rel, p.Rel)
		}
		registered++
	}
	t.Logf("generated %d files in %s; validators for %d group versions, none for %s", len(out.Files()), since(phase), registered, strings.Join(without, " "))

	// The scheme is built from the output packages' AddToScheme alone: Kubernetes' doc.go files
	// have no +k8s:validation-gen-scheme-registry, and with localSchemeBuilder declared the
	// generated init registers the validators, upstream's default.
	tempmod.WriteFile(t, filepath.Join(mod, "all_test.go"), []byte(`package all_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

`+imports.String()+`)

// TestAll validates a zero value of every kind of every group version, on create and on update.
func TestAll(t *testing.T) {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
`+adds.String()+`	} {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	kinds, rejected := 0, 0
	for gvk := range scheme.AllKnownTypes() {
		obj, err := scheme.New(gvk)
		if err != nil {
			t.Fatal(err)
		}
		kinds++
		if len(scheme.Validate(context.Background(), nil, obj)) > 0 {
			rejected++
		}
		scheme.ValidateUpdate(context.Background(), nil, obj, obj.DeepCopyObject())
	}
	t.Logf("%d kinds, %d rejected as zero values", kinds, rejected)
	if rejected == 0 {
		t.Error("no kind's zero value was rejected: no validator ran")
	}
}
`))
	tempmod.WriteFile(t, filepath.Join(mod, "doc.go"), []byte("// Package all holds the test of all group versions.\npackage all\n"))
	phase = time.Now()
	tempmod.Go(t, mod, "vet", "./...")
	t.Logf("go vet ./...: %s", since(phase))
	phase = time.Now()
	t.Logf("%s", tempmod.Go(t, mod, "test", "-count=1", "-v", "-run", "TestAll", "."))
	t.Logf("go test: %s; %s in all", since(phase), since(start))
}

// upstreamChecks matches a check in upstream's generated code: a call of apimachinery's validate
// library, of a hand-written validator, or of another package's generated validator
// (validation.Validate_ObjectMeta, from apimachinery's meta/v1/validation).
var upstreamChecks = regexp.MustCompile(`\bvalidate\.[A-Z][A-Za-z]*\(|\bValidateCustom_[A-Za-z_]*\(|\b[a-z][a-z0-9]*\.Validate_[A-Za-z0-9_]*\(`)

// copyCustomValidators copies into dir the hand-written files of a Kubernetes output package that
// declare validators +k8s:customValidation calls (ValidateCustom_...), with their imports of other
// output packages (k8s.io/kubernetes/pkg/apis/<group>/<version>) turned into the same packages of
// module. Any other import of Kubernetes fails the test.
func copyCustomValidators(t *testing.T, k8sDir string, p outputPackage, dir, module string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(k8sDir, filepath.FromSlash(p.Rel), "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		base := filepath.Base(f)
		if strings.HasPrefix(base, "zz_generated") || strings.HasSuffix(base, "_test.go") {
			continue
		}
		src := string(tempmod.ReadFile(t, f))
		if !strings.Contains(src, "\nfunc ValidateCustom_") {
			continue
		}
		src = strings.ReplaceAll(src, `"`+kubernetesModule+`/pkg/apis/`, `"`+module+`/`)
		if strings.Contains(src, `"`+kubernetesModule+`/`) {
			t.Fatalf("%s imports a package of Kubernetes other than an output package of pkg/apis", f)
		}
		tempmod.WriteFile(t, filepath.Join(dir, base), []byte(src))
	}
}

// dialectTag matches a tag line of a Go comment.
var dialectTag = regexp.MustCompile(`^\s*//\s*\+(k8s:[A-Za-z0-9:-]+)`)

// compareDialectPackages compares Kubernetes' list with the k8s.io/api packages whose Go files
// carry a validation tag of the +k8s: dialect that validation-gen knows (package tags of the
// generators excluded), and logs the differences: Kubernetes generates for group versions without
// such tags (their kinds' ObjectMeta), and some packages carry tags Kubernetes does not generate
// for (+k8s:validation-gen=false: extensions/v1beta1). More than a few of those is an error: the
// list would not be Kubernetes'.
func compareDialectPackages(t *testing.T, root string, pkgs []outputPackage) {
	t.Helper()
	generated := map[string]bool{}
	for _, p := range pkgs {
		generated[p.Input] = true
	}
	var tagged, notGenerated []string
	for _, line := range strings.Split(strings.TrimSpace(string(tempmod.Go(t, root, "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \" \"}}", "k8s.io/api/..."))), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || f[2] == "" || !carriesDialect(t, f[1], strings.Fields(f[2])) {
			continue
		}
		tagged = append(tagged, f[0])
		if !generated[f[0]] {
			notGenerated = append(notGenerated, f[0])
		}
	}
	taggedSet := map[string]bool{}
	for _, p := range tagged {
		taggedSet[p] = true
	}
	var untagged []string
	for _, p := range pkgs {
		if !taggedSet[p.Input] {
			untagged = append(untagged, p.Input)
		}
	}
	t.Logf("%d k8s.io/api packages carry +k8s: validation tags; Kubernetes does not generate for %d of them: %s",
		len(tagged), len(notGenerated), strings.Join(notGenerated, " "))
	t.Logf("Kubernetes generates for %d packages without such tags: %s", len(untagged), strings.Join(untagged, " "))
	if len(notGenerated) > 3 {
		t.Errorf("Kubernetes does not generate validators for %d k8s.io/api packages that carry +k8s: validation tags: "+
			"is pkg/apis read right?", len(notGenerated))
	}
}

func carriesDialect(t *testing.T, dir string, files []string) bool {
	t.Helper()
	for _, name := range files {
		if strings.HasPrefix(name, "zz_generated") || strings.HasSuffix(name, ".pb.go") {
			continue
		}
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		found := false
		for sc.Scan() && !found {
			m := dialectTag.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			name, _, _ := strings.Cut(m[1], "=")
			if d, ok := tags.Lookup(name); ok && d.Scopes&tags.ScopePackage == 0 && !d.Info {
				found = true
			}
		}
		f.Close()
		if found {
			return true
		}
	}
	return false
}

func since(t time.Time) time.Duration { return time.Since(t).Round(100 * time.Millisecond) }
