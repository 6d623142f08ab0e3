// Package fspath is the part of path/filepath that the result cache's fast path and what it
// writes through use (generators/cache/lookup, generators/output, internal/gohead,
// cmd/validation-gen/internal/fastpath), without importing path/filepath where paths are
// slash-separated: path/filepath has package initialisation of its own, and a package that
// imports it is initialised only after every package that does not and whose import path sorts
// before "path/filepath" (the Go specification's order), which put the fast path behind
// gobuffalo/flect's plural tables, the protobuf registries and much of k8s.io. On Windows it is
// path/filepath itself.
//
// Each function is its path/filepath namesake: see there.
package fspath
