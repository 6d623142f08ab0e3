package workloads_test

import (
	"context"
	"testing"
)

// TestValidObjectsDoNotAllocate keeps the generated validators of every workloads kind
// allocation-free on valid input, on create and on an unchanged update: their CEL rules run
// compiled to Go, their formats and list-map keys without allocating.
func TestValidObjectsDoNotAllocate(t *testing.T) {
	ctx := context.Background()
	for _, k := range benchKinds(t) {
		obj, old := k.obj(), k.obj()
		for _, c := range []struct {
			name string
			run  func() int
		}{
			{"create", func() int { return len(k.validate(ctx, obj, nil)) }},
			{"unchanged update", func() int { return len(k.validate(ctx, obj, old)) }},
		} {
			if n := c.run(); n != 0 {
				t.Fatalf("%s %s: %d errors on a valid object", k.name, c.name, n)
			}
			if allocs := testing.AllocsPerRun(100, func() { c.run() }); allocs != 0 {
				t.Errorf("%s %s: %v allocations, want 0", k.name, c.name, allocs)
			}
		}
	}
}
