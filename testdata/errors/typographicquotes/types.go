package typographicquotes

// Spec shows the gofmt trap. In the doc comment of a top-level declaration gofmt rewrites a pair
// of single quotes into a typographic closing quote, and a pair of back-quotes into an opening
// one: the empty string of the first rule below was written as two single quotes before gofmt.
//
// +validationRule="self.name != ”",message="name must be set"
// +validationRule="self.note == 'x'",message="note must be “x”"
type Spec struct {
	Name string `json:"name"`
	Note string `json:"note"`

	// +pattern="^[‘a-z’]+$"
	Code string `json:"code"`
}
