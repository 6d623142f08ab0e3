package controllergen

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	basever "k8s.io/component-base/version"
	"sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/crdcheck"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// The module compared, the packages, and the controller-gen version that is the reference
// (the one the module itself pins).
const (
	modulePath      = "sigs.k8s.io/gateway-api"
	moduleVersion   = "v1.6.3"
	controllerTools = "sigs.k8s.io/controller-tools/cmd/controller-gen@v0.21.0"
)

var packageDirs = []string{"apis", "apisx"}

// TestSameCRDs generates gateway-api's CRDs with validation-gen and with controller-gen and
// compares them, key order aside. Every difference must match a line of reasons.txt (a path
// pattern and why the difference is there); a reason that matches nothing fails too, so the file
// shrinks as differences are fixed. VALIDATION_GEN_CONTROLLERGEN_KEEP=dir keeps both CRD sets.
func TestSameCRDs(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_CONTROLLERGEN") != "1" {
		t.Skip("runs controller-gen and validation-gen over gateway-api fetched through the Go module proxy; " +
			"run it with: VALIDATION_GEN_CONTROLLERGEN=1 go test ./test/controllergen/ -count=1 -v")
	}
	for k, v := range map[string]string{"GOFLAGS": "-mod=mod", "GOWORK": "off", "GOTOOLCHAIN": "local"} {
		t.Setenv(k, v)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := tempmod.Download(t, dir, modulePath, moduleVersion)

	// The reference: controller-gen in a copy of the module.
	ref := filepath.Join(dir, "reference")
	for _, f := range append([]string{"go.mod", "go.sum"}, packageDirs...) {
		tempmod.CopyTree(t, filepath.Join(src, f), filepath.Join(ref, f))
	}
	args := []string{"run", controllerTools, "crd", "output:crd:dir=" + filepath.Join(dir, "want")}
	for _, p := range packageDirs {
		args = append(args, "paths=./"+p+"/...")
	}
	tempmod.Go(t, ref, args...)

	// validation-gen in a module that requires the module, replaced by a copy.
	local := filepath.Join(dir, "module")
	tempmod.CopyTree(t, filepath.Join(src, "go.mod"), filepath.Join(local, "go.mod"))
	var patterns []string
	for _, p := range packageDirs {
		tempmod.CopyTree(t, filepath.Join(src, p), filepath.Join(local, p))
		patterns = append(patterns, modulePath+"/"+p+"/...")
	}
	mod, err := tempmod.GoMod(root, "validationgen.test/controllergen")
	if err != nil {
		t.Fatal(err)
	}
	mod = append(mod, []byte("\nrequire "+modulePath+" "+moduleVersion+"\n\nreplace "+modulePath+" => ./module\n")...)
	tempmod.WriteFile(t, filepath.Join(dir, "go.mod"), mod)
	tempmod.WriteFile(t, filepath.Join(dir, "go.sum"), tempmod.ReadFile(t, filepath.Join(root, "go.sum")))
	tempmod.Go(t, dir, append([]string{"list", "-deps"}, patterns...)...)
	out, diags, err := generators.Run(generators.Config{
		Dir: dir, Patterns: patterns, CRDDir: filepath.Join(dir, "got"),
		OutputFile: "zz_generated.validations.go", OpenAPIJSON: filepath.Join(dir, "openapi.json"),
		Options: generators.Options{Compat: version.MustParse(basever.DefaultKubeBinaryVersion), FormatFallback: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	if out == nil {
		t.Fatalf("%d diagnostics:\n%s", len(diags), diags.Error(dir))
	}
	if len(diags) > 0 {
		t.Logf("%d warnings:\n%s", len(diags), diags.Error(dir))
	}
	for _, f := range out.Files() {
		tempmod.WriteFile(t, f.Path, f.Content)
	}
	if keep := os.Getenv("VALIDATION_GEN_CONTROLLERGEN_KEEP"); keep != "" {
		tempmod.CopyTree(t, filepath.Join(dir, "want"), filepath.Join(keep, "want"))
		tempmod.CopyTree(t, filepath.Join(dir, "got"), filepath.Join(keep, "got"))
	}

	reasons := readReasons(t, "reasons.txt")
	used := make([]int, len(reasons))
	names := map[string]bool{}
	for _, d := range []string{"want", "got"} {
		entries, err := os.ReadDir(filepath.Join(dir, d))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			names[e.Name()] = true
		}
	}
	var sorted []string
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	total, explained := 0, 0
	for _, name := range sorted {
		want, got := load(t, filepath.Join(dir, "want", name)), load(t, filepath.Join(dir, "got", name))
		var diffs []difference
		compare("", want, got, &diffs)
		for _, d := range diffs {
			total++
			where := strings.TrimSuffix(name, ".yaml") + ":" + d.path
			matched := false
			for i, r := range reasons {
				if ok, _ := path.Match(r.pattern, where); ok {
					used[i]++
					matched = true
					break
				}
			}
			if matched {
				explained++
				continue
			}
			t.Errorf("%s: controller-gen %s, validation-gen %s", where, show(d.want), show(d.got))
		}
	}
	for i, r := range reasons {
		if used[i] == 0 {
			t.Errorf("reasons.txt:%d: %s matches no difference any more; remove it", r.line, r.pattern)
		} else {
			t.Logf("%d differences: %s (%s)", used[i], r.pattern, r.why)
		}
	}
	t.Logf("%d CRD files, %d differences, %d of them explained in reasons.txt", len(sorted), total, explained)

	// What controller-gen does not do: every XValidation rule was compiled and cost-checked at
	// generation (Run reported no diagnostic), and the API server accepts every CRD, CEL
	// compilation and cost estimates included.
	markers := countMarkers(t, local, "+kubebuilder:validation:XValidation")
	rules, rejected := 0, 0
	for _, name := range sorted {
		doc := load(t, filepath.Join(dir, "got", name))
		rules += countRules(doc)
		// gateway.networking.k8s.io is a protected group: gateway-api's publishing step adds the
		// approval annotation after controller-gen, which does not write it either.
		if md, ok := doc.(map[string]any)["metadata"].(map[string]any); ok && strings.HasSuffix(name, ".k8s.io_"+strings.SplitN(name, "_", 2)[1]) {
			ann, _ := md["annotations"].(map[string]any)
			if ann == nil {
				ann = map[string]any{}
			}
			ann["api-approved.kubernetes.io"] = "https://github.com/kubernetes/enhancements/pull/1111"
			md["annotations"] = ann
		}
		data, err := yaml.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		tempmod.WriteFile(t, filepath.Join(dir, "served", name), data)
		if _, err := crdcheck.Validate(data); err != nil {
			rejected++
			t.Errorf("%s: the API server rejects it: %v", name, err)
		}
	}
	t.Logf("%d XValidation markers in the sources, all compiled and cost-checked at generation with no error; "+
		"%d rules in the CRDs (a type's rules repeat where it is used); %d of %d CRDs rejected by the API server's CRD validation",
		markers, rules, rejected, len(sorted))
	harness(t, dir)
}

// harness runs harness_test.go.txt in the temporary module, next to gateway-api and its
// generated validators and CRDs (served/, with the approval annotation a server requires): the two-way equivalence harness on random objects of every kind, and the
// HTTPRoute benchmark, typed validators against the API server's schema path.
func harness(t *testing.T, dir string) {
	tempmod.WriteFile(t, filepath.Join(dir, "harness", "harness_test.go"), tempmod.ReadFile(t, "harness_test.go.txt"))
	t.Setenv("HARNESS_DIR", dir)
	out, err := goRun(dir, "test", "-count=1", "-v", "-timeout=40m", "-run", "TestTwoWay", "./harness")
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "TWOWAY") || strings.Contains(line, "CATEGORY") || strings.Contains(line, "KNOWN") || strings.Contains(line, "disagree") && strings.Contains(line, "objects") {
			t.Log(strings.TrimSpace(line))
		}
	}
	if err != nil {
		t.Errorf("two-way harness: %v\n%s", err, out)
	}
	if keep := os.Getenv("VALIDATION_GEN_CONTROLLERGEN_KEEP"); keep != "" {
		// The whole temporary module, to re-run the harness by hand: cd <keep>/module &&
		// HARNESS_DIR=$PWD go test ./harness
		tempmod.CopyTree(t, dir, filepath.Join(keep, "module"))
	}
	out, err = goRun(dir, "test", "-count=1", "-run", "^$", "-bench", "HTTPRoute", "-benchmem", "./harness")
	if err != nil {
		t.Fatalf("benchmark: %v\n%s", err, out)
	}
	ns := map[string]float64{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) >= 4 && strings.HasPrefix(f[0], "BenchmarkHTTPRoute") && f[3] == "ns/op" {
			var v float64
			fmt.Sscan(f[2], &v)
			ns[strings.SplitN(strings.TrimPrefix(f[0], "BenchmarkHTTPRoute"), "-", 2)[0]] = v
			t.Log(strings.TrimSpace(line))
		}
	}
	if ns["Typed"] > 0 {
		t.Logf("HTTPRoute validation: typed %.0f ns/op, schema %.0f ns/op: %.1fx faster", ns["Typed"], ns["Schema"], ns["Schema"]/ns["Typed"])
	}
}

