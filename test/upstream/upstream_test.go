package upstream

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestUpstream runs upstream's validation-gen test suite against this generator's validators and
// checks the outcome of every upstream test function against expected.yaml and deviations.yaml.
//
// Environment:
//
//	VALIDATION_GEN_UPSTREAM=1              run it (it skips otherwise)
//	VALIDATION_GEN_UPSTREAM_REPORT=FILE    write the full report (tally, every failure with its evidence) to FILE
//	VALIDATION_GEN_UPSTREAM_UPDATE=1       rewrite expected.yaml from this run (to tighten the ratchet); only regressions fail
//	VALIDATION_GEN_UPSTREAM_DIR=DIR        build the temporary module in DIR (must not exist) and keep it,
//	                                       with go test's output in DIR/go-test.json
//	VALIDATION_GEN_UPSTREAM_ONLY=REGEXP    test only the packages whose directory under output_tests
//	                                       matches (all are still generated); the ratchet then checks
//	                                       only their tests, and UPDATE is refused
func TestUpstream(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_UPSTREAM") != "1" {
		t.Skip("runs upstream's validation-gen test suite (k8s.io/code-generator cmd/validation-gen/output_tests) " +
			"against this generator (builds it and ~120 test binaries, takes minutes); run it with: " +
			"VALIDATION_GEN_UPSTREAM=1 go test ./test/upstream/ -count=1 -timeout 60m")
	}
	if deadline, ok := t.Deadline(); ok && time.Until(deadline) < 30*time.Minute {
		t.Fatalf("the run takes 10 to 30 minutes (more on a busy machine); give it -timeout 60m")
	}
	start := time.Now()
	expected, err := loadExpected("expected.yaml")
	if err != nil {
		t.Fatal(err)
	}
	deviations, err := loadDeviations("deviations.yaml")
	if err != nil {
		t.Fatal(err)
	}

	root := moduleRoot(t)
	version, upstreamDir := upstreamSource(t, root)
	if !strings.HasPrefix(version, "v0.37.") {
		t.Fatalf("%s is at %s in go.mod; this test and expected.yaml are for v0.37.x", upstreamModule, version)
	}
	dir := t.TempDir()
	if d := os.Getenv("VALIDATION_GEN_UPSTREAM_DIR"); d != "" {
		if _, err := os.Stat(d); err == nil {
			t.Fatalf("VALIDATION_GEN_UPSTREAM_DIR=%s exists; name a new directory", d)
		}
		dir = d
	}
	mod := filepath.Join(dir, "module")
	suite := filepath.Join(mod, suiteDir)
	bin := filepath.Join(dir, "validation-gen")

	var only *regexp.Regexp
	if o := os.Getenv("VALIDATION_GEN_UPSTREAM_ONLY"); o != "" {
		if only, err = regexp.Compile(o); err != nil {
			t.Fatalf("VALIDATION_GEN_UPSTREAM_ONLY: %v", err)
		}
		if os.Getenv("VALIDATION_GEN_UPSTREAM_UPDATE") == "1" {
			t.Fatal("VALIDATION_GEN_UPSTREAM_UPDATE=1 rewrites expected.yaml from a whole run; unset VALIDATION_GEN_UPSTREAM_ONLY")
		}
	}

	phase := time.Now()
	goCmd(t, root, nil, "build", "-o", bin, "./cmd/validation-gen")
	removed := setupModule(t, upstreamDir, root, mod)
	pkgs := listPackages(t, suite)
	nTests := 0
	for _, p := range pkgs {
		nTests += len(p.Tests)
	}
	t.Logf("%s@%s: %d packages, %d test functions; removed %d upstream-generated files; generator built and module set up in %s",
		upstreamModule, version, len(pkgs), nTests, len(removed), since(phase))

	// Upstream's command line, as its generate.go runs it, with this generator in place of
	// upstream's: once over ./..., then once per package; both must write the same files.
	cmd := upstreamCommand(t, suite)
	writeHeader(t, upstreamDir, suite, cmd)
	phase = time.Now()
	rejected, runs, asWritten := generate(t, bin, suite, cmd, pkgs)
	t.Logf("%s: %d runs, %d of %d packages accepted, in %s", cmd, runs, len(pkgs)-len(rejected), len(pkgs), since(phase))
	if !asWritten {
		t.Errorf("upstream's command line (%s) fails; %d packages were set aside to measure the rest", cmd, len(rejected))
	}
	joint := snapshot(t, suite, true)
	phase = time.Now()
	var accepted []*Package
	for _, p := range pkgs {
		if !rejected[p.Rel] {
			accepted = append(accepted, p)
		}
	}
	for rel, out := range generatePerPackage(t, bin, suite, cmd, accepted) {
		t.Errorf("%s: the per-package run fails, the joint run does not:\n%s", rel, tail(out))
	}
	perPackage := snapshot(t, suite, false)
	t.Logf("%d per-package runs (%s with ./<package>): %d files, in %s", len(accepted), cmd, len(perPackage), since(phase))
	for _, d := range diffSnapshots(joint, perPackage) {
		t.Errorf("per-package and joint output differ: %s", d)
	}

	var testable []string // import paths of accepted packages with tests
	for _, p := range pkgs {
		if rejected[p.Rel] {
			continue
		}
		addShim(t, upstreamDir, suite, p)
		if only != nil && !only.MatchString(p.Rel) {
			continue
		}
		if len(p.Tests) > 0 {
			testable = append(testable, p.ImportPath)
		}
	}

	phase = time.Now()
	runs2 := goTest(t, suite, testable)
	t.Logf("go test: %d packages in %s", len(testable), since(phase))

	if only != nil { // the ratchet and the tally cover the selected packages only
		var sel []*Package
		for _, p := range pkgs {
			if only.MatchString(p.Rel) {
				sel = append(sel, p)
			}
		}
		pkgs = sel
		for name := range expected {
			if !only.MatchString(name[:strings.LastIndexByte(name, '.')]) {
				delete(expected, name)
			}
		}
		for name := range deviations {
			if !only.MatchString(name[:strings.LastIndexByte(name, '.')]) {
				delete(deviations, name)
			}
		}
	}
	results, tally := evaluate(pkgs, rejected, runs2)
	summary := tally.String()
	t.Log(summary)
	if file := os.Getenv("VALIDATION_GEN_UPSTREAM_REPORT"); file != "" {
		if err := os.WriteFile(file, []byte(report(version, tally, pkgs, rejected, runs2, results)), 0o644); err != nil {
			t.Error(err)
		}
	}
	// The ratchet. With VALIDATION_GEN_UPSTREAM_UPDATE=1 the file is rewritten from this run, and
	// only regressions fail (so that they show, here and in the diff of expected.yaml).
	update := os.Getenv("VALIDATION_GEN_UPSTREAM_UPDATE") == "1"
	for _, problem := range compare(results, expected, deviations) {
		if update && !strings.HasPrefix(problem, regressionPrefix) {
			t.Log(problem)
		} else {
			t.Error(problem)
		}
	}
	if update {
		if err := writeExpected("expected.yaml", results, deviations); err != nil {
			t.Fatal(err)
		}
		t.Log("expected.yaml rewritten from this run")
	}
	t.Logf("total %s", since(start))
}

