// Package v1 is laid out as kubebuilder scaffolds an API version: the package markers in
// groupversion_info.go, and again in doc.go. The same marker with the same value in several files
// of a package is one declaration.
//
// +kubebuilder:object:generate=true
// +groupName=files.example.com
// +kubebuilder:validation:Optional
package v1
