package equivalence

import (
	"context"
	"fmt"

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
// its schema errors its own way ("in body should match ..."). The report's mismatches are
// OnlyGenerated (the generated validators report an error the server does not) or OnlySchema.
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
		ref, got, applied := normalize(old != nil, gen, res.errs, res)
		r := &Report{Case: name, Mismatches: compare(withoutDetails(ref), withoutDetails(got), Schema, gvk.Version, nil, OnlyGenerated, OnlySchema)}
		for i := range r.Mismatches {
			r.Mismatches[i].Case = name
		}
		for _, a := range applied {
			r.Normalizations = append(r.Normalizations, gvk.Version+": "+a)
		}
		return r, nil
	}
	return nil, fmt.Errorf("no CRD for %T (kinds %v)", obj, gvks)
}

func withoutDetails(l field.ErrorList) field.ErrorList {
	out := make(field.ErrorList, 0, len(l))
	for _, e := range l {
		c := *e
		c.Detail, c.BadValue = "", nil
		out = append(out, &c)
	}
	return out
}
