// Package importnames imports three packages named v1 (apimachinery's meta/v1, core/v1 and
// batch/v1) and uses their types where generated validators name types: list-map keys, map keys,
// map values, an anonymous struct. Every type reference of generated code goes through one
// import-naming path, so the file compiles whatever the packages are called.
//
// +groupName=importnames.example.com
package importnames

import (
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Condition is a list-map item keyed by a batch/v1 type.
type Condition struct {
	// Type is batch/v1's JobConditionType.
	Type batchv1.JobConditionType `json:"type"`
	// Reason is short.
	// +optional
	// +maxLength=8
	Reason string `json:"reason,omitempty"`
	// LastProbeTime is meta/v1's Time.
	// +optional
	LastProbeTime metav1.Time `json:"lastProbeTime,omitempty"`
}

// Usage is a list-map item keyed by a core/v1 type and a batch/v1 one.
type Usage struct {
	// Resource is core/v1's ResourceName.
	Resource corev1.ResourceName `json:"resource"`
	// Policy is batch/v1's CompletionMode.
	Policy batchv1.CompletionMode `json:"policy"`
	// Count is at least 1.
	// +minimum=1
	Count int32 `json:"count"`
}

// Pool uses the three packages' types where generated validators name them.
type Pool struct {
	// Conditions, keyed by a batch/v1 type.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []Condition `json:"conditions,omitempty"`

	// Usages, keyed by a core/v1 type and a batch/v1 one.
	// +optional
	// +listType=map
	// +listMapKey=resource
	// +listMapKey=policy
	Usages []Usage `json:"usages,omitempty"`

	// Limits by core/v1's ResourceName, each at least 0.
	// +optional
	// +k8s:eachKey=+k8s:maxLength=16
	// +k8s:eachVal=+k8s:minimum=0
	Limits map[corev1.ResourceName]int32 `json:"limits,omitempty"`

	// Modes by core/v1's ResourceName, values of batch/v1.
	// +optional
	// +k8s:eachKey=+k8s:minLength=1
	Modes map[corev1.ResourceName]batchv1.CompletionMode `json:"modes,omitempty"`

	// Window is an anonymous struct of the three packages' types.
	// +optional
	Window *struct {
		// Start is meta/v1's Time.
		Start metav1.Time `json:"start"`
		// Resource is core/v1's ResourceName.
		Resource corev1.ResourceName `json:"resource"`
		// Mode is batch/v1's CompletionMode.
		// +optional
		Mode batchv1.CompletionMode `json:"mode,omitempty"`
	} `json:"window,omitempty"`
}
