// Package validationnested shows what openapi-gen accepts in kube-openapi's markers below the value
// they are written on (items:, properties:<name>:, additionalProperties:), whose values it does
// not check as it checks the top level's, and a cel reason it does not check at any level: each
// is published as openapi-gen writes it, with a warning (an error under --strict). In the CRD,
// the reason is left out, as the API server refuses it there.
//
// +groupName=nested.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Holder is a root kind.
//
// +kubebuilder:object:root=true
type Holder struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

type Spec struct {
	// A rule without a message: the API server's default message is reported.
	// +k8s:validation:items:cel[0]:rule="self.size() > 0"
	// +optional
	Names []string `json:"names,omitempty"`

	// Bounds that no value satisfies.
	// +k8s:validation:items:minLength=5
	// +k8s:validation:items:maxLength=3
	// +optional
	Codes []string `json:"codes,omitempty"`

	// +k8s:validation:additionalProperties:minimum=5
	// +k8s:validation:additionalProperties:maximum=5
	// +k8s:validation:additionalProperties:exclusiveMaximum
	// +optional
	Weights map[string]int32 `json:"weights,omitempty"`

	// A reason outside the four the API server knows.
	// +k8s:validation:cel[0]:rule="self != 'x'"
	// +k8s:validation:cel[0]:message="not x"
	// +k8s:validation:cel[0]:reason="FieldValueTooLong"
	// +optional
	Token string `json:"token,omitempty"`

	// Both a message and a message expression, below the top level.
	// +k8s:validation:items:cel[0]:rule="self != 'y'"
	// +k8s:validation:items:cel[0]:message="not y"
	// +k8s:validation:items:cel[0]:messageExpression="'not y: ' + self"
	// +optional
	Tags []string `json:"tags,omitempty"`
}
