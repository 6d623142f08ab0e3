// Package v1 holds the bad CEL cases of generators/celagree_test.go: every root kind is one
// mistake that validation-gen and the API server's CRD validation must both reject.
//
// +groupName=bad.cel.example.com
package v1