func goRun(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// countRules counts the x-kubernetes-validations entries of a decoded document.
func countRules(v any) int {
	n := 0
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if l, ok := e.([]any); ok && k == "x-kubernetes-validations" {
				n += len(l)
				continue
			}
			n += countRules(e)
		}
	case []any:
		for _, e := range x {
			n += countRules(e)
		}
	}
	return n
}

// countMarkers counts the comment lines below dir that start with marker.
func countMarkers(t *testing.T, dir, marker string) int {
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		for _, line := range strings.Split(string(tempmod.ReadFile(t, p)), "\n") {
			if strings.HasPrefix(strings.TrimPrefix(strings.TrimSpace(line), "//"), " "+marker) ||
				strings.HasPrefix(strings.TrimPrefix(strings.TrimSpace(line), "//"), marker) {
				n++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// difference is one value that differs; a nil side is absent.
type difference struct {
	path      string
	want, got any
}

// compare walks two decoded YAML documents. List elements that are objects with a name are
// matched by name (versions, printer columns), other lists by index.
func compare(p string, want, got any, out *[]difference) {
	wm, wok := want.(map[string]any)
	gm, gok := got.(map[string]any)
	if wok && gok {
		keys := map[string]bool{}
		for k := range wm {
			keys[k] = true
		}
		for k := range gm {
			keys[k] = true
		}
		var sorted []string
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			compare(p+"."+k, wm[k], gm[k], out)
		}
		return
	}
	wl, wok := want.([]any)
	gl, gok := got.([]any)
	if wok && gok && named(wl) && named(gl) {
		byName := func(l []any) (map[string]any, []string) {
			m := map[string]any{}
			var order []string
			for _, x := range l {
				n := x.(map[string]any)["name"].(string)
				m[n] = x
				order = append(order, n)
			}
			return m, order
		}
		w, worder := byName(wl)
		g, gorder := byName(gl)
		for _, n := range worder {
			compare(p+"["+n+"]", w[n], g[n], out)
		}
		for _, n := range gorder {
			if _, ok := w[n]; !ok {
				compare(p+"["+n+"]", nil, g[n], out)
			}
		}
		if len(worder) == len(gorder) && !reflect.DeepEqual(worder, gorder) {
			*out = append(*out, difference{p + "(order)", worder, gorder})
		}
		return
	}
	if wok && gok && len(wl) == len(gl) {
		for i := range wl {
			compare(fmt.Sprintf("%s[%d]", p, i), wl[i], gl[i], out)
		}
		return
	}
	if !reflect.DeepEqual(want, got) {
		*out = append(*out, difference{p, want, got})
	}
}

func named(l []any) bool {
	if len(l) == 0 {
		return false
	}
	for _, x := range l {
		m, ok := x.(map[string]any)
		if !ok {
			return false
		}
		if _, ok := m["name"].(string); !ok {
			return false
		}
	}
	return true
}

func show(v any) string {
	if v == nil {
		return "(absent)"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}

// reason is one line of reasons.txt: a path.Match pattern over "<file>:<path>" and why.
type reason struct {
	pattern, why string
	line         int
}

func readReasons(t *testing.T, file string) []reason {
	var out []reason
	sc := bufio.NewScanner(bytes.NewReader(tempmod.ReadFile(t, file)))
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pat, why, ok := strings.Cut(line, " ")
		if !ok || strings.TrimSpace(why) == "" {
			t.Fatalf("%s:%d: want `<pattern> <reason>`", file, n)
		}
		if _, err := path.Match(pat, ""); err != nil {
			t.Fatalf("%s:%d: bad pattern: %v", file, n, err)
		}
		out = append(out, reason{pattern: pat, why: strings.TrimSpace(why), line: n})
	}
	return out
}

// load decodes a YAML file (nil when it does not exist).
func load(t *testing.T, file string) any {
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return v
}
