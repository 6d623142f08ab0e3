package usermodule

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// A step is one marked, fenced block of the README: either shell commands to run in the module
// directory, or a file to write there.
//
// A block is marked by an HTML comment on the line before its opening fence, which Markdown does
// not render, naming the recipe it belongs to (usermodule: "Use it in your own module";
// outputpackage: "Validators in a separate output package"):
//
//	<!-- usermodule: run -->        the block is a shell script
//	<!-- usermodule: file PATH -->  the block is the content of PATH (slash-separated, relative)
type step struct {
	Line    int    // the marker's line in the README, for messages
	File    string // the path to write, or "" for a script
	Content string // the block, without its fences
}

// steps returns the blocks of readme marked for a recipe, in order. A marker not followed by a
// fenced block, an unclosed block, or an absolute or escaping path is an error.
func steps(readme, recipe string) ([]step, error) {
	marker := regexp.MustCompile(`^<!-- ` + regexp.QuoteMeta(recipe) + `: (run|file ([^ ]+)) -->$`)
	lines := strings.Split(readme, "\n")
	var out []step
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "<!-- "+recipe+":") {
			continue
		}
		m := marker.FindStringSubmatch(lines[i])
		if m == nil {
			return nil, fmt.Errorf("README.md:%d: malformed marker %q; want <!-- %s: run --> or <!-- %s: file PATH -->", i+1, lines[i], recipe, recipe)
		}
		s := step{Line: i + 1, File: m[2]}
		if p := s.File; p != "" && (strings.HasPrefix(p, "/") || p == ".." || strings.HasPrefix(p, "../") || strings.Contains(p, "/../")) {
			return nil, fmt.Errorf("README.md:%d: file %q is not a path inside the module", i+1, p)
		}
		if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "```") {
			return nil, fmt.Errorf("README.md:%d: the marker is not followed by a fenced block", i+1)
		}
		end := -1
		for j := i + 2; j < len(lines); j++ {
			if lines[j] == "```" {
				end = j
				break
			}
		}
		if end < 0 {
			return nil, fmt.Errorf("README.md:%d: the fenced block is not closed", i+2)
		}
		s.Content = strings.Join(lines[i+2:end], "\n") + "\n"
		out = append(out, s)
		i = end
	}
	return out, nil
}

func TestSteps(t *testing.T) {
	got, err := steps("text\n<!-- usermodule: run -->\n```sh\necho a\n\necho b\n```\nmore\n<!-- usermodule: file api/x.go -->\n```go\npackage x\n```\n"+
		"<!-- outputpackage: run -->\n```sh\necho other recipe\n```\n", "usermodule")
	if err != nil {
		t.Fatal(err)
	}
	want := []step{{Line: 2, Content: "echo a\n\necho b\n"}, {Line: 9, File: "api/x.go", Content: "package x\n"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("steps = %+v, want %+v", got, want)
	}
	for readme, msg := range map[string]string{
		"<!-- usermodule: runn -->\n```sh\n```\n":           "README.md:1: malformed marker",
		"<!-- usermodule: run -->\n\n```sh\n```\n":          "README.md:1: the marker is not followed by a fenced block",
		"<!-- usermodule: run -->\n```sh\necho\n":           "README.md:2: the fenced block is not closed",
		"<!-- usermodule: file ../x.go -->\n```go\n```\n":   `README.md:1: file "../x.go" is not a path inside the module`,
		"<!-- usermodule: file /etc/x.go -->\n```go\n```\n": `README.md:1: file "/etc/x.go" is not a path inside the module`,
		"<!-- usermodule: file a/../../x -->\n```go\n```\n": `README.md:1: file "a/../../x" is not a path inside the module`,
	} {
		if _, err := steps(readme, "usermodule"); err == nil || !strings.HasPrefix(err.Error(), msg) {
			t.Errorf("steps(%q) = %v, want an error starting %q", readme, err, msg)
		}
	}
}

// readmeSteps returns the repository root and the README's steps marked for section (see steps),
// skipping the test with -short: following a README section needs the Go module proxy.
func readmeSteps(t *testing.T, section string) (string, []step) {
	t.Helper()
	if testing.Short() {
		t.Skip("needs the Go module proxy and a minute or more; skipped with -short")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ss, err := steps(string(readme), section)
	if err != nil {
		t.Fatal(err)
	}
	return root, ss
}
