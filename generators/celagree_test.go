package generators_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"text/tabwriter"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/apiserver/pkg/cel/environment"
	"sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/check"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/generators/openapi"
	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/internal/crdcheck"
	"github.com/validation-gen/validation-gen/model"
)

// TestCELAgreement holds validation-gen's CEL checks to the API server's CRD validation: every
// root kind of ../testdata/cel/good is a rule both must accept, every root kind of
// ../testdata/cel/bad a rule both must reject, each for the reason the case is about. Our
// verdict is the diagnostics of Build, Check and CheckCEL that point into the kind's types; the
// API server's is crdcheck.Validate on the kind's CRD as CRDs writes it, without any CEL check.
func TestCELAgreement(t *testing.T) {
	opts := generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, CostLimits: true}
	fixtures := loadCELFixtures(t, "../testdata/cel", opts, "good", "bad")
	good, bad := fixtures[0], fixtures[1]

	for kind := range badCases {
		if !contains(bad.kinds, kind) {
			t.Errorf("badCases names %s, which is not a root kind of %s", kind, bad.dir)
		}
	}
	for kind, e := range editedCases {
		if !contains(bad.kinds, kind) {
			t.Errorf("editedCases names %s, which is not a root kind of %s", kind, bad.dir)
		}
		if !contains(good.kinds, e.base) {
			t.Errorf("editedCases: base %s of %s is not a good case", e.base, kind)
		}
	}
	var rows []agreeRow
	for _, kind := range good.kinds {
		r := agreeRow{kind: kind, want: "accept", ours: good.ours[kind], api: good.api[kind]}
		r.ok = len(r.ours) == 0 && r.api == nil
		rows = append(rows, r)
	}
	for _, kind := range bad.kinds {
		want, ok := badCases[kind]
		if !ok {
			t.Errorf("bad case %s has no entry in badCases", kind)
		}
		if want.api == "" {
			want.api = want.ours
		}
		r := agreeRow{kind: kind, want: "reject", wantOurs: want.ours, wantAPI: want.api, ours: bad.ours[kind], api: bad.api[kind]}
		if e, ok := editedCases[kind]; ok {
			r.api = editedVerdict(t, good.crds[e.base], e.edit)
			r.edited = e.base
		}
		ours := false
		for _, d := range r.ours {
			ours = ours || strings.Contains(d, want.ours)
		}
		r.ok = ours && r.api != nil && strings.Contains(oneLine(r.api.Error()), want.api)
		rows = append(rows, r)
	}

	if len(good.kinds) < 25 || len(bad.kinds) < 25 {
		t.Errorf("%d good and %d bad cases; the requirement is at least 25 of each", len(good.kinds), len(bad.kinds))
	}
	failed := 0
	for _, r := range rows {
		if !r.ok {
			failed++
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d cases: validation-gen and the API server do not both give the expected verdict\n%s", failed, len(rows), agreeTable(rows))
	} else if testing.Verbose() {
		t.Logf("%d good and %d bad cases agree:\n%s", len(good.kinds), len(bad.kinds), agreeTable(rows))
	}
}