func since(t time.Time) time.Duration { return time.Since(t).Round(100 * time.Millisecond) }

// fixtureTag makes upstream's generator write a test, zz_generated.validations_test.go, that checks
// every registered type's +k8s:validateFalse errors against testdata/validate-false.json.
const fixtureTag = "// +k8s:validation-gen-test-fixture=validateFalse"

// fixtureTest is the test upstream's generator writes for fixtureTag (its name and body); this
// test writes the same into packages that carry the tag, as this generator does not yet.
const fixtureTest = "TestValidation"

// listPackages lists the suite's packages and, from their test files, their test functions. It
// lists them as the generator sees them, with the build tag ignore_autogenerated (gengo's, which
// this generator also sets): the suite's root package, whose only file is generate.go, is then
// empty and left out.
func listPackages(t *testing.T, suite string) []*Package {
	t.Helper()
	out := goCmd(t, suite, moduleEnv, "list", "-e", "-tags", "ignore_autogenerated", "-f",
		"{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \" \"}}\t{{join .TestGoFiles \" \"}} {{join .XTestGoFiles \" \"}}\t{{join .Deps \" \"}}", "./...")
	var pkgs []*Package
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "\t", 5)
		if len(f) != 5 || strings.TrimSpace(f[2]) == "" {
			continue
		}
		rel, err := filepath.Rel(suite, f[1])
		if err != nil {
			t.Fatal(err)
		}
		p := &Package{Rel: filepath.ToSlash(rel), ImportPath: f[0], Deps: strings.Fields(f[4])}
		for _, file := range strings.Fields(f[2]) {
			src, err := os.ReadFile(filepath.Join(f[1], file))
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range strings.Split(string(src), "\n") {
				if strings.TrimSpace(l) == fixtureTag {
					p.Fixture = true
				}
			}
		}
		for _, file := range strings.Fields(f[3]) {
			p.Tests = append(p.Tests, testFuncs(t, filepath.Join(f[1], file))...)
		}
		if p.Fixture {
			if slices.Contains(p.Tests, fixtureTest) {
				t.Fatalf("%s: has a test %s of its own and %s", p.Rel, fixtureTest, fixtureTag)
			}
			p.Tests = append(p.Tests, fixtureTest)
		}
		sort.Strings(p.Tests)
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Rel < pkgs[j].Rel })
	return pkgs
}

