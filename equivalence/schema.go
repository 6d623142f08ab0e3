package equivalence

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	structurallisttype "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/kube-openapi/pkg/spec3"
	"k8s.io/kube-openapi/pkg/util"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/internal/crdcheck"
	"github.com/validation-gen/validation-gen/internal/crserver"
)

// Schemas is the schema backend: for each served kind, the API server's own custom-resource
// strategy (k8s.io/apiextensions-apiserver/pkg/registry/customresource) built from the kind's
// generated CRD, and the x-kubernetes-strip-zero positions of the generated OpenAPI document.
//
// The CRD schema is the generated OpenAPI in the form the API server validates (references
// inlined, metadata reduced to name and generateName). It has no field for
// x-kubernetes-strip-zero, so the positions where a zero value means unset are read from the
// generated OpenAPI v3 document, which has every definition the kinds reach.
type Schemas struct {
	kinds map[schema.GroupVersionKind]*schemaKind
	defs  map[string]*spec.Schema
}

type schemaKind struct {
	gvk        schema.GroupVersionKind
	namespaced bool
	structural *structuralschema.Structural
	strategy   interface {
		Validate(ctx context.Context, obj runtime.Object) field.ErrorList
		ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList
	}
	cel *cel.Validator
	// rootCEL evaluates only the rules declared at the root of the schema.
	rootCEL *cel.Validator
}

// LoadSchemas reads every CRD (*.yaml) in crdDir and the OpenAPI v3 document at openAPIPath, as
// validation-gen writes them with --crd-dir and --openapi-json. Errors name the file.
func LoadSchemas(crdDir, openAPIPath string) (*Schemas, error) {
	files, err := filepath.Glob(filepath.Join(crdDir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no CRD (*.yaml) in %s", crdDir)
	}
	sort.Strings(files)
	doc, err := os.ReadFile(openAPIPath)
	if err != nil {
		return nil, err
	}
	s, err := NewSchemas(doc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", openAPIPath, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if err := s.AddCRD(data); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
	}
	return s, nil
}

// NewSchemas builds the schema backend from an OpenAPI v3 document (JSON) and CRDs (YAML or JSON).
func NewSchemas(openAPIDoc []byte, crds ...[]byte) (*Schemas, error) {
	var doc spec3.OpenAPI
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		return nil, fmt.Errorf("OpenAPI document: %w", err)
	}
	if doc.Components == nil || len(doc.Components.Schemas) == 0 {
		return nil, fmt.Errorf("OpenAPI document has no components.schemas")
	}
	s := &Schemas{kinds: map[schema.GroupVersionKind]*schemaKind{}, defs: doc.Components.Schemas}
	for i, data := range crds {
		if err := s.AddCRD(data); err != nil {
			return nil, fmt.Errorf("CRD %d: %w", i+1, err)
		}
	}
	return s, nil
}

// AddCRD adds the served versions of a CRD (YAML or JSON). The CRD is decoded strictly and must
// pass the API server's own CRD validation, as it would to be created. Each version is served as
// the server serves it (internal/crserver, shared with validation-gen validate).
func (s *Schemas) AddCRD(data []byte) error {
	crd, err := crdcheck.Validate(data)
	if err != nil {
		return err
	}
	served, err := crserver.NewKinds(crd)
	if err != nil {
		return fmt.Errorf("CRD %s: %w", crd.Name, err)
	}
	for _, sk := range served {
		k := &schemaKind{
			gvk:        sk.GVK,
			namespaced: sk.Namespaced,
			structural: sk.Structural,
			strategy:   sk.Strategy,
			cel:        cel.NewValidator(sk.Structural, true, celconfig.PerCallLimit),
		}
		if len(sk.Structural.XValidations) > 0 {
			// The root's own rules, over the whole schema (for their types) without the other rules.
			root := sk.Structural.DeepCopy()
			dropValidations(root)
			root.XValidations = sk.Structural.XValidations
			k.rootCEL = cel.NewValidator(root, true, celconfig.PerCallLimit)
		}
		s.kinds[sk.GVK] = k
	}
	return nil
}

