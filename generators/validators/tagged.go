package validators

import "github.com/validation-gen/validation-gen/model"

// Tagged returns the definitions of p (its structs and named value types) whose own tags ask the
// validators for a check, not counting what they only reach through other definitions: for the
// types of an output package (+k8s:validation-gen-input), which get no validators there, as
// upstream's validation-gen writes none for them.
func Tagged(p *model.Package, opts model.Options) []*model.Definition {
	g := &validatorGen{decls: &decls{pkg: p, out: p, memo: map[string]string{}, names: map[string]int{}, lazy: map[string]lazyDecl{}},
		opts: opts, corrMemo: map[string]bool{}}
	g.carries = newReach(g.localCarry)
	var out []*model.Definition
	for _, d := range append(append([]*model.Definition(nil), p.Definitions...), p.ValueTypes...) {
		if d.Special {
			continue
		}
		if own, _ := g.localCarry(d); own {
			out = append(out, d)
		}
	}
	return out
}
