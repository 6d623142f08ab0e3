package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupName is the group name of the workloads API.
const GroupName = "workloads.example.com"

// SchemeGroupVersion is the group version used to register these objects.
var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1"}

// Kind takes an unqualified kind and returns a Group qualified GroupKind.
func Kind(kind string) schema.GroupKind {
	return SchemeGroupVersion.WithKind(kind).GroupKind()
}

// Resource takes an unqualified resource and returns a Group qualified GroupResource.
func Resource(resource string) schema.GroupResource {
	return SchemeGroupVersion.WithResource(resource).GroupResource()
}

var (
	// SchemeBuilder collects the functions that add this version's types to a scheme.
	SchemeBuilder runtime.SchemeBuilder
	// localSchemeBuilder is the SchemeBuilder of this package; the generated conversions
	// (zz_generated.conversion.go) register themselves with it in their init function.
	localSchemeBuilder = &SchemeBuilder
	// AddToScheme adds this version's types and conversions to a scheme.
	AddToScheme = localSchemeBuilder.AddToScheme
)

func init() {
	// Register the types here; the generated conversion functions are registered from
	// zz_generated.conversion.go's init, which keeps this file free of generated code.
	localSchemeBuilder.Register(addKnownTypes)
}

// addKnownTypes adds the types of this version to the scheme.
func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(SchemeGroupVersion,
		&WorkerPool{},
		&WorkerPoolList{},
		&WorkerClass{},
		&WorkerClassList{},
		&WorkerQuota{},
		&WorkerQuotaList{},
	)
	metav1.AddToGroupVersion(scheme, SchemeGroupVersion)
	return nil
}
