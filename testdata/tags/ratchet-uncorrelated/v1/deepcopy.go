package v1

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyObject makes Policy a runtime.Object, so that the behaviour test can validate it as
// the API server validates a custom resource (deepcopy-gen does not run on golden folders;
// nothing mutates the copy).
func (p *Policy) DeepCopyObject() runtime.Object {
	c := *p
	return &c
}
