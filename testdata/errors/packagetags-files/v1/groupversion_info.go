// Package v1 names two groups in two files; each file's declaration is reported with the other.
//
// +groupName=one.example.com
// +versionName=v1
package v1
