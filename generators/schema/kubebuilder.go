package schema

import (
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
		if t.Type.Value != "object" {
			s.Properties, s.Required, s.AdditionalProperties = nil, nil, nil
		}
		if t.Type.Value != "array" {
			s.Items = nil
		}
		s.AnyOf, s.OneOf = nil, nil
		delete(s.Extensions, ExtIntOrString)
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
}