// testFuncs returns the names of the test functions a file declares (func TestX(*testing.T)).
func testFuncs(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !strings.HasPrefix(fd.Name.Name, "Test") || len(fd.Type.Params.List) != 1 {
			continue
		}
		if star, ok := fd.Type.Params.List[0].Type.(*ast.StarExpr); ok && isSelector(star.X, "T") {
			names = append(names, fd.Name.Name)
		}
	}
	return names
}

// addShim writes into an accepted package what upstream's generator would and this one does not:
// the registration shim, when upstream's generated file registers something and this generator's
// file does not register into the testscheme itself, and the fixture test.
func addShim(t *testing.T, upstreamDir, suite string, p *Package) {
	t.Helper()
	if p.Fixture {
		write(t, filepath.Join(suite, p.Rel, fixtureFile), fixtureSource(packageName(t, suite, p)))
	}
	src, err := os.ReadFile(filepath.Join(upstreamDir, suiteDir, p.Rel, outputFile))
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	up, err := parseUpstream(src)
	if err != nil {
		t.Fatalf("%s: upstream's %s: %v", p.Rel, outputFile, err)
	}
	if up == nil {
		return
	}
	oursSrc, err := os.ReadFile(filepath.Join(suite, p.Rel, outputFile))
	if os.IsNotExist(err) {
		oursSrc, err = nil, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	ours, err := parseOurs(oursSrc, up.Scheme)
	if err != nil {
		t.Fatalf("%s: this generator's %s: %v", p.Rel, outputFile, err)
	}
	if ours.RegistersTestscheme {
		return
	}
	shim, missing, err := shimSource(packageName(t, suite, p), up, ours)
	if err != nil {
		t.Fatalf("%s: %v", p.Rel, err)
	}
	write(t, filepath.Join(suite, p.Rel, shimFile), string(shim))
	p.Shimmed, p.Missing = true, missing
}

// packageName is the Go package name of a suite package, from any of its non-test files.
func packageName(t *testing.T, suite string, p *Package) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(suite, p.Rel, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.PackageClauseOnly)
		if err == nil {
			return af.Name.Name
		}
	}
	t.Fatalf("%s: no Go package name found", p.Rel)
	return ""
}

