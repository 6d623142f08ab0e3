// +skip_license_check

// Package util is a helper package that a run over ./... reaches. Its comments hold a tag of no
// tool that reads API types (cert-manager marks files +skip_license_check) and lines that start
// with '+' without being tags: it is no API package.
package util

// Table draws
//
//	+------+
//	| cell |
//	+------+
type Table struct {
	Draw func() string
}
