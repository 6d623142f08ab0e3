package celspec

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/nativecel"
	"github.com/validation-gen/validation-gen/internal/celdiff"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// TestCELSpec is the differential test on the CEL conformance suite: every test of cel.dev/expr's
// tests/simple that can be a rule over data (Transform) and that the API server's environment
// accepts at the compatibility version becomes a kind of one package; the generator compiles its
// rule to Go where it can, and celdiff requires the same errors from the rule compiled to Go, in
// cel-go and in the API server's CRD validation, on the test's own inputs and on random values.
// It reports how many tests became rules, how many of those run in Go, and why the others were
// left out.
//
//	VALIDATION_GEN_CELSPEC=1 go test ./test/celspec/ -v
//	VALIDATION_GEN_CELSPEC_SAMPLE=10 go test ./test/celspec/ -v   # every tenth test, quickly
func TestCELSpec(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_CELSPEC") != "1" && os.Getenv("VALIDATION_GEN_CELSPEC_SAMPLE") == "" {
		t.Skip("a long differential run; VALIDATION_GEN_CELSPEC=1 runs it")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	dir := tempmod.Download(t, root, "cel.dev/expr", "")
	tests, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	skipped := map[Skip]int{}
	var cases []*Case
	sample := 1
	if n, err := strconv.Atoi(os.Getenv("VALIDATION_GEN_CELSPEC_SAMPLE")); err == nil && n > 1 {
		sample = n // every n-th test only, for a quick run
	}
	for i, tc := range tests {
		if i%sample != 0 {
			continue
		}
		c, why := Transform(tc)
		if c == nil {
			skipped[why]++
			continue
		}
		cases = append(cases, c)
	}

	// Keep the cases the generator accepts (the API server's environment and cost limits): a
	// refused rule is not for the Kubernetes environment.
	pkg := filepath.Join(t.TempDir(), "v1")
	refused := map[string]int{}
	for attempt := 0; ; attempt++ {
		if err := os.MkdirAll(pkg, 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(pkg, "doc.go"), "// +groupName=celspec.example.com\npackage v1\n")
		write(t, filepath.Join(pkg, "types.go"), Source(cases))
		mod := filepath.Dir(pkg)
		if err := tempmod.Write(root, "validationgen.test/celspec", mod); err != nil {
			t.Fatal(err)
		}
		_, diags, err := generators.Run(generators.Config{Dir: pkg, Patterns: []string{"."}, OutputFile: "zz_generated.validations.go",
			Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, CostLimits: true}})
		if err != nil {
			t.Fatal(err)
		}
		if len(diags) == 0 {
			break
		}
		if attempt == 5 {
			t.Fatalf("the generator still refuses cases:\n%s", diags.Error(pkg))
		}
		bad := map[int]string{}
		for _, d := range diags {
			if i := caseAt(t, filepath.Join(pkg, "types.go"), d.Pos.Line); i >= 0 {
				bad[i] = d.Msg
			}
		}
		if len(bad) == 0 {
			t.Fatalf("diagnostics outside the cases:\n%s", diags.Error(pkg))
		}
		var kept []*Case
		for i, c := range cases {
			if msg, ok := bad[i]; ok {
				refused[reasonOf(msg)]++
				continue
			}
			kept = append(kept, c)
		}
		cases = kept
	}

	var report bytes.Buffer
	celdiff.Run(t, root, []celdiff.Source{{Name: "celspec", Dir: pkg, Server: true, Fixed: true, Report: &report}}, len(cases))

	native, total := 0, 0
	why := map[string]int{}
	type counts struct{ tests, rules, native int }
	byFile := map[string]*counts{}
	for i, tc := range tests {
		if i%sample == 0 {
			if byFile[tc.File] == nil {
				byFile[tc.File] = &counts{}
			}
			byFile[tc.File].tests++
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(report.String()), "\n") {
		total++
		var file *counts
		if parts := strings.SplitN(l, ":", 3); len(parts) == 3 {
			if line, err := strconv.Atoi(parts[1]); err == nil {
				if i := caseAt(t, filepath.Join(pkg, "types.go"), line); i >= 0 && i < len(cases) {
					file = byFile[cases[i].Test.File]
				}
			}
		}
		if file != nil {
			file.rules++
		}
		if strings.HasSuffix(l, ": native") {
			native++
			if file != nil {
				file.native++
			}
			continue
		}
		_, reason, _ := strings.Cut(l, "interpreted: ")
		why[nativecel.Construct(reason)]++
	}
	t.Log("| file of tests/simple | tests | rules over data | compiled to Go |")
	t.Log("| --- | --- | --- | --- |")
	for _, f := range sortedKeys(byFile) {
		c := byFile[f]
		t.Logf("| %s | %d | %d | %d |", f, c.tests, c.rules, c.native)
	}
	t.Logf("cel-spec (cel.dev/expr tests/simple): %d tests; %d became rules over data the API server accepts, 0 disagreements "+
		"between Go, cel-go and the API server; %d of them compile to Go (%.1f%%)", len(tests), total, native, 100*float64(native)/float64(total))
	for _, r := range sortedCounts(why) {
		t.Logf("  interpreted %4d: %s", why[r], r)
	}
	for _, s := range sortedCounts(skippedByReason(skipped)) {
		t.Logf("  not a rule over data %4d: %s", skipped[Skip(s)], s)
	}
	for _, r := range sortedCounts(refused) {
		t.Logf("  refused by the Kubernetes environment %4d: %s", refused[r], r)
	}
}

func skippedByReason(m map[Skip]int) map[string]int {
	out := map[string]int{}
	for k, v := range m {
		out[string(k)] = v
	}
	return out
}

var caseDecl = regexp.MustCompile(`^// \+validationRule=`)

// caseAt is the case whose rule is at line (1-based) of the types file.
func caseAt(t *testing.T, file string, line int) int {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	n := -1
	for i := 0; i < len(lines) && i < line; i++ {
		if caseDecl.MatchString(lines[i]) {
			n++
		}
	}
	return n
}

// reasonOf shortens a diagnostic to what it says of the environment.
var position = regexp.MustCompile(`<input>:\d+:\d+: |\n.*`)

func reasonOf(msg string) string {
	msg = position.ReplaceAllString(msg, "")
	msg = regexp.MustCompile(`'[^']*'`).ReplaceAllString(msg, "'…'")
	if len(msg) > 100 {
		msg = msg[:100] + "…"
	}
	return msg
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func sortedCounts(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
