package validators

import "github.com/validation-gen/validation-gen/model"

// reach decides a property of definitions that a definition has when it, or a definition it
// reaches through its values, has it locally ("carries validation", "holds a transition rule").
// Types may reach themselves (a T holding a []T): a memo that answered "no" for a definition whose
// search was still in progress would be wrong, so an answer is recorded only once it is final.
type reach struct {
	memo  map[*model.Definition]bool
	local func(*model.Definition) (bool, []*model.Definition) // its own answer, and what it reaches
}

func newReach(local func(*model.Definition) (bool, []*model.Definition)) *reach {
	return &reach{memo: map[*model.Definition]bool{}, local: local}
}

// of reports whether d, or a definition it reaches, has the property.
func (r *reach) of(d *model.Definition) bool {
	if v, ok := r.memo[d]; ok {
		return v
	}
	visited := map[*model.Definition]bool{}
	if r.search(d, visited) {
		r.memo[d] = true
		return true
	}
	// The search saw everything each visited definition reaches, and nothing has the property.
	for v := range visited {
		r.memo[v] = false
	}
	return false
}

func (r *reach) search(d *model.Definition, visited map[*model.Definition]bool) bool {
	if v, ok := r.memo[d]; ok {
		return v
	}
	if visited[d] {
		return false
	}
	visited[d] = true
	yes, refs := r.local(d)
	if yes {
		r.memo[d] = true
		return true
	}
	for _, ref := range refs {
		if r.search(ref, visited) {
			return true
		}
	}
	return false
}
