// Package kubebuilderintorstring limits the string form of an int-or-string whose Go value
// generated validators cannot read as written (a resource.Quantity keeps a parsed number, not the
// string it was given): refused, with the rule that can say it instead.
package kubebuilderintorstring

import "k8s.io/apimachinery/pkg/api/resource"

// Holder holds the field.
type Holder struct {
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern=`^[0-9]+Gi$`
	Size resource.Quantity `json:"size"`
}

// Sizes are quantities, limited through items: markers.
type Sizes struct {
	// +kubebuilder:validation:items:XIntOrString
	// +kubebuilder:validation:items:MaxLength=5
	Sizes []resource.Quantity `json:"sizes"`
}
