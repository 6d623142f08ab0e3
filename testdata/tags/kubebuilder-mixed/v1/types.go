package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind without +kubebuilder:object:root.
//
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:printcolumn:name="Mode",type=string,JSONPath=`.spec.mode`
// +kubebuilder:subresource:status
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec"`
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetList is a list of widgets.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// WidgetSpec is the desired state.
// +kubebuilder:validation:XValidation:rule="self.mode != 'slow' || self.size <= 3",message="slow widgets are small"
type WidgetSpec struct {
	// Mode is how fast.
	// +kubebuilder:validation:Enum=fast;slow
	// +kubebuilder:default=fast
	// +optional
	Mode string `json:"mode,omitempty"`

	// Size is how big.
	// +kubebuilder:validation:Minimum=1
	Size int32 `json:"size"`

	// Name is a DNS label.
	// +kubebuilder:validation:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
	// +kubebuilder:validation:MaxLength=63
	// +optional
	Name string `json:"name,omitempty"`
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	// Conditions are the widget's conditions, with metav1.Condition's markers.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// Template is not a kind for controller-gen: its ObjectMeta is a named field, not embedded.
type Template struct {
	metav1.TypeMeta `json:",inline"`
	Metadata        metav1.ObjectMeta `json:"metadata,omitempty"`
}
