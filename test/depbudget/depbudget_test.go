// Package depbudget asserts the dependency budget of API packages (issue 11): types packages are
// imported by every client, so what their generated validators link is what every client links.
//
//   - Without CEL rules, or with rules that all compile to Go, generated validators link nothing
//     beyond k8s.io/apimachinery, kube-openapi's common and spec (with its validation packages) and
//     the project's runtime core, genruntime (and genruntime/celnative, what compiled rules call).
//   - With CEL rules, they add cel-go and the Kubernetes CEL libraries (k8s.io/apiserver/pkg/cel/...)
//     through the CEL runtime, genruntime/celrt, and no server machinery.
//
// Budgets are checked with `go list -deps` on the packages a generated file imports, and on the
// committed example packages. The generator's own binary has a budget too (TestGeneratorBinary):
// every package it links is initialised on every run.
package depbudget

import (
	"bytes"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
)

const project = "github.com/validation-gen/validation-gen/"

// base is what an API package links anyway: apimachinery's meta/v1 and runtime (every kind embeds
// TypeMeta and ObjectMeta), the field errors, and kube-openapi's definitions.
var base = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/util/validation/field",
	"k8s.io/apimachinery/pkg/api/operation",
	"k8s.io/kube-openapi/pkg/common",
	"k8s.io/kube-openapi/pkg/validation/spec",
	"k8s.io/utils/ptr",
}

// celLibraries are cel-go and the Kubernetes CEL libraries, which packages with rules may add.
var celLibraries = []string{
	"github.com/google/cel-go/cel",
	"github.com/google/cel-go/ext",
	"k8s.io/apiserver/pkg/apis/cel",
	"k8s.io/apiserver/pkg/cel/library",
	"k8s.io/apiserver/pkg/cel/common",
	"k8s.io/apiserver/pkg/cel/openapi",
}

// never is server machinery no API package may link, by import path prefix.
var never = []string{
	"k8s.io/apiextensions-apiserver/",
	"k8s.io/apiserver/pkg/server",
	"k8s.io/apiserver/pkg/endpoints",
	"k8s.io/apiserver/pkg/storage",
	"k8s.io/apiserver/pkg/registry",
	"k8s.io/apiserver/pkg/admission",
	"k8s.io/apiserver/pkg/cel/environment",
	"k8s.io/apiserver/pkg/util/compatibility",
	"k8s.io/component-base/metrics",
	"go.etcd.io/",
	"go.opentelemetry.io/",
	"github.com/prometheus/",
	"google.golang.org/grpc",
	"github.com/spf13/cobra",
}

// allowedFamilies are package trees any generated package may use beyond base's closure: the rest of
// apimachinery (validate, equality, ...) and kube-openapi's validation packages (formats).
var allowedFamilies = []string{
	"k8s.io/apimachinery/",
	"k8s.io/kube-openapi/pkg/validation/",
	"k8s.io/kube-openapi/pkg/internal/third_party/govalidator",
}

func deps(t *testing.T, pkgs ...string) map[string]bool {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-deps"}, pkgs...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", strings.Join(pkgs, " "), err, stderr.String())
	}
	set := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		set[p] = true
	}
	return set
}

// generatedImports generates validators for the testdata package dir and returns what the
// generated file imports.
func generatedImports(t *testing.T, dir string) []string {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	out, diags, err := generators.Run(generators.Config{Dir: abs, Patterns: []string{"."},
		OutputFile: "zz_generated.validations.go", Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}})
	if err != nil || len(diags) > 0 {
		t.Fatalf("%s: %v %v", dir, err, diags)
	}
	files := out.Files()
	if len(files) != 1 {
		t.Fatalf("%s: %d outputs, want the validators", dir, len(files))
	}
	f, err := parser.ParseFile(token.NewFileSet(), "zz_generated.validations.go", files[0].Content, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var imps []string
	for _, s := range f.Imports {
		p, _ := strconv.Unquote(s.Path.Value)
		imps = append(imps, p)
	}
	return imps
}

// overBudget lists the packages of closure that are neither in allowed nor in an allowed family,
// nor the project's own listed packages, and those that are never allowed.
func overBudget(closure, allowed map[string]bool, own ...string) []string {
	var over []string
next:
	for p := range closure {
		for _, n := range never {
			if strings.HasPrefix(p, n) {
				over = append(over, p+" (server machinery)")
				continue next
			}
		}
		if allowed[p] || !strings.Contains(strings.Split(p, "/")[0], ".") {
			continue // allowed, or the standard library
		}
		ok := false
		for _, f := range allowedFamilies {
			ok = ok || strings.HasPrefix(p, f)
		}
		for _, o := range own {
			ok = ok || p == project+o
		}
		if !ok {
			over = append(over, p)
		}
	}
	sort.Strings(over)
	return over
}