// dropValidations removes the CEL rules of s and of every schema below it.
func dropValidations(s *structuralschema.Structural) {
	s.XValidations = nil
	for name, p := range s.Properties {
		dropValidations(&p)
		s.Properties[name] = p
	}
	if s.Items != nil {
		dropValidations(s.Items)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Structural != nil {
		dropValidations(s.AdditionalProperties.Structural)
	}
}

// Kinds lists the kinds the backend can validate, sorted.
func (s *Schemas) Kinds() []schema.GroupVersionKind {
	out := make([]schema.GroupVersionKind, 0, len(s.kinds))
	for gvk := range s.kinds {
		out = append(out, gvk)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// schemaResult is what the API server returned, and what it would have returned without its
// shortcuts, for the normalisations.
type schemaResult struct {
	errs field.ErrorList
	// cel is the errors of every CEL rule, evaluated even when the server skipped them.
	cel field.ErrorList
	// rootCEL is the errors of the rules declared at the schema's root.
	rootCEL field.ErrorList
	// listTypeNew is the list-type errors of the new object, which the server checks on update only
	// when the old object had none.
	listTypeNew        field.ErrorList
	oldHadListTypeErrs bool
	structural         *structuralschema.Structural
	obj, old           map[string]interface{}
}

// Unstructured converts a typed object of kind gvk to the unstructured content the API server
// validates: apiVersion and kind set, zero values removed where the OpenAPI document says
// x-kubernetes-strip-zero, and nulls of non-nullable fields dropped as the server drops them when
// it decodes a request.
func (s *Schemas) Unstructured(gvk schema.GroupVersionKind, obj runtime.Object) (map[string]interface{}, error) {
	k, ok := s.kinds[gvk]
	if !ok {
		return nil, fmt.Errorf("no CRD for %v", gvk)
	}
	return s.unstructured(k, obj)
}

func (s *Schemas) unstructured(k *schemaKind, obj runtime.Object) (map[string]interface{}, error) {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil, err
	}
	u["apiVersion"] = k.gvk.GroupVersion().String()
	u["kind"] = k.gvk.Kind
	name := util.ToRESTFriendlyName(util.GetCanonicalTypeName(obj))
	root, ok := s.defs[name]
	if !ok {
		return nil, fmt.Errorf("the OpenAPI document has no definition %s for %T", name, obj)
	}
	s.stripZero(u, root, 0)
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u, k.structural)
	return u, nil
}

// refName is the definition a schema refers to, directly or through an allOf of one $ref as
// kube-openapi spells a property of a named type; "" if none.
func refName(sc *spec.Schema) string {
	ref := sc.Ref.String()
	if ref == "" && len(sc.AllOf) == 1 {
		ref = sc.AllOf[0].Ref.String()
	}
	return ref[strings.LastIndex(ref, "/")+1:]
}

// resolve follows references to the definition; nil when the document does not define it.
func (s *Schemas) resolve(sc *spec.Schema) *spec.Schema {
	for range 8 {
		name := refName(sc)
		if name == "" {
			return sc
		}
		def, ok := s.defs[name]
		if !ok {
			return nil
		}
		sc = def
	}
	return nil
}

func (s *Schemas) stripZero(v interface{}, sc *spec.Schema, depth int) {
	if depth > 64 {
		return
	}
	if sc = s.resolve(sc); sc == nil {
		return
	}
	switch v := v.(type) {
	case map[string]interface{}:
		for name, prop := range sc.Properties {
			val, ok := v[name]
			if !ok {
				continue
			}
			if strip, _ := prop.Extensions.GetBool("x-kubernetes-strip-zero"); strip && s.isZero(val, &prop) {
				delete(v, name)
				continue
			}
			s.stripZero(val, &prop, depth+1)
		}
		if ap := sc.AdditionalProperties; ap != nil && ap.Schema != nil {
			for _, val := range v {
				s.stripZero(val, ap.Schema, depth+1)
			}
		}
	case []interface{}:
		if sc.Items != nil && sc.Items.Schema != nil {
			for _, val := range v {
				s.stripZero(val, sc.Items.Schema, depth+1)
			}
		}
	}
}

// zeroStrings are the definitions of apimachinery's types that a string spells, each with the test
// of the JSON forms that decode to the type's zero value: a zero Quantity is written "0", a zero
// Duration "0s" (and "0m", "0h0m" decode to it too). Generated validators read these zero values
// as unset, as they do "" and 0, so the harness strips them where x-kubernetes-strip-zero says so.
var zeroStrings = map[string]func(string) bool{
	"io.k8s.apimachinery.pkg.api.resource.Quantity": func(v string) bool {
		q, err := resource.ParseQuantity(v)
		return err == nil && q.IsZero()
	},
	"io.k8s.apimachinery.pkg.apis.meta.v1.Duration": func(v string) bool {
		d, err := time.ParseDuration(v)
		return err == nil && d == 0
	},
}

// isZero reports whether an unstructured value is the JSON form of a Go zero value: null, "" (but
// for an int-or-string, whose zero value is 0), 0, false, an empty list or map, or a zero value of
// one of zeroStrings.
func (s *Schemas) isZero(v interface{}, sc *spec.Schema) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		if v == "" {
			// An int-or-string's zero value is the integer 0: "" is a string it holds.
			return !s.intOrString(sc)
		}
		if zero, ok := zeroStrings[refName(sc)]; ok {
			return zero(v)
		}
		return false
	case bool:
		return !v
	case int64:
		return v == 0
	case int32:
		return v == 0
	case int:
		return v == 0
	case float64:
		return v == 0
	case []interface{}:
		return len(v) == 0
	case map[string]interface{}:
		return len(v) == 0
	}
	return false
}

