package usermodule

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestREADMEUserModule follows the README's "Use it in your own module" to the letter, in a new
// module in a temporary directory outside the repository: each marked file is written and each line
// of each marked script is run, in order, with VALIDATION_GEN naming this working tree. Any failing
// command fails the test; the last script's go test must have run the module's own test.
func TestREADMEUserModule(t *testing.T) {
	root, ss := readmeSteps(t, "usermodule")
	checkRecipe(t, root, ss)
	dir, lastOut := runRecipe(t, root, "myapi", ss)

	// The last command is go test ./...: it must have run the module's test, not found none.
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^module (\S+)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatalf("the new go.mod has no module line:\n%s", mod)
	}
	if !regexp.MustCompile(`(?m)^ok\s+` + regexp.QuoteMeta(string(m[1])) + `/`).MatchString(lastOut) {
		t.Errorf("the last command ran no test of %s:\n%s", m[1], lastOut)
	}
	// And validation-gen generated the validators it tested.
	found, _ := filepath.Glob(filepath.Join(dir, "*", "*", "zz_generated.validations.go"))
	if len(found) == 0 {
		t.Errorf("no zz_generated.validations.go was generated")
	}
}

// runRecipe writes the files and runs the scripts of a recipe, in order, in a new directory NAME
// in a temporary directory outside the repository, with VALIDATION_GEN naming this working tree.
// Any failing command fails the test. It returns the directory and the last command's output.
func runRecipe(t *testing.T, root, name string, ss []step) (dir, lastOut string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if inside(t, root, dir) {
		t.Fatalf("the temporary directory %s is inside the repository %s; point TMPDIR elsewhere", dir, root)
	}
	env := append(os.Environ(),
		"VALIDATION_GEN="+root,
		"GOWORK=off",        // a go.work above the temporary directory must not capture the module
		"GOTOOLCHAIN=local", // the Go under test, never a downloaded one
		"GOFLAGS=",          // a new user's defaults (-mod=readonly), whatever the caller's environment
	)
	for _, s := range ss {
		if s.File != "" {
			p := filepath.Join(dir, filepath.FromSlash(s.File))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(s.Content), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for _, c := range commands(s) {
			start := time.Now()
			cmd := exec.CommandContext(t.Context(), "sh", "-eu", "-c", c.text)
			cmd.Dir, cmd.Env = dir, env
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			t.Logf("README.md:%d: %s (%.1fs)", c.line, c.text, time.Since(start).Seconds())
			if err != nil {
				t.Fatalf("README.md:%d: %s: %v\n%s", c.line, c.text, err, out.String())
			}
			lastOut = out.String()
		}
	}
	return dir, lastOut
}

// checkRecipe fails unless the README's section still is the complete recipe that issue 11 asked
// for, so that an edit cannot make this test pass vacuously.
func checkRecipe(t *testing.T, root string, ss []step) {
	t.Helper()
	var script strings.Builder
	files := map[string]string{}
	for _, s := range ss {
		if s.File == "" {
			script.WriteString(s.Content)
		} else {
			files[filepath.Base(s.File)] += s.Content
		}
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	cg := regexp.MustCompile(`(?m)^\s*k8s.io/code-generator (v\S+)`).FindSubmatch(gomod)
	if cg == nil {
		t.Fatal("go.mod does not require k8s.io/code-generator")
	}
	for _, want := range []string{
		"go mod init ",
		"go get -tool k8s.io/code-generator/cmd/deepcopy-gen@" + string(cg[1]) + "\n", // the version this repository builds with
		"go mod edit -require github.com/validation-gen/validation-gen@",
		`-replace github.com/validation-gen/validation-gen="$VALIDATION_GEN"`,
		"go mod edit -tool github.com/validation-gen/validation-gen/cmd/validation-gen\n",
		"go mod tidy",
		"go generate ./...\n",
		"go build ./... && go vet ./...\n",
		"go test ./...\n",
	} {
		if !strings.Contains(script.String(), want) {
			t.Errorf("the README's usermodule scripts lack %q", want)
		}
	}
	for file, want := range map[string][]string{
		"doc.go":             {"+groupName=", "//go:generate go tool deepcopy-gen ", "//go:generate go tool validation-gen "},
		"register.go":        {"SchemeGroupVersion", "AddToScheme"},
		"types.go":           {"+minimum=", "+maxLength=", "+validationRule=", "+listType=map", "+optional"},
		"validation_test.go": {"RegisterValidations", "runtime.NewScheme()", ".Field"},
	} {
		for _, w := range want {
			if !strings.Contains(files[file], w) {
				t.Errorf("the README's usermodule file %s lacks %q", file, w)
			}
		}
	}
}

// A command is one line of a script (with its continuation lines), run on its own so that a
// failure in any part of it, an && list included, fails the test at that line.
type command struct {
	line int
	text string
}

func commands(s step) []command {
	var out []command
	var cur strings.Builder
	first := 0
	for i, l := range strings.Split(strings.TrimSuffix(s.Content, "\n"), "\n") {
		t := strings.TrimSpace(l)
		if cur.Len() == 0 && (t == "" || strings.HasPrefix(t, "#")) {
			continue
		}
		if cur.Len() == 0 {
			first = s.Line + 2 + i // the marker, the opening fence, then the block's lines
		}
		cur.WriteString(l + "\n")
		if !strings.HasSuffix(t, `\`) {
			out = append(out, command{first, strings.TrimSpace(cur.String())})
			cur.Reset()
		}
	}
	return out
}

// inside reports whether dir is root or below it, symbolic links resolved.
func inside(t *testing.T, root, dir string) bool {
	t.Helper()
	r, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(r, d)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
