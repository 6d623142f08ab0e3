package upstream

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// Outcome is what became of one upstream test function, worst first.
type Outcome string

const (
	// Rejected: the generator refused the test's package.
	Rejected Outcome = "rejected"
	// Compile: the package, with the generated files and the shim, or its tests do not build.
	Compile Outcome = "compile"
	// Fail: the test ran and failed (or did not run because an earlier test of its package crashed).
	Fail Outcome = "fail"
	// Pass: the test ran and passed.
	Pass Outcome = "pass"
)

var outcomeRank = map[Outcome]int{Rejected: 0, Compile: 1, Fail: 2, Pass: 3}

func (o Outcome) valid() bool { _, ok := outcomeRank[o]; return ok }

// Result is the outcome of one test function, with what explains it.
type Result struct {
	Test    string // <package relative to output_tests>.<TestName>
	Outcome Outcome
	// Fixture marks the test upstream generates for +k8s:validation-gen-test-fixture.
	Fixture bool
	// Category is a short machine-derived reason (see categorize).
	Category string
	// Detail is the evidence: the generator's diagnostics, the compiler's errors or the test's output.
	Detail string
}

// testEvent is one line of `go test -json` (test2json, plus the go command's build events).
type testEvent struct {
	ImportPath  string // build events: "pkg [pkg.test]"
	Action      string
	Package     string
	Test        string
	Output      string
	FailedBuild string
}

// PackageRun is what `go test -json` said about one package.
type PackageRun struct {
	BuildFailed bool
	BuildOutput string
	// Output is the package-level output (not attributed to a test).
	Output string
	// Tests maps each top-level test to its final action (pass, fail, skip).
	Tests map[string]string
	// TestOutput is each top-level test's output, its subtests' included.
	TestOutput map[string]string
}

// parseTestJSON reads `go test -json` output, keyed by import path.
func parseTestJSON(r io.Reader) (map[string]*PackageRun, error) {
	runs := map[string]*PackageRun{}
	get := func(pkg string) *PackageRun {
		if runs[pkg] == nil {
			runs[pkg] = &PackageRun{Tests: map[string]string{}, TestOutput: map[string]string{}}
		}
		return runs[pkg]
	}
	buildOut := map[string]string{} // by the ImportPath of build events
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var e testEvent
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, fmt.Errorf("go test -json: %v: %s", err, line)
		}
		if e.ImportPath != "" { // build-output, build-fail
			if e.Action == "build-output" {
				buildOut[e.ImportPath] += e.Output
			}
			continue
		}
		if e.Package == "" {
			continue
		}
		p := get(e.Package)
		top, _, _ := strings.Cut(e.Test, "/")
		switch e.Action {
		case "output":
			if e.Test == "" {
				p.Output += e.Output
			} else {
				p.TestOutput[top] += e.Output
			}
		case "pass", "fail", "skip":
			if e.Test == "" {
				if e.FailedBuild != "" {
					p.BuildFailed = true
					p.BuildOutput += buildOut[e.FailedBuild]
				}
			} else if e.Test == top {
				p.Tests[top] = e.Action
			}
		}
	}
	return runs, sc.Err()
}

// categorize derives the short reason of a failing result from its evidence: the kinds of problem
// it shows, joined by "; ".
func categorize(o Outcome, detail string) string {
	return joinSet(kinds(o, detail))
}

// kinds maps each kind of problem the evidence shows to an example line of it.
func kinds(o Outcome, detail string) map[string]string {
	switch o {
	case Rejected:
		return rejectionKinds(detail)
	case Compile:
		return compileKinds(detail)
	case Fail:
		return failureKinds(detail)
	}
	return nil
}

var (
	quotedRE = regexp.MustCompile(`"[^"]*"|'[^']*'|` + "`[^`]*`")
	// Go identifiers qualified by a package ("options.Enum0", "types.T1").
	qualifiedRE = regexp.MustCompile(`\b[a-z][A-Za-z0-9_]*\.[A-Z][A-Za-z0-9_]*\b`)
	numberRE    = regexp.MustCompile(`\b\d+\b`)
)

// rejectionKinds reduces each diagnostic "file:line:col: +tag: message" to "+tag: message", with
// names, quoted text and numbers masked; an unknown tag keeps its name.
func rejectionKinds(diags string) map[string]string {
	kinds := map[string]string{}
	for _, d := range strings.Split(diags, "\n") {
		if diagnosticPackage(d) == "" {
			continue
		}
		_, msg, _ := strings.Cut(d, ".go:")
		parts := strings.SplitN(msg, ": ", 2) // "line:col", rest
		if len(parts) < 2 {
			continue
		}
		msg = parts[1]
		if tag, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(rest, "unknown tag") {
			tag = strings.TrimSuffix(tag, ".") // +k8s:opaqueType. (a tag with an empty argument list)
			addKind(kinds, "unknown tag "+tag, d)
			continue
		}
		if i := strings.Index(msg, " (did you mean"); i > 0 {
			msg = msg[:i]
		}
		msg = quotedRE.ReplaceAllString(msg, `"…"`)
		msg = qualifiedRE.ReplaceAllString(msg, "T")
		msg = numberRE.ReplaceAllString(msg, "N")
		if i := strings.Index(msg, ": declare "); i > 0 { // drop the advice
			msg = msg[:i]
		}
		addKind(kinds, msg, d)
	}
	if len(kinds) == 0 {
		addKind(kinds, "rejected without a diagnostic", firstLine(diags))
	}
	return kinds
}

