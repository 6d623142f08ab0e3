// Package realapi holds a test that runs validation-gen over real public API modules as they are
// published: fetched through the Go module proxy at a pinned version, copied unchanged into a
// temporary module, generated into, then built and vetted, and every CRD checked by the API
// server's own CRD validation.
//
// It downloads modules, so it only runs when VALIDATION_GEN_REALAPI=1:
//
//	VALIDATION_GEN_REALAPI=1 go test ./test/realapi/ -count=1 -v
//
// With -v it reports what each module gave (packages, kinds, CRD versions, definitions) and how
// many markers of other tools it ignored, by name: validation-gen does not yet read kubebuilder's
// validation markers, so their validations are not in its output.
package realapi
