package equivalence

import (
	"context"
	"fmt"
	"regexp"

	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TwoWay is the harness without a handwritten side, for APIs whose only validation is
// declarative (CRD projects, controller-gen's markers): it compares the generated validators
// (registered with the scheme, plus the generic ObjectMeta validation) with the schema backend
// (the API server's validation of a custom resource, built from the generated CRD) on one
// versioned object, old nil on create. Errors compare as multisets of (type, field path) after
// the schema backend's normalisations, the generated validators playing the reference. Details
// are not compared: there is no handwritten wording to hold either side to, and the server words
// its schema errors its own way ("in body should match ..."). Besides the harness's
// normalisations, a generated TooShort is compared as the server's Invalid (min-length-invalid),
// and so is a generated TooFew (min-size-invalid).
// The report's mismatches are
// OnlyGenerated (the generated validators report an error the server does not) or OnlySchema;
// the server's errors on update that are one of the known ratcheting differences
// (KnownCELEvalUnchanged, KnownMetadataUnchanged), decided with the server's own correlation of the
// new object with the old, are in the report's Known instead.
func TwoWay(ctx context.Context, scheme *runtime.Scheme, schemas *Schemas, name string, obj, old runtime.Object) (*Report, error) {
	gvks, _, err := scheme.ObjectKinds(obj)
	if err != nil {
		return nil, err
	}
	for _, gvk := range gvks {
		k, ok := schemas.kinds[gvk]
		if !ok {
			continue
		}
		gen, err := validateDeclaratively(ctx, scheme, k.namespaced, obj, old)
		if err != nil {
			return nil, err
		}
		res, err := schemas.validate(ctx, gvk, obj, old)
		if err != nil {
			return nil, err
		}
		gen, minLength := minLengthInvalid(gen)
		gen, minSize := minSizeInvalid(gen)
		gen, maxBytes := maxBytesInvalid(gen)
		ref, got, applied := normalize(old != nil, gen, res.errs, res)
		if minSize {
			applied = append([]string{"min-size-invalid"}, applied...)
		}
		if maxBytes {
			applied = append([]string{"max-bytes-invalid"}, applied...)
		}
		if minLength {
			applied = append([]string{"min-length-invalid"}, applied...)
		}
		r := &Report{Case: name, Mismatches: compare(ref, got, Schema, gvk.Version, anyDetail(), OnlyGenerated, OnlySchema)}
		for i := range r.Mismatches {
			r.Mismatches[i].Case = name
		}
		classifyRatcheting(r, res)
		for _, a := range applied {
			r.Normalizations = append(r.Normalizations, gvk.Version+": "+a)
		}
		return r, nil
	}
	return nil, fmt.Errorf("no CRD for %T (kinds %v)", obj, gvks)
}

// anyDetail is an equivalence file that allows any two details.
func anyDetail() *Equivalences {
	all := regexp.MustCompile("")
	return &Equivalences{Entries: []*Equivalence{{Reason: "two-way: details are not compared",
		field: all, handwritten: all, declarative: all}}, used: map[*Equivalence]bool{}}
}

// asInvalid returns l with its errors of type t copied as Invalid, and whether there were any.
func asInvalid(l field.ErrorList, t field.ErrorType) (field.ErrorList, bool) {
	changed := false
	out := make(field.ErrorList, 0, len(l))
	for _, e := range l {
		if e.Type == t {
			c := *e
			c.Type = field.ErrorTypeInvalid
			e, changed = &c, true
		}
		out = append(out, e)
	}
	return out, changed
}

// minLengthInvalid is the two-way normalisation min-length-invalid: the server reports a failed
// minLength as Invalid, generated validators as TooShort (as handwritten validation does), so
// the generated TooShort errors are compared as Invalid.
func minLengthInvalid(l field.ErrorList) (field.ErrorList, bool) {
	return asInvalid(l, field.ErrorTypeTooShort)
}

// minSizeInvalid is the two-way normalisation min-size-invalid: the server reports a failed
// minItems or minProperties as Invalid ("should have at least N items", "... N properties"),
// generated validators as TooFew (as handwritten validation reports too few items), so the
// generated TooFew errors are compared as Invalid, at the same path.
func minSizeInvalid(l field.ErrorList) (field.ErrorList, bool) {
	return asInvalid(l, field.ErrorTypeTooFew)
}

// Default applies the defaults of obj's CRD to obj, as the API server does when it decodes a
// request or reads a stored object: generated validators and the schema backend then both see
// what the server validates. obj's kind must be set.
func (s *Schemas) Default(obj runtime.Object) error {
	gvk := obj.GetObjectKind().GroupVersionKind()
	k, ok := s.kinds[gvk]
	if !ok {
		return fmt.Errorf("no CRD for %v", gvk)
	}
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return err
	}
	structuraldefaulting.Default(u, k.structural)
	return runtime.DefaultUnstructuredConverter.FromUnstructured(u, obj)
}
