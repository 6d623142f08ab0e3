package schema

import (
	"go/types"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/model"
)

// controller-gen writes fixed schemas for a few types of apimachinery and apiextensions (its
// known types): without their doc comments, and with details of its own. The CRDs of kinds of
// the kubebuilder dialect (Emitter.ControllerGen) spell them the same.

// quantityPattern is the pattern controller-gen gives resource.Quantity, besides int-or-string.
const quantityPattern = `^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`

// cgKnownTypes are controller-gen's known types, by package and name.
var cgKnownTypes = map[string]map[string]bool{
	model.MetaV1Path:                                                {"ObjectMeta": true, "Time": true, "MicroTime": true, "Duration": true, "Fields": true},
	"k8s.io/apimachinery/pkg/api/resource":                          {"Quantity": true},
	"k8s.io/apimachinery/pkg/runtime":                               {"RawExtension": true},
	"k8s.io/apimachinery/pkg/util/intstr":                           {"IntOrString": true},
	model.MetaV1Path + "/unstructured":                              {"Unstructured": true},
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1":      {"JSON": true},
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1": {"JSON": true},
}

// cgKnown spells def as controller-gen spells its known types: no description of the type (the
// field's own doc comment is added by the caller), and resource.Quantity's pattern.
func (e *Emitter) cgKnown(s *spec.Schema, def *model.Definition) {
	if !cgKnownTypes[def.GoPackage][def.GoName] {
		return
	}
	s.Description = ""
	if def.GoPackage != "k8s.io/apimachinery/pkg/api/resource" || def.GoName != "Quantity" {
		return
	}
	switch {
	case s.Pattern == "":
		s.Pattern = quantityPattern
	case s.Pattern != quantityPattern:
		// The field's own pattern beside the type's: controller-gen flattens the two into an
		// allOf of the type's and the field's (see cgAllOf), with any other keyword both set.
		field := s.Pattern
		s.Pattern = ""
		if n := len(s.AllOf); n >= 2 {
			s.AllOf[n-2].Pattern, s.AllOf[n-1].Pattern = quantityPattern, field
		} else {
			s.AllOf = append(s.AllOf, spec.Schema{SchemaProps: spec.SchemaProps{Pattern: quantityPattern}},
				spec.Schema{SchemaProps: spec.SchemaProps{Pattern: field}})
		}
	}
}

// cgFreeForm reports whether a struct without JSON fields is free-form JSON for controller-gen
// (x-kubernetes-preserve-unknown-fields): runtime.RawExtension and apiextensions' JSON are; any
// other, an empty struct included, is an object with no properties, which the server prunes.
func cgFreeForm(n *model.Node) bool {
	t := types.Unalias(n.GoType)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	path, name := named.Obj().Pkg().Path(), named.Obj().Name()
	return path == "k8s.io/apimachinery/pkg/runtime" && name == "RawExtension" ||
		name == "JSON" && cgKnownTypes[path]["JSON"]
}

// cgEmbeddedObjectMeta spells object metadata below the root (a template's) as controller-gen
// does: a plain object, whose content the API server prunes, or with
// Options.EmbeddedObjectMeta (controller-gen's crd:generateEmbeddedObjectMeta=true) the fields
// it keeps: name, namespace, labels, annotations and finalizers.
func (e *Emitter) cgEmbeddedObjectMeta(s *spec.Schema) {
	if !e.opts.EmbeddedObjectMeta {
		return
	}
	str := func() spec.Schema {
		return spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}}}
	}
	strMap := func() spec.Schema {
		v := str()
		return spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"object"},
			AdditionalProperties: &spec.SchemaOrBool{Allows: true, Schema: &v}}}
	}
	item := str()
	s.Properties = map[string]spec.Schema{
		"name": str(), "namespace": str(), "labels": strMap(), "annotations": strMap(),
		"finalizers": {SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"array"}, Items: &spec.SchemaOrArray{Schema: &item}}},
	}
}
