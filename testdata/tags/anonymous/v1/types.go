// Package v1 shows anonymous struct types: as a field's type, behind a pointer, as a list's items,
// as a map's values and inside another. The tags of their fields are published as those of a
// named struct's; the generated Go validators check named types only, so each such struct is a
// positioned warning (controller-gen refuses anonymous structs: "non-top-level struct").
//
// +groupName=anonymous.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Rack is a root kind.
//
// +kubebuilder:object:root=true
type Rack struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec holds anonymous structs.
type Spec struct {
	// Config is a struct.
	Config struct {
		// Name is short.
		// +kubebuilder:validation:MaxLength=5
		Name string `json:"name"`
		// Count is positive.
		// +kubebuilder:validation:Minimum=1
		// +optional
		Count int32 `json:"count,omitempty"`
	} `json:"config"`

	// Limits is a pointer to a struct, in the +k8s: dialect.
	// +optional
	Limits *struct {
		// +k8s:optional
		// +k8s:maximum=10
		Max *int32 `json:"max,omitempty"`
	} `json:"limits,omitempty"`

	// Slots are structs.
	// +kubebuilder:validation:MaxItems=3
	// +optional
	Slots []struct {
		// +kubebuilder:validation:MinLength=2
		ID string `json:"id"`
		// Inner is a struct in a struct.
		// +optional
		Inner *struct {
			// +kubebuilder:validation:Enum=a;b
			// +optional
			Mode string `json:"mode,omitempty"`
		} `json:"inner,omitempty"`
	} `json:"slots,omitempty"`

	// Labels are structs by key.
	// +optional
	Labels map[string]struct {
		// +kubebuilder:validation:Pattern=`^v`
		Value string `json:"value"`
	} `json:"labels,omitempty"`
}
