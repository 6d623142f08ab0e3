package tags_test

import (
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	basever "k8s.io/component-base/version"

	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/tags"
)

// codeSpan decodes the CommonMark code span at the start of s: an opening run of n back-quotes,
// content up to the next run of exactly n, one space stripped from each end when both are spaces.
func codeSpan(s string) (content, rest string, ok bool) {
	n := len(s) - len(strings.TrimLeft(s, "`"))
	if n == 0 {
		return "", s, false
	}
	for i := n; i < len(s); {
		j := strings.IndexByte(s[i:], '`')
		if j < 0 {
			break
		}
		j += i
		k := j
		for k < len(s) && s[k] == '`' {
			k++
		}
		if k-j != n {
			i = k
			continue
		}
		c := s[n:j]
		if len(c) >= 2 && c[0] == ' ' && c[len(c)-1] == ' ' && strings.Trim(c, " ") != "" {
			c = c[1 : len(c)-1]
		}
		return c, s[k:], true
	}
	return "", s, false
}

// cells splits a Markdown table row at its unescaped pipes and unescapes them, as GFM does before
// it parses the cells' inline content.
func cells(row string) []string {
	var out []string
	var cur strings.Builder
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\' && i+1 < len(row) && row[i+1] == '|':
			cur.WriteByte('|')
			i++
		case row[i] == '|':
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(row[i])
		}
	}
	return append(out, strings.TrimSpace(cur.String()))
}

func TestCodeSpanDecoder(t *testing.T) {
	for in, want := range map[string]string{
		"`a`":                       "a",
		"`` a`b ``":                 "a`b",
		"`` `a` ``":                 "`a`",
		"``` a``b ```":              "a``b",
		"`` +pattern=`^[a-z]+$` ``": "+pattern=`^[a-z]+$`",
	} {
		if got, rest, ok := codeSpan(in); !ok || got != want || rest != "" {
			t.Errorf("codeSpan(%q) = %q, %q, %v; want %q", in, got, rest, ok, want)
		}
	}
	// The spelling --docs used to produce: the span ends at the first back-quote inside.
	if got, rest, _ := codeSpan("`+pattern=`^[a-z]+$``"); got != "+pattern=" || rest == "" {
		t.Errorf("codeSpan of a naively quoted example = %q, rest %q; want the broken split", got, rest)
	}
}

// TestMarkdownCodeSpans reads the tag reference back as a Markdown renderer would: every example,
// and every format's published pattern or rule, must come out of its code span exactly, back-quotes
// and pipes included.
func TestMarkdownCodeSpans(t *testing.T) {
	// The reference lists the production tags, then the test-only ones.
	var defs, testOnly []*tags.Def
	for _, d := range tags.Defs() {
		if d.TestOnly {
			testOnly = append(testOnly, d)
		} else {
			defs = append(defs, d)
		}
	}
	defs = append(defs, testOnly...)
	for _, compat := range []string{"1.30", basever.DefaultKubeBinaryVersion} {
		md := tags.Markdown(version.MustParse(compat))
		var examples []string
		var published [][]string
		inFormats := false
		for _, line := range strings.Split(md, "\n") {
			switch {
			case strings.HasPrefix(line, "## Formats"):
				inFormats = true
			case strings.HasPrefix(line, "## CEL functions"):
				inFormats = false
			case !strings.HasPrefix(line, "| `") && !strings.HasPrefix(line, "| ``"):
			case inFormats:
				published = append(published, cells(line))
			default:
				c := cells(line)
				desc := c[len(c)-2]
				i := strings.LastIndex(desc, "<br>Example: ")
				if i < 0 {
					t.Fatalf("row without an example: %s", line)
				}
				ex, rest, ok := codeSpan(desc[i+len("<br>Example: "):])
				if !ok || rest != "" {
					t.Errorf("example is not one code span: %q", desc[i:])
				}
				examples = append(examples, ex)
			}
		}
		if len(examples) != len(defs) {
			t.Fatalf("%s: %d tag rows, want %d", compat, len(examples), len(defs))
		}
		for i, d := range defs {
			if examples[i] != d.Example {
				t.Errorf("+%s: the example reads back as %q, want %q", d.Name, examples[i], d.Example)
			}
		}
		all := formats.All()
		if len(published) != len(all) {
			t.Fatalf("%s: %d format rows, want %d", compat, len(published), len(all))
		}
		for i, f := range all {
			as := published[i][len(published[i])-2]
			want, prefix, suffix := "format: "+f.Name, "", ""
			if !f.KnownTo(version.MustParse(compat)) {
				switch {
				case f.Pattern != "":
					want = "pattern: " + f.Pattern
				case f.Rule != "":
					want, prefix = f.Rule, "rule "
					if f.MaxLength > 0 {
						suffix = fmt.Sprintf(", with `maxLength: %d` in CRDs", f.MaxLength)
					}
				}
			}
			got, rest, ok := codeSpan(strings.TrimPrefix(as, prefix))
			if !ok || rest != suffix || got != want || !strings.HasPrefix(as, prefix) {
				t.Errorf("%s: format %s is published as %q, which reads back as %q; want %s%q", compat, f.Name, as, got, prefix, want)
			}
		}
	}
}
