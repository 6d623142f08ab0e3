// Package kubebuildermarkers carries kubebuilder markers in controller-tools' syntax, where the
// first argument may follow the marker's name after a ':'. Misspelt markers are reported with
// the closest known marker.
package kubebuildermarkers

// Widget is a kind as kubebuilder projects write it.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=widgets,scope=Cluster,shortName=wg
// +kubebuilder:subresource:status
// +kubebuilder:metadata:labels="example.com/tier=gold"
// +kubebuilder:deprecatedversion:warning="use v2"
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
// +kubebuilder:validation:XValidation:rule="self.size > 0",message="size must be positive"
// +kubebuilder:printcolum:name="Typo",type=string,JSONPath=`.spec.name`
type Widget struct {
	// +kubebuilder:validation:Maximum=10
	// +kubebuilder:validation:Minimum:=1
	// +kubebuilder:validation:XValidation:message="must not shrink",rule="self >= oldSelf"
	Size int32 `json:"size"`

	// +kubebuilder:validaton:MaxLength=3
	Name string `json:"name"`
}
