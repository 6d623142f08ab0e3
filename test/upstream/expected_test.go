package upstream

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"
)

// Expected is one entry of expected.yaml: a test that fails today, how, and (informational) why.
type Expected struct {
	Test     string  `json:"test"`
	Outcome  Outcome `json:"outcome"`
	Category string  `json:"category,omitempty"`
}

type expectedFile struct {
	Failing []Expected `json:"failing"`
}

// Deviation is one entry of deviations.yaml: a test that fails on purpose, with the reason.
type Deviation struct {
	Test   string `json:"test"`
	Reason string `json:"reason"`
}

type deviationsFile struct {
	Deviations []Deviation `json:"deviations"`
}

func loadExpected(file string) (map[string]Expected, error) {
	var f expectedFile
	if err := readYAML(file, &f); err != nil {
		return nil, err
	}
	m := map[string]Expected{}
	var errs []string
	for i, e := range f.Failing {
		where := fmt.Sprintf("%s: entry %d (%s)", file, i+1, e.Test)
		switch {
		case !strings.Contains(e.Test, ".Test"):
			errs = append(errs, where+": test must be <package>.<TestName>")
		case !e.Outcome.valid() || e.Outcome == Pass:
			errs = append(errs, fmt.Sprintf("%s: outcome %q is not one of rejected, compile, fail", where, e.Outcome))
		case m[e.Test].Test != "":
			errs = append(errs, where+": listed twice")
		}
		m[e.Test] = e
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return m, nil
}

func loadDeviations(file string) (map[string]Deviation, error) {
	var f deviationsFile
	if err := readYAML(file, &f); err != nil {
		return nil, err
	}
	m := map[string]Deviation{}
	var errs []string
	for i, d := range f.Deviations {
		where := fmt.Sprintf("%s: entry %d (%s)", file, i+1, d.Test)
		switch {
		case !strings.Contains(d.Test, ".Test"):
			errs = append(errs, where+": test must be <package>.<TestName>")
		case strings.TrimSpace(d.Reason) == "":
			errs = append(errs, where+": reason is missing")
		case m[d.Test].Test != "":
			errs = append(errs, where+": listed twice")
		}
		m[d.Test] = d
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return m, nil
}

func readYAML(file string, v any) error {
	raw, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if err := yaml.UnmarshalStrict(raw, v); err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	return nil
}

// regressionPrefix starts the problems that are regressions.
const regressionPrefix = "REGRESSION "

// compare is the ratchet. A test that is not listed must pass; a listed test must fail exactly
// as listed (a worse outcome is a regression, a better one makes the file stale); a deviation
// must still fail; every entry must name a test of the suite.
func compare(results []Result, expected map[string]Expected, deviations map[string]Deviation) []string {
	var problems []string
	seen := map[string]bool{}
	for _, r := range results {
		seen[r.Test] = true
		e, listed := expected[r.Test]
		_, deviates := deviations[r.Test]
		switch {
		case deviates && listed:
			problems = append(problems, fmt.Sprintf("%s: listed in both deviations.yaml and expected.yaml; keep one", r.Test))
		case deviates && r.Outcome == Pass:
			problems = append(problems, fmt.Sprintf("%s: passes now; remove it from deviations.yaml", r.Test))
		case deviates:
		case !listed && r.Outcome != Pass:
			problems = append(problems, fmt.Sprintf(regressionPrefix+"%s: passed before (not in expected.yaml), now %s [%s]:\n%s",
				r.Test, r.Outcome, r.Category, indent(clip(r.Detail, 40))))
		case listed && r.Outcome == Pass:
			problems = append(problems, fmt.Sprintf("%s: passes now; remove it from expected.yaml (VALIDATION_GEN_UPSTREAM_UPDATE=1 does)", r.Test))
		case listed && outcomeRank[r.Outcome] < outcomeRank[e.Outcome]:
			problems = append(problems, fmt.Sprintf(regressionPrefix+"%s: expected.yaml says %s, now %s [%s]:\n%s",
				r.Test, e.Outcome, r.Outcome, r.Category, indent(clip(r.Detail, 40))))
		case listed && r.Outcome != e.Outcome:
			problems = append(problems, fmt.Sprintf("%s: improved from %s to %s [%s]; update expected.yaml (VALIDATION_GEN_UPSTREAM_UPDATE=1 does)",
				r.Test, e.Outcome, r.Outcome, r.Category))
		}
	}
	for _, name := range sortedKeys(expected) {
		if !seen[name] {
			problems = append(problems, fmt.Sprintf("expected.yaml: %s is not a test of the suite; remove it", name))
		}
	}
	for _, name := range sortedKeys(deviations) {
		if !seen[name] {
			problems = append(problems, fmt.Sprintf("deviations.yaml: %s is not a test of the suite; remove it", name))
		}
	}
	return problems
}

const expectedHeader = `# Upstream validation-gen test functions that fail with this generator today (TestUpstream,
# upstream_test.go). The ratchet: a test not listed here (or in deviations.yaml) must pass; a listed
# test must fail with exactly the listed outcome, so a worse outcome fails as a regression and a better
# one (or a pass) fails until this file is updated. Tighten it with
#   VALIDATION_GEN_UPSTREAM=1 VALIDATION_GEN_UPSTREAM_UPDATE=1 go test ./test/upstream/ -count=1
#
#   test      <package directory under output_tests>.<TestName>
#   outcome   rejected (the generator refused the package), compile (the package or its tests do not
#             build), fail (the test ran and failed)
#   category  the reason, derived from the evidence (diagnostics, compiler errors, test output); not checked
#
# Generated by VALIDATION_GEN_UPSTREAM_UPDATE=1; the README's breakdown is by category.

`

// writeExpected rewrites the expectations from a run: every failing test that is not a deviation,
// in the order of the suite.
func writeExpected(file string, results []Result, deviations map[string]Deviation) error {
	var b strings.Builder
	b.WriteString(expectedHeader)
	b.WriteString("failing:")
	n := 0
	for _, r := range results {
		if _, ok := deviations[r.Test]; ok || r.Outcome == Pass {
			continue
		}
		// Quoted as JSON, which YAML reads.
		fmt.Fprintf(&b, "\n- test: %s\n  outcome: %s\n  category: %s", r.Test, r.Outcome, strconv.Quote(r.Category))
		n++
	}
	if n == 0 {
		b.WriteString(" []")
	}
	b.WriteString("\n")
	return os.WriteFile(file, []byte(b.String()), 0o644)
}

// Tally counts outcomes per test function and per package.
type Tally struct {
	Tests    int
	Outcomes map[Outcome]int
	// Fixtures of the Tests are the fixture tests upstream generates; FixturesPassing of them pass.
	Fixtures, FixturesPassing int
	// Packages of the suite; Generated of them accepted by the generator, Compiled of those built.
	Packages, Generated, Compiled int
	// The same for the packages with upstream's hand-written tests; PackagesPassing pass them all.
	TestPackages, TestGenerated, TestCompiled, PackagesPassing int
}

func (t Tally) String() string {
	hand := t.Tests - t.Fixtures
	return fmt.Sprintf("upstream's tests: %d/%d pass; their %d packages: %d generated, %d compiled, %d pass entirely\n"+
		"fixture tests (generated by upstream for +k8s:validation-gen-test-fixture): %d/%d pass\n"+
		"all %d tests: %d pass, %d fail, %d do not compile, %d in rejected packages; all %d packages: %d generated, %d compiled",
		t.Outcomes[Pass]-t.FixturesPassing, hand, t.TestPackages, t.TestGenerated, t.TestCompiled, t.PackagesPassing,
		t.FixturesPassing, t.Fixtures,
		t.Tests, t.Outcomes[Pass], t.Outcomes[Fail], t.Outcomes[Compile], t.Outcomes[Rejected], t.Packages, t.Generated, t.Compiled)
}

// report renders the full report: the tally, the breakdown by category (how many tests each
// category blocks, and how many it alone blocks), and every failing test with its evidence.
func report(version string, tally Tally, pkgs []*Package, rejected map[string]bool, runs map[string]*PackageRun, results []Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Upstream validation-gen suite (k8s.io/code-generator %s) with this generator\n\n", version)
	fmt.Fprintf(&b, "%s\n\n", tally)

	fmt.Fprintf(&b, "## Breakdown by kind of problem\n\n")
	b.WriteString("Per outcome, each kind of problem with the number of tests that show it, the number that show\n")
	b.WriteString("only it (fixing it alone would let them pass or get further), and an example.\n\n")
	for _, o := range []Outcome{Rejected, Compile, Fail} {
		all, alone, example := map[string]int{}, map[string]int{}, map[string]string{}
		for _, r := range results {
			if r.Outcome != o {
				continue
			}
			ks := kinds(r.Outcome, r.Detail)
			for k, ex := range ks {
				all[k]++
				if len(ks) == 1 {
					alone[k]++
				}
				if example[k] == "" {
					example[k] = r.Test + ": " + ex
				}
			}
		}
		if len(all) == 0 {
			continue
		}
		fmt.Fprintf(&b, "### %s (%d tests)\n\n  all alone  kind\n", o, tally.Outcomes[o])
		keys := sortedKeys(all)
		sort.SliceStable(keys, func(i, j int) bool {
			if alone[keys[i]] != alone[keys[j]] {
				return alone[keys[i]] > alone[keys[j]]
			}
			return all[keys[i]] > all[keys[j]]
		})
		for _, k := range keys {
			fmt.Fprintf(&b, "%5d %5d  %s\n               e.g. %s\n", all[k], alone[k], k, example[k])
		}
		var sets []map[string]bool
		for _, r := range results {
			if r.Outcome == o {
				set := map[string]bool{}
				for k := range kinds(r.Outcome, r.Detail) {
					set[k] = true
				}
				sets = append(sets, set)
			}
		}
		fmt.Fprintf(&b, "\nFix order (greedy; each step counts the tests it would move past %q, assuming the kinds are independent):\n", o)
		total := 0
		for _, step := range fixOrder(sets) {
			total += step.Unlocked
			fmt.Fprintf(&b, "%5d %5d  %s\n", step.Unlocked, total, step.Kind)
		}
		b.WriteString("\n")
	}

	fmt.Fprintf(&b, "## Packages\n\n")
	for _, p := range pkgs {
		state := "generated"
		switch {
		case rejected[p.Rel]:
			state = "rejected"
		case runs[p.ImportPath] != nil && runs[p.ImportPath].BuildFailed:
			state = "compile"
		}
		pass := 0
		for _, r := range results {
			if strings.HasPrefix(r.Test, p.Rel+".Test") && r.Outcome == Pass {
				pass++
			}
		}
		extra := ""
		if p.Shimmed {
			extra += " shim"
		}
		if len(p.Missing) > 0 {
			extra += " missing: " + strings.Join(p.Missing, ",")
		}
		fmt.Fprintf(&b, "%-60s %-9s %d/%d pass%s\n", p.Rel, state, pass, len(p.Tests), extra)
	}

	fmt.Fprintf(&b, "\n## Failing tests\n")
	for _, r := range results {
		if r.Outcome == Pass {
			continue
		}
		fmt.Fprintf(&b, "\n### %s: %s [%s]\n\n%s\n", r.Test, r.Outcome, r.Category, indent(clip(r.Detail, 60)))
	}
	return b.String()
}

// clip keeps the first n lines.
func clip(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		return strings.Join(lines[:n], "\n") + fmt.Sprintf("\n... (%d more lines)", len(lines)-n)
	}
	return s
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// FixStep is one step of fixOrder.
type FixStep struct {
	Kind     string
	Unlocked int
}

// fixOrder orders the kinds of problem of a set of tests (one set of kinds per test) greedily: each
// step fixes the kind that frees the most tests (those left with no other kind), the most frequent
// on a tie, until every test is free.
func fixOrder(sets []map[string]bool) []FixStep {
	left := make([]map[string]bool, len(sets))
	for i, s := range sets {
		left[i] = map[string]bool{}
		for k := range s {
			left[i][k] = true
		}
	}
	var steps []FixStep
	for {
		only, freq := map[string]int{}, map[string]int{}
		for _, s := range left {
			for k := range s {
				freq[k]++
				if len(s) == 1 {
					only[k]++
				}
			}
		}
		if len(freq) == 0 {
			return steps
		}
		best := ""
		for _, k := range sortedKeys(freq) {
			if best == "" || only[k] > only[best] || only[k] == only[best] && freq[k] > freq[best] {
				best = k
			}
		}
		for _, s := range left {
			delete(s, best)
		}
		steps = append(steps, FixStep{Kind: best, Unlocked: only[best]})
	}
}
