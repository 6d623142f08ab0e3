// Package api is version v1beta1 of its group, as +versionName says: controller-gen and
// validation-gen take the CRD version from it rather than from the package's name.
//
// +groupName=versionname.example.com
// +versionName=v1beta1
package api
