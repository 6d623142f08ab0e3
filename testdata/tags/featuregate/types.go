// Package featuregate exercises +featureGate, Kubernetes' documentation of fields that exist only
// behind a feature gate: nothing is validated or published (the schema is as without it); the
// review tools read it as the field's lifecycle.
package featuregate

// Spec has fields behind feature gates.
//
// +featureGate=TypesAreDocumentationOnly
type Spec struct {
	// +optional
	// +featureGate=FancyWidgets
	// +maxLength=16
	Fancy string `json:"fancy,omitempty"`

	// +optional
	// +featureGate=GateA,GateB
	Both *int32 `json:"both,omitempty"`

	// +optional
	Mode Mode `json:"mode,omitempty"`
}

// Mode is an enum whose newest value is behind a gate.
// +enum
type Mode string

const (
	ModeA Mode = "A"
	// +featureGate=ModeB
	ModeB Mode = "B"
)