var compileErrRE = regexp.MustCompile(`^\S+\.go:\d+:\d+: (.*)$`)

// compileKinds reduces compiler errors to their message, with names and types masked.
func compileKinds(out string) map[string]string {
	kinds := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		m := compileErrRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		msg := m[1]
		switch {
		case strings.HasPrefix(msg, "undefined: ") && strings.Contains(msg, "Validate_"):
			msg = "undefined: Validate_<T> (a validator the test calls was not generated)"
		case strings.Contains(line, "_test.go:"):
			msg = "test does not compile: " + qualifiedRE.ReplaceAllString(quotedRE.ReplaceAllString(msg, `"…"`), "T")
		default:
			msg = "generated code does not compile: " + qualifiedRE.ReplaceAllString(quotedRE.ReplaceAllString(msg, `"…"`), "T")
		}
		addKind(kinds, msg, line)
	}
	if len(kinds) == 0 {
		addKind(kinds, "build failed", firstLine(out))
	}
	return kinds
}

var (
	// renderedRE reads the fields of an error as field.ErrorMatcher renders it:
	// {Type="Invalid value", Field="intField", Origin="minimum", Detail="", ValidationStabilityLevel=alpha}.
	renderedRE = regexp.MustCompile(`\b(Type|Field|Origin|Detail)="((?:[^"\\]|\\.)*)"|\b(ValidationStabilityLevel)=(\w+)`)
	// errorRE reads a field.Error as Error() prints it: "intField: Required value".
	errorRE = regexp.MustCompile(`^(\S*): (Not found|Required value|Duplicate value|Invalid value|Unsupported value|Forbidden|Too long|Too many|Too few|Too short|Internal error)`)
	// logRE starts a t.Errorf line: "    doc_test.go:35: ...".
	logRE = regexp.MustCompile(`^\s*\S+\.go:\d+: (.*)$`)
)

// renderedErr is one error as a test failure shows it.
type renderedErr struct {
	line string
	f    map[string]string
}

func parseRendered(line string) renderedErr {
	r := renderedErr{line: line, f: map[string]string{}}
	for _, m := range renderedRE.FindAllStringSubmatch(line, -1) {
		if m[1] != "" {
			r.f[m[1]] = m[2]
		} else {
			r.f[m[3]] = m[4]
		}
	}
	return r
}

// failureKinds reads a failing test's output. Within each subtest, an error expected but not
// produced and one produced but not expected with the same type and field are one difference (of
// origin, detail or stability level); the others are "missing <type> (origin <origin>)" (what
// upstream expects names the tag) and "unexpected <type>". Also: validateFalse results that differ,
// panics, validators the shim found missing.
func failureKinds(out string) map[string]string {
	kinds := map[string]string{}
	if i := strings.Index(out, shimMissingPrefix); i >= 0 {
		addKind(kinds, "no validator generated for a type upstream validates", firstLine(out[i:]))
	}
	var missing, unexpected []renderedErr
	flush := func() {
		used := make([]bool, len(unexpected))
		required := map[string]bool{} // fields with a Required error upstream does not expect
		for _, u := range unexpected {
			if u.f["Type"] == "Required value" {
				required[u.f["Field"]] = true
			}
		}
		for _, m := range missing {
			if m.f["Type"] == "Required value" {
				delete(required, m.f["Field"])
			}
		}
		for _, m := range missing {
			if m.f["Type"] != "Required value" && required[m.f["Field"]] {
				continue // a consequence: the spurious Required error short-circuits the field's other checks
			}
			paired := false
			for j, u := range unexpected {
				if !used[j] && u.f["Type"] == m.f["Type"] && u.f["Field"] == m.f["Field"] {
					used[j], paired = true, true
					addKind(kinds, differenceKind(m, u), m.line+" vs "+u.line)
					break
				}
			}
			if !paired {
				k := "missing " + orDefault(m.f["Type"], "error")
				if o := m.f["Origin"]; o != "" {
					k += " (origin " + o + ")"
				}
				addKind(kinds, k, m.line)
			}
		}
		for j, u := range unexpected {
			if !used[j] {
				addKind(kinds, "unexpected "+orDefault(u.f["Type"], "error"), u.line)
			}
		}
		missing, unexpected = nil, nil
	}
	lines := strings.Split(out, "\n")
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(lines[i])
		if strings.HasPrefix(trimmed, "=== RUN") {
			flush()
		}
		m := logRE.FindStringSubmatch(lines[i])
		if m == nil {
			if strings.HasPrefix(trimmed, "panic:") {
				addKind(kinds, "panic", trimmed)
			}
			continue
		}
		msg := m[1]
		next := ""
		if i+1 < len(lines) {
			next = strings.TrimSpace(lines[i+1])
		}
		switch {
		case msg == "expected an error matching:":
			missing = append(missing, parseRendered(next))
		case msg == "unmatched error:":
			unexpected = append(unexpected, parseRendered(next))
		case msg == "exact duplicate error:":
			addKind(kinds, "duplicate "+orDefault(parseRendered(next).f["Type"], "error"), next)
		case strings.HasPrefix(msg, "want no errors, got: "):
			errs := []string{strings.TrimPrefix(msg, "want no errors, got: ")}
			for j := i + 1; j < len(lines) && logRE.FindString(lines[j]) == "" && !strings.HasPrefix(strings.TrimSpace(lines[j]), "---") &&
				!strings.HasPrefix(strings.TrimSpace(lines[j]), "==="); j++ {
				errs = append(errs, strings.TrimSpace(lines[j]))
			}
			for _, e := range errs {
				if em := errorRE.FindStringSubmatch(e); em != nil {
					unexpected = append(unexpected, renderedErr{line: e, f: map[string]string{"Type": em[2], "Field": em[1]}})
				}
			}
		case strings.Contains(msg, "validateFalse"):
			for k, ex := range validateFalseKinds(msg, lines[i+1:]) {
				addKind(kinds, k, ex)
			}
		default:
			addKind(kinds, "other test failure", msg)
		}
	}
	flush()
	if len(kinds) == 0 {
		addKind(kinds, "failed without a recognised message", firstLine(out))
	}
	return kinds
}

