package schema

import (
	"reflect"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/model"
)

// cgAllOf spells, as controller-gen does, the validations that a field and its named type both
// declare with the same keyword. controller-gen writes the field as an allOf of the type's schema
// and the field's, and flattens that allOf into one schema: a keyword only one side sets is kept,
// and so is a comparable value both sides set alike (a pattern, a format); any other keyword both
// set (a bound, which it holds as a pointer, an enum, a default) is taken out and written as
// allOf: [{the type's}, {the field's}]. The API server applies both, as the merged schema's
// tightest bound does, so the schema means the same; only its spelling follows controller-gen's.
func (e *Emitter) cgAllOf(s *spec.Schema, n *model.Node) {
	if !e.cg {
		return
	}
	var tv, fv *model.Validations
	var te, fe []model.EnumValue
	shape := n
	switch {
	case n.Ref != nil:
		tv, fv, te, fe, shape = &n.Ref.Node.V, &n.V, n.Ref.Node.Enum, n.Enum, n.Ref.Node
	case n.PlaceV != nil:
		tv, fv = n.TypeV, n.PlaceV
	default:
		return
	}
	side := func(v *model.Validations, enum []model.EnumValue) spec.Schema {
		node := *shape
		node.V, node.Enum = *v, enum
		if lists := v.Schema.Enums; len(lists) > 0 {
			node.Enum = nil
			for _, x := range model.EnumIntersection(lists) {
				node.Enum = append(node.Enum, model.EnumValue{Value: x})
			}
		}
		node.V.Rules = nil // rules are one list, which the server runs alike
		var x spec.Schema
		(&Emitter{opts: e.opts, crd: e.crd, cg: e.cg, lenient: true}).Validations(&x, &node)
		return x
	}
	t, f := side(tv, te), side(fv, fe)
	var ta, fa spec.Schema
	hoisted := false
	hoist := func(get func(*spec.Schema) any, clear func(*spec.Schema)) {
		tv, fv := get(&t), get(&f)
		if isZero(tv) || isZero(fv) {
			return
		}
		if s, ok := tv.(string); ok && s == fv.(string) {
			return // comparable and equal: controller-gen keeps one
		}
		hoisted = true
		copyField(&ta, &t, clear)
		copyField(&fa, &f, clear)
		clear(s)
	}
	hoist(func(x *spec.Schema) any { return x.Maximum }, func(x *spec.Schema) { x.Maximum, x.ExclusiveMaximum = nil, false })
	hoist(func(x *spec.Schema) any { return x.Minimum }, func(x *spec.Schema) { x.Minimum, x.ExclusiveMinimum = nil, false })
	hoist(func(x *spec.Schema) any { return x.MultipleOf }, func(x *spec.Schema) { x.MultipleOf = nil })
	hoist(func(x *spec.Schema) any { return x.MaxLength }, func(x *spec.Schema) { x.MaxLength = nil })
	hoist(func(x *spec.Schema) any { return x.MinLength }, func(x *spec.Schema) { x.MinLength = nil })
	hoist(func(x *spec.Schema) any { return x.MaxItems }, func(x *spec.Schema) { x.MaxItems = nil })
	hoist(func(x *spec.Schema) any { return x.MinItems }, func(x *spec.Schema) { x.MinItems = nil })
	hoist(func(x *spec.Schema) any { return x.MaxProperties }, func(x *spec.Schema) { x.MaxProperties = nil })
	hoist(func(x *spec.Schema) any { return x.MinProperties }, func(x *spec.Schema) { x.MinProperties = nil })
	hoist(func(x *spec.Schema) any { return x.Pattern }, func(x *spec.Schema) { x.Pattern = "" })
	hoist(func(x *spec.Schema) any { return x.Format }, func(x *spec.Schema) { x.Format = "" })
	hoist(func(x *spec.Schema) any { return x.Enum }, func(x *spec.Schema) { x.Enum = nil })
	hoist(func(x *spec.Schema) any { return x.Default }, func(x *spec.Schema) { x.Default = nil })
	if hoisted {
		s.AllOf = append(s.AllOf, ta, fa)
	}
}

// copyField sets in dst the keywords of src that clear takes off (a bound with its exclusive
// flag, say): those that differ before and after clearing.
func copyField(dst, src *spec.Schema, clear func(*spec.Schema)) {
	probe := *src
	clear(&probe)
	sv, pv, dv := reflect.ValueOf(&src.SchemaProps).Elem(), reflect.ValueOf(&probe.SchemaProps).Elem(), reflect.ValueOf(&dst.SchemaProps).Elem()
	for i := range sv.NumField() {
		if !reflect.DeepEqual(sv.Field(i).Interface(), pv.Field(i).Interface()) {
			dv.Field(i).Set(sv.Field(i))
		}
	}
}

func isZero(v any) bool {
	if v == nil {
		return true
	}
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Interface, reflect.Map:
		return r.IsNil() || r.Kind() == reflect.Slice && r.Len() == 0
	}
	return r.IsZero()
}
