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

// NameFormatRules returns the two rules +nameFormat stands for, over CEL expressions for the name
// and the generateName: name must have the format, and generateName too once a trailing '-' is
// masked the way apimachinery's name validation masks it (the last two characters become "a").
func NameFormatRules(f *formats.Format, name, gen string) (nameRule, genRule model.Rule) {
	masked := "(" + gen + ".size() > 1 && " + gen + ".endsWith('-') ? " + gen + ".substring(0, " + gen + ".size() - 2) + 'a' : " + gen + ")"
	what := strings.TrimSuffix(f.Doc, ".")
	nameRule = model.Rule{Rule: "!has(" + name + ") || " + FormatCheck(f, name), Message: "must be " + what}
	genRule = model.Rule{Rule: "!has(" + gen + ") || " + FormatCheck(f, masked), Message: "must be a prefix of " + what}
	if name == "self" {
		nameRule.Rule = FormatCheck(f, name)
		genRule.Rule = FormatCheck(f, masked)
	}
	return nameRule, genRule
}

// nameFormatRules puts the rules of +nameFormat on the ObjectMeta field prop onto the struct
// holding it, with field paths to metadata.name and metadata.generateName.
func (b *builder) nameFormatRules(holder *model.Definition, prop *model.Property) {
	nf := prop.Node.V.NameFormat
	if holder == nil {
		b.diags.Add(nf.Pos, nf.Tag, "the ObjectMeta field must belong to a named struct")
		return
	}
	f, _ := formats.Lookup(nf.Name)
	nr, gr := NameFormatRules(f, "self."+prop.Name+".name", "self."+prop.Name+".generateName")
	nr.FieldPath, gr.FieldPath = "."+prop.Name+".name", "."+prop.Name+".generateName"
	for _, r := range []*model.Rule{&nr, &gr} {
		r.RulePos, r.Origin = nf.Pos, nf.Origin
	}
	holder.Node.V.Rules = append(holder.Node.V.Rules, nr, gr)
}
