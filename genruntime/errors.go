package genruntime

import (
	"strconv"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Generated validators report errors relative to the value they validate: an error at the value
// itself has Field "", one at its field "name" has Field "name". The caller re-roots them with
// the functions below, so a field path is only ever built for an error: validating a valid object
// allocates nothing for paths. The functions edit errs in place and return it.

// PrefixChild re-roots errors under the struct field name ("spec" + "replicas" = "spec.replicas").
func PrefixChild(errs field.ErrorList, name string) field.ErrorList {
	return prefix(errs, name)
}

// PrefixIndex re-roots errors under list item i ("[3]" + "name" = "[3].name").
func PrefixIndex(errs field.ErrorList, i int) field.ErrorList {
	if len(errs) == 0 {
		return errs
	}
	return prefix(errs, "["+strconv.Itoa(i)+"]")
}

// PrefixKey re-roots errors under map key k ("[app]" + "x" = "[app].x"), spelled as field.Path.Key.
func PrefixKey(errs field.ErrorList, k string) field.ErrorList {
	if len(errs) == 0 {
		return errs
	}
	return prefix(errs, "["+k+"]")
}

// prefix puts elem (a field name, "[i]" or "[key]") in front of each error's relative path.
func prefix(errs field.ErrorList, elem string) field.ErrorList {
	for _, e := range errs {
		switch {
		case e.Field == "" || e.Field == "<nil>": // "<nil>": at a nil path (a custom validator's root)
			e.Field = elem
		case e.Field[0] == '[':
			e.Field = elem + e.Field
		default:
			e.Field = elem + "." + e.Field
		}
	}
	return errs
}

// PrefixPath re-roots errors under a materialized path (the fldPath of a public Validate_ function).
func PrefixPath(errs field.ErrorList, p *field.Path) field.ErrorList {
	if p == nil || p == Nested || len(errs) == 0 {
		return errs
	}
	s := p.String()
	if s == "" {
		return errs
	}
	return PrefixChild(errs, s)
}

// PrefixRoot re-roots errors under the fldPath of a public Validate_ function as apimachinery's
// field.Path spells it, as Kubernetes' validation-gen's generated code reports them (packages
// with +k8s:validation-gen): like PrefixPath, except that at a nil path an error at the value
// itself has Field "<nil>" (how a nil *field.Path prints, e.g. field.Invalid(nil, ...)), not "".
// Errors below the value read the same either way ("m1", "[0]"). Nothing is allocated.
func PrefixRoot(errs field.ErrorList, p *field.Path) field.ErrorList {
	if p != nil {
		return PrefixPath(errs, p)
	}
	for _, e := range errs {
		if e.Field == "" {
			e.Field = "<nil>"
		}
	}
	return errs
}

// AtValue makes the errors of one of apimachinery's validate functions (upstream's runtime
// library), called with a nil path, relative to the value being checked, so they are re-rooted
// like every generated check's errors: an error at the value itself (Field "<nil>", how a nil
// path prints) gets Field ""; one the function placed below it ("[key]", "name") keeps its path.
// It is only called on the error path.
func AtValue(errs field.ErrorList) field.ErrorList {
	for _, e := range errs {
		if e.Field == "<nil>" {
			e.Field = ""
		}
	}
	return errs
}

// AtValueOrigin is AtValue that also records origin on the errors that have none (those of an
// apimachinery validate function, validate.Enum's NotSupported, outside upstream's semantics).
func AtValueOrigin(errs field.ErrorList, origin string) field.ErrorList {
	for _, e := range errs {
		if e.Field == "<nil>" {
			e.Field = ""
		}
		if e.Origin == "" {
			e.Origin = origin
		}
	}
	return errs
}

// Nested is the fldPath a generated validator passes to the validator of a value it holds whose
// errors depend on being at the root (see PrefixEmbedded): like nil, it leaves errors relative
// (PrefixPath knows it). Only its identity counts.
var Nested = field.NewPath("<nested>")

// PrefixEmbedded re-roots the errors of an embedded field without a JSON name, validated as a value
// as Kubernetes' validation-gen does: they are at the holder's path, except at the root of a
// validation (fldPath nil), where they are under the field's Go name.
func PrefixEmbedded(errs field.ErrorList, fldPath *field.Path, name string) field.ErrorList {
	if fldPath != nil {
		return errs
	}
	return PrefixChild(errs, name)
}

// Unnested is fldPath as hand-written validators expect it: nil for Nested.
func Unnested(fldPath *field.Path) *field.Path {
	if fldPath == Nested {
		return nil
	}
	return fldPath
}

// ShortCircuit marks an error as one of a short-circuiting check (field.Error.ShortCircuit), as
// Kubernetes' validation-gen marks those of required, forbidden, immutable and update checks
// and of list and map size limits.
func ShortCircuit(e *field.Error) *field.Error {
	e.ShortCircuit = true
	return e
}
