package v1

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyObject makes Fuzz a runtime.Object, for the registration the validators write.
func (in *Fuzz) DeepCopyObject() runtime.Object { return in }
