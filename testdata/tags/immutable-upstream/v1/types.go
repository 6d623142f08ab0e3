// Package immutableupstream exercises +k8s:immutable in a package written for Kubernetes'
// validation-gen: as upstream's validate.Immutable, any change on update is the error, a value
// that was set and is now cleared (or unset and now set) included, whatever the field's
// requiredness. An optional value is otherwise not checked when unset; the immutable check still
// runs, as upstream runs every short-circuiting check of a changed field.
//
// +groupName=immutable.example.com
// +k8s:validation-gen=*
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a root kind: its CRD publishes the transitions too (on the struct holding the field,
// "has(oldSelf.f) == has(self.f)", besides the field's own "self == oldSelf").
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec Spec `json:"spec"`
}

// Spec has immutable fields of every shape.
type Spec struct {
	// +k8s:optional
	// +k8s:immutable
	S string `json:"s,omitempty"`

	// +k8s:optional
	// +k8s:immutable
	I int32 `json:"i,omitempty"`

	// +k8s:optional
	// +k8s:immutable
	L []string `json:"l,omitempty"`

	// +k8s:optional
	// +k8s:immutable
	M map[string]string `json:"m,omitempty"`

	// +k8s:optional
	// +k8s:immutable
	P *string `json:"p,omitempty"`

	// +k8s:required
	// +k8s:immutable
	R string `json:"r"`

	// Optional only while the option Relaxed is enabled.
	// +k8s:ifEnabled(Relaxed)=+k8s:optional
	// +k8s:immutable
	G string `json:"g,omitempty"`

	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=16
	Items []Item `json:"items,omitempty"`
}

// Item is an item of a list map.
type Item struct {
	// +k8s:required
	Name string `json:"name"`

	// +k8s:optional
	// +k8s:immutable
	// +k8s:maxLength=64
	Tag string `json:"tag,omitempty"`
}
