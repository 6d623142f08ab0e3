package k8sapi

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/tags"
)

// validatorsModule is the module path of the temporary module of TestK8sAPIValidators.
const validatorsModule = "validationgen.test/k8sapi"

// TestK8sAPIValidators generates validators for the k8s.io/api group versions written for
// Kubernetes' validation-gen, as Kubernetes does: into output packages (one per group version,
// <group>/<version> of a temporary module, whose doc.go says +k8s:validation-gen-input=k8s.io/api/
// <group>/<version> and registers into a runtime.Scheme), then builds them, and runs a test that
// adds every group version's kinds and validators to one scheme and validates a zero value of
// every kind, on create and on update. A group version is selected when its Go files carry a
// validation tag of the +k8s: dialect (Kubernetes generates for the pkg/apis packages of those
// groups; k8s.io/kubernetes itself is not a module this test can load).
//
// VALIDATION_GEN_K8SAPI_VALIDATORS=1 runs it; VALIDATION_GEN_K8SAPI_VALIDATORS_DIR=DIR keeps the
// module in DIR.
func TestK8sAPIValidators(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_K8SAPI_VALIDATORS") != "1" {
		t.Skip("generates, builds and runs validators for k8s.io/api's group versions (a few minutes); " +
			"run it with: VALIDATION_GEN_K8SAPI_VALIDATORS=1 go test ./test/k8sapi/ -run TestK8sAPIValidators -count=1")
	}
	start := time.Now()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	gvs := dialectGroupVersions(t, root)
	if len(gvs) < 20 {
		t.Fatalf("only %d k8s.io/api group versions carry +k8s: validation tags: %v", len(gvs), gvs)
	}
	t.Logf("%d group versions: %s", len(gvs), strings.Join(gvs, " "))

	mod := t.TempDir()
	if keep := os.Getenv("VALIDATION_GEN_K8SAPI_VALIDATORS_DIR"); keep != "" {
		mod = keep
	}
	if err := tempmod.Write(root, validatorsModule, mod); err != nil {
		t.Fatal(err)
	}
	var imports, adds strings.Builder
	for i, gv := range gvs {
		rel := strings.TrimPrefix(gv, "k8s.io/api/")
		name := path.Base(rel)
		tempmod.WriteFile(t, filepath.Join(mod, filepath.FromSlash(rel), "doc.go"), []byte(fmt.Sprintf(`// Package %s holds the validators of %s.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-input=%s
// +k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme
package %s

import "k8s.io/apimachinery/pkg/runtime"

var (
	localSchemeBuilder = &runtime.SchemeBuilder{}
	// AddToScheme adds the validators to a scheme.
	AddToScheme = localSchemeBuilder.AddToScheme
)
`, name, gv, gv, name)))
		fmt.Fprintf(&imports, "\tapi%d %q\n\tval%d %q\n", i, gv, i, validatorsModule+"/"+rel)
		fmt.Fprintf(&adds, "\t\tapi%d.AddToScheme, val%d.AddToScheme,\n", i, i)
	}

	phase := time.Now()
	out, diags, err := generators.Run(generators.Config{
		Dir: mod, Patterns: []string{"./..."}, OutputFile: "zz_generated.validations.go",
		Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Fatalf("validation-gen:\n%s", diags.Error(mod))
	}
	if err := out.Write(); err != nil {
		t.Fatal(err)
	}
	// A group version whose tags validate nothing (+k8s:optional alone) gets no file.
	var without []string
	for _, gv := range gvs {
		if _, err := os.Stat(filepath.Join(mod, filepath.FromSlash(strings.TrimPrefix(gv, "k8s.io/api/")), "zz_generated.validations.go")); err != nil {
			without = append(without, gv)
		}
	}
	t.Logf("generated %d files in %s; no validators for %s", len(out.Files()), since(phase), strings.Join(without, " "))
	if len(gvs)-len(without) < 30 {
		t.Errorf("validators for only %d group versions", len(gvs)-len(without))
	}

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

// dialectTag matches a tag line of a Go comment.
var dialectTag = regexp.MustCompile(`^\s*//\s*\+(k8s:[A-Za-z0-9:-]+)`)

// dialectGroupVersions lists the k8s.io/api packages whose Go files carry a validation tag of the
// +k8s: dialect that validation-gen knows (package-level tags of the generators excluded).
func dialectGroupVersions(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(tempmod.Go(t, root, "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \" \"}}", "k8s.io/api/..."))), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || f[2] == "" {
			continue
		}
		if carriesDialect(t, f[1], strings.Fields(f[2])) {
			out = append(out, f[0])
		}
	}
	sort.Strings(out)
	return out
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
