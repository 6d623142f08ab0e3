package tags

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/templates"
)

// Page is one page of the documentation's generated reference (docs/reference/): its file name
// there and its Markdown.
type Page struct {
	Name    string
	Content string
}

// Dialect is one of the three ways of writing validation that validation-gen reads.
type Dialect int

const (
	// DialectOwn is this project's tags (KEP-4153's IDL: +maxLength, +validationRule, ...) and
	// the tags of other Kubernetes generators it reads (+listType, +groupName, ...).
	DialectOwn Dialect = iota
	// DialectK8s is Kubernetes' validation-gen's +k8s: tags.
	DialectK8s
	// DialectKubebuilder is controller-gen's markers.
	DialectKubebuilder
)

// Page names of the tag reference, one per dialect.
var dialectPages = map[Dialect]string{DialectOwn: "tags.md", DialectK8s: "tags-k8s.md", DialectKubebuilder: "tags-kubebuilder.md"}

// spellings returns how d is written in dialect: its name or an alias in that dialect's
// namespace, the first such; "" when d has no spelling there.
func spellings(d *Def, dialect Dialect) string {
	for _, n := range append([]string{d.Name}, d.Aliases...) {
		if dialectOf(d, n) == dialect {
			return n
		}
	}
	return ""
}

// dialectOf is the dialect of the spelling name of d: controller-gen's markers (parsed by
// controller-tools, or in its kubebuilder: namespace), Kubernetes' (k8s:), or this project's.
func dialectOf(d *Def, name string) Dialect {
	switch {
	case d.Marker != nil || strings.HasPrefix(name, "kubebuilder:"):
		return DialectKubebuilder
	case strings.HasPrefix(name, "k8s:"):
		return DialectK8s
	}
	return DialectOwn
}

// ReferencePages renders the pages of docs/reference that come from the tag registry, the
// formats table and the API server's CEL environments: the tags of each dialect (tags.md,
// tags-k8s.md, tags-kubebuilder.md), formats.md and cel-functions.md, the last two over every
// supported --compatibility-version (celenv.Range).
func ReferencePages() ([]Page, error) {
	versions, err := celenv.Versions()
	if err != nil {
		return nil, err
	}
	var pages []Page
	for _, dialect := range []Dialect{DialectOwn, DialectK8s, DialectKubebuilder} {
		pages = append(pages, render(dialectPages[dialect], tagPage(dialect)))
	}
	pages = append(pages, render("formats.md", formatsPage(versions)), render("cel-functions.md", celPage(versions)))
	return pages, nil
}

// render renders the reference page name with its template.
func render(name string, data any) Page {
	var b strings.Builder
	if err := templates.RenderReference(&b, name, data); err != nil {
		panic("tags: rendering the reference: " + err.Error()) // the templates and their data are ours
	}
	return Page{Name: name, Content: b.String()}
}

// tagPage is the data of one dialect's page: every definition with a spelling in the dialect,
// sorted by that spelling, the test-only ones apart.
func tagPage(dialect Dialect) templates.TagPage {
	page := templates.TagPage{}
	type entry struct {
		d    *Def
		name string
	}
	var entries []entry
	for _, d := range Defs() {
		if n := spellings(d, dialect); n != "" {
			entries = append(entries, entry{d, n})
		}
	}
	sort.Slice(entries, func(i, j int) bool { return strings.ToLower(entries[i].name) < strings.ToLower(entries[j].name) })
	anchors := map[string]int{}
	for _, e := range entries {
		s := tagSection(e.d, e.name, dialect, anchors)
		if e.d.TestOnly {
			page.TestTags = append(page.TestTags, s)
		} else {
			page.Tags = append(page.Tags, s)
		}
	}
	if dialect == DialectOwn {
		page.Ignored = ignoredTags()
	}
	return page
}