// badCases holds, for every bad case, a substring that one of our diagnostics for it must
// contain and one that the API server's error must contain (empty: the same): being rejected is
// not enough, it must be for the reason the case is about.
var badCases = map[string]struct{ ours, api string }{
	// The expression itself: syntax, types, fields, functions, literals.
	"SyntaxError":                {"Syntax error: extraneous input '>'", ""},
	"TypeMismatch":               {"found no matching overload for '_==_' applied to '(int, string)'", ""},
	"NonBoolResult":              {"cel expression must evaluate to a bool", ""},
	"UndefinedField":             {"undefined field 'replica'", ""},
	"RuleUsesUndeclaredVariable": {"undeclared reference to 'other'", ""},
	"UnknownFunction":            {"undeclared reference to 'toUpper'", ""},
	"FieldOnScalar":              {"type 'string' does not support field selection", ""},
	"HasOnNonField":              {"invalid argument to has() macro", ""},
	"HasOnIndex":                 {"invalid argument to has() macro", ""},
	"QuantityOperator":           {"found no matching overload for '_>_' applied to '(kubernetes.Quantity, kubernetes.Quantity)'", ""},
	"InvalidRegexLiteral":        {"invalid matches argument", ""},
	"InvalidDurationLiteral":     {"invalid duration argument", ""},
	"HeterogeneousListLiteral":   {"expected type 'int' but found 'string'", ""},
	"NewerLibraryFunction":       {"undeclared reference to 'includes'", ""},
	// Property names and what self holds.
	"UnescapedDash":        {"undeclared reference to 'prop'", ""},
	"UnescapedInKeyword":   {"Syntax error: no viable alternative at input '.in'", ""},
	"UnescapedDot":         {"undefined field 'a'", ""},
	"UnescapedUnderscores": {"undefined field '__internal'", ""},
	"MetadataLabelsAtRoot": {"undefined field 'labels'", ""},
	"NestedMetadataOpaque": {"undefined field 'name'", ""},
	"FieldOfRawExtension":  {"undefined field 'kind'", ""},
	// Transition rules.
	"AtomicListItemTransition":       {"transition rule (it uses oldSelf) inside AtomicListItemTransition.spec.items", "oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].properties[items]"},
	"TransitionInSet":                {"transition rule (it uses oldSelf) inside TransitionInSet.spec.tags", "oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].properties[tags]"},
	"TransitionBelowAtomicListItems": {"transition rule (it uses oldSelf) inside TransitionBelowAtomicListItems.spec.groups", "oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].properties[groups]"},
	"ListMapInsideAtomicItems":       {"transition rule (it uses oldSelf) inside ListMapInsideAtomicItems.spec.groups", "oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].properties[groups]"},
	"EmbeddedKindTransition":         {"transition rule (it uses oldSelf) inside EmbeddedKindTransition.spec.parts", "oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].properties[parts]"},
	"OptionalOldSelfUnused":          {"optionalOldSelf is set but the rule does not use oldSelf", "optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule"},
	"OptionalOldSelfNotUnwrapped":    {"found no matching overload for '_>=_' applied to '(int, optional_type(int))'", ""},
	// Cost.
	"CostNestedUnboundedLists": {"estimated rule cost", "x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget"},
	"CostUnboundedMaps":        {"estimated rule cost", "x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget"},
	"CostOverKindLimit":        {"over the API server's per-CRD limit of 100000000", "Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget"},
	"CostMessageExpression":    {"estimated messageExpression cost", "messageExpression: Forbidden: estimated messageExpression cost exceeds budget"},
	// messageExpression, message, reason and fieldPath.
	"MessageExpressionNotString":  {`messageExpression "self - 10" must evaluate to a string`, "messageExpression must evaluate to a string"},
	"MessageExpressionSyntax":     {"messageExpression: Syntax error: mismatched input '<EOF>'", "messageExpression compilation failed: ERROR: <input>:1:15: Syntax error: mismatched input '<EOF>'"},
	"MessageExpressionUndefined":  {"messageExpression: undefined field 'nope'", "messageExpression compilation failed: ERROR: <input>:1:20: undefined field 'nope'"},
	"MultiLineRuleWithoutMessage": {"a rule with line breaks needs a message", "message: Required value: message must be specified if rule contains line breaks"},
	"FieldPathMissingField":       {`field "replica" does not name a field under self`, `fieldPath: Invalid value: ".replica": must be a valid path`},
	"FieldPathThroughScalar":      {`field "name.first" does not name a field under self`, `fieldPath: Invalid value: ".name.first": must be a valid path`},
	"FieldPathIntoListItem":       {`field "steps[0]" does not name a field under self: steps is a list, and a field path cannot go into list items`, `fieldPath: Invalid value: ".steps[0]": must be a valid path`},
	"BadReason":                   {`parameter "reason" "Bogus" is not one of`, `reason: Unsupported value: "FieldValueBogus"`},
	"ReasonWrongCase":             {`did you mean "Forbidden"?`, `reason: Unsupported value: "FieldValueforbidden"`},
	"FieldPathSyntax":             {`field "level[x" is not a path`, `fieldPath: Invalid value: ".level[x": must be a valid path`},
	"FieldPathWithBlank":          {`field "level " is not a path`, `fieldPath: Invalid value: ".level ": must be a valid path`},
}

