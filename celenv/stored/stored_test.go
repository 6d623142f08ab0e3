package stored_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/cel-go/cel"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/apiserver/pkg/cel/environment"
	basever "k8s.io/component-base/version"

	"github.com/validation-gen/validation-gen/celenv/stored"
)

// server is the API server's own stored-expressions environment at the pinned version.
func server(t *testing.T) *cel.Env {
	t.Helper()
	return environment.MustBaseEnvSet(version.MustParse(basever.DefaultKubeBinaryVersion)).StoredExpressionsEnv()
}

func ours(t *testing.T) *cel.Env {
	t.Helper()
	env, err := stored.Env()
	if err != nil {
		t.Fatal(err)
	}
	return env
}

// signature lists an environment's functions with their overloads, and its macros.
func signature(env *cel.Env) []string {
	var out []string
	for name, f := range env.Functions() {
		for _, o := range f.OverloadDecls() {
			out = append(out, "func "+name+" "+o.ID())
		}
	}
	for _, m := range env.Macros() {
		out = append(out, "macro "+m.MacroKey())
	}
	for _, v := range env.Variables() {
		out = append(out, "var "+v.Name())
	}
	sort.Strings(out)
	return out
}

func TestSameDeclarationsAsAPIServer(t *testing.T) {
	want, got := signature(server(t)), signature(ours(t))
	wantSet := map[string]bool{}
	for _, s := range want {
		wantSet[s] = true
	}
	gotSet := map[string]bool{}
	for _, s := range got {
		gotSet[s] = true
	}
	for _, s := range want {
		if !gotSet[s] {
			t.Errorf("missing from stored.Env, present in the API server's stored-expressions environment: %s", s)
		}
	}
	for _, s := range got {
		if !wantSet[s] {
			t.Errorf("in stored.Env, absent from the API server's stored-expressions environment: %s", s)
		}
	}
	if len(want) < 300 {
		t.Fatalf("the API server's environment has only %d declarations: the comparison is not looking at it", len(want))
	}
}

// TestSameBehaviourAsAPIServer compiles and runs probes of the checker settings and program options
// (which declarations do not show) in both environments.
func TestSameBehaviourAsAPIServer(t *testing.T) {
	probes := []string{
		`1 < 1.5`,                          // cross-type numeric comparisons
		`[1, 'a'].size() == 2`,             // homogeneous aggregate literals
		`'abc'.matches('[')`,               // regex literals validated
		`duration('1x') > duration('1s')`,  // duration literals validated
		`timestamp('nope') > timestamp(0)`, // timestamp literals validated
		`{'a': 1}.?b.orValue(2) == 2`,      // optional types
		`'a,b'.split(',').size() == 2`,     // ext strings
		`sets.contains([1, 2], [1])`,       // ext sets
		`[1, 2].all(i, v, v > i)`,          // two-variable comprehensions
		`[3, 1, 2].sort() == [1, 2, 3]`,    // ext lists
		`[1, 2].isSorted()`,                // Kubernetes lists
		`quantity('1Gi').isGreaterThan(quantity('1Mi'))`,
		`isURL('https://example.com')`,
		`ip('10.0.0.1').family() == 4`,
		`cidr('10.0.0.0/8').containsIP('10.1.2.3')`,
		`format.dns1123Label().validate('a').hasValue() == false`,
		`isSemver('1.2.3')`,
		`timestamp('2020-01-01T00:00:00Z').getHours() == 0`, // UTC default time zone
		`[1, 2, 3].map(x, x * x).exists(y, y > 5)`,
		`'x'.repeat(3) == 'xxx'`,
		`[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(a, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(b, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(c, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(d, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(e, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(f, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(g, 'abcdefghijklmnop'.lowerAscii()))))))).size() > 0`, // cost limit
	}
	for _, p := range probes {
		want, got := run(server(t), p), run(ours(t), p)
		if testing.Verbose() {
			t.Logf("%s: %s", p, got)
		}
		if want != got {
			t.Errorf("%s:\n  API server: %s\n  stored.Env: %s", p, want, got)
		}
	}
}

func run(env *cel.Env, expr string) string {
	ast, iss := env.Compile(expr)
	if iss.Err() != nil {
		return "compile: " + strings.ReplaceAll(iss.Err().Error(), "\n", " ")
	}
	prg, err := env.Program(ast)
	if err != nil {
		return "program: " + err.Error()
	}
	out, det, err := prg.ContextEval(context.Background(), map[string]any{})
	cost := "no cost"
	if det != nil && det.ActualCost() != nil {
		cost = fmt.Sprintf("cost %d", *det.ActualCost())
	}
	if err != nil {
		return "eval: " + err.Error() + " (" + cost + ")"
	}
	return "value: " + out.Type().TypeName() + " " + strings.TrimSpace(stringOf(out.Value())) + " (" + cost + ")"
}

func stringOf(v any) string {
	if s, ok := v.(interface{ String() string }); ok {
		return s.String()
	}
	return strings.TrimSpace(strings.ReplaceAll(fmtAny(v), "\n", " "))
}

func fmtAny(v any) string { return fmt.Sprint(v) }
