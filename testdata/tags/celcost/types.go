package celcost

// Pairs has a rule whose worst case exceeds CEL's per-call cost limit (its lists are unbounded):
// the generated validators run it in CEL, which stops it at the limit as the API server does,
// instead of natively, which would always finish.
// +validationRule="self.a.all(x, self.b.all(y, x != y))",message="a and b must not share items"
type Pairs struct {
	// +optional
	A []string `json:"a,omitempty"`
	// +optional
	B []string `json:"b,omitempty"`
}

// Bounded has the same rule over bounded lists: its worst case fits the limit, so it runs
// natively.
// +validationRule="self.a.all(x, self.b.all(y, x != y))",message="a and b must not share items"
type Bounded struct {
	// +optional
	// +maxItems=10
	// +listType=atomic
	A []string `json:"a,omitempty"`
	// +optional
	// +maxItems=10
	// +listType=atomic
	B []string `json:"b,omitempty"`
}
