// Package kubebuilderboundoutofrange has controller-gen bounds that the Go type of their value
// cannot hold, on fields, through items: and on a named type: the generated comparison would not
// compile, and the bound could never be reached. A multipleOf must be positive.
package kubebuilderboundoutofrange

// Spec holds the fields.
type Spec struct {
	// +kubebuilder:validation:Minimum=-1
	Count uint32 `json:"count"`

	// +kubebuilder:validation:Maximum=3e9
	Replicas int32 `json:"replicas"`

	// +kubebuilder:validation:Minimum=-300
	Small int8 `json:"small"`

	// +kubebuilder:validation:Maximum=1e39
	Ratio float32 `json:"ratio"`

	// +kubebuilder:validation:items:Maximum=-1
	Ports []uint32 `json:"ports"`

	// +kubebuilder:validation:MultipleOf=0
	Step int32 `json:"step"`

	// +kubebuilder:validation:items:MultipleOf=-2
	Steps []int64 `json:"steps"`

	// +kubebuilder:validation:Minimum=1.5
	Whole int32 `json:"whole"`

	Level Level `json:"level"`
}

// Level is a small number.
//
// +kubebuilder:validation:Maximum=256
type Level uint8
