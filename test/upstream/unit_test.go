package upstream

import (
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"
)

// These tests run without VALIDATION_GEN_UPSTREAM: they check the pieces of the conformance test
// and that expected.yaml and deviations.yaml are well-formed.

func TestFilesWellFormed(t *testing.T) {
	expected, err := loadExpected("expected.yaml")
	if err != nil {
		t.Fatal(err)
	}
	deviations, err := loadDeviations("deviations.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for name := range deviations {
		if _, ok := expected[name]; ok {
			t.Errorf("%s is in both expected.yaml and deviations.yaml", name)
		}
	}
}

// upstreamShaped is written in the shape of upstream's generated registration (not copied from it).
const upstreamShaped = `package p

import (
	context "context"
	fmt "fmt"

	operation "k8s.io/apimachinery/pkg/api/operation"
	safe "k8s.io/apimachinery/pkg/api/safe"
	field "k8s.io/apimachinery/pkg/util/validation/field"
	other "example.com/other"
	testscheme "example.com/testscheme"
)

func init() { builder.Register(RegisterValidations) }

func RegisterValidations(scheme *testscheme.Scheme) error {
	scheme.AddValidationFunc(
		(*A)(nil),
		func(ctx context.Context, op operation.Operation, obj, oldObj interface{}) field.ErrorList {
			switch op.Request.SubresourcePath() {
			case "/", "/status":
				return Validate_A(ctx, op, nil, obj.(*A), safe.Cast[*A](oldObj))
			}
			return field.ErrorList{field.InternalError(nil, fmt.Errorf("no validation found for %T", obj))}
		})
	scheme.AddValidationFunc(
		(M)(nil),
		func(ctx context.Context, op operation.Operation, obj, oldObj interface{}) field.ErrorList {
			switch op.Request.SubresourcePath() {
			case "/":
				return Validate_M(ctx, op, nil, obj.(M), safe.Cast[M](oldObj))
			}
			return nil
		})
	scheme.AddValidationFunc(
		(*other.B)(nil),
		func(ctx context.Context, op operation.Operation, obj, oldObj interface{}) field.ErrorList {
			switch op.Request.SubresourcePath() {
			case "/scale":
				return Validate_B(ctx, op, nil, obj.(*other.B), safe.Cast[*other.B](oldObj))
			}
			return nil
		})
	return nil
}
`

const oursShaped = `package p

import (
	context "context"
	operation "k8s.io/apimachinery/pkg/api/operation"
	field "k8s.io/apimachinery/pkg/util/validation/field"
	runtime "k8s.io/apimachinery/pkg/runtime"
)

func RegisterValidations(scheme *runtime.Scheme) error { return nil }

func Validate_A(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *A) field.ErrorList {
	return nil
}

func Validate_M(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *M) field.ErrorList {
	return nil
}
`

func TestShim(t *testing.T) {
	up, err := parseUpstream([]byte(upstreamShaped))
	if err != nil {
		t.Fatal(err)
	}
	want := &UpstreamRegistrations{
		Builder: "builder",
		Scheme:  "example.com/testscheme.Scheme",
		Registrations: []Registration{
			{Type: "*A", Cases: [][]string{{"/", "/status"}}, Func: "Validate_A"},
			{Type: "M", Cases: [][]string{{"/"}}, Func: "Validate_M"},
			{Type: "*other.B", Cases: [][]string{{"/scale"}}, Func: "Validate_B"},
		},
		Imports: map[string]string{"other": "example.com/other"},
	}
	if !reflect.DeepEqual(up, want) {
		t.Fatalf("parseUpstream:\n got %+v\nwant %+v", up, want)
	}
	ours, err := parseOurs([]byte(oursShaped), up.Scheme)
	if err != nil {
		t.Fatal(err)
	}
	if ours.RegistersTestscheme {
		t.Error("a RegisterValidations(*runtime.Scheme) taken for one into the testscheme")
	}
	if want := map[string]string{"Validate_A": "*A", "Validate_M": "*M"}; !reflect.DeepEqual(ours.Validators, want) {
		t.Errorf("validators: got %v, want %v", ours.Validators, want)
	}
	src, missing, err := shimSource("p", up, ours)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(missing, []string{"Validate_B"}) {
		t.Errorf("missing: got %v", missing)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "shim.go", src, 0); err != nil {
		t.Fatalf("shim does not parse: %v\n%s", err, src)
	}
	for _, s := range []string{
		"func init() { builder.Register(upstreamShimRegisterValidations) }",
		`case "/", "/status":`,
		"return Validate_A(ctx, op, nil, obj.(*A), safe.Cast[*A](oldObj))",
		"return Validate_M(ctx, op, nil, &newObj, old)", // upstream validates M by value, this generator by pointer
		"generated no Validate_B for *other.B",
		`other "example.com/other"`,
	} {
		if !strings.Contains(string(src), s) {
			t.Errorf("shim lacks %q:\n%s", s, src)
		}
	}

	// A generator that registers into the testscheme itself gets no shim.
	ours, err = parseOurs([]byte(strings.Replace(strings.Replace(oursShaped, "*runtime.Scheme", "*testscheme.Scheme", 1),
		`runtime "k8s.io/apimachinery/pkg/runtime"`, `testscheme "example.com/testscheme"`, 1)), up.Scheme)
	if err != nil {
		t.Fatal(err)
	}
	if !ours.RegistersTestscheme {
		t.Error("RegisterValidations(*testscheme.Scheme) not recognised")
	}
}