func union(sets ...map[string]bool) map[string]bool {
	u := map[string]bool{}
	for _, s := range sets {
		for k := range s {
			u[k] = true
		}
	}
	return u
}

func TestWithoutCEL(t *testing.T) {
	for _, c := range []struct{ dir, what string }{
		{"../../testdata/tags/maxlength", "validators without CEL rules"},
		{"../../testdata/tags/aliaschain", "validators whose CEL rules all compile to Go"},
	} {
		imps := generatedImports(t, c.dir)
		for _, p := range imps {
			if strings.HasPrefix(p, project) && p != project+"genruntime" && p != project+"genruntime/celnative" {
				t.Errorf("%s import %s, want only the runtime core (genruntime, genruntime/celnative)", c.what, p)
			}
		}
		closure := deps(t, imps...)
		if over := overBudget(closure, deps(t, base...), "genruntime", "genruntime/celnative"); len(over) > 0 {
			t.Errorf("%s link %d packages beyond apimachinery, kube-openapi and genruntime:\n  %s",
				c.what, len(over), strings.Join(over, "\n  "))
		}
		t.Logf("%s link %d packages", c.what, len(closure))
	}
}

func TestWithCEL(t *testing.T) {
	imps := generatedImports(t, "../../testdata/tags/validationrule")
	if !contains(imps, project+"genruntime/celrt") {
		t.Fatalf("validators with CEL rules do not import genruntime/celrt: %v", imps)
	}
	allowed := union(deps(t, base...), deps(t, celLibraries...))
	own := []string{"genruntime", "genruntime/celnative", "genruntime/celrt", "celenv/stored"}
	closure := deps(t, imps...)
	if over := overBudget(closure, allowed, own...); len(over) > 0 {
		t.Errorf("validators with CEL rules link %d packages beyond apimachinery, kube-openapi, cel-go and the Kubernetes CEL libraries:\n  %s",
			len(over), strings.Join(over, "\n  "))
	}
	t.Logf("validators with CEL rules link %d packages", len(closure))

	// The committed examples, as a client of them links them.
	for _, pkg := range []string{"examples/api/workloads/v1", "examples/api/workloads/v1beta1"} {
		if over := overBudget(deps(t, "../../"+pkg), allowed, append(own, "examples/api/workloads", pkg)...); len(over) > 0 {
			t.Errorf("%s links %d packages over budget:\n  %s", pkg, len(over), strings.Join(over, "\n  "))
		}
	}
}

// TestBudgetCatchesServerMachinery: the check fails for a package that links what the budget
// excludes (the API server's CEL environment package, which links Prometheus).
func TestBudgetCatchesServerMachinery(t *testing.T) {
	allowed := union(deps(t, base...), deps(t, celLibraries...))
	over := overBudget(deps(t, "k8s.io/apiserver/pkg/cel/environment"), allowed)
	if len(over) == 0 {
		t.Fatal("the budget allows k8s.io/apiserver/pkg/cel/environment")
	}
	if !contains(over, "k8s.io/apiserver/pkg/cel/environment (server machinery)") {
		t.Errorf("not reported as server machinery: %v", over)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// generatorNever is what the generator's own binary must not link: the API server's webhook client
// and what it brings (client-go's REST client, gRPC, OpenTelemetry's exporters). A package linked
// is a package initialised on every run, before any work: apiextensions' CRD validation package
// alone brought 191 of them, for two constants (check.PerRuleCostLimit).
var generatorNever = []string{
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation",
	"k8s.io/apiserver/pkg/util/webhook",
	"k8s.io/client-go/",
	"google.golang.org/grpc",
	"go.opentelemetry.io/otel/sdk",
	"go.opentelemetry.io/otel/exporters/",
}

func TestGeneratorBinary(t *testing.T) {
	var bad []string
	for p := range deps(t, project+"cmd/validation-gen") {
		for _, n := range generatorNever {
			if p == n || strings.HasSuffix(n, "/") && strings.HasPrefix(p, n) {
				bad = append(bad, p)
			}
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("cmd/validation-gen links %d packages it must not (generatorNever):\n%s", len(bad), strings.Join(bad, "\n"))
	}
}
