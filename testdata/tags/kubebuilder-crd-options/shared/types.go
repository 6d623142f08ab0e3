// Package shared holds a type the versions use. It has no kinds, so no CRDs, and its markers
// apply where its types are used.
package shared

// Ref names an object. Its description is longer than crd:maxDescLen allows, so it is cut at the
// last sentence end that fits.
type Ref struct {
	// Name is the name of the object referred to, which must not be empty.
	//
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`

	// secret is unexported: encoding/json never writes it, and with crd:ignoreUnexportedFields
	// its tags are ignored without a word.
	// +kubebuilder:validation:MinLength=1
	secret string
}
