// Package crserver is the API server's request path for custom resources, assembled from the
// exported pieces of k8s.io/apiextensions-apiserver and k8s.io/apiserver, for code that must give
// the server's verdicts without a server: `validation-gen validate` (package manifest) and the
// equivalence harness.
//
// Each step names the server code it stands for. Where that code is exported it is called
// (strategy, pruning, defaulting, ObjectMeta coercion and validation, rest.ValidateCreate and
// rest.ValidateUpdate); where it is not (the custom-resource handler's schema-coercing decoder, the
// generic handlers' and registry's steps around validation), it is restated here step for step,
// in the server's order. Everything that is per kind and does not depend on the object (structural
// schemas, schema validators, CEL programs) is built once, in NewKinds.
package crserver

import (
	"fmt"
	"sort"

	"k8s.io/apiextensions-apiserver/pkg/apihelpers"
	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/version"
	"k8s.io/apiserver/pkg/registry/rest"
)

// Strategy is the custom-resource strategy (strategy.go), through the interfaces the generic
// registry calls.
type Strategy interface {
	rest.RESTCreateStrategy
	rest.RESTUpdateStrategy
}

// Kind is one served version of a custom resource, as the API server serves it: what
// crdHandler.getOrCreateServingInfoFor builds for that version.
type Kind struct {
	GVK        schema.GroupVersionKind
	Namespaced bool
	// Structural is the version's structural schema with defaults pruned, as the server keeps it;
	// nil when the version has no schema.
	Structural *structuralschema.Structural
	// PreserveUnknownFields is spec.preserveUnknownFields (apiextensions/v1beta1 CRDs only).
	PreserveUnknownFields bool
	// HasStatus says the version has the status subresource: status is reset on create and kept
	// from the old object on update.
	HasStatus bool
	Strategy  Strategy
	// Warnings are the version's deprecation warnings, sent with every request.
	Warnings []string
	// ConversionNone says objects of other versions of the kind convert to this one by changing
	// apiVersion only (spec.conversion.strategy None).
	ConversionNone bool
	// Versions are the served versions of the kind.
	Versions []string
}

// scheme decodes and defaults CRDs as the server does.
var scheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	install.Install(s)
	return s
}()

// ReadCRD decodes one CRD (YAML or JSON) as the server decodes a create request for it: strictly
// (unknown and duplicate fields are errors), then defaulted. It does not run the server's CRD
// validation (internal/crdcheck does, for tests: it links the server's webhook client).
func ReadCRD(data []byte) (*apiextv1.CustomResourceDefinition, error) {
	ser := json.NewSerializerWithOptions(json.DefaultMetaFactory, scheme, scheme, json.SerializerOptions{Yaml: true, Strict: true})
	obj, _, err := ser.Decode(data, nil, &apiextv1.CustomResourceDefinition{})
	if err != nil {
		return nil, fmt.Errorf("strict decoding: %w", err)
	}
	crd, ok := obj.(*apiextv1.CustomResourceDefinition)
	if !ok {
		return nil, fmt.Errorf("decoded a %T, not a CustomResourceDefinition", obj)
	}
	scheme.Default(crd)
	return crd, nil
}

// NewKinds returns the served versions of a CRD as the server serves them. The CRD should have
// passed the server's CRD validation (internal/crdcheck), as it must to be created.
func NewKinds(crd *apiextv1.CustomResourceDefinition) ([]*Kind, error) {
	return newKinds(crd, true)
}

// NewNativeKinds is NewKinds for a CRD made from an OpenAPI document's definition of a built-in
// kind: its schema is not held to the structural-schema rules a CRD's must meet (an API server
// validates built-in kinds with Go code, not that schema).
func NewNativeKinds(crd *apiextv1.CustomResourceDefinition) ([]*Kind, error) {
	return newKinds(crd, false)
}

func newKinds(crd *apiextv1.CustomResourceDefinition, checkStructural bool) ([]*Kind, error) {
	structurals := map[string]*structuralschema.Structural{}
	for _, v := range crd.Spec.Versions {
		val, err := apihelpers.GetSchemaForVersion(crd, v.Name)
		if err != nil {
			return nil, err
		}
		if val == nil {
			continue
		}
		internal := &apiextensionsinternal.CustomResourceValidation{}
		if err := apiextv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(val, internal, nil); err != nil {
			return nil, fmt.Errorf("version %s: %w", v.Name, err)
		}
		s, err := structuralschema.NewStructural(internal.OpenAPIV3Schema)
		if !crd.Spec.PreserveUnknownFields && err != nil {
			return nil, fmt.Errorf("version %s: the schema is not structural: %w", v.Name, err)
		}
		if !crd.Spec.PreserveUnknownFields && checkStructural {
			if errs := structuralschema.ValidateStructural(field.NewPath("spec", "versions").Key(v.Name).Child("schema", "openAPIV3Schema"), s); len(errs) > 0 {
				return nil, fmt.Errorf("the schema is not structural: %v", errs.ToAggregate())
			}
		}
		if !crd.Spec.PreserveUnknownFields {
			s = s.DeepCopy()
			if err := structuraldefaulting.PruneDefaults(s); err != nil {
				return nil, fmt.Errorf("version %s: pruning defaults: %w", v.Name, err)
			}
		}
		structurals[v.Name] = s
	}
	var served []string
	for _, v := range crd.Spec.Versions {
		if v.Served {
			served = append(served, v.Name)
		}
	}
	conversionNone := crd.Spec.Conversion == nil || crd.Spec.Conversion.Strategy == apiextv1.NoneConverter
	var kinds []*Kind
	for _, v := range crd.Spec.Versions {
		if !v.Served {
			continue
		}
		gvk := schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: crd.Spec.Names.Kind}
		k, err := newKind(crd, v, gvk, structurals[v.Name])
		if err != nil {
			return nil, fmt.Errorf("version %s: %w", v.Name, err)
		}
		k.ConversionNone = conversionNone
		k.Versions = served
		kinds = append(kinds, k)
	}
	return kinds, nil
}

