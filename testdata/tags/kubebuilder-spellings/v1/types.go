// Package v1 writes the markers controller-gen reads in every spelling controller-tools' parser
// accepts (=, :=, :key=value, ": key=value", positional values), and the spellings it ignores,
// which are warnings here: a misspelt marker, a ':' where '=' belongs, stray punctuation, a blank
// before '=', another generator's tag. The CRD is controller-gen's for the same input.
//
// +groupName:=spellings.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=widgets,scope=Cluster
// +resource:path=widgets
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// Port is one port of a list map.
type Port struct {
	Name string `json:"name"`
	// +optional
	Number int32 `json:"number,omitempty"`
}

// WidgetSpec is the desired state.
type WidgetSpec struct {
	// +listType:=set
	// +kubebuilder:validation:items:MinLength:=1
	// +kubebuilder:validation:items:MaxLength=63
	Tags []string `json:"tags,omitempty"`

	// +listType:=map
	// +listMapKey:=name
	// +kubebuilder:validation:MaxItems:=8
	Ports []Port `json:"ports,omitempty"`

	// +mapType:=atomic
	Labels map[string]string `json:"labels,omitempty"`

	// +structType:=atomic
	// +optional
	Primary Port `json:"primary,omitempty"`

	// +kubebuilder:validation:Enum={fast,slow}
	// +kubebuilder:default:=fast
	Mode string `json:"mode,omitempty"`

	// +kubebuilder:validation:Minimum:=1
	// +kubebuilder:validation:Maximum=10
	// +kubebuilder:validation:MultipleOf:m=2
	Size int32 `json:"size,omitempty"`

	// +kubebuilder:validation:XValidation:rule="self.startsWith('a')",message="starts with a"
	// +kubebuilder:validation:Pattern:=`^[a-z]+$`
	Name string `json:"name,omitempty"`

	// Suffix has a blank after the marker's last ':', which controller-gen reads as nothing (a
	// warning says to drop it).
	//
	// +kubebuilder:validation:XValidation: message="ends with z",rule="self.endsWith('z')"
	Suffix string `json:"suffix,omitempty"`

	// Warnings: controller-gen ignores all of these.
	//
	// +kubebuilder:validation:UniqueItems:true
	// +kubebuilder:vaidation:MinItems=1
	// +listType = atomic
	// +optional.
	Odd []string `json:"odd,omitempty"`
}
