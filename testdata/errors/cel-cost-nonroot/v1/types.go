// +groupName=costs.example.com

// Package v1 has a type that is not a kind but whose rule is over the API server's per-rule cost
// limit on the type alone: any CRD that embeds it inherits at least that cost.
package v1

// Matrix is not a root kind.
type Matrix struct {
	// +validationRule="self.all(r, self.all(s, r.size() == s.size()))",message="rows must have equal lengths"
	// +optional
	Rows [][]string `json:"rows,omitempty"`
}
