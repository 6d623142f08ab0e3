package manifest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/validation-gen/validation-gen/internal/crserver"
)

// AddOpenAPI adds the kinds of an OpenAPI document: v3 ({"components":{"schemas":...}}, what
// validation-gen --openapi-json writes, or an API server's /openapi/v3 group-version document) or
// v2 ({"definitions":...}). source names it in messages.
//
// A kind is a definition with apiVersion, kind and metadata properties. Its group, version and
// kind are those of its x-kubernetes-group-version-kind extension (API servers' documents have it);
// without it (validation-gen's document has none), the definition's name is read as Kubernetes
// names definitions: "<package path>.<version>.<Kind>", and it serves a group whose first label
// is the package's last element ("apps" for apps, "networking" for networking.k8s.io, "core"
// for the core group ""). Such a kind is served with the custom-resource code path over the
// definition, references inlined (a recursive reference preserves unknown fields), as
// kubectl-validate does: the API server validates built-in kinds with handwritten Go code that
// the published schema stands for (the equivalence harness checks how well). An OpenAPI document
// does not say whether a kind is namespaced: such kinds are taken as namespaced, so a missing
// namespace is "default" and a given one is kept. A kind with a status property has the status
// subresource, as validation-gen's CRDs do.
func (s *Schemas) AddOpenAPI(data []byte, source string) error {
	var doc struct {
		Components struct {
			Schemas map[string]map[string]interface{} `json:"schemas"`
		} `json:"components"`
		Definitions map[string]map[string]interface{} `json:"definitions"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("%s: %v", source, err)
	}
	defs := doc.Components.Schemas
	if len(defs) == 0 {
		defs = doc.Definitions
	}
	if len(defs) == 0 {
		return fmt.Errorf("%s: no components.schemas (OpenAPI v3) or definitions (v2)", source)
	}
	names := make([]string, 0, len(defs))
	for n := range defs {
		names = append(names, n)
	}
	sort.Strings(names)
	r := &refResolver{defs: defs}
	for _, n := range names {
		def := defs[n]
		if !isKindDefinition(def) {
			continue
		}
		gvks := declaredGVKs(def)
		if len(gvks) == 0 {
			gvk, ok := inferGVK(n)
			if !ok {
				continue
			}
			gvks = []schema.GroupVersionKind{gvk}
		}
		props, err := r.crdSchema(n)
		if err != nil {
			return fmt.Errorf("%s: %s: %v", source, n, err)
		}
		src := fmt.Sprintf("%s (%s)", source, n)
		for _, gvk := range gvks {
			switch {
			case strings.HasSuffix(gvk.Kind, "List"):
			case strings.HasPrefix(gvk.Group, anyGroup):
				// Served when a manifest names the group (Schemas.lookup).
				key := schema.GroupVersionKind{Group: strings.TrimPrefix(gvk.Group, anyGroup), Version: gvk.Version, Kind: gvk.Kind}
				if _, ok := s.inferred[key]; !ok {
					s.inferred[key] = &inferredKind{props: props, source: src}
				}
			default:
				k, err := nativeKind(gvk, props)
				if err != nil {
					return fmt.Errorf("%s: %v", src, err)
				}
				if _, ok := s.kinds[gvk]; !ok { // a CRD, or an earlier document, has it
					s.kinds[gvk] = &kindInfo{Kind: k, source: src}
				}
			}
		}
	}
	return nil
}

// anyGroup marks a kind whose group is not known, only the first label of it (inferGVK).
const anyGroup = "*."

// inferredKind is a kind whose group is known by its first label only (inferGVK).
type inferredKind struct {
	props  *apiextv1.JSONSchemaProps
	source string
}

// nativeKind serves a kind of an OpenAPI document as a namespaced custom resource.
func nativeKind(gvk schema.GroupVersionKind, props *apiextv1.JSONSchemaProps) (*crserver.Kind, error) {
	plural := strings.ToLower(gvk.Kind) + "s"
	crd := &apiextv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: plural + "." + gvk.Group},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: gvk.Group,
			Names: apiextv1.CustomResourceDefinitionNames{Kind: gvk.Kind, ListKind: gvk.Kind + "List", Plural: plural, Singular: strings.ToLower(gvk.Kind)},
			Scope: apiextv1.NamespaceScoped,
			Versions: []apiextv1.CustomResourceDefinitionVersion{{
				Name: gvk.Version, Served: true, Storage: true,
				Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: props},
			}},
		},
	}
	if _, ok := props.Properties["status"]; ok {
		crd.Spec.Versions[0].Subresources = &apiextv1.CustomResourceSubresources{Status: &apiextv1.CustomResourceSubresourceStatus{}}
	}
	kinds, err := crserver.NewNativeKinds(crd.DeepCopy())
	if err != nil {
		return nil, err
	}
	return kinds[0], nil
}

func isKindDefinition(def map[string]interface{}) bool {
	props, _ := def["properties"].(map[string]interface{})
	return props["apiVersion"] != nil && props["kind"] != nil && props["metadata"] != nil
}

func declaredGVKs(def map[string]interface{}) []schema.GroupVersionKind {
	list, _ := def["x-kubernetes-group-version-kind"].([]interface{})
	var out []schema.GroupVersionKind
	for _, e := range list {
		m, _ := e.(map[string]interface{})
		g, _ := m["group"].(string)
		v, _ := m["version"].(string)
		k, _ := m["kind"].(string)
		if v != "" && k != "" {
			out = append(out, schema.GroupVersionKind{Group: g, Version: v, Kind: k})
		}
	}
	return out
}

var versionName = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]+)?$`)

// inferGVK reads a definition name as "<...>.<package>.<version>.<Kind>": the group is only known
// by its first label, the package's name ("core" is the core group), marked with anyGroup.
func inferGVK(name string) (schema.GroupVersionKind, bool) {
	parts := strings.Split(name, ".")
	if len(parts) < 3 {
		return schema.GroupVersionKind{}, false
	}
	kind, version, pkg := parts[len(parts)-1], parts[len(parts)-2], parts[len(parts)-3]
	if !versionName.MatchString(version) {
		return schema.GroupVersionKind{}, false
	}
	return schema.GroupVersionKind{Group: anyGroup + pkg, Version: version, Kind: kind}, true
}

// groupLabel is the package name that a group's kinds are defined in: its first label, "core"
// for the core group.
func groupLabel(group string) string {
	if group == "" {
		return "core"
	}
	if i := strings.IndexByte(group, '.'); i >= 0 {
		return group[:i]
	}
	return group
}

// refResolver inlines the references of an OpenAPI document's definitions into CRD schemas.
type refResolver struct {
	defs map[string]map[string]interface{}
}

// crdSchema is a kind's definition as a CRD's openAPIV3Schema: references inlined, metadata an
// object (ObjectMeta is read and checked by the server's own code), what a CRD cannot say
// dropped or spelled as a CRD spells it.
func (r *refResolver) crdSchema(name string) (*apiextv1.JSONSchemaProps, error) {
	root := r.inline(r.defs[name], map[string]bool{name: true})
	if props, ok := root["properties"].(map[string]interface{}); ok {
		props["metadata"] = map[string]interface{}{"type": "object"}
	}
	data, err := json.Marshal(root)
	if err != nil {
		return nil, err
	}
	var out apiextv1.JSONSchemaProps
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func refName(ref string) string {
	return ref[strings.LastIndex(ref, "/")+1:]
}

// inline returns a copy of a schema with its references replaced by their definitions (a
// reference back to a definition being inlined preserves unknown fields instead).
func (r *refResolver) inline(sc map[string]interface{}, stack map[string]bool) map[string]interface{} {
	out := map[string]interface{}{}
	// A reference, alone or as kube-openapi spells a property of a named type (allOf of one
	// reference beside default and description): the definition, the siblings over it.
	ref, _ := sc["$ref"].(string)
	if all, ok := sc["allOf"].([]interface{}); ok && len(all) == 1 && ref == "" {
		if m, ok := all[0].(map[string]interface{}); ok {
			ref, _ = m["$ref"].(string)
		}
	}
	if ref != "" {
		name := refName(ref)
		def, ok := r.defs[name]
		switch {
		case !ok || stack[name]:
			out["x-kubernetes-preserve-unknown-fields"] = true
		default:
			stack[name] = true
			for k, v := range r.inline(def, stack) {
				out[k] = v
			}
			delete(stack, name)
		}
	}
	for k, v := range sc {
		switch k {
		case "$ref", "allOf":
			if ref != "" {
				continue
			}
		case "default":
			if isZeroDefault(v) {
				// kube-openapi publishes a Go field's zero value as its default (a struct's {},
				// a string's ""): what decoding into Go gives, not a default a CRD would apply.
				continue
			}
		case "x-kubernetes-group-version-kind", "x-kubernetes-strip-zero", "x-kubernetes-unions", "example", "externalDocs", "readOnly", "writeOnly", "deprecated", "discriminator", "xml", "$schema":
			continue
		}
		out[k] = r.value(v, stack)
	}
	r.crdSpelling(out)
	return out
}

func isZeroDefault(v interface{}) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case bool:
		return !v
	case float64:
		return v == 0
	case map[string]interface{}:
		return len(v) == 0
	case []interface{}:
		return len(v) == 0
	}
	return false
}

func (r *refResolver) value(v interface{}, stack map[string]bool) interface{} {
	switch v := v.(type) {
	case map[string]interface{}:
		return r.inline(v, stack)
	case []interface{}:
		out := make([]interface{}, len(v))
		for i, e := range v {
			out[i] = r.value(e, stack)
		}
		return out
	}
	return v
}

// crdSpelling respells what kube-openapi writes and a CRD writes otherwise: int-or-string and
// quantities (oneOf of two types) as x-kubernetes-int-or-string.
func (r *refResolver) crdSpelling(sc map[string]interface{}) {
	if sc["format"] == "int-or-string" {
		delete(sc, "format")
		delete(sc, "type")
		delete(sc, "oneOf")
		sc["x-kubernetes-int-or-string"] = true
		return
	}
	if one, ok := sc["oneOf"].([]interface{}); ok && len(one) == 2 {
		types := map[string]bool{}
		for _, o := range one {
			if m, ok := o.(map[string]interface{}); ok && len(m) == 1 {
				t, _ := m["type"].(string)
				types[t] = true
			}
		}
		if types["string"] && (types["integer"] || types["number"]) {
			delete(sc, "oneOf")
			delete(sc, "type")
			sc["x-kubernetes-int-or-string"] = true
		}
	}
}
