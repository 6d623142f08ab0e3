// Package v1 shows the maximum length a CRD publishes with a format it spells as a CEL rule: at
// compatibility version 1.37 the API server does not know k8s-label-key, so the CRD checks it with
// a rule, and the API server estimates the rule's cost from the longest string the schema allows.
// Without a maxLength that is as long as a request, and a rule in a list soon exceeds the
// per-rule budget; with the format's own maximum length (317 for a label key) it does not. The Go
// validators report a longer value TooLong, as the API server does.
//
// +groupName=formatmaxlength.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Labeling is a root kind.
//
// +kubebuilder:object:root=true
type Labeling struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec holds formats published each way.
type Spec struct {
	// Key is a label key: a CEL rule, and the format's maxLength.
	// +format=k8s-label-key
	Key string `json:"key"`

	// Keys are label keys in a list of 100: each key's rule runs 100 times, within the budget
	// thanks to the maxLength.
	// +maxItems=100
	// +optional
	Keys []Key `json:"keys,omitempty"`

	// Short has a maxLength tighter than the format's, which stays.
	// +format=k8s-label-key
	// +maxLength=20
	// +optional
	Short string `json:"short,omitempty"`

	// Loose has a maxLength looser than the format's, which the format's tightens.
	// +format=k8s-label-key
	// +maxLength=400
	// +optional
	Loose string `json:"loose,omitempty"`

	// Name has a format the API server knows at 1.37: published as format, without maxLength.
	// +format=k8s-short-name
	// +optional
	Name string `json:"name,omitempty"`

	// Value has a pattern of its own, so its format's pattern is a CEL rule, with the format's
	// maxLength (63).
	// +pattern=`^v`
	// +format=k8s-label-value
	// +optional
	Value string `json:"value,omitempty"`

	// Later is a label key at beta: Go checks it, the CRD does not, and publishes no maxLength.
	// +k8s:beta(since: "1.37")=+k8s:format=k8s-label-key
	// +optional
	Later string `json:"later,omitempty"`
}

// Key is a label key.
//
// +format=k8s-label-key
type Key string
