package equivalence

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestTwoWayMinSizes: the server reports a failed minLength, minItems or minProperties as Invalid;
// generated validators as TooShort and TooFew, which TwoWay compares as Invalid at the same path,
// and nothing else.
func TestTwoWayMinSizes(t *testing.T) {
	p := field.NewPath("spec")
	gen := field.ErrorList{
		field.TooShort(p.Child("name"), "a", 2),
		field.TooFew(p.Child("items"), 1, 2),
		field.TooMany(p.Child("tags"), 3, 2),
		field.Required(p.Child("value"), ""),
	}
	out, short := minLengthInvalid(gen)
	out, few := minSizeInvalid(out)
	if !short || !few {
		t.Fatalf("applied: min-length-invalid %v, min-size-invalid %v", short, few)
	}
	want := []field.ErrorType{field.ErrorTypeInvalid, field.ErrorTypeInvalid, field.ErrorTypeTooMany, field.ErrorTypeRequired}
	for i, e := range out {
		if e.Type != want[i] || e.Field != gen[i].Field {
			t.Errorf("%d: %s %s, want %s %s", i, e.Type, e.Field, want[i], gen[i].Field)
		}
	}
	if gen[1].Type != field.ErrorTypeTooFew {
		t.Errorf("the generated list was changed: %s", gen[1].Type)
	}
	if _, changed := minSizeInvalid(field.ErrorList{field.TooMany(p, 3, 2)}); changed {
		t.Error("min-size-invalid applied to a list without TooFew")
	}
}