// tagSection documents d, written name, on dialect's page.
func tagSection(d *Def, name string, dialect Dialect, anchors map[string]int) templates.TagSection {
	heading := "+" + name
	s := templates.TagSection{Heading: code(heading), Anchor: anchor(heading, anchors), Doc: prose(d.Doc), Example: code(d.Example)}
	if d.Repeatable {
		s.Doc += " Repeatable."
	}
	if d.Info {
		s.Doc += " (Owned by another tool; validation-gen reads it.)"
	}
	var also []string
	for _, n := range append([]string{d.Name}, d.Aliases...) {
		if n == name {
			continue
		}
		other := dialectOf(d, n)
		if other == dialect {
			also = append(also, code("+"+n))
		} else {
			also = append(also, fmt.Sprintf("[%s](%s#%s)", code("+"+n), dialectPages[other], anchor("+"+n, nil)))
		}
	}
	s.Also = strings.Join(also, ", ")
	s.Scopes = d.Scopes.String()
	s.AppliesTo = "any value"
	if len(d.Kinds) > 0 {
		s.AppliesTo = kindList(d.Kinds) + " values"
	}
	if d.Value.Kind != ArgNone {
		s.Value = prose(argDoc(d.Value))
		if d.Value.Optional {
			s.Value += " (optional)"
		}
	}
	for _, p := range d.Args {
		n := code(p.Key + ":")
		if p.Key == "" {
			n = "positional"
		}
		s.Params = append(s.Params, n+" ("+prose(argDoc(p.Arg))+", in parentheses): "+prose(p.Doc))
	}
	for _, p := range d.Params {
		n := code(p.Key)
		if p.Arg.Kind != ArgNone {
			n += " (" + prose(argDoc(p.Arg)) + ")"
		}
		s.Params = append(s.Params, n+": "+prose(p.Doc))
	}
	s.OpenAPI = prose(d.OpenAPI)
	if s.OpenAPI == "" {
		s.OpenAPI = "nothing"
	}
	return s
}

// prose makes documentation text Markdown: a '<' outside code spans is escaped, so that
// "<major>.<minor>" is not taken for HTML and dropped.
func prose(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '`' {
			n := len(s[i:]) - len(strings.TrimLeft(s[i:], "`"))
			delim := s[i : i+n]
			// The span ends at the next run of exactly n back-quotes; without one, the run is text.
			end := -1
			for j := i + n; j < len(s); {
				k := strings.Index(s[j:], delim)
				if k < 0 {
					break
				}
				k += j
				m := k + n
				for m < len(s) && s[m] == '`' {
					m++
				}
				if m-k == n {
					end = m
					break
				}
				j = m
			}
			if end < 0 {
				end = i + n
			}
			b.WriteString(s[i:end])
			i = end
			continue
		}
		if s[i] == '<' {
			b.WriteString("&lt;")
		} else {
			b.WriteByte(s[i])
		}
		i++
	}
	return b.String()
}

// anchor is the fragment GitHub gives a heading: lower-cased, letters, digits, '-' and '_' kept,
// spaces as '-', everything else dropped; a repeated one gets -1, -2, ... (counted in seen, when
// given).
func anchor(heading string, seen map[string]int) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	a := b.String()
	if seen != nil {
		n := seen[a]
		seen[a]++
		if n > 0 {
			a = fmt.Sprintf("%s-%d", a, n)
		}
	}
	return a
}

// ignoredTags lists the allow-list: other tools' tags that validation-gen ignores.
func ignoredTags() string {
	var names []string
	for n := range allowed {
		names = append(names, n)
	}
	sort.Strings(names)
	return codes("+", names)
}

// formatsPage is the data of formats.md: each format, since which compatibility version the API
// server validates it, and what is published before that.
func formatsPage(versions []*version.Version) templates.FormatsPage {
	page := templates.FormatsPage{Oldest: versions[0].String(), Newest: versions[len(versions)-1].String()}
	for _, f := range formats.All() {
		row := templates.FormatsRow{Name: cell(code(f.Name)), Aliases: cell(codes("", f.Aliases)), Type: f.Type, Description: cell(f.Doc)}
		since := ""
		for _, v := range versions {
			if f.KnownTo(v) {
				since = v.String()
				break
			}
		}
		switch {
		case since == page.Oldest:
			row.Known = "at every version"
		case since != "":
			row.Known = "from " + since
		default:
			row.Known = "at no version up to " + page.Newest
		}
		switch {
		case since == page.Oldest:
			row.Fallback = ""
		case f.Pattern != "":
			row.Fallback = cell(code("pattern: " + f.Pattern))
		case f.Rule != "":
			row.Fallback = cell("rule " + code(f.Rule))
		default:
			row.Fallback = "none: an error below " + since
		}
		page.Formats = append(page.Formats, row)
	}
	return page
}

// celPage is the data of cel-functions.md: every function a new rule may call on the newest
// API server, with the oldest compatibility version whose server compiles it.
func celPage(versions []*version.Version) templates.CELPage {
	newest := versions[len(versions)-1]
	page := templates.CELPage{Oldest: versions[0].String(), Newest: newest.String(), NewestCEL: celenv.CELVersion(newest).String()}
	since := map[string]string{}
	for _, v := range versions {
		for _, f := range celenv.Functions(v) {
			if _, ok := since[f.Name]; !ok {
				since[f.Name] = v.String()
			}
		}
	}
	for _, f := range celenv.Functions(newest) {
		s := since[f.Name]
		if s == page.Oldest {
			s = "every version"
		}
		page.Functions = append(page.Functions, templates.CELRow{Name: code(f.Name), Since: s, Overloads: len(f.Overloads)})
	}
	return page
}
