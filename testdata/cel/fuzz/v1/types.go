package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Fuzz is a resource: rules at its root see apiVersion, kind and metadata.
type Fuzz struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FuzzSpec `json:"spec"`
}

// FuzzItem is an item of the lists.
type FuzzItem struct {
	// +maxLength=16
	Name string `json:"name"`
	// +optional
	Port int32 `json:"port,omitempty"`
	// +optional
	// +maxLength=16
	Note *string `json:"note,omitempty"`
}

// FuzzSpec has a field of every shape that rules read.
type FuzzSpec struct {
	// +maxLength=32
	S string `json:"s"`
	// +optional
	// +maxLength=32
	OptS *string `json:"optS,omitempty"`
	I    int64   `json:"i"`
	// +optional
	I32 *int32  `json:"i32,omitempty"`
	U   uint32  `json:"u"`
	F   float64 `json:"f"`
	B   bool    `json:"b"`
	// +maxItems=4
	// +kubebuilder:validation:items:MaxLength=16
	Strings []string `json:"strings"`
	// +maxItems=4
	Ints []int64 `json:"ints"`
	// +listType=set
	// +maxItems=4
	// +kubebuilder:validation:items:MaxLength=16
	Set []string `json:"set"`
	// +listType=map
	// +listMapKey=name
	// +maxItems=4
	Items []FuzzItem `json:"items"`
	// +maxItems=4
	Atomic []FuzzItem `json:"atomic"`
	// +maxProperties=4
	Labels map[string]string `json:"labels"`
	// +optional
	Inner *FuzzItem `json:"inner,omitempty"`
	// +format=duration
	// +maxLength=32
	Dur string `json:"dur"`
	// +format=date
	// +maxLength=32
	Date string `json:"date"`
	// +format=date-time
	// +maxLength=40
	DateTime string `json:"dateTime"`
	// +optional
	Time *metav1.Time       `json:"time,omitempty"`
	Port intstr.IntOrString `json:"port"`
	Size resource.Quantity  `json:"size"`
	// +maxItems=4
	// +kubebuilder:validation:items:Format=duration
	// +kubebuilder:validation:items:MaxLength=32
	Durs []string `json:"durs"`
}
