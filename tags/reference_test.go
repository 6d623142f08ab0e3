package tags_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/tags"
)

// referenceDir holds the generated reference pages (and others', such as command-line.md).
const referenceDir = "../docs/reference"

// TestReferencePages keeps the pages of docs/reference that come from the tag registry, the
// formats table and the CEL environments equal to what tags.ReferencePages renders now.
// UPDATE_GOLDEN=1 rewrites them.
func TestReferencePages(t *testing.T) {
	pages, err := tags.ReferencePages()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		path := filepath.Join(referenceDir, p.Name)
		got, err := os.ReadFile(path)
		if err == nil && string(got) == p.Content {
			continue
		}
		if os.Getenv("UPDATE_GOLDEN") != "" {
			if err := os.WriteFile(path, []byte(p.Content), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("docs/reference/%s is stale; run UPDATE_GOLDEN=1 go test ./tags -run TestReferencePages", p.Name)
	}
}

// TestReferenceAnchors: every tag heading's fragment is unique on its page, and every link from one
// of these pages to another (or to itself) names a heading there.
func TestReferenceAnchors(t *testing.T) {
	pages, err := tags.ReferencePages()
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{}
	for _, p := range pages {
		anchors[p.Name] = map[string]bool{}
		for _, line := range strings.Split(p.Content, "\n") {
			if h, ok := strings.CutPrefix(line, "## "); ok {
				a := tags.Anchor(h)
				if anchors[p.Name][a] {
					t.Errorf("%s: two headings with the fragment #%s", p.Name, a)
				}
				anchors[p.Name][a] = true
			}
		}
	}
	links := 0
	for _, p := range pages {
		for _, l := range strings.Split(p.Content, "](")[1:] {
			target := l[:strings.IndexByte(l, ')')]
			file, frag, ok := strings.Cut(target, "#")
			if !ok || strings.Contains(file, "/") {
				continue
			}
			if file == "" {
				file = p.Name
			}
			if as, known := anchors[file]; known {
				links++
				if !as[frag] {
					t.Errorf("%s links to %s, which has no such heading", p.Name, target)
				}
			}
		}
	}
	if links < len(tags.Defs()) {
		t.Errorf("only %d links between tag headings; want at least one per tag (the index)", links)
	}
}

func TestProse(t *testing.T) {
	for in, want := range map[string]string{
		"<major>.<minor>":           "&lt;major>.&lt;minor>",
		"`self != <value>` or <v>":  "`self != <value>` or &lt;v>",
		"`` a`<b ``<c":              "`` a`<b ``&lt;c",
		"an unclosed ` then <x>":    "an unclosed ` then &lt;x>",
		"``` x `` <y> ``` <z>":      "``` x `` <y> ``` &lt;z>",
		"nothing to escape, a > b.": "nothing to escape, a > b.",
	} {
		if got := tags.Prose(in); got != want {
			t.Errorf("prose(%q) = %q, want %q", in, got, want)
		}
	}
}