// editedCases are bad cases that validation-gen refuses in the tag layer (Build), so their CRDs
// are written without the rule. The API server's verdict comes instead from the CRD of a good
// case (base, which has exactly one rule, accepted) with that rule edited to what the bad case's
// tag says.
var editedCases = map[string]struct {
	base string
	edit func(rule map[string]any)
}{
	"BadReason":          {"ReasonAndFieldPath", func(r map[string]any) { r["reason"] = "FieldValueBogus" }},
	"ReasonWrongCase":    {"ReasonAndFieldPath", func(r map[string]any) { r["reason"] = "FieldValueforbidden" }},
	"FieldPathSyntax":    {"ReasonAndFieldPath", func(r map[string]any) { r["fieldPath"] = ".level[x" }},
	"FieldPathWithBlank": {"ReasonAndFieldPath", func(r map[string]any) { r["fieldPath"] = ".level " }},
}

// embeddedKinds are root kinds that are no case of their own but a type of another case (the
// value), whose CRD inlines them. Their own CRDs are not looked at.
var embeddedKinds = map[string]string{
	"EmbeddedKindTransitionPart": "EmbeddedKindTransition",
}

// caseCompat runs a case at another compatibility version. crdcheck validates like an API server
// built from the pinned k8s.io/apiserver, which compiles new rules at its default CEL
// compatibility version, 1.36 (asserted in loadCELFixtures), as validation-gen does for its
// default --compatibility-version 1.37 (celenv.CELVersion); no case needs another version today.
var caseCompat = map[string]*version.Version{}

type agreeRow struct {
	kind, want        string
	wantOurs, wantAPI string // substrings a rejection must contain
	ours              []string
	api               error
	edited            string // the good case whose edited CRD gave the API server's verdict
	ok                bool
}

