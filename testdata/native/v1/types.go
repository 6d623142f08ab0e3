// Package v1 embeds the largest k8s.io/api types CRDs embed: a PodTemplateSpec and a batch/v1
// JobSpec (KEP-4153's user story of a CRD embedding PodTemplateSpec). generators/native_test.go
// generates their CRDs with and without --native-validation and has the API server's CRD
// validation (CEL cost budget included) check them.
//
// +groupName=native.example.com
package v1

import (
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// PodSet runs pods from a template.
//
// +kubebuilder:object:root=true
type PodSet struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Template of the pods.
	Template corev1.PodTemplateSpec `json:"template"`
}

// JobSet runs a job.
//
// +kubebuilder:object:root=true
type JobSet struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Job to run.
	Job batchv1.JobSpec `json:"job"`
}
