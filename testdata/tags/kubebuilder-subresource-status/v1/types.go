// Package v1 shows +kubebuilder:subresource:status.
//
// +groupName=subresource-status.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec WidgetSpec `json:"spec"`

	// Status is the observed state.
	// +optional
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is the desired state.
type WidgetSpec struct {
	// Replicas is how many.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	// Replicas is how many there are.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`

	// Selector selects the pods.
	// +optional
	Selector string `json:"selector,omitempty"`
}

// WidgetList is a list of widgets.
//
// +kubebuilder:object:root=true
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// Binding asks for the status subresource and has no status field, as Cluster API's v1beta1
// ClusterResourceSetBinding: controller-gen writes the subresource all the same.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Binding struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}
