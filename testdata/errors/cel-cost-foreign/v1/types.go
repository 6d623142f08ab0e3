// Package v1 is a controller-gen project whose CRD embeds a type of another module (k8s.io/api's
// batch/v1 JobSpec) under a list without +kubebuilder:validation:MaxItems: JobSpec's
// scheduling.resourceClaims says +k8s:immutable, which controller-gen (v0.21 and later) publishes
// as a rule, and that rule is evaluated once per list item. The hint proposes a bound on this
// package's list, in controller-gen's spelling, and none inside k8s.io/api, which is not the
// user's to change. The second kind bounds its list and generates.
//
// +groupName=celcostforeign.example.com
package v1

import (
	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Batch runs several jobs.
//
// +kubebuilder:object:root=true
type Batch struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BatchSpec `json:"spec"`
}

// BatchSpec lists the jobs, unbounded.
type BatchSpec struct {
	// +listType=map
	// +listMapKey=name
	Jobs []NamedJob `json:"jobs"`
}

// NamedJob is one job of a batch.
type NamedJob struct {
	// +kubebuilder:validation:MaxLength=63
	Name string          `json:"name"`
	Spec batchv1.JobSpec `json:"spec"`
}

// BoundedBatch runs at most 64 jobs.
//
// +kubebuilder:object:root=true
type BoundedBatch struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BoundedBatchSpec `json:"spec"`
}

// BoundedBatchSpec lists the jobs, at most 64.
type BoundedBatchSpec struct {
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:MaxItems=64
	Jobs []NamedJob `json:"jobs"`
}
