package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupName is the group name of the storage API.
const GroupName = "storage.example.com"

// SchemeGroupVersion is the group version used to register these objects.
var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1"}

var (
	// SchemeBuilder collects the functions that add this version's types to a scheme.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes)
	// AddToScheme adds this version's types to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// addKnownTypes adds the types of this version to the scheme.
func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(SchemeGroupVersion, &Bucket{}, &BucketList{})
	metav1.AddToGroupVersion(scheme, SchemeGroupVersion)
	return nil
}
