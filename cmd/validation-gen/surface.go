package main

import (
	"fmt"
	"os"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/review"
)

// loadSurface loads the packages of patterns in dir through the pipeline's checks and builds their
// review surface (what diff and lint compare). Problems in the input are printed; the error then
// only says that there were some.
func loadSurface(dir string, patterns, readOnly []string) (*review.Surface, error) {
	c, diags, err := generators.Model(generators.Config{
		Dir: dir, Patterns: patterns, ReadOnly: readOnly,
		Options: generators.Options{Compat: celenv.DefaultVersion(), FormatFallback: true},
	})
	if err != nil {
		return nil, err
	}
	if c == nil {
		fmt.Fprint(os.Stderr, diags.Error(dir))
		return nil, fmt.Errorf("%s: %d error(s) in the input", dir, len(diags.Errors().Sorted()))
	}
	return review.Build(c.Universe, c.Costs.Of), nil
}