func newKind(crd *apiextv1.CustomResourceDefinition, v apiextv1.CustomResourceDefinitionVersion, gvk schema.GroupVersionKind, ss *structuralschema.Structural) (*Kind, error) {
	validationSchema, err := apihelpers.GetSchemaForVersion(crd, v.Name)
	if err != nil {
		return nil, err
	}
	var internalSchema *apiextensionsinternal.CustomResourceValidation
	var props *apiextensionsinternal.JSONSchemaProps
	if validationSchema != nil {
		internalSchema = &apiextensionsinternal.CustomResourceValidation{}
		if err := apiextv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(validationSchema, internalSchema, nil); err != nil {
			return nil, err
		}
		props = internalSchema.OpenAPIV3Schema
	}
	validator, openapiSchema, err := apiservervalidation.NewSchemaValidator(props)
	if err != nil {
		return nil, err
	}
	subresources, err := apihelpers.GetSubresourcesForVersion(crd, v.Name)
	if err != nil {
		return nil, err
	}
	// The status validator of the /status subresource is not built: manifests are not sent there.
	var statusSpec *apiextensionsinternal.CustomResourceSubresourceStatus
	if subresources != nil && subresources.Status != nil {
		statusSpec = &apiextensionsinternal.CustomResourceSubresourceStatus{}
		if err := apiextv1.Convert_v1_CustomResourceSubresourceStatus_To_apiextensions_CustomResourceSubresourceStatus(subresources.Status, statusSpec, nil); err != nil {
			return nil, err
		}
	}
	var scaleSpec *apiextensionsinternal.CustomResourceSubresourceScale
	if subresources != nil && subresources.Scale != nil {
		scaleSpec = &apiextensionsinternal.CustomResourceSubresourceScale{}
		if err := apiextv1.Convert_v1_CustomResourceSubresourceScale_To_apiextensions_CustomResourceSubresourceScale(subresources.Scale, scaleSpec, nil); err != nil {
			return nil, err
		}
	}
	namespaced := crd.Spec.Scope == apiextv1.NamespaceScoped
	k := &Kind{
		GVK:                   gvk,
		Namespaced:            namespaced,
		Structural:            ss,
		PreserveUnknownFields: crd.Spec.PreserveUnknownFields,
		HasStatus:             statusSpec != nil,
		Strategy:              newStrategy(namespaced, schemaKind{gvk.Group, gvk.Version, gvk.Kind}, validator, newSchemaCheck(openapiSchema), ss, statusSpec, scaleSpec),
	}
	if v.Deprecated {
		if v.DeprecationWarning != nil {
			k.Warnings = append(k.Warnings, *v.DeprecationWarning)
		} else {
			k.Warnings = append(k.Warnings, deprecationWarning(v.Name, crd.Spec))
		}
	}
	return k, nil
}

// deprecationWarning is the server's defaultDeprecationWarning (customresource_handler.go).
func deprecationWarning(deprecated string, crd apiextv1.CustomResourceDefinitionSpec) string {
	msg := fmt.Sprintf("%s/%s %s is deprecated", crd.Group, deprecated, crd.Names.Kind)
	var newer []string
	for _, v := range crd.Versions {
		if v.Served && !v.Deprecated && version.CompareKubeAwareVersionStrings(deprecated, v.Name) < 0 {
			newer = append(newer, v.Name)
		}
	}
	if len(newer) == 0 {
		return msg
	}
	sort.Slice(newer, func(i, j int) bool { return version.CompareKubeAwareVersionStrings(newer[i], newer[j]) > 0 })
	return msg + fmt.Sprintf("; use %s/%s %s", crd.Group, newer[0], crd.Names.Kind)
}

// typer is the ObjectTyper the strategy embeds: an unstructured object's kind is its own.
type typer struct{}

func (typer) ObjectKinds(obj runtime.Object) ([]schema.GroupVersionKind, bool, error) {
	return []schema.GroupVersionKind{obj.GetObjectKind().GroupVersionKind()}, false, nil
}

func (typer) Recognizes(schema.GroupVersionKind) bool { return true }
