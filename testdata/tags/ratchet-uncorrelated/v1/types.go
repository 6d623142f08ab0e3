// Package v1 shows ratcheting (KEP-4008) of values that the API server cannot correlate with their
// old values on update, though they are equal: a null item of a +listType=map list of pointers, an
// item of one that lacks its key, and a free-form value (apiextensionsv1.JSON, runtime.RawExtension,
// interface{}) whose JSON is an object with fields, which its schema does not name. Such a value,
// and every value holding it, counts as changed, so the checks of the holders (the rule and the
// required field of Spec) run again on an update that changes nothing, as the server runs them.
// Object metadata is such a free-form object, so the checks of Policy itself run on every update.
//
// +groupName=ratchet.example.com
package v1

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Policy is a root kind, with a rule of its own: the server runs it on every update, as it
// cannot correlate the object's metadata (published without its fields).
//
// +kubebuilder:object:root=true
// +kubebuilder:validation:XValidation:rule="!has(self.spec.mode) || self.spec.mode != 'Off'",message="a policy cannot be off"
type Policy struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec holds the values, and checks of its own that a change below it makes run again.
//
// +kubebuilder:validation:XValidation:rule="!has(self.mode) || self.mode != 'Strict' || has(self.limit)",message="a Strict policy needs a limit"
type Spec struct {
	// +required
	Mode string `json:"mode"`

	// +optional
	Limit *int32 `json:"limit,omitempty"`

	// Extensions are keyed by name; an item may be nil (null in JSON).
	// +optional
	// +listType=map
	// +listMapKey=name
	Extensions []*Extension `json:"extensions,omitempty"`

	// +optional
	Config *apiextensionsv1.JSON `json:"config,omitempty"`

	// +optional
	Raw *runtime.RawExtension `json:"raw,omitempty"`

	// Params holds free-form values by name.
	// +optional
	Params map[string]apiextensionsv1.JSON `json:"params,omitempty"`
}

// Extension is an item keyed by name.
type Extension struct {
	// +required
	Name string `json:"name"`
	// +optional
	Value string `json:"value,omitempty"`
}
