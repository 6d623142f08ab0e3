package enumwithoutconstants

// Color has no constants to enumerate: this project's own dialect refuses the tag (openapi-gen's
// spelling is a warning, see testdata/tags/enum-noconstants).
//
// +k8s:enum
type Color string

// Spec uses Color.
type Spec struct {
	Color Color `json:"color"`
}
