package doctest

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// TestRepoCommands checks every command of the blocks marked <!-- check: repo -->, which are run
// from the repository's root:
//
//   - go run ./cmd/validation-gen ARGS runs, with --verify added to a generation run, so it
//     writes nothing and must find its committed outputs current;
//   - go test ARGS names packages that exist, and -run, -bench and -fuzz patterns that select
//     tests, benchmarks and fuzz targets of those packages (so a renamed test breaks the page, not
//     the reader); the tests themselves run in the default suite or in hack/verify.sh;
//   - go generate runs with -n (the directives are listed, not run);
//   - hack/*.sh exists and is executable; git diff and git status name paths that exist;
//   - VAR=value before a command names a variable that the repository reads.
//
// Any other command is an error: mark its block <!-- not run: REASON --> or teach this test.
func TestRepoCommands(t *testing.T) {
	root := repoRoot(t)
	n := 0
	for _, b := range allBlocks(t) {
		if b.Kind != kindRepo {
			continue
		}
		for _, c := range commands(b) {
			n++
			t.Run(fmt.Sprintf("%s:%d", b.Page, c.line), func(t *testing.T) {
				if err := checkRepoCommand(t, root, root, c.text); err != nil {
					t.Errorf("%s:%d: %s: %v", b.Page, c.line, c.text, err)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no <!-- check: repo --> block in the documentation")
	}
}

func checkRepoCommand(t *testing.T, root, dir, text string) error {
	text = strings.TrimSpace(strings.ReplaceAll(text, "\\\n", " "))
	if i := strings.Index(text, " #"); i >= 0 {
		text = strings.TrimSpace(text[:i]) // a trailing comment
	}
	if first, rest, ok := strings.Cut(text, " && "); ok {
		if d, isCd := strings.CutPrefix(first, "cd "); isCd {
			sub := filepath.Join(dir, filepath.FromSlash(d))
			if st, err := os.Stat(sub); err != nil || !st.IsDir() {
				return fmt.Errorf("cd %s: no such directory", d)
			}
			return checkRepoCommand(t, root, sub, rest)
		}
		if err := checkRepoCommand(t, root, dir, first); err != nil {
			return err
		}
		return checkRepoCommand(t, root, dir, rest)
	}
	args, err := shellFields(text)
	if err != nil {
		return err
	}
	var env []string
	for len(args) > 0 && regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`).MatchString(args[0]) {
		name, _, _ := strings.Cut(args[0], "=")
		if !readsVariable(t, root, name) {
			return fmt.Errorf("the repository never reads %s", name)
		}
		env = append(env, args[0])
		args = args[1:]
	}
	switch {
	case len(args) >= 2 && args[0] == "go" && args[1] == "test":
		return checkGoTest(t, dir, args[2:])
	case len(args) >= 3 && args[0] == "go" && args[1] == "run" && args[2] == "./cmd/validation-gen":
		return runGenerator(t, dir, env, args[3:])
	case len(args) >= 2 && args[0] == "go" && args[1] == "generate":
		return run(t, dir, env, append([]string{"go", "generate", "-n"}, args[2:]...)...)
	case len(args) == 1 && strings.HasPrefix(args[0], "hack/"):
		st, err := os.Stat(filepath.Join(dir, args[0]))
		if err != nil || st.Mode()&0o111 == 0 {
			return fmt.Errorf("%s is not an executable file", args[0])
		}
		return nil
	case len(args) >= 2 && args[0] == "git" && (args[1] == "diff" || args[1] == "status"):
		for _, p := range args[2:] {
			if strings.HasPrefix(p, "-") {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
				return fmt.Errorf("git %s: no such path %s", args[1], p)
			}
		}
		return nil
	}
	return fmt.Errorf("this test does not know how to check the command: mark its block <!-- not run: REASON --> or teach checkRepoCommand")
}

// shellFields splits a command line into words as sh does for the simple commands of these
// blocks: blanks separate words, single quotes keep everything, double quotes keep all but a
// backslash before a double quote or a backslash.
func shellFields(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				out, inWord = append(out, cur.String()), false
				cur.Reset()
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed single quote")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i, inWord = i+1+j, true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unclosed double quote")
			}
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}

// runGenerator runs validation-gen as go run would, in dir; a generation run gets --verify, so it
// writes nothing and fails on stale outputs.
func runGenerator(t *testing.T, dir string, env, args []string) error {
	readOnly := false
	for _, a := range args {
		switch strings.SplitN(a, "=", 2)[0] {
		case "--verify", "--docs", "--help", "-h", "--cel-report":
			readOnly = true
		}
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return fmt.Errorf("go run ./cmd/validation-gen %s: only generation runs are checked here", args[0])
	}
	if !readOnly {
		args = append([]string{"--verify"}, args...)
	}
	return run(t, dir, env, append([]string{"go", "run", "./cmd/validation-gen"}, args...)...)
}

func run(t *testing.T, dir string, env []string, args ...string) error {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return nil
}

// go test's flags that take a value in the next argument.
var goTestValueFlags = map[string]bool{
	"run": true, "bench": true, "fuzz": true, "count": true, "timeout": true, "fuzztime": true, "benchtime": true,
	"cpu": true, "tags": true, "coverprofile": true, "p": true, "o": true, "parallel": true, "skip": true, "list": true,
}

var testFuncRE = regexp.MustCompile(`(?m)^func ((?:Test|Benchmark|Fuzz|Example)\w*)\(`)

// checkGoTest checks that go test's packages exist and its patterns select something there.
func checkGoTest(t *testing.T, dir string, args []string) error {
	flags := map[string]string{}
	var pkgs []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			pkgs = append(pkgs, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !hasValue && goTestValueFlags[name] {
			if i+1 >= len(args) {
				return fmt.Errorf("-%s has no value", name)
			}
			i++
			value = args[i]
		}
		flags[name] = value
	}
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	cmd := exec.Command("go", append([]string{"list", "-f", "{{.Dir}}"}, pkgs...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go list %s: %v\n%s", strings.Join(pkgs, " "), err, out)
	}
	var funcs []string
	for _, d := range strings.Fields(string(out)) {
		files, _ := filepath.Glob(filepath.Join(d, "*_test.go"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			for _, m := range testFuncRE.FindAllSubmatch(src, -1) {
				funcs = append(funcs, string(m[1]))
			}
		}
	}
	matches := func(pattern, prefix string) (int, error) {
		top, _, _ := strings.Cut(pattern, "/")
		re, err := regexp.Compile(top)
		if err != nil {
			return 0, fmt.Errorf("pattern %q: %v", pattern, err)
		}
		n := 0
		for _, f := range funcs {
			if strings.HasPrefix(f, prefix) && re.MatchString(f) {
				n++
			}
		}
		return n, nil
	}
	if p, ok := flags["bench"]; ok {
		if n, err := matches(p, "Benchmark"); err != nil || n == 0 {
			return fmt.Errorf("-bench %s selects no benchmark of %s (%v)", p, strings.Join(pkgs, " "), err)
		}
	}
	if p, ok := flags["fuzz"]; ok {
		if n, err := matches(p, "Fuzz"); err != nil || n != 1 {
			return fmt.Errorf("-fuzz %s selects %d fuzz targets of %s, want 1 (%v)", p, n, strings.Join(pkgs, " "), err)
		}
	}
	if p, ok := flags["run"]; ok {
		_, benchOrFuzz := flags["bench"]
		if _, f := flags["fuzz"]; f {
			benchOrFuzz = true
		}
		n, err := matches(p, "")
		if err != nil {
			return err
		}
		// -run XXX with -bench or -fuzz is the idiom for "no tests, only these".
		if n == 0 && !benchOrFuzz {
			return fmt.Errorf("-run %s selects no test of %s", p, strings.Join(pkgs, " "))
		}
	}
	return nil
}

var (
	sourcesOnce sync.Once
	sources     [][]byte
)

// readsVariable reports whether a Go file or a script of the repository names the environment
// variable as a string ("NAME", or $NAME in a script).
func readsVariable(t *testing.T, root, name string) bool {
	sourcesOnce.Do(func() {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if !d.IsDir() && (strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".sh")) {
				src, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				sources = append(sources, src)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
	for _, src := range sources {
		if bytes.Contains(src, []byte(`"`+name+`"`)) || bytes.Contains(src, []byte("$"+name)) || bytes.Contains(src, []byte("${"+name)) {
			return true
		}
	}
	return false
}

// TestCIRunsTheREADMETests: the README's quick start has two commands, one that generates for
// examples/api and one that runs the tests, and .ci/run runs that test command.
func TestCIRunsTheREADMETests(t *testing.T) {
	root := repoRoot(t)
	var first *block
	for _, b := range allBlocks(t) {
		if b.Page == "README.md" && b.Kind == kindRepo {
			first = &b
			break
		}
	}
	if first == nil {
		t.Fatal("README.md has no <!-- check: repo --> block: its quick start commands are not checked")
	}
	cs := commands(*first)
	if len(cs) != 2 || !strings.HasPrefix(cs[0].text, "go run ./cmd/validation-gen ") || !strings.Contains(cs[0].text, "./examples/api/...") {
		t.Fatalf("%s: the README's first commands are not one that generates for ./examples/api/... and one that runs the tests: %v", first.Where(), cs)
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var last string
	for _, l := range strings.Split(string(ci), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			last = l
		}
	}
	if last != cs[1].text {
		t.Errorf(".ci/run runs %q, but the README's test command is %q", last, cs[1].text)
	}
}

func TestShellFields(t *testing.T) {
	for in, want := range map[string][]string{
		`go test ./tags -run 'A|B'`:           {"go", "test", "./tags", "-run", "A|B"},
		`X=1 go  test -run "a \"b\" c" ./...`: {"X=1", "go", "test", "-run", `a "b" c`, "./..."},
		`a'b'"c" d`:                           {"abc", "d"},
	} {
		got, err := shellFields(in)
		if err != nil || strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("shellFields(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{`echo 'a`, `echo "a`} {
		if _, err := shellFields(in); err == nil {
			t.Errorf("shellFields(%q): no error", in)
		}
	}
}
