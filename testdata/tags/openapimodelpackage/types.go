// Package openapimodelpackage exercises +k8s:openapi-model-package: the prefix of definition
// names, for the package and for one type.
//
// +groupName=openapimodelpackage.example.com
// +k8s:openapi-model-package=com.example.models.v1
package openapimodelpackage

// Widget is named com.example.models.v1.Widget.
type Widget struct {
	// Part refers to a type with its own prefix.
	Part Part `json:"part"`
}

// Part overrides the prefix of the package.
//
// +k8s:openapi-model-package=com.example.parts
type Part struct {
	Name string `json:"name"`
}
