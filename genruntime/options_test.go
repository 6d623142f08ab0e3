package genruntime

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestIfOption(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name     string
		options  map[string]bool
		enabled  bool
		want     bool
		internal bool
	}{
		{"enabled, gate on enabled", map[string]bool{"X": true}, true, true, false},
		{"enabled, gate on disabled", map[string]bool{"X": true}, false, false, false},
		{"disabled, gate on disabled", map[string]bool{"X": false}, false, true, false},
		{"disabled, gate on enabled", map[string]bool{"X": false}, true, false, false},
		{"undefined", map[string]bool{"Y": true}, true, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			op := operation.Operation{Type: operation.Create, Options: c.options}
			on, errs := IfOption(ctx, op, "X", c.enabled)
			if on != c.want {
				t.Errorf("on = %v, want %v", on, c.want)
			}
			if c.internal != (len(errs) == 1 && errs[0].Type == field.ErrorTypeInternal && errs[0].Field == "<nil>") || !c.internal && len(errs) > 0 {
				t.Errorf("errors = %v, internal error wanted: %v", errs, c.internal)
			}
			if !c.internal {
				if n := testing.AllocsPerRun(100, func() { IfOption(ctx, op, "X", c.enabled) }); n != 0 {
					t.Errorf("%v allocations, want 0", n)
				}
			}
		})
	}
}
