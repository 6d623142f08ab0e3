// Package v1 holds the values CEL reads as the API server reads them: every format and shape a
// schema gives a Go value (durations, dates and date-times as strings, metav1.Time, Duration and
// MicroTime, int-or-string, quantity, unsigned integers, nullable and omitted fields, maps with
// named keys, list maps, sets, atomic lists, objects), each read by rules. The differential test
// (generators/nativecel_test.go, internal/celdiff) runs them compiled to Go, in cel-go and in the
// API server's CRD validation, on random values, and requires the same errors.
//
// +groupName=values.cel.example.com
package v1
