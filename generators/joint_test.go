package generators_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
)

// TestJointEqualsStandalone runs many configurations with one load (RunJoint, what go generate's
// per-package directives share through the result cache) and each alone (Run), and requires the
// same outputs, byte for byte, and the same diagnostics: the example API packages one by one, and
// golden cases, warnings and errors among them. VALIDATION_GEN_JOINT=1 runs every golden case
// (slower); by default a sample of them.
func TestJointEqualsStandalone(t *testing.T) {
	var cfgs []generators.Config
	var names []string
	add := func(name string, cfg generators.Config) {
		names = append(names, name)
		cfgs = append(cfgs, cfg)
	}
	header, err := os.ReadFile("../hack/boilerplate.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"workloads", "workloads/v1", "workloads/v1beta1", "workloads/validation", "storage/v1"} {
		tmp := t.TempDir()
		add("examples/"+dir, generators.Config{
			Dir: absDir(t, filepath.Join("../examples/api", dir)), Patterns: []string{"."}, Header: header,
			OpenAPIOutputFile: "zz_generated.openapi.go", OutputFile: "zz_generated.validations.go",
			OpenAPIJSON: filepath.Join(tmp, "openapi.json"), CRDDir: filepath.Join(tmp, "crds"),
			Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: true},
		})
	}
	all := os.Getenv("VALIDATION_GEN_JOINT") == "1"
	for _, root := range []string{tagsDir, errorsDir} {
		for i, name := range caseDirs(t, root) {
			if !all && i%9 != 0 {
				continue
			}
			dir := absDir(t, filepath.Join(root, name))
			opts := generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: true}
			if s, ok := readOptional(t, filepath.Join(dir, "compat.txt")); ok {
				v, err := version.ParseMajorMinor(strings.TrimSpace(s))
				if err != nil {
					t.Fatal(err)
				}
				opts.Compat = v
			}
			flags, _ := readOptional(t, filepath.Join(dir, "flags.txt"))
			applyFlags(t, flags, &opts)
			cfg := config(t, dir, opts)
			cfg.OpenAPIOutputFile, cfg.OutputFile = "zz_generated.openapi.go", "zz_generated.validations.go"
			fileFlags(t, flags, dir, &cfg)
			add(strings.TrimPrefix(root, "../")+"/"+name, cfg)
		}
	}
	joint, err := generators.RunJoint(cfgs)
	if err != nil {
		t.Fatal(err)
	}
	served := 0
	for i, cfg := range cfgs {
		t.Run(names[i], func(t *testing.T) {
			out, diags, err := generators.Run(cfg)
			j := joint[i]
			if !j.Served {
				// Only a run whose own load has errors may be left to itself.
				if err == nil && out != nil {
					t.Errorf("the joint load did not serve a run that loads without errors")
				}
				return
			}
			served++
			if (err == nil) != (j.Err == nil) || err != nil && err.Error() != j.Err.Error() {
				t.Errorf("error: joint %v, alone %v", j.Err, err)
			}
			if !reflect.DeepEqual(j.Diags.Sorted(), diags.Sorted()) { // in the order they are printed
				t.Errorf("diagnostics differ:\njoint:\n%s\nalone:\n%s", j.Diags.Error(cfg.Dir), diags.Error(cfg.Dir))
			}
			if (out == nil) != (j.Out == nil) {
				t.Fatalf("outputs: joint %v, alone %v", j.Out != nil, out != nil)
			}
			if out != nil && !reflect.DeepEqual(j.Out.Snapshot(), out.Snapshot()) {
				a, b := j.Out.Files(), out.Files()
				for k := 0; k < len(a) && k < len(b); k++ {
					if a[k].Path != b[k].Path || string(a[k].Content) != string(b[k].Content) {
						t.Errorf("%s differs (joint %d bytes, alone %d bytes)", b[k].Path, len(a[k].Content), len(b[k].Content))
					}
				}
				t.Errorf("outputs differ: joint %d files, alone %d", len(a), len(b))
			}
		})
	}
	if served < len(cfgs)*3/4 {
		t.Errorf("the joint load served %d of %d runs", served, len(cfgs))
	}
}
