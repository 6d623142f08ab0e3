package check

import "github.com/validation-gen/validation-gen/model"

// Costs holds the estimated cost of each CEL rule per evaluation (cel-go's MaxCost, before it is
// multiplied by the number of values at the rule's place), keyed by the rule's position and text.
type Costs map[CostKey]uint64

// CostKey identifies a rule: the position of its tag and its text (one tag may write several).
type CostKey struct {
	Pos  string
	Rule string
}

// Of returns the estimated cost of r, and whether it was compiled.
func (c Costs) Of(r model.Rule) (uint64, bool) {
	v, ok := c[CostKey{r.Pos.String(), r.Rule}]
	return v, ok
}

// CELCosts is CELExcept that also returns every compiled rule's estimated cost.
func CELCosts(u *model.Universe, opts model.Options, found model.Diagnostics) (model.Diagnostics, Costs) {
	costs := Costs{}
	return celExcept(u, opts, found, costs), costs
}
