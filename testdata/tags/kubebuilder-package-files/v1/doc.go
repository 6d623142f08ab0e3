// +groupName="files.example.com"
// +kubebuilder:validation:Optional
package v1
