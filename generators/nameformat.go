package generators

import (
	"regexp"
	"strings"

	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

var selfWord = regexp.MustCompile(`\bself\b`)

// FormatCheck returns a CEL expression that is true when expr has format f, built from the
// format's fallback pattern or rule. Formats without a fallback are checked by the API server
// itself and have none.
func FormatCheck(f *formats.Format, expr string) string {
	switch {
	case f.Pattern != "":
		return expr + ".matches(" + celQuote(f.Pattern) + ")"
	case f.Rule != "":
		return selfWord.ReplaceAllString(f.Rule, expr)
	}
	return ""
}

func celQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// nameFormatRules turns +nameFormat on the ObjectMeta field prop into two rules on the struct
// holding it: name must have the format, and generateName too once a trailing '-' is masked
// the way apimachinery's name validation masks it (the last two characters become "a").
func (b *builder) nameFormatRules(holder *model.Definition, prop *model.Property) {
	nf := prop.Node.V.NameFormat
	if holder == nil {
		b.diags.Add(nf.Pos, nf.Tag, "the ObjectMeta field must belong to a named struct")
		return
	}
	f, _ := formats.Lookup(nf.Name)
	name := "self." + prop.Name + ".name"
	gen := "self." + prop.Name + ".generateName"
	masked := "(" + gen + ".size() > 1 && " + gen + ".endsWith('-') ? " + gen + ".substring(0, " + gen + ".size() - 2) + 'a' : " + gen + ")"
	what := strings.TrimSuffix(f.Doc, ".")
	holder.Node.V.Rules = append(holder.Node.V.Rules,
		model.Rule{
			Rule:    "!has(" + name + ") || " + FormatCheck(f, name),
			Message: "must be " + what, FieldPath: "." + prop.Name + ".name",
			RulePos: nf.Pos, Origin: nf.Origin,
		},
		model.Rule{
			Rule:    "!has(" + gen + ") || " + FormatCheck(f, masked),
			Message: "must be a prefix of " + what, FieldPath: "." + prop.Name + ".generateName",
			RulePos: nf.Pos, Origin: nf.Origin,
		})
}
