package doctest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
)

// A page is one Markdown file of the documentation.
type page struct {
	Path  string // slash-separated, relative to the repository root: README.md, docs/guides/cel.md
	Lines []string
}

// Marker kinds.
const (
	kindRecipe = "recipe" // <!-- RECIPE: run|file PATH|output -->
	kindCheck  = "check"  // <!-- check CASE: file PATH [k=v...]|prints|fix -->
	kindRepo   = "repo"   // <!-- check: repo -->
	kindNotRun = "notrun" // <!-- not run: REASON -->
)

// A block is a fenced block with the marker on the line before its opening fence.
type block struct {
	Page string // the page's path
	Line int    // the marker's line, 1-based
	Kind string
	Name string // the recipe or the check case
	Verb string // run, file, output (recipes); file, prints, fix (checks)
	Arg  string // the file's path; the reason of a not-run block
	// Flags are a check file's options (k=v).
	Flags map[string]string
	// Lang is the fence's info string; Content the lines between the fences, each ending in "\n".
	Lang    string
	Content string
	// First and End are the indices in the page's lines of the first content line and of the
	// closing fence.
	First, End int
}

// Where is the block's marker, for messages: README.md:12.
func (b block) Where() string { return fmt.Sprintf("%s:%d", b.Page, b.Line) }

// A fence is a fenced block of a page, marked or not.
type fence struct {
	Open, End int // the indices of its opening and closing fence lines
	Lang      string
	Marker    int // the index of its marker line, or -1
}

var (
	recipeMarker = regexp.MustCompile(`^<!-- ([a-z][a-z0-9-]*): (run|output(?: exit=\d+)?|file \S+) -->$`)
	checkMarker  = regexp.MustCompile(`^<!-- check ([a-z][a-z0-9-]*): (prints|fix(?: \S+)?|file \S+(?: [a-z-]+=\S+)*) -->$`)
	// markerLike is any comment that looks like a marker: one that does not parse is an error, so
	// that a typo cannot turn a block into an untested one.
	markerLike = regexp.MustCompile(`^<!-- (check|not run|[a-z][a-z0-9-]*)( [a-z0-9-]+)?:`)
)

// fences lists the fenced blocks of lines: a line of three or more back-quotes (or tildes) opens
// one, the next line of the same run (nothing else on it) closes it. A marker is recognised only
// outside blocks, on the line just before an opening fence.
func fences(path string, lines []string) ([]fence, error) {
	var out []fence
	for i := 0; i < len(lines); i++ {
		t := strings.TrimLeft(lines[i], " ")
		if !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "~~~") {
			continue
		}
		c := t[0]
		n := len(t) - len(strings.TrimLeft(t, string(c)))
		delim := strings.Repeat(string(c), n)
		f := fence{Open: i, End: -1, Lang: strings.TrimSpace(t[n:]), Marker: -1}
		if i > 0 && strings.HasPrefix(lines[i-1], "<!-- ") {
			f.Marker = i - 1
		}
		for j := i + 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == delim {
				f.End = j
				break
			}
		}
		if f.End < 0 {
			return nil, fmt.Errorf("%s:%d: the fenced block is not closed", path, i+1)
		}
		out = append(out, f)
		i = f.End
	}
	return out, nil
}

