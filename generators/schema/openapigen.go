package schema

import (
	"go/types"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/model"
)

// openAPIGenExtensions writes what openapi-gen's own tags publish at a declaration (see
// model.OpenAPIGenTags): the extensions it copies from tags, and a struct's unions. Only the
// kube-openapi definitions (and the JSON document) carry them, never CRDs. Keys are set as written
// (spec.Schema.AddExtension would lower-case them; openapi-gen writes them as the tag does).
func openAPIGenExtensions(s *spec.Schema, o model.OpenAPIGenTags, unions []model.OpenAPIUnion) {
	for _, x := range o.Extensions {
		setExtension(s, x.Name, x.Value)
	}
	if len(unions) == 0 {
		return
	}
	var list []any
	for _, u := range unions {
		members := map[string]any{}
		for k, v := range u.Members {
			members[k] = v
		}
		m := map[string]any{"fields-to-discriminateBy": members}
		if u.Discriminator != "" {
			m["discriminator"] = u.Discriminator
		}
		list = append(list, m)
	}
	setExtension(s, "x-kubernetes-unions", list)
}

func setExtension(s *spec.Schema, key string, value any) {
	if s.Extensions == nil {
		s.Extensions = spec.Extensions{}
	}
	s.Extensions[key] = value
}

// emptyInterface reports whether a Go type is interface{} (or any), through pointers and aliases:
// openapi-gen spells it as type object, though it holds any JSON value, and the kube-openapi
// definitions do the same. A named interface type gets no type from openapi-gen, nor here.
func emptyInterface(t types.Type) bool {
	for {
		switch x := t.(type) {
		case *types.Pointer:
			t = x.Elem()
		case *types.Alias:
			t = x.Rhs()
		case *types.Interface:
			return x.Empty()
		default:
			return false
		}
	}
}

// openAPIMarkers publishes what kube-openapi's markers (+k8s:validation:...) say beyond this
// project's own keywords, as openapi-gen writes it: uniqueItems, and the nested markers as an
// allOf entry beside the value's schema. Nested levels are spelled by nestedSchema, which carries
// everything they declare (the element nodes the builder merged them into leave them out). A CRD
// gets no uniqueItems (the API server refuses it there), and its structural schema allows no
// x-kubernetes-validations nor additionalProperties in allOf: its items and map values carry their
// nested validations themselves (model.PublishedCRD), and only properties:<name>: stay in allOf,
// without rules (reported).
func (e *Emitter) openAPIMarkers(s *spec.Schema, t model.SchemaTags) {
	if u := t.UniqueItems; u != nil && !u.Nested && !e.crd {
		s.UniqueItems = true
	}
	a := t.AllOf
	if a == nil || a.Nested {
		return
	}
	if e.crd {
		if len(a.Properties) == 0 {
			return
		}
		a = &model.NestedValidations{Properties: a.Properties, Origin: a.Origin}
	}
	entry := nestedAllOf(a, e.crd)
	if e.crd && hasRules(entry) && e.diags != nil {
		e.diags.Add(a.Pos, a.Tag, "a cel rule below properties: cannot be published in a CRD (its structural schema allows "+
			"no x-kubernetes-validations within allOf, where openapi-gen writes it); write the rule on the field's own type")
	}
	s.AllOf = append(s.AllOf, entry)
}

// hasRules reports whether a schema holds x-kubernetes-validations anywhere.
func hasRules(s spec.Schema) bool {
	if _, ok := s.Extensions[ExtValidations]; ok {
		return true
	}
	for _, p := range s.Properties {
		if hasRules(p) {
			return true
		}
	}
	for _, x := range s.AllOf {
		if hasRules(x) {
			return true
		}
	}
	return s.Items != nil && s.Items.Schema != nil && hasRules(*s.Items.Schema)
}

// nestedAllOf spells one level of nested markers: {items, properties, additionalProperties}.
func nestedAllOf(a *model.NestedValidations, crd bool) spec.Schema {
	var s spec.Schema
	if a.Items != nil {
		is := nestedSchema(a.Items, crd)
		s.Items = &spec.SchemaOrArray{Schema: &is}
	}
	for _, p := range a.Properties {
		if s.Properties == nil {
			s.Properties = map[string]spec.Schema{}
		}
		s.Properties[p.Name] = nestedSchema(p.V, crd)
	}
	if a.AdditionalProperties != nil {
		as := nestedSchema(a.AdditionalProperties, crd)
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &as}
	}
	return s
}

// nestedSchema spells the validations one nested level declares, as openapi-gen writes them.
func nestedSchema(v *model.Validations, crd bool) spec.Schema {
	var s spec.Schema
	pv := model.PublishedCRD(*v) // everything of the level, what fits no check in Go (SchemaOnly) too
	v = &pv
	valueKeywords(&s, v)
	if v.Schema.UniqueItems != nil && !crd {
		s.UniqueItems = true
	}
	AddRules(&s, v.Rules)
	if a := v.Schema.AllOf; a != nil {
		s.AllOf = append(s.AllOf, nestedAllOf(a, crd))
	}
	return s
}
