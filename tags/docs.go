package tags

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/templates"
)

// Markdown renders the tag reference from the registry and the formats table with
// templates/tagreference.md.tmpl: the tags with their scopes, arguments and OpenAPI output, then the
// formats and how each is published at the given compatibility version, then the CEL functions a
// rule may call there.
func Markdown(compat *version.Version) string {
	var b strings.Builder
	if err := templates.RenderTagReference(&b, reference(compat)); err != nil {
		panic("tags: rendering the tag reference: " + err.Error()) // the template and its data are ours
	}
	return b.String()
}

// reference is the data of the tag reference, every value finished Markdown.
func reference(compat *version.Version) templates.TagReference {
	ref := templates.TagReference{Compat: compat.String(), CELVersion: celenv.CELVersion(compat).String()}
	for _, d := range Defs() {
		kinds := "any"
		if len(d.Kinds) > 0 {
			kinds = kindList(d.Kinds)
		}
		value := "none"
		if d.Value.Kind != ArgNone {
			value = argDoc(d.Value)
			if d.Value.Optional {
				value += " (optional)"
			}
		}
		var params []string
		for _, p := range d.Args {
			name := code(p.Key + ":")
			if p.Key == "" {
				name = "positional"
			}
			params = append(params, name+" ("+argDoc(p.Arg)+", in parentheses): "+p.Doc)
		}
		for _, p := range d.Params {
			s := code(p.Key)
			if p.Arg.Kind != ArgNone {
				s += " (" + argDoc(p.Arg) + ")"
			}
			params = append(params, s+": "+p.Doc)
		}
		doc := d.Doc
		if d.Repeatable {
			doc += " Repeatable."
		}
		if d.Info {
			doc += " (Owned by another tool; validation-gen reads it.)"
		}
		rows := &ref.Tags
		if d.TestOnly {
			rows = &ref.TestTags
		}
		*rows = append(*rows, templates.TagRow{
			Name: cell(code("+" + d.Name)), Aliases: cell(codes("+", d.Aliases)), Scopes: cell(d.Scopes.String()),
			AppliesTo: cell(kinds), Value: cell(value), Params: cell(strings.Join(params, "<br>")),
			OpenAPI: cell(d.OpenAPI), Description: cell(doc), Example: cell(code(d.Example)),
		})
	}
	for _, f := range formats.All() {
		as := code("format: " + f.Name)
		if !f.KnownTo(compat) {
			switch {
			case f.Pattern != "":
				as = code("pattern: " + f.Pattern)
			case f.Rule != "":
				as = "rule " + code(f.Rule)
				if f.MaxLength > 0 {
					as += fmt.Sprintf(", with %s in CRDs", code(fmt.Sprintf("maxLength: %d", f.MaxLength)))
				}
			}
		}
		ref.Formats = append(ref.Formats, templates.FormatRow{
			Name: cell(code(f.Name)), Aliases: cell(codes("", f.Aliases)), Type: cell(string(f.Type)),
			Description: cell(f.Doc), PublishedAs: cell(as),
		})
	}
	var names []string
	for _, f := range celenv.Functions(compat) {
		names = append(names, code(f.Name))
	}
	ref.Functions = strings.Join(names, ", ")
	return ref
}

// code renders s as a Markdown code span. Back-quotes inside s need a delimiter of more
// back-quotes than the longest run of them in s, and a space inside each delimiter (which
// CommonMark strips) so that one at either end of s does not join the delimiter:
// +pattern=`^[a-z]+$` becomes “ +pattern=`^[a-z]+$` “.
func code(s string) string {
	longest, run := 0, 0
	for _, r := range s {
		if r != '`' {
			run = 0
			continue
		}
		if run++; run > longest {
			longest = run
		}
	}
	if longest == 0 {
		return "`" + s + "`"
	}
	delim := strings.Repeat("`", longest+1)
	return delim + " " + s + " " + delim
}

// codes renders each of names, prefixed, as a code span, joined by ", ".
func codes(prefix string, names []string) string {
	var out []string
	for _, n := range names {
		out = append(out, code(prefix+n))
	}
	return strings.Join(out, ", ")
}

// cell escapes Markdown for a table cell.
func cell(s string) string {
	if s == "" {
		return ""
	}
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