// parse returns the marked blocks of a page, in order. A malformed marker, a marker that no
// fenced block follows, or a file path that leaves its module is an error.
func parse(p page) ([]block, error) {
	fs, err := fences(p.Path, p.Lines)
	if err != nil {
		return nil, err
	}
	marked := map[int]fence{}
	inside := map[int]bool{}
	for _, f := range fs {
		if f.Marker >= 0 {
			marked[f.Marker] = f
		}
		for i := f.Open; i <= f.End; i++ {
			inside[i] = true
		}
	}
	var out []block
	for i, line := range p.Lines {
		if inside[i] || !markerLike.MatchString(line) {
			continue
		}
		b := block{Page: p.Path, Line: i + 1}
		switch {
		case strings.HasPrefix(line, "<!-- not run:"):
			b.Kind, b.Arg = kindNotRun, strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(line, "<!-- not run:"), "-->"))
			if b.Arg == "" || !strings.HasSuffix(line, " -->") {
				return nil, fmt.Errorf("%s: malformed marker %q; want <!-- not run: REASON -->", b.Where(), line)
			}
		case line == "<!-- check: repo -->":
			b.Kind = kindRepo
		case strings.HasPrefix(line, "<!-- check"):
			m := checkMarker.FindStringSubmatch(line)
			if m == nil {
				return nil, fmt.Errorf("%s: malformed marker %q; want <!-- check: repo --> or <!-- check CASE: file PATH [k=v...]|prints|fix -->", b.Where(), line)
			}
			b.Kind, b.Name = kindCheck, m[1]
			fields := strings.Fields(m[2])
			b.Verb = fields[0]
			if b.Verb == "fix" && len(fields) > 1 {
				b.Arg = fields[1]
			}
			if b.Verb == "file" {
				b.Arg = fields[1]
				b.Flags = map[string]string{}
				for _, kv := range fields[2:] {
					k, v, _ := strings.Cut(kv, "=")
					b.Flags[k] = v
				}
			}
		default:
			m := recipeMarker.FindStringSubmatch(line)
			if m == nil {
				return nil, fmt.Errorf("%s: malformed marker %q; want <!-- RECIPE: run --> or <!-- RECIPE: file PATH --> or <!-- RECIPE: output [exit=N] -->", b.Where(), line)
			}
			b.Kind, b.Name = kindRecipe, m[1]
			verb := m[2]
			if exit, ok := strings.CutPrefix(verb, "output exit="); ok {
				b.Flags, verb = map[string]string{"exit": exit}, "output"
			}
			b.Verb, b.Arg, _ = strings.Cut(verb, " ")
		}
		if b.Arg != "" && (b.Verb == "file" || b.Verb == "fix") && !insideModule(b.Arg) {
			return nil, fmt.Errorf("%s: file %q is not a path inside the module", b.Where(), b.Arg)
		}
		f, ok := marked[i]
		if !ok {
			return nil, fmt.Errorf("%s: the marker is not followed by a fenced block", b.Where())
		}
		b.Lang, b.First, b.End = f.Lang, f.Open+1, f.End
		b.Content = strings.Join(p.Lines[f.Open+1:f.End], "\n")
		if f.End > f.Open+1 {
			b.Content += "\n"
		}
		out = append(out, b)
	}
	return out, nil
}

// insideModule reports whether a slash-separated path stays inside the directory it is relative
// to.
func insideModule(p string) bool {
	return !strings.HasPrefix(p, "/") && p != ".." && !strings.HasPrefix(p, "../") && !strings.Contains(p, "/../") && !strings.HasSuffix(p, "/..")
}

// repoRoot is the repository's root directory.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod in %s: %v", root, err)
	}
	return root
}

// pages reads README.md and every Markdown file under docs/, in that order (docs/ by path).
func pages(t *testing.T) []page {
	t.Helper()
	root := repoRoot(t)
	paths := []string{"README.md"}
	var rest []string
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		rel, err := filepath.Rel(root, p)
		rest = append(rest, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(rest)
	var out []page
	for _, p := range append(paths, rest...) {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page{Path: p, Lines: strings.Split(string(data), "\n")})
	}
	return out
}

// allBlocks parses every page; a malformed marker fails the test.
func allBlocks(t *testing.T) []block {
	t.Helper()
	var out []block
	for _, p := range pages(t) {
		bs, err := parse(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, bs...)
	}
	return out
}

// Updates of blocks (UPDATE_GOLDEN=1): the new content of the blocks whose expected output
// changed, written once every subtest has finished (rewrite).
var (
	updatesMu sync.Mutex
	updates   []update
)

type update struct {
	b       block
	content string
}

func updating() bool { return os.Getenv("UPDATE_GOLDEN") != "" }

// expect compares a block's content with what a run produced; under UPDATE_GOLDEN=1 it records the
// new content instead of failing.
func expect(t *testing.T, b block, got, what string) {
	t.Helper()
	if got == b.Content {
		return
	}
	if updating() {
		updatesMu.Lock()
		updates = append(updates, update{b, got})
		updatesMu.Unlock()
		return
	}
	t.Errorf("%s: %s differs from the block (UPDATE_GOLDEN=1 rewrites it):\n--- got:\n%s--- the block:\n%s", b.Where(), what, got, b.Content)
}

// rewrite writes the recorded updates into their pages, last block first so that line indices
// stay right.
func rewrite(t *testing.T) {
	t.Helper()
	updatesMu.Lock()
	defer updatesMu.Unlock()
	root := repoRoot(t)
	sort.Slice(updates, func(i, j int) bool {
		if updates[i].b.Page != updates[j].b.Page {
			return updates[i].b.Page < updates[j].b.Page
		}
		return updates[i].b.First > updates[j].b.First
	})
	lines := map[string][]string{}
	for _, u := range updates {
		path := filepath.Join(root, filepath.FromSlash(u.b.Page))
		ls, ok := lines[path]
		if !ok {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ls = strings.Split(string(data), "\n")
		}
		var content []string
		if u.content != "" {
			content = strings.Split(strings.TrimSuffix(u.content, "\n"), "\n")
		}
		ls = append(append(append([]string(nil), ls[:u.b.First]...), content...), ls[u.b.End:]...)
		lines[path] = ls
	}
	for path, ls := range lines {
		if err := os.WriteFile(path, []byte(strings.Join(ls, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	updates = nil
}