// agreeTable renders the verdicts, one row per case, and then what each failed case expected.
func agreeTable(rows []agreeRow) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "\tcase\texpected\tvalidation-gen\tAPI server")
	verdict := func(rejects bool, msg string) string {
		if !rejects {
			return "accepts"
		}
		return "rejects: " + clip(oneLine(msg), 140)
	}
	var details []string
	for _, r := range rows {
		mark := "ok"
		if !r.ok {
			mark = "FAIL"
		}
		ours := verdict(len(r.ours) > 0, strings.Join(r.ours, " | "))
		var api string
		if r.api != nil {
			api = r.api.Error()
		}
		apiVerdict := verdict(r.api != nil, api)
		if r.edited != "" {
			apiVerdict = "(edited CRD of " + r.edited + ") " + apiVerdict
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", mark, r.kind, r.want, ours, apiVerdict)
		if !r.ok {
			d := fmt.Sprintf("%s: expected both to %s", r.kind, r.want)
			if r.want == "reject" {
				d += fmt.Sprintf(", validation-gen with a diagnostic containing %q and the API server with an error containing %q", r.wantOurs, r.wantAPI)
			}
			d += "\n    validation-gen: " + strings.ReplaceAll(strings.Join(r.ours, "\n"), "\n", "\n        ")
			d += "\n    API server: " + api
			details = append(details, d)
		}
	}
	w.Flush()
	if len(details) > 0 {
		b.WriteString("\n" + strings.Join(details, "\n\n") + "\n")
	}
	return b.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// celFixture is one fixture package with each root kind's verdicts.
type celFixture struct {
	dir   string
	types *fixtureTypes
	kinds []string            // root kinds in source order
	ours  map[string][]string // kind -> our diagnostics for it
	api   map[string]error    // kind -> the API server's verdict on its CRD (nil: accepted)
	crds  map[string][]byte   // kind -> CRD YAML
}

// loadCELFixtures loads and builds the fixture packages root/<name>/v1 with one Load (loading
// dominates the run time), then checks and writes CRDs at opts.Compat and at each other version
// caseCompat asks for, keeping for every kind the results of its own version.
func loadCELFixtures(t *testing.T, root string, opts generators.Options, names ...string) []*celFixture {
	t.Helper()
	root = absDir(t, root)
	var fixtures []*celFixture
	byKind := map[string]*celFixture{}
	var patterns []string
	for _, name := range names {
		dir := filepath.Join(root, name)
		f := &celFixture{dir: dir, ours: map[string][]string{}, api: map[string]error{}, crds: map[string][]byte{}}
		f.types = typeOwners(t, filepath.Join(dir, "v1", "types.go"))
		f.kinds = f.types.kinds
		for _, k := range f.kinds {
			if byKind[k] != nil {
				t.Fatalf("kind %s is both in %s and in %s", k, byKind[k].dir, dir)
			}
			byKind[k] = f
		}
		fixtures = append(fixtures, f)
		patterns = append(patterns, "./"+name+"/...")
	}

	prog, diags, err := loader.Load(root, patterns)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Fatalf("loading %s:\n%s", root, diags.Error(root))
	}
	u, buildDiags := builder.Build(prog)
	attribute(t, fixtures, buildDiags, nil)

	if v := environment.DefaultCompatibilityVersion(); !v.EqualTo(version.MajorMinor(1, 36)) {
		t.Fatalf("crdcheck compiles rules at CEL compatibility version %s; caseCompat assumes 1.36", v)
	}
	compat := func(kind string) *version.Version {
		if v, ok := caseCompat[kind]; ok {
			return v
		}
		return opts.Compat
	}
	versions := map[string]*version.Version{}
	for k := range byKind {
		versions[compat(k).String()] = compat(k)
	}
	for _, v := range versions {
		o := opts
		o.Compat = v
		mine := func(kind string) bool { return compat(kind).EqualTo(v) }
		attribute(t, fixtures, append(check.Model(u, o), check.CEL(u, o)...), mine)
		files, ds, err := openapi.CRDs(u, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) > 0 {
			t.Fatalf("CRDs of %s:\n%s", root, ds.Error(root))
		}
		for _, file := range files {
			var crd struct {
				Spec struct {
					Names struct{ Kind string }
				}
			}
			if err := yaml.Unmarshal(file.Content, &crd); err != nil {
				t.Fatal(err)
			}
			k := crd.Spec.Names.Kind
			f := byKind[k]
			if f == nil && embeddedKinds[k] != "" {
				continue
			}
			if f == nil {
				t.Fatalf("a CRD for %s, which is no fixture kind", k)
			}
			if mine(k) {
				f.crds[k] = file.Content
				_, f.api[k] = crdcheck.Validate(file.Content)
			}
		}
	}
	for k, f := range byKind {
		if f.crds[k] == nil {
			t.Errorf("%s: no CRD was written for kind %s", f.dir, k)
		}
	}
	return fixtures
}

// attribute files each diagnostic under the kind that owns the type declaration it points into;
// only kinds for which mine is true (all when mine is nil) take it.
func attribute(t *testing.T, fixtures []*celFixture, ds model.Diagnostics, mine func(kind string) bool) {
	t.Helper()
	for _, d := range ds.Sorted() {
		attributed := false
		for _, f := range fixtures {
			kind := f.types.kindAt(d.Pos)
			if kind == "" {
				continue
			}
			attributed = true
			if mine == nil || mine(kind) {
				f.ours[kind] = append(f.ours[kind], d.Format(f.dir))
			}
		}
		if !attributed {
			t.Errorf("diagnostic outside every case's type declarations: %s", d.Format(""))
		}
	}
}

// fixtureTypes maps the type declarations of a fixture file to the root kinds that own them.
type fixtureTypes struct {
	file  string
	kinds []string
	decls []fixtureDecl
}

type fixtureDecl struct {
	name, kind  string
	first, last int // lines, doc comment included
}

