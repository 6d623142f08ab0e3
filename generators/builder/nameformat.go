package builder

import (
	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

// nameFormatRules puts the rules of +nameFormat on the ObjectMeta field prop onto the struct
// holding it, with field paths to metadata.name and metadata.generateName.
func (b *builder) nameFormatRules(holder *model.Definition, prop *model.Property) {
	nf := prop.Node.V.NameFormat
	if holder == nil {
		b.diags.Add(nf.Pos, nf.Written(), "the ObjectMeta field must belong to a named struct")
		return
	}
	f, _ := formats.Lookup(nf.Name)
	nr, gr := model.NameFormatRules(f, "self."+prop.Name+".name", "self."+prop.Name+".generateName")
	nr.FieldPath, gr.FieldPath = "."+prop.Name+".name", "."+prop.Name+".generateName"
	for _, r := range []*model.Rule{&nr, &gr} {
		r.RulePos, r.Origin = nf.Pos, nf.Origin
	}
	holder.Node.V.Rules = append(holder.Node.V.Rules, nr, gr)
}
