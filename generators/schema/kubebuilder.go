package schema

import (
	"go/types"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/model"
)

// schemaTags publishes what only controller-gen's markers declare (model.SchemaTags), after the
// node's shape: an empty schema for Schemaless, a type override, nullable and the
// x-kubernetes-* extensions.
func (e *Emitter) schemaTags(s *spec.Schema, t *model.SchemaTags) {
	if t.Schemaless != nil {
		*s = spec.Schema{SchemaProps: spec.SchemaProps{Description: s.Description}}
	}
	if t.Type != nil {
		s.Type = spec.StringOrArray{t.Type.Value}
		if t.Type.Value == "" { // Type="": no type, as controller-gen writes it
			s.Type = nil
		}
		if t.Type.Value != "object" {
			s.Properties, s.Required, s.AdditionalProperties = nil, nil, nil
		}
		if t.Type.Value != "array" {
			s.Items = nil
		}
		s.AnyOf, s.OneOf = nil, nil
		delete(s.Extensions, ExtIntOrString)
		if t.Type.Value != "object" {
			delete(s.Extensions, ExtPreserve) // a struct without JSON fields of its own marshals itself
		}
	}
	if t.Nullable != nil {
		s.Nullable = true
	}
	if t.EmbeddedResource != nil {
		s.AddExtension(ExtEmbeddedType, true)
	}
	if t.IntOrString != nil {
		s.AddExtension(ExtIntOrString, true)
		if e.crd {
			s.Type = nil
			s.AnyOf = []spec.Schema{{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"integer"}}},
				{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}}}}
		}
	}
	if t.PreserveUnknownFields != nil {
		s.AddExtension(ExtPreserve, true)
	}
	if t.InertFormat != nil {
		s.Format = t.InertFormat.Name
	}
	if t.Title != nil {
		s.Title = t.Title.Value
	}
	if t.Example != nil {
		s.Example = t.Example.Value
	}
	if d := t.ExternalDocs; d != nil {
		s.ExternalDocs = &spec.ExternalDocumentation{URL: d.URL, Description: d.Description}
	}
}

// ControllerGen makes a CRD emitter write descriptions from doc comments as controller-gen does
// (model.Property.Doc: line breaks kept; a field without a doc comment keeps its type's
// description; metadata at the root has none) and sort required lists, for the kinds of the
// kubebuilder dialect, whose CRDs are compared with controller-gen's.
func (e *Emitter) ControllerGen() *Emitter {
	e.cg = true
	return e
}

func (e *Emitter) cgPropertyDoc(s *spec.Schema, p *model.Property) {
	if len(e.stack) == 1 && model.IsObjectMeta(p.Node.GoType) {
		s.Description = ""
		return
	}
	if p.Doc != "" {
		s.Description = p.Doc
	}
}

// cgShape adjusts a value's shape as controller-gen spells it: the description of a named
// non-struct type, and integer and number formats only for the 32- and 64-bit integers
// (kube-openapi says int32 for int and uint16, double for float64).
func (e *Emitter) cgShape(s *spec.Schema, n *model.Node) {
	s.Description = n.TypeDoc
	t := n.GoType
	for {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
			continue
		}
		break
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsInteger|types.IsFloat) == 0 {
		return
	}
	if b.Info()&types.IsFloat != 0 && !e.opts.CRD.AllowDangerousTypes && e.diags != nil && !e.lenient {
		e.diags.Warn(n.Pos, "", "a float (%s) in a CRD: controller-gen refuses it unless run with crd:allowDangerousTypes=true, "+
			"as clients do not all read JSON numbers alike; serialize it as a string (resource.Quantity), or pass "+
			"--crd-options allowDangerousTypes=true", types.TypeString(t, func(p *types.Package) string { return p.Name() }))
	}
	switch b.Kind() {
	case types.Int32, types.Uint32:
		s.Format = "int32"
	case types.Int64, types.Uint64:
		s.Format = "int64"
	default:
		s.Format = ""
	}
}
