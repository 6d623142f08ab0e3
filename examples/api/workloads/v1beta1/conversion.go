package v1beta1

import (
	"k8s.io/apimachinery/pkg/conversion"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
)

// Convert_workloads_WorkerPoolSpec_To_v1beta1_WorkerPoolSpec converts the internal WorkerPoolSpec to
// v1beta1. v1beta1 has no CapacityWeight field, so it is dropped; converting back leaves it nil.
func Convert_workloads_WorkerPoolSpec_To_v1beta1_WorkerPoolSpec(in *workloads.WorkerPoolSpec, out *WorkerPoolSpec, s conversion.Scope) error {
	return autoConvert_workloads_WorkerPoolSpec_To_v1beta1_WorkerPoolSpec(in, out, s)
}