// goTest runs the tests of the given packages with -json and parses what it says. A failing
// run is expected (that is what the test measures); only output it cannot parse fails the test.
func goTest(t *testing.T, suite string, importPaths []string) map[string]*PackageRun {
	t.Helper()
	if len(importPaths) == 0 {
		return map[string]*PackageRun{}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", append([]string{"test", "-json", "-count=1"}, importPaths...)...)
	cmd.Dir = suite
	cmd.Env = append(os.Environ(), moduleEnv...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("go test timed out in %s", suite)
	}
	if d := os.Getenv("VALIDATION_GEN_UPSTREAM_DIR"); d != "" {
		write(t, filepath.Join(d, "go-test.json"), stdout.String())
	}
	runs, perr := parseTestJSON(bytes.NewReader(stdout.Bytes()))
	if perr != nil {
		t.Fatalf("%v\nstderr:\n%s", perr, tail(stderr.String()))
	}
	if err != nil && len(runs) == 0 {
		t.Fatalf("go test: %v\n%s", err, tail(stderr.String()))
	}
	// Packages that fail before test2json sees them (a setup failure) are reported on stderr.
	if s := strings.TrimSpace(stderr.String()); s != "" {
		t.Logf("go test stderr:\n%s", tail(s))
	}
	return runs
}

// evaluate turns what the generator and go test said into one Result per upstream test function.
func evaluate(pkgs []*Package, rejected map[string]bool, runs map[string]*PackageRun) ([]Result, Tally) {
	var results []Result
	tally := Tally{Packages: len(pkgs), Outcomes: map[Outcome]int{}}
	for _, p := range pkgs {
		run := runs[p.ImportPath]
		if !rejected[p.Rel] && run == nil && len(p.Tests) > 0 {
			// go test said nothing about it: count it as not building.
			run = &PackageRun{BuildFailed: true, BuildOutput: "go test reported nothing for " + p.ImportPath}
			runs[p.ImportPath] = run
		}
		built := !rejected[p.Rel] && (run == nil || !run.BuildFailed)
		if !rejected[p.Rel] {
			tally.Generated++
		}
		if built {
			tally.Compiled++
		}
		handwritten, handPassing := 0, 0
		for _, name := range p.Tests {
			r := Result{Test: p.Rel + "." + name, Fixture: p.Fixture && name == fixtureTest}
			switch {
			case rejected[p.Rel]:
				r.Outcome, r.Detail = Rejected, strings.Join(p.Diagnostics, "\n")
			case run.BuildFailed:
				r.Outcome, r.Detail = Compile, strings.TrimSpace(run.BuildOutput)
			default:
				switch run.Tests[name] {
				case "pass":
					r.Outcome = Pass
				case "":
					r.Outcome, r.Detail = Fail, "did not run; package output:\n"+strings.TrimSpace(run.Output)
				default: // fail, or skip (upstream's tests do not skip)
					r.Outcome, r.Detail = Fail, strings.TrimSpace(run.TestOutput[name])
				}
				for _, m := range p.Missing { // what the shim could not register explains the failure first
					r.Detail = shimMissingPrefix + m + "\n" + r.Detail
				}
			}
			if r.Outcome != Pass {
				r.Category = categorize(r.Outcome, r.Detail)
			}
			tally.Outcomes[r.Outcome]++
			tally.Tests++
			if r.Fixture {
				tally.Fixtures++
				if r.Outcome == Pass {
					tally.FixturesPassing++
				}
			} else {
				handwritten++
				if r.Outcome == Pass {
					handPassing++
				}
			}
			results = append(results, r)
		}
		if handwritten > 0 {
			tally.TestPackages++
			if !rejected[p.Rel] {
				tally.TestGenerated++
			}
			if built {
				tally.TestCompiled++
			}
			if handPassing == handwritten {
				tally.PackagesPassing++
			}
		}
	}
	return results, tally
}
