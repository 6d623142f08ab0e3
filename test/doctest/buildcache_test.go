package doctest

// The test binary links validation-gen's runtime and, through internal/crdcheck and tags, nearly all
// of the API server libraries the generator is built from. The recipes do not use them: importing
// them makes `go test` compile them before the test starts (in parallel with the other packages
// that need them, and outside the test's timeout), so the go commands the recipes run find them in
// the build cache. With a cold build cache a recipe's `go generate ./...` would otherwise compile
// some 700 packages inside the test, which on two cores takes longer than go test's default
// timeout. The generator itself (generators/, the command) is still compiled by the test.
import (
	_ "github.com/validation-gen/validation-gen/genruntime"
	_ "github.com/validation-gen/validation-gen/genruntime/celrt"
	_ "github.com/validation-gen/validation-gen/internal/crdcheck"
	_ "github.com/validation-gen/validation-gen/tags"
)
