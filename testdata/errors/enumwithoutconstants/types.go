package enumwithoutconstants

// Color has no constants to enumerate.
//
// +enum
type Color string

// Spec uses Color.
type Spec struct {
	Color Color `json:"color"`
}
