// Package v1 is where generators/celfuzz_test.go puts the rules it fuzzes: the places of its types
// (a struct of every shape, a list, a string, a resource root) receive each rule in turn, which
// the generator checks and compiles to Go or leaves to cel-go.
//
// +groupName=fuzz.cel.example.com
package v1
