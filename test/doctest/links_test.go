package doctest

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// A link is a Markdown inline link of a page, outside code.
type link struct {
	Page   string
	Line   int
	Target string // as written
	File   string // the target's path from the repository root ("" for another site)
	Frag   string
}

var (
	linkRE   = regexp.MustCompile(`\]\(([^)\s]*)(?:\s+"[^"]*")?\)`)
	htmlIDRE = regexp.MustCompile(`<a (?:id|name)="([^"]+)"`)
)

// withoutCode blanks a line's code spans, so that what they show is not taken for links: a run of
// n back-quotes opens a span that the next run of exactly n closes.
func withoutCode(line string) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		if line[i] != '`' {
			b.WriteByte(line[i])
			i++
			continue
		}
		n := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
		end := -1
		for j := i + n; j < len(line); {
			if line[j] != '`' {
				j++
				continue
			}
			m := len(line[j:]) - len(strings.TrimLeft(line[j:], "`"))
			if m == n {
				end = j + m
				break
			}
			j += m
		}
		if end < 0 {
			b.WriteString(line[i : i+n]) // no closing run: the back-quotes are text
			i += n
			continue
		}
		b.WriteString("code")
		i = end
	}
	return b.String()
}

// links lists the links of a page, outside fenced blocks and code spans.
func links(t *testing.T, p page) []link {
	t.Helper()
	fs, err := fences(p.Path, p.Lines)
	if err != nil {
		t.Fatal(err)
	}
	inside := map[int]bool{}
	for _, f := range fs {
		for i := f.Open; i <= f.End; i++ {
			inside[i] = true
		}
	}
	var out []link
	for i, line := range p.Lines {
		if inside[i] {
			continue
		}
		for _, m := range linkRE.FindAllStringSubmatch(withoutCode(line), -1) {
			l := link{Page: p.Path, Line: i + 1, Target: m[1]}
			if strings.Contains(l.Target, "://") || strings.HasPrefix(l.Target, "mailto:") {
				out = append(out, l)
				continue
			}
			file, frag, _ := strings.Cut(l.Target, "#")
			l.Frag = frag
			if file == "" {
				l.File = p.Path
			} else {
				l.File = path.Clean(path.Join(path.Dir(p.Path), file))
			}
			out = append(out, l)
		}
	}
	return out
}

// anchors lists the fragments a page's headings get on GitHub (lower-cased; letters, digits, '-'
// and '_' kept; spaces as '-'; a repeated one suffixed -1, -2, ...), and its <a id=...> anchors.
func anchors(t *testing.T, p page) map[string]bool {
	t.Helper()
	fs, err := fences(p.Path, p.Lines)
	if err != nil {
		t.Fatal(err)
	}
	inside := map[int]bool{}
	for _, f := range fs {
		for i := f.Open; i <= f.End; i++ {
			inside[i] = true
		}
	}
	out := map[string]bool{}
	seen := map[string]int{}
	for i, line := range p.Lines {
		if inside[i] {
			continue
		}
		for _, m := range htmlIDRE.FindAllStringSubmatch(line, -1) {
			out[m[1]] = true
		}
		t := strings.TrimLeft(line, "#")
		if len(t) == len(line) || len(line)-len(t) > 6 || (t != "" && t[0] != ' ') {
			continue
		}
		// A link in a heading counts by its text.
		text := regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(strings.TrimSpace(t), "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			seen[a]++
			a += "-" + strconv.Itoa(n)
		} else {
			seen[a] = 1
		}
		out[a] = true
	}
	return out
}

// TestLinks: every relative link of README.md and docs/ leads to a file or directory of the
// repository, and a fragment to a heading (or <a id>) of the Markdown page it names.
func TestLinks(t *testing.T) {
	root := repoRoot(t)
	ps := pages(t)
	byPath := map[string]page{}
	for _, p := range ps {
		byPath[p.Path] = p
	}
	anchorsOf := map[string]map[string]bool{}
	n := 0
	for _, p := range ps {
		for _, l := range links(t, p) {
			if l.File == "" {
				continue
			}
			n++
			if strings.HasPrefix(l.File, "../") {
				t.Errorf("%s:%d: link %s leaves the repository", l.Page, l.Line, l.Target)
				continue
			}
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(l.File))); err != nil {
				t.Errorf("%s:%d: link %s: no such file or directory %s", l.Page, l.Line, l.Target, l.File)
				continue
			}
			if l.Frag == "" || !strings.HasSuffix(l.File, ".md") {
				continue
			}
			target, ok := byPath[l.File]
			if !ok {
				data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(l.File)))
				if err != nil {
					t.Fatal(err)
				}
				target = page{Path: l.File, Lines: strings.Split(string(data), "\n")}
			}
			if anchorsOf[l.File] == nil {
				anchorsOf[l.File] = anchors(t, target)
			}
			if !anchorsOf[l.File][l.Frag] {
				t.Errorf("%s:%d: link %s: %s has no heading #%s", l.Page, l.Line, l.Target, l.File, l.Frag)
			}
		}
	}
	if n == 0 {
		t.Fatal("no relative links found")
	}
}

// reachable are the pages a newcomer must find within two links of the README: the reference of
// every tag, flag and error, and the troubleshooting pages.
var reachable = []string{
	"docs/README.md",
	"docs/reference/tags.md", "docs/reference/tags-k8s.md", "docs/reference/tags-kubebuilder.md",
	"docs/reference/command-line.md", "docs/reference/errors.md", "docs/reference/formats.md",
	"docs/reference/cel-functions.md", "docs/troubleshooting/README.md",
}

// TestReachable: the pages of reachable are at most two links from the README, and every page
// under docs/ is reachable from it at all.
func TestReachable(t *testing.T) {
	ps := pages(t)
	byPath := map[string]page{}
	for _, p := range ps {
		byPath[p.Path] = p
	}
	depth := map[string]int{"README.md": 0}
	queue := []string{"README.md"}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, l := range links(t, byPath[cur]) {
			f := l.File
			if _, ok := byPath[f+"/README.md"]; ok {
				f += "/README.md" // a directory shows its README
			} else if _, ok := byPath[strings.TrimSuffix(f, "/")+"/README.md"]; ok {
				f = strings.TrimSuffix(f, "/") + "/README.md"
			}
			if _, ok := byPath[f]; !ok {
				continue
			}
			if _, seen := depth[f]; !seen {
				depth[f] = depth[cur] + 1
				queue = append(queue, f)
			}
		}
	}
	for _, p := range reachable {
		if d, ok := depth[p]; !ok || d > 2 {
			t.Errorf("%s is not within two links of README.md (depth %d)", p, d)
		}
	}
	var orphans []string
	for _, p := range ps {
		if _, ok := depth[p.Path]; !ok {
			orphans = append(orphans, p.Path)
		}
	}
	sort.Strings(orphans)
	for _, p := range orphans {
		t.Errorf("%s cannot be reached from README.md by links: link it from docs/README.md", p)
	}
}
