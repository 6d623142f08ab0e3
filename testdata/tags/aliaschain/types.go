// Package aliaschain reproduces the example of the declarative validation KEP: tags accumulate
// along the chain field -> alias -> named type, and a field of the named type itself gets only
// the named type's tags.
//
// +groupName=aliaschain.example.com
package aliaschain

// Widget.component is validated against all three tags.
type Widget struct {
	// +validationRule="self.matches('[a-z][1-9]+')"
	Component PartId `json:"component"`
}

// +maxLength=20
type PartId = Identifier

// +format=dns1123label
type Identifier string

// Contraption.component is validated against +format=dns1123label only.
type Contraption struct {
	Component Identifier `json:"component"`
}
