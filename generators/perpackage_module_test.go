package generators_test

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/model"
)

// TestPerPackageEqualsJointModule generates testdata/perpackage once over ./... and once per package, as
// go generate runs a directive in each package, and requires the same files with the same bytes.
// The folder has upstream validation-gen's layout for it: a types package without
// +k8s:validation-gen that an output package names in +k8s:validation-gen-input, and packages that
// use its types. Run alone, such a package must still be read-only with the output package's
// semantics, and a package using its types must validate them as in the joint run: the loader
// finds the output packages of the module that name a package of the run (siblingOutputs). The
// folder is copied into a temporary module (testdata directories are not part of ./...). A package
// without any tag (helper) gets nothing in either run.
func TestPerPackageEqualsJointModule(t *testing.T) {
	root := repoRoot(t)
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	mod := t.TempDir()
	if err := tempmod.Write(root, "validationgen.test/perpackage", mod); err != nil {
		t.Fatal(err)
	}
	tempmod.CopyTree(t, filepath.Join(root, "testdata", "perpackage"), mod)
	cfg := func(patterns ...string) generators.Config {
		return generators.Config{
			Dir: mod, Patterns: patterns, OutputFile: "zz_generated.validations.go", OpenAPIOutputFile: "zz_generated.openapi.go",
			Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: true},
		}
	}
	files := func(what string, out *generators.Outputs, diags model.Diagnostics, err error) map[string][]byte {
		t.Helper()
		if err != nil || out == nil {
			t.Fatalf("%s: err %v, diagnostics:\n%s", what, err, diags.Error(mod))
		}
		files := map[string][]byte{}
		for _, f := range out.Files() {
			rel, _ := filepath.Rel(mod, f.Path)
			files[filepath.ToSlash(rel)] = f.Content
		}
		return files
	}
	out, diags, err := generators.Run(cfg("./..."))
	joint := files("./...", out, diags, err)
	// Per package, each run alone (Run) and all from one load (RunJoint, as go generate's
	// directives share it through the result cache).
	// helper, which has no tag, is no API package in either; its own run warns that nothing is
	// generated (an error under --strict, which it is run without).
	pkgs := []string{"types", "external", "consumer", "own", "helper"}
	perPackage, shared := map[string][]byte{}, map[string][]byte{}
	var cfgs []generators.Config
	for _, p := range pkgs {
		c := cfg("./" + p)
		c.Options.Strict = p != "helper"
		out, diags, err := generators.Run(c)
		for name, content := range files(p, out, diags, err) {
			perPackage[name] = content
		}
		if p == "helper" && (len(diags) != 1 || !strings.Contains(diags.Error(mod), "none is an API package")) {
			t.Errorf("the helper package's own run: want one warning that nothing is generated, got:\n%s", diags.Error(mod))
		}
		cfgs = append(cfgs, c)
	}
	results, err := generators.RunJoint(cfgs)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range results {
		if !r.Served {
			t.Fatalf("RunJoint did not serve ./%s", pkgs[i])
		}
		for name, content := range files(pkgs[i]+" (RunJoint)", r.Out, r.Diags, r.Err) {
			shared[name] = content
		}
	}
	for name := range perPackage {
		if !bytes.Equal(perPackage[name], shared[name]) {
			t.Errorf("%s: RunJoint and Run per package differ", name)
		}
	}
	if len(shared) != len(perPackage) {
		t.Errorf("RunJoint writes %d files, Run per package %d", len(shared), len(perPackage))
	}
	var names []string
	for name := range joint {
		names = append(names, name)
	}
	sort.Strings(names)
	var validators []string
	for _, name := range names {
		if strings.HasPrefix(name, "types/") {
			t.Errorf("the joint run writes %s into the input package types/", name)
		}
		if strings.HasSuffix(name, "/zz_generated.validations.go") {
			validators = append(validators, name)
		}
	}
	if want := "consumer/zz_generated.validations.go external/zz_generated.validations.go own/zz_generated.validations.go"; strings.Join(validators, " ") != want {
		t.Errorf("the joint run writes validators %q, want %s", validators, want)
	}
	for _, name := range names {
		if pp, ok := perPackage[name]; !ok {
			t.Errorf("%s: written by the joint run only", name)
		} else if !bytes.Equal(pp, joint[name]) {
			t.Errorf("%s differs between the joint and the per-package runs:\n--- joint\n%s\n--- per package\n%s", name, joint[name], pp)
		}
	}
	for name := range perPackage {
		if _, ok := joint[name]; !ok {
			t.Errorf("%s: written by a per-package run only", name)
		}
	}
}
