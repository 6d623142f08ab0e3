// Package v1 repeats +patchMergeKey for a list map of two keys, as Kueue writes it: controller-gen
// does not read the tag, and strategic merge patch merges by one key, so the second is a warning
// and the first is the one published (never in CRDs).
//
// +groupName=patchmergekey.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Stats is a root kind.
//
// +kubebuilder:object:root=true
type Stats struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// evictions by reason and cause.
	//
	// +optional
	// +listType=map
	// +listMapKey=reason
	// +listMapKey=cause
	// +patchStrategy=merge
	// +patchMergeKey=reason
	// +patchMergeKey=cause
	Evictions []Eviction `json:"evictions,omitempty" patchStrategy:"merge" patchMergeKey:"reason"`
}

// Eviction counts evictions.
type Eviction struct {
	Reason string `json:"reason"`
	Cause  string `json:"cause"`
	Count  int32  `json:"count"`
}