func (ft *fixtureTypes) kindAt(p token.Position) string {
	if p.Filename != ft.file {
		return ""
	}
	for _, d := range ft.decls {
		if p.Line >= d.first && p.Line <= d.last {
			return d.kind
		}
	}
	return ""
}

// typeOwners parses a fixture file: root kinds are the structs that embed metav1.TypeMeta (and,
// as for Build, whose names do not end in List; embeddedKinds are left out), and
// every other type declaration must be reachable, through the types its fields name, from
// exactly one kind, which owns it and the diagnostics inside it.
func typeOwners(t *testing.T, file string) *fixtureTypes {
	t.Helper()
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	ft := &fixtureTypes{file: file}
	specs := map[string]*ast.TypeSpec{}
	ranges := map[string][2]int{}
	var order []string
	for _, decl := range af.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		if len(gd.Specs) != 1 {
			t.Fatalf("%s: declare one type per declaration", fset.Position(gd.Pos()))
		}
		ts := gd.Specs[0].(*ast.TypeSpec)
		first := gd.Pos()
		if gd.Doc != nil {
			first = gd.Doc.Pos()
		}
		specs[ts.Name.Name] = ts
		ranges[ts.Name.Name] = [2]int{fset.Position(first).Line, fset.Position(gd.End()).Line}
		order = append(order, ts.Name.Name)
		if isRootKind(ts) && embeddedKinds[ts.Name.Name] == "" {
			ft.kinds = append(ft.kinds, ts.Name.Name)
		}
	}
	owner := map[string][]string{}
	for _, kind := range ft.kinds {
		seen := map[string]bool{}
		var visit func(name string)
		visit = func(name string) {
			if seen[name] || specs[name] == nil {
				return
			}
			seen[name] = true
			owner[name] = append(owner[name], kind)
			ast.Inspect(specs[name].Type, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					visit(id.Name)
				}
				return true
			})
		}
		visit(kind)
	}
	for _, name := range order {
		if len(owner[name]) != 1 {
			t.Fatalf("%s: type %s is used by the cases %v; every type must belong to exactly one case", file, name, owner[name])
		}
		if k := embeddedKinds[name]; k != "" && owner[name][0] != k {
			t.Fatalf("%s: embedded kind %s belongs to %s, not to %s", file, name, owner[name][0], k)
		}
		r := ranges[name]
		ft.decls = append(ft.decls, fixtureDecl{name: name, kind: owner[name][0], first: r[0], last: r[1]})
	}
	sort.Slice(ft.decls, func(i, j int) bool { return ft.decls[i].first < ft.decls[j].first })
	return ft
}

func isRootKind(ts *ast.TypeSpec) bool {
	st, ok := ts.Type.(*ast.StructType)
	if !ok || strings.HasSuffix(ts.Name.Name, "List") {
		return false
	}
	for _, fld := range st.Fields.List {
		if sel, ok := fld.Type.(*ast.SelectorExpr); ok && len(fld.Names) == 0 && sel.Sel.Name == "TypeMeta" {
			return true
		}
	}
	return false
}

// editedVerdict validates base with its one x-kubernetes-validations entry edited.
func editedVerdict(t *testing.T, base []byte, edit func(map[string]any)) error {
	t.Helper()
	if base == nil {
		return fmt.Errorf("no base CRD")
	}
	var crd map[string]any
	if err := yaml.Unmarshal(base, &crd); err != nil {
		t.Fatal(err)
	}
	var rules []map[string]any
	var find func(v any)
	find = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if list, ok := x.([]any); ok && k == schema.ExtValidations {
					for _, r := range list {
						rules = append(rules, r.(map[string]any))
					}
					continue
				}
				find(x)
			}
		case []any:
			for _, x := range v {
				find(x)
			}
		}
	}
	find(crd)
	if len(rules) != 1 {
		t.Fatalf("the base CRD of an edited case must have exactly one rule, it has %d", len(rules))
	}
	edit(rules[0])
	out, err := yaml.Marshal(crd)
	if err != nil {
		t.Fatal(err)
	}
	_, verr := crdcheck.Validate(out)
	return verr
}
