// Package v1 holds the good CEL cases of generators/celagree_test.go: every root kind is one
// rule (or a few related rules) that validation-gen and the API server's CRD validation must
// both accept.
//
// +groupName=good.cel.example.com
package v1
