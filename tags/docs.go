package tags

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/formats"
)

// Markdown renders the tag reference from the registry and the formats table: the tags with
// their scopes, arguments and OpenAPI output, then the formats and how each is published at the
// given compatibility version.
func Markdown(compat *version.Version) string {
	var b strings.Builder
	b.WriteString("## Tags\n\n")
	b.WriteString("| tag | aliases | on | applies to | value | parameters | OpenAPI | description |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, d := range Defs() {
		var aliases []string
		for _, a := range d.Aliases {
			aliases = append(aliases, "`+"+a+"`")
		}
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
		for _, p := range d.Params {
			s := "`" + p.Key + "`"
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
		fmt.Fprintf(&b, "| `+%s` | %s | %s | %s | %s | %s | %s | %s<br>Example: `%s` |\n",
			d.Name, strings.Join(aliases, ", "), d.Scopes, kinds, cell(value), cell(strings.Join(params, "<br>")),
			cell(d.OpenAPI), cell(doc), cell(d.Example))
	}
	fmt.Fprintf(&b, "\n## Formats\n\n`+format` accepts these names. At compatibility version %s, formats the API server "+
		"does not validate are published as the equivalent shown (with `--format-fallback`, the default).\n\n", compat)
	b.WriteString("| format | aliases | type | description | published at " + compat.String() + " as |\n| --- | --- | --- | --- | --- |\n")
	for _, f := range formats.All() {
		var aliases []string
		for _, a := range f.Aliases {
			aliases = append(aliases, "`"+a+"`")
		}
		as := "`format: " + f.Name + "`"
		if !f.KnownTo(compat) {
			switch {
			case f.Pattern != "":
				as = "`pattern: " + f.Pattern + "`"
			case f.Rule != "":
				as = "rule `" + f.Rule + "`"
			}
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", f.Name, strings.Join(aliases, ", "), f.Type, cell(f.Doc), cell(as))
	}
	fmt.Fprintf(&b, "\n## CEL functions\n\nFunctions a rule may call on an API server of version %s, which compiles new "+
		"expressions at its minimum compatibility version %s (operators and macros such as `has`, `all`, `exists`, `map` and "+
		"`filter` are always there). A rule calling anything else does not compile.\n\n", compat, celenv.CELVersion(compat))
	var names []string
	for _, f := range celenv.Functions(compat) {
		names = append(names, "`"+f.Name+"`")
	}
	b.WriteString(strings.Join(names, ", ") + "\n")
	return b.String()
}

// cell escapes text for a Markdown table cell.
func cell(s string) string {
	if s == "" {
		return ""
	}
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
