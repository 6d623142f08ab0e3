// Package usermodule is the end-to-end test of the README's "Use it in your own module": it runs that
// section's commands and writes its files, exactly as they stand in README.md, into a new module in
// a temporary directory outside the repository, then generates, builds, vets and tests it there.
//
// It needs the Go module proxy (or a module cache that holds the modules) for the dependencies of
// the new module; it is skipped with -short.
package usermodule