func TestSplitDiagnostics(t *testing.T) {
	out := "a/b/doc.go:3:5: +k8s:validateFalse: unknown tag\n" +
		"a/c/types.go:10:2: +validationRule: compiling:\n  ERROR: <input>:1:1: undeclared\n" +
		"validation-gen: 2 error(s); nothing was written\n"
	got := splitDiagnostics(out)
	want := []string{
		"a/b/doc.go:3:5: +k8s:validateFalse: unknown tag",
		"a/c/types.go:10:2: +validationRule: compiling:\n  ERROR: <input>:1:1: undeclared",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if p := diagnosticPackage(got[1]); p != "a/c" {
		t.Errorf("package of %q: %q", got[1], p)
	}
	if k := categorize(Rejected, strings.Join(got, "\n")); k != "+validationRule: compiling:; unknown tag +k8s:validateFalse" {
		t.Errorf("category: %q", k)
	}
}

func TestParseTestJSON(t *testing.T) {
	out := `{"ImportPath":"m/a [m/a.test]","Action":"build-output","Output":"# m/a [m/a.test]\n"}
{"ImportPath":"m/a [m/a.test]","Action":"build-output","Output":"a/zz_generated.validations.go:3:27: declared and not used: v\n"}
{"ImportPath":"m/a [m/a.test]","Action":"build-fail"}
{"Action":"start","Package":"m/a"}
{"Action":"fail","Package":"m/a","FailedBuild":"m/a [m/a.test]"}
{"Action":"run","Package":"m/b","Test":"TestB"}
{"Action":"output","Package":"m/b","Test":"TestB/x","Output":"    doc_test.go:35: expected an error matching:\n"}
{"Action":"output","Package":"m/b","Test":"TestB/x","Output":"        {Type=\"Invalid value\", Field=\"intField\", Origin=\"minimum\", Detail=\"\"}\n"}
{"Action":"output","Package":"m/b","Test":"TestB/x","Output":"    doc_test.go:35: unmatched error:\n"}
{"Action":"output","Package":"m/b","Test":"TestB/x","Output":"        {Type=\"Required value\", Field=\"intField\", Value=\"\", Origin=\"required\", Detail=\"\"}\n"}
{"Action":"output","Package":"m/b","Test":"TestB/y","Output":"    doc_test.go:102: want no errors, got: \n"}
{"Action":"output","Package":"m/b","Test":"TestB/y","Output":"        TypeMeta: Required value\n"}
{"Action":"output","Package":"m/b","Test":"TestB/y","Output":"        x: Forbidden: may not be set\n"}
{"Action":"fail","Package":"m/b","Test":"TestB/x"}
{"Action":"fail","Package":"m/b","Test":"TestB"}
{"Action":"pass","Package":"m/b","Test":"TestC"}
{"Action":"fail","Package":"m/b"}
`
	runs, err := parseTestJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	a, b := runs["m/a"], runs["m/b"]
	if !a.BuildFailed || !strings.Contains(a.BuildOutput, "declared and not used") {
		t.Errorf("m/a: %+v", a)
	}
	if k := categorize(Compile, a.BuildOutput); k != "generated code does not compile: declared and not used: v" {
		t.Errorf("m/a category: %q", k)
	}
	if b.BuildFailed || b.Tests["TestB"] != "fail" || b.Tests["TestC"] != "pass" || len(b.Tests) != 2 {
		t.Errorf("m/b: %+v", b)
	}
	want := "unexpected Forbidden; unexpected Required value" // the missing minimum error: shadowed by Required
	if k := categorize(Fail, b.TestOutput["TestB"]); k != want {
		t.Errorf("m/b TestB category:\n got %q\nwant %q", k, want)
	}
}

func TestCompare(t *testing.T) {
	results := []Result{
		{Test: "a.TestPass", Outcome: Pass},
		{Test: "a.TestNewlyPassing", Outcome: Pass},
		{Test: "a.TestRegressed", Outcome: Fail},
		{Test: "a.TestWorse", Outcome: Rejected},
		{Test: "a.TestBetter", Outcome: Fail},
		{Test: "a.TestSame", Outcome: Compile},
		{Test: "a.TestDeviation", Outcome: Fail},
		{Test: "a.TestDeviationPasses", Outcome: Pass},
	}
	expected := map[string]Expected{
		"a.TestNewlyPassing": {Test: "a.TestNewlyPassing", Outcome: Fail},
		"a.TestWorse":        {Test: "a.TestWorse", Outcome: Compile},
		"a.TestBetter":       {Test: "a.TestBetter", Outcome: Rejected},
		"a.TestSame":         {Test: "a.TestSame", Outcome: Compile},
		"a.TestGone":         {Test: "a.TestGone", Outcome: Fail},
	}
	deviations := map[string]Deviation{
		"a.TestDeviation":       {Test: "a.TestDeviation", Reason: "r"},
		"a.TestDeviationPasses": {Test: "a.TestDeviationPasses", Reason: "r"},
	}
	var got []string
	for _, p := range compare(results, expected, deviations) {
		got = append(got, firstLine(p))
	}
	want := []string{
		"a.TestNewlyPassing: passes now; remove it from expected.yaml (VALIDATION_GEN_UPSTREAM_UPDATE=1 does)",
		"REGRESSION a.TestRegressed: passed before (not in expected.yaml), now fail []:",
		"REGRESSION a.TestWorse: expected.yaml says compile, now rejected []:",
		"a.TestBetter: improved from rejected to fail []; update expected.yaml (VALIDATION_GEN_UPSTREAM_UPDATE=1 does)",
		"a.TestDeviationPasses: passes now; remove it from deviations.yaml",
		"expected.yaml: a.TestGone is not a test of the suite; remove it",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestFixOrder(t *testing.T) {
	set := func(ks ...string) map[string]bool {
		m := map[string]bool{}
		for _, k := range ks {
			m[k] = true
		}
		return m
	}
	got := fixOrder([]map[string]bool{set("req"), set("req", "minimum"), set("req", "minimum"), set("union"), set("req", "union")})
	want := []FixStep{{"req", 1}, {"minimum", 2}, {"union", 2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestFailureKinds(t *testing.T) {
	out := `=== RUN   TestX/a
    doc_test.go:10: expected an error matching:
        {Type="Required value", Field="x", Origin="", ValidationStabilityLevel=alpha}
    doc_test.go:10: unmatched error:
        {Type="Required value", Field="x", Value="", Origin="required", Detail="", ValidationStabilityLevel=unknown}
    doc_test.go:10: expected an error matching:
        {Type="Invalid value", Field="y", Origin="minimum", Detail="must be", ValidationStabilityLevel=beta}
=== RUN   TestX/b
    doc_test.go:20: unmatched error:
        {Type="Invalid value", Field="y", Value=0, Origin="minimum", Detail="must be greater", ValidationStabilityLevel=unknown}
    doc_test.go:30: validateFalse args, grouped by field path, differed from expected:
          map[string][]string(Inverse(cmpopts.SortMaps, []struct{ K string; V []string }{
        - 	{K: "mapField[a]", V: []string{"field Struct.MapField[*]"}},
        +<nbsp>	{K:<nbsp>"other", V: []string{"x"}},
        - 	{
        - 		K: "listField[0]",
        - 		V: []string{"a long argument"},
        - 	},
          }))
=== RUN   TestX/c
    doc_test.go:40: expected an error matching:
        {Type="Invalid value", Field="z", Origin="minimum"}
    doc_test.go:40: unmatched error:
        {Type="Required value", Field="z", Value="", Origin="required", Detail=""}
`
	// cmp.Diff spaces its output with U+00A0 at random.
	got := sortedKeys(failureKinds(strings.ReplaceAll(out, "<nbsp>", "\u00a0")))
	want := []string{
		`Required value: origin "required", upstream ""`,
		"missing Invalid value (origin minimum)", // not paired: another subtest
		"unexpected Invalid value",
		"unexpected Required value", // and the missing minimum error at z is its consequence
		"validateFalse: missing errors on list/map elements",
		"validateFalse: unexpected errors",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestEvaluate(t *testing.T) {
	pkgs := []*Package{
		{Rel: "a", ImportPath: "m/a", Tests: []string{"TestA"}, Diagnostics: []string{"a/doc.go:1:1: +k8s:x: unknown tag"}},
		{Rel: "b", ImportPath: "m/b", Tests: []string{"TestB"}},
		{Rel: "c", ImportPath: "m/c", Tests: []string{"TestC", fixtureTest}, Fixture: true},
		{Rel: "d", ImportPath: "m/d"},
	}
	runs := map[string]*PackageRun{
		"m/b": {BuildFailed: true, BuildOutput: "b/zz_generated.validations.go:1:1: declared and not used: v"},
		"m/c": {Tests: map[string]string{"TestC": "pass", fixtureTest: "fail"}, TestOutput: map[string]string{
			fixtureTest: "    zz_generated.upstream_fixture_test.go:9: \"*c.T\" got unexpected validateFalse args, grouped by field path:"}},
	}
	results, tally := evaluate(pkgs, map[string]bool{"a": true}, runs)
	var got []string
	for _, r := range results {
		got = append(got, r.Test+" "+string(r.Outcome)+" ["+r.Category+"]")
	}
	want := []string{
		"a.TestA rejected [unknown tag +k8s:x]",
		"b.TestB compile [generated code does not compile: declared and not used: v]",
		"c.TestC pass []",
		"c.TestValidation fail [validateFalse: unexpected errors (type validated, upstream does not)]",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("results:\n%s", strings.Join(got, "\n"))
	}
	wantTally := "upstream's tests: 1/3 pass; their 3 packages: 2 generated, 1 compiled, 1 pass entirely\n" +
		"fixture tests (generated by upstream for +k8s:validation-gen-test-fixture): 0/1 pass\n" +
		"all 4 tests: 1 pass, 1 fail, 1 do not compile, 1 in rejected packages; all 4 packages: 3 generated, 2 compiled"
	if s := tally.String(); s != wantTally {
		t.Errorf("tally:\n%s\nwant:\n%s", s, wantTally)
	}
}

func TestWriteExpected(t *testing.T) {
	file := t.TempDir() + "/expected.yaml"
	results := []Result{
		{Test: "a.TestA", Outcome: Rejected, Category: `unknown tag +k8s:x; "quoted": yes`},
		{Test: "a.TestB", Outcome: Pass},
		{Test: "a.TestC", Outcome: Fail, Category: "c"},
	}
	if err := writeExpected(file, results, map[string]Deviation{"a.TestC": {Test: "a.TestC", Reason: "r"}}); err != nil {
		t.Fatal(err)
	}
	got, err := loadExpected(file)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Expected{"a.TestA": {Test: "a.TestA", Outcome: Rejected, Category: `unknown tag +k8s:x; "quoted": yes`}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
	if err := writeExpected(file, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := loadExpected(file); err != nil || len(got) != 0 {
		t.Errorf("empty: %v %v", got, err)
	}
}

func TestParseCommand(t *testing.T) {
	c, err := parseCommand(upstreamGenerator + " --output-file zz_generated.validations.go --go-header-file=../../../examples/hack/boilerplate.go.txt ./...")
	if err != nil {
		t.Fatal(err)
	}
	want := Command{Flags: []string{"--output-file", "zz_generated.validations.go", "--go-header-file=../../../examples/hack/boilerplate.go.txt"},
		Patterns: []string{"./..."}, Header: "../../../examples/hack/boilerplate.go.txt"}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("parseCommand = %+v, want %+v", c, want)
	}
	if got := strings.Join(c.args("./a"), " "); got != "--output-file zz_generated.validations.go --go-header-file=../../../examples/hack/boilerplate.go.txt ./a" {
		t.Errorf("args(./a) = %s", got)
	}
	if got := strings.Join(c.args(), " "); !strings.HasSuffix(got, " ./...") {
		t.Errorf("args() = %s, want the patterns as written", got)
	}
	for _, bad := range []string{
		"go run k8s.io/other/cmd/gen ./...",
		upstreamGenerator + ` --go-header-file "a b.txt" ./...`,
		upstreamGenerator + " --output-file x.go",
	} {
		if _, err := parseCommand(bad); err == nil {
			t.Errorf("parseCommand(%q) succeeded", bad)
		}
	}
}

func TestDiffSnapshots(t *testing.T) {
	joint := Snapshot{"a/zz_generated.validations.go": []byte("x\ny\n"), "b/zz_generated.validations.go": []byte("z")}
	if d := diffSnapshots(joint, Snapshot{"a/zz_generated.validations.go": []byte("x\ny\n"), "b/zz_generated.validations.go": []byte("z")}); len(d) != 0 {
		t.Errorf("equal snapshots differ: %q", d)
	}
	d := diffSnapshots(joint, Snapshot{"a/zz_generated.validations.go": []byte("x\nY\n"), "c/zz_generated.openapi.go": nil})
	want := []string{
		`a/zz_generated.validations.go: differs: line 2: joint "y", per package "Y"`,
		"b/zz_generated.validations.go: written by the joint run only",
		"c/zz_generated.openapi.go: written by the per-package runs only",
	}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("diffSnapshots = %q, want %q", d, want)
	}
}