// diffLineRE reads a line of cmp.Diff over validateFalse results: `- 	{K: "t2.s", V: []string{"field T2.S"}},`
// or, for a long entry split over lines, `- 		K: "t2.s",`
// (cmp randomly spaces its output with U+00A0 to keep it from being parsed: it is tolerated).
var diffLineRE = regexp.MustCompile(`^([-+])[\s\x{00a0}]*\{?[\s\x{00a0}]*K:[\s\x{00a0}]*"([^"]*)"`)

// validateFalseKinds reads a validateFalse comparison: the testscheme's message and the cmp.Diff
// lines after it. Results missing at a list or map element ("x[a]") are told apart, as they come
// from tags that apply to elements (+k8s:eachVal, +k8s:eachKey, +k8s:item).
func validateFalseKinds(msg string, after []string) map[string]string {
	kinds := map[string]string{}
	switch {
	case strings.Contains(msg, "but got no validation errors"):
		addKind(kinds, "validateFalse: missing errors (type not validated)", msg)
		return kinds
	case strings.Contains(msg, "got unexpected validateFalse args"):
		addKind(kinds, "validateFalse: unexpected errors (type validated, upstream does not)", msg)
		return kinds
	}
	// ExpectValidateFalseByPath diffs (expected, actual); ValidateFixtures diffs (actual, expected).
	missingSign := "-"
	if strings.Contains(msg, "differed from testdata/") {
		missingSign = "+"
	}
	for _, l := range after {
		l = strings.TrimSpace(strings.ReplaceAll(l, "\u00a0", " "))
		if logRE.MatchString(l) || strings.HasPrefix(l, "---") || strings.HasPrefix(l, "===") {
			break
		}
		m := diffLineRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		k := "validateFalse: unexpected errors"
		if m[1] == missingSign {
			k = "validateFalse: missing errors"
			if strings.Contains(m[2], "[") {
				k += " on list/map elements"
			}
		}
		addKind(kinds, k, l)
	}
	if len(kinds) == 0 {
		addKind(kinds, "validateFalse: results differ", msg)
	}
	return kinds
}

// differenceKind names how an error this generator produced differs from the one upstream expects
// at the same field with the same type.
func differenceKind(want, got renderedErr) string {
	typ := want.f["Type"]
	if o, ok := want.f["Origin"]; ok && o != got.f["Origin"] {
		return fmt.Sprintf("%s: origin %q, upstream %q", typ, got.f["Origin"], o)
	}
	if o := want.f["Origin"]; o != "" {
		typ += " (origin " + o + ")"
	}
	if l, ok := want.f["ValidationStabilityLevel"]; ok && l != got.f["ValidationStabilityLevel"] {
		return fmt.Sprintf("%s: stability level %s, upstream %s", typ, orDefault(got.f["ValidationStabilityLevel"], "(none)"), l)
	}
	if d, ok := want.f["Detail"]; ok && d != got.f["Detail"] {
		return typ + ": detail differs"
	}
	return typ + ": differs"
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func addKind(kinds map[string]string, kind, example string) {
	if _, ok := kinds[kind]; !ok {
		kinds[kind] = example
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

func joinSet[V any](m map[string]V) string {
	return strings.Join(sortedKeys(m), "; ")
}
