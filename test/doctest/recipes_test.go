package doctest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRecipes follows every recipe of the documentation to the letter: for each recipe name, the
// blocks marked with it (README.md first, then the pages under docs/ by path, each in order) are
// applied in a new directory outside the repository, with VALIDATION_GEN naming this working tree:
// files are written, each command of a run block is run on its own, and an output block must
// equal the previous command's output. Any failing command fails the recipe. Recipes with a name
// in recipeChecks are then held to what they promise.
func TestRecipes(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the Go module proxy and a minute or more per recipe; skipped with -short")
	}
	root := repoRoot(t)
	var names []string
	recipes := map[string][]block{}
	for _, b := range allBlocks(t) {
		if b.Kind != kindRecipe {
			continue
		}
		if recipes[b.Name] == nil {
			names = append(names, b.Name)
		}
		recipes[b.Name] = append(recipes[b.Name], b)
	}
	for name := range recipeChecks {
		if recipes[name] == nil {
			t.Errorf("no page has the recipe %q any more, which recipeChecks holds to its promises", name)
		}
	}
	t.Cleanup(func() { rewrite(t) })
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			dir, lastOut := runRecipe(t, root, name, recipes[name])
			if check := recipeChecks[name]; check != nil && !t.Failed() {
				check(t, root, dir, lastOut, recipes[name])
			}
		})
	}
}

// runRecipe applies the blocks of a recipe, in order, in a new directory NAME in a temporary
// directory outside the repository. It returns the directory and the last command's output.
func runRecipe(t *testing.T, root, name string, bs []block) (dir, lastOut string) {
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
	for i, b := range bs {
		switch b.Verb {
		case "file":
			p := filepath.Join(dir, filepath.FromSlash(b.Arg))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(b.Content), 0o644); err != nil {
				t.Fatal(err)
			}
		case "output":
			if i == 0 || bs[i-1].Verb != "run" {
				t.Fatalf("%s: an output block must follow a run block", b.Where())
			}
			expect(t, b, strings.ReplaceAll(lastOut, dir, "$DIR"), "the output of the last command")
		case "run":
			// An output block after this one may say the last command's exit status.
			wantExit := 0
			if i+1 < len(bs) && bs[i+1].Verb == "output" {
				wantExit = bs[i+1].exit()
			}
			cmds := commands(b)
			for j, c := range cmds {
				start := time.Now()
				cmd := exec.CommandContext(t.Context(), "sh", "-eu", "-c", c.text)
				cmd.Dir, cmd.Env = dir, env
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				err := cmd.Run()
				t.Logf("%s:%d: %s (%.1fs)", b.Page, c.line, c.text, time.Since(start).Seconds())
				code := 0
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					code = ee.ExitCode()
				} else if err != nil {
					t.Fatal(err)
				}
				want := 0
				if j == len(cmds)-1 {
					want = wantExit
				}
				if code != want {
					t.Fatalf("%s:%d: %s: exit status %d, want %d\n%s", b.Page, c.line, c.text, code, want, out.String())
				}
				lastOut = out.String()
			}
		}
	}
	return dir, lastOut
}

// exit is the exit status an output block expects of the command before it: "exit=N" after the
// verb in its marker, 0 without.
func (b block) exit() int {
	if v, ok := b.Flags["exit"]; ok {
		n, _ := strconv.Atoi(v)
		return n
	}
	return 0
}

// A command is one line of a script (with its continuation lines), run on its own so that a
// failure in any part of it, an && list included, fails the recipe at that line.
type command struct {
	line int
	text string
}

func commands(b block) []command {
	var out []command
	var cur strings.Builder
	first := 0
	for i, l := range strings.Split(strings.TrimSuffix(b.Content, "\n"), "\n") {
		t := strings.TrimSpace(l)
		if cur.Len() == 0 && (t == "" || strings.HasPrefix(t, "#")) {
			continue
		}
		if cur.Len() == 0 {
			first = b.First + 1 + i // the block's first line, 1-based
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

// okLine reports whether go test's output says it ran (and passed) the tests of a package whose
// import path is pkg or starts with pkg+"/".
func okLine(out, pkg string) bool {
	return regexp.MustCompile(`(?m)^ok\s+` + regexp.QuoteMeta(pkg) + `(/\S*)?\s`).MatchString(out)
}
