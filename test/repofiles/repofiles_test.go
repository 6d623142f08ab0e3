// Package repofiles tests hack/check-files.sh, the presubmit check that keeps binaries and large
// files out of the repository, and runs it on the repository itself.
package repofiles

import (
	"bytes"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func script(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs("../../hack/check-files.sh")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func needGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
}

// check runs the script on dir and returns its output and whether it passed.
func check(t *testing.T, dir string) (string, bool) {
	t.Helper()
	cmd := exec.Command(script(t), dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if _, failed := err.(*exec.ExitError); err != nil && !failed {
		t.Fatal(err)
	}
	return out.String(), err == nil
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func TestRepositoryHasNoBinariesOrLargeFiles(t *testing.T) {
	needGit(t)
	if err := exec.Command("git", "-C", "../..", "rev-parse", "--git-dir").Run(); err != nil {
		t.Skip("not a git checkout")
	}
	if out, ok := check(t, "../.."); !ok {
		t.Errorf("hack/check-files.sh fails on the repository:\n%s", out)
	}
}

func TestCheckFiles(t *testing.T) {
	needGit(t)
	elf := append([]byte("\x7fELF\x02\x01\x01\x00"), make([]byte, 64)...)
	large := bytes.Repeat([]byte("a line of text that is not binary\n"), 40000) // 1.3 MB
	for _, tc := range []struct {
		name  string
		files map[string][]byte
		fail  []string // paths the output must name; nil: the check passes
	}{
		{name: "text only", files: map[string][]byte{"main.go": []byte("package main\n"), "docs/a.md": []byte("# a\n")}},
		{name: "binary at the root", files: map[string][]byte{"main.go": []byte("package main\n"), "depsprobe": elf}, fail: []string{"depsprobe"}},
		{name: "binary in a subdirectory", files: map[string][]byte{"cmd/x/x": elf}, fail: []string{"cmd/x/x"}},
		{name: "large text file", files: map[string][]byte{"big.json": large}, fail: []string{"big.json"}},
		{name: "binary attribute", files: map[string][]byte{".gitattributes": []byte("*.dat binary\n"), "x.dat": []byte("text\n")}, fail: []string{"x.dat"}},
		{name: "file name with a space", files: map[string][]byte{"a b/c d.bin": elf}, fail: []string{"a b/c d.bin"}},
		{name: "testdata is exempt", files: map[string][]byte{"testdata/fixture.bin": elf, "pkg/testdata/big.json": large}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			git(t, dir, "init", "-q")
			for name, content := range tc.files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, content, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			git(t, dir, "add", "-A")
			out, ok := check(t, dir)
			if tc.fail == nil {
				if !ok {
					t.Errorf("check failed, want it to pass:\n%s", out)
				}
				return
			}
			if ok {
				t.Errorf("check passed, want it to fail naming %q", tc.fail)
			}
			for _, p := range tc.fail {
				if !strings.Contains(out, "  "+p+"\n") {
					t.Errorf("output does not name %q:\n%s", p, out)
				}
			}
		})
	}
}

// TestTrackedGoFilesAreGofmtClean runs gofmt's check over every tracked Go file, testdata's inputs
// included (they are read by tests as written, and verify.sh refuses them unformatted), so that
// CI catches what only the presubmit used to.
func TestTrackedGoFilesAreGofmtClean(t *testing.T) {
	needGit(t)
	out, err := exec.Command("git", "-C", "../..", "ls-files", "-z", "--", "*.go").Output()
	if err != nil {
		t.Skip("not a git checkout")
	}
	var bad []string
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if f == "" {
			continue
		}
		src, err := os.ReadFile(filepath.Join("../..", f))
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		formatted, err := format.Source(src)
		if err != nil || !bytes.Equal(formatted, src) {
			bad = append(bad, f)
		}
	}
	if len(bad) > 0 {
		t.Errorf("not gofmt-clean (or not Go): run gofmt -w on\n%s", strings.Join(bad, "\n"))
	}
}
