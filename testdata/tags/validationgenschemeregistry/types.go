// Package validationgenschemeregistry exercises +k8s:validation-gen-scheme-registry: registration as
// upstream's validation-gen writes it. The types that +k8s:validation-gen selects (here those with
// a field named TypeMeta, not lists) are registered by a typed nil, and an init function registers
// RegisterValidations into localSchemeBuilder.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme
package validationgenschemeregistry

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

var localSchemeBuilder = &runtime.SchemeBuilder{}

// Widget is selected: it has a field named TypeMeta.
type Widget struct {
	metav1.TypeMeta `json:",inline"`

	// +k8s:maxLength=3
	Name string `json:"name"`

	Part Part `json:"part"`
}

// Part is validated as Widget's field, and not registered: it has no TypeMeta.
type Part struct {
	// +k8s:minimum=1
	Count int `json:"count"`
}

// WidgetList embeds ListMeta, so it is not registered, as upstream's validation-gen does.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata"`

	Items []Widget `json:"items"`
}

func (w *Widget) DeepCopyObject() runtime.Object {
	c := *w
	return &c
}

func (w *WidgetList) DeepCopyObject() runtime.Object {
	c := *w
	c.Items = append([]Widget(nil), w.Items...)
	return &c
}
