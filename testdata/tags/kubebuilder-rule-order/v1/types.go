// Package v1 shows the order of x-kubernetes-validations where a field and its type both have
// rules: controller-gen writes the field as an allOf of the type's schema and its own and
// flattens it, the field's rules first, then the type's, wherever either is declared (a type
// declared before the field, or in another package, Envoy Gateway's case).
//
// +groupName=ruleorder.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/validation-gen/validation-gen/testdata/tags/kubebuilder-rule-order/other"
)

// Local is declared before the field that uses it.
//
// +kubebuilder:validation:XValidation:message="a is not y",rule="self.a != 'y'"
type Local struct {
	A string `json:"a"`
}

// Name is a string type with a rule.
//
// +kubebuilder:validation:XValidation:message="starts with n",rule="self.startsWith('n')"
type Name string

// Thing is a kind.
//
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec has fields with rules whose types have rules too.
type Spec struct {
	// +optional
	// +kubebuilder:validation:XValidation:message="a is x",rule="self.a == 'x'"
	Local *Local `json:"local,omitempty"`

	// +optional
	// +kubebuilder:validation:XValidation:message="only type A",rule="self.type == 'A'"
	Path *other.Modifier `json:"path,omitempty"`

	// +optional
	// +kubebuilder:validation:XValidation:message="ends with e",rule="self.endsWith('e')"
	Name Name `json:"name,omitempty"`
}