// intOrString reports whether a schema (or the definition it refers to) is an int-or-string.
func (s *Schemas) intOrString(sc *spec.Schema) bool {
	if sc = s.resolve(sc); sc == nil {
		return false
	}
	ios, _ := sc.Extensions.GetBool("x-kubernetes-int-or-string")
	return ios || sc.Format == "int-or-string"
}

// Validate validates a typed object of kind gvk (old nil on create) as the API server validates a
// custom resource: converted to unstructured (Unstructured), then the custom-resource strategy's
// Validate or ValidateUpdate, with ratcheting.
func (s *Schemas) Validate(ctx context.Context, gvk schema.GroupVersionKind, obj, old runtime.Object) (field.ErrorList, error) {
	k, u, oldU, err := s.prepare(gvk, obj, old)
	if err != nil {
		return nil, err
	}
	return k.serverValidate(ctx, u, oldU), nil
}

func (s *Schemas) prepare(gvk schema.GroupVersionKind, obj, old runtime.Object) (k *schemaKind, u, oldU map[string]interface{}, err error) {
	k, ok := s.kinds[gvk]
	if !ok {
		return nil, nil, nil, fmt.Errorf("no CRD for %v", gvk)
	}
	if u, err = s.unstructured(k, obj); err != nil {
		return nil, nil, nil, err
	}
	if old != nil {
		if oldU, err = s.unstructured(k, old); err != nil {
			return nil, nil, nil, err
		}
	}
	return k, u, oldU, nil
}

func (k *schemaKind) serverValidate(ctx context.Context, u, old map[string]interface{}) field.ErrorList {
	if old == nil {
		return k.strategy.Validate(ctx, &unstructured.Unstructured{Object: u})
	}
	return k.strategy.ValidateUpdate(ctx, &unstructured.Unstructured{Object: u}, &unstructured.Unstructured{Object: old})
}

// validate runs the API server's validation of a custom resource of kind gvk on obj (old nil on
// create), and computes what the normalisations need to know about it.
func (s *Schemas) validate(ctx context.Context, gvk schema.GroupVersionKind, obj, old runtime.Object) (*schemaResult, error) {
	k, u, oldContent, err := s.prepare(gvk, obj, old)
	if err != nil {
		return nil, err
	}
	r := &schemaResult{structural: k.structural, obj: u, old: oldContent, errs: k.serverValidate(ctx, u, oldContent)}
	var celOpts []cel.Option
	var oldArg interface{}
	if oldContent != nil {
		oldArg = oldContent
		celOpts = append(celOpts, cel.WithRatcheting(common.NewCorrelatedObject(u, oldContent, &model.Structural{Structural: k.structural})))
		r.oldHadListTypeErrs = len(structurallisttype.ValidateListSetsAndMaps(nil, k.structural, oldContent)) > 0
		r.listTypeNew = structurallisttype.ValidateListSetsAndMaps(nil, k.structural, u)
	}
	r.cel, _ = k.cel.Validate(ctx, nil, k.structural, u, oldArg, celconfig.RuntimeCELCostBudget, celOpts...)
	if k.rootCEL != nil {
		r.rootCEL, _ = k.rootCEL.Validate(ctx, nil, k.structural, u, oldArg, celconfig.RuntimeCELCostBudget)
	}
	return r, nil
}
