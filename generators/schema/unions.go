package schema

import "github.com/validation-gen/validation-gen/model"

// unchangedIf turns a rule ratcheted by UnchangedIf into one that, where the server correlates
// the value with its old one, does not run when the condition holds (through an optional oldSelf).
func unchangedIf(r model.Rule, correlated bool) model.Rule {
	if r.UnchangedIf != "" && correlated {
		r.Rule = "oldSelf.hasValue() && " + r.UnchangedIf + " || " + r.Rule
		r.OptionalOldSelf = true
	}
	return r
}
