// WorkerClass: its create and update validation.

package validation

import (
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
)

// ValidateWorkerClass validates a WorkerClass on create: its metadata (cluster-scoped, name a
// DNS-1123 label) and its fields.
func ValidateWorkerClass(obj *workloads.WorkerClass) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMeta(&obj.ObjectMeta, false, ValidateWorkerClassName, field.NewPath("metadata"))
	allErrs = append(allErrs, validateWorkerClassFields(obj, nil)...)
	return allErrs
}

// ValidateWorkerClassUpdate validates an update of a WorkerClass: the metadata update rules, the
// +nameFormat rule, and the fields ratcheting against the old ones. WorkerClass has no transition
// rules. An object equal to the old one gets only the metadata update rules.
func ValidateWorkerClassUpdate(newObj, oldObj *workloads.WorkerClass) field.ErrorList {
	metaPath := field.NewPath("metadata")
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newObj.ObjectMeta, &oldObj.ObjectMeta, metaPath)
	if workerClassesEqual(newObj, oldObj) {
		return allErrs
	}
	allErrs = append(allErrs, validateNameFormat(&newObj.ObjectMeta, &oldObj.ObjectMeta, ValidateWorkerClassName, metaPath)...)
	allErrs = append(allErrs, validateWorkerClassFields(newObj, oldObj)...)
	return allErrs
}

// validateWorkerClassFields validates the fields of a WorkerClass other than its metadata. They
// sit at the root of the object. oldObj is the old object of an update that changed it, nil on
// create: a field equal to its old value is not checked.
func validateWorkerClassFields(obj, oldObj *workloads.WorkerClass) field.ErrorList {
	var allErrs field.ErrorList

	// cpu: +required (0 is missing), +minimum=1, +maximum=256.
	switch {
	case obj.CPU == 0:
		allErrs = append(allErrs, field.Required(field.NewPath("cpu"), ""))
	case oldObj != nil && obj.CPU == oldObj.CPU:
	case obj.CPU < minCPU:
		allErrs = append(allErrs, field.Invalid(field.NewPath("cpu"), obj.CPU, msgCPUMin))
	case obj.CPU > maxCPU:
		allErrs = append(allErrs, field.Invalid(field.NewPath("cpu"), obj.CPU, msgCPUMax))
	}

	// memory: +required (a zero quantity is missing), and the rule
	// quantity(string(self)).isGreaterThan(quantity('64Mi')). Quantities are equal when they
	// compare equal (1Gi and 1024Mi), as apiequality.Semantic has it.
	switch {
	case obj.Memory.IsZero():
		allErrs = append(allErrs, field.Required(field.NewPath("memory"), ""))
	case oldObj != nil && obj.Memory.Cmp(oldObj.Memory) == 0:
	case obj.Memory.Cmp(minMemory) <= 0:
		allErrs = append(allErrs, field.Invalid(field.NewPath("memory"), obj.Memory.String(), msgMemory))
	}

	return allErrs
}
