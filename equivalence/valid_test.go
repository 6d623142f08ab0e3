package equivalence

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"regexp"
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// gadget is a kind whose valid objects MakeValid has to build, not just trim: a string with a
// pattern that no given string matches, and a map and a struct that must be set, where empty ones
// are their Go zero values and so unset (x-kubernetes-strip-zero; omitempty and omitzero in Go).
type gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              gadgetSpec `json:"spec"`
}

type gadgetSpec struct {
	URL      string            `json:"url,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Selector gadgetSelector    `json:"selector,omitzero"`
}

type gadgetSelector struct {
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
	Names       []string          `json:"names,omitempty"`
}

func (g *gadget) DeepCopyObject() runtime.Object {
	data, err := json.Marshal(g)
	if err != nil {
		panic(err)
	}
	out := &gadget{}
	if err := json.Unmarshal(data, out); err != nil {
		panic(err)
	}
	return out
}

var gadgetGVK = schema.GroupVersionKind{Group: "test.example.com", Version: "v1", Kind: "Gadget"}

const gadgetCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.test.example.com}
spec:
  group: test.example.com
  names: {kind: Gadget, listKind: GadgetList, plural: gadgets, singular: gadget}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          apiVersion: {type: string}
          kind: {type: string}
          metadata: {type: object}
          spec:
            type: object
            required: [%s]
            properties:
              url: {type: string, pattern: "^oci://[a-z0-9]+(\\.[a-z]{2,3})?(/[-a-z]+)*:v[0-9]$"}
              labels: {type: object, additionalProperties: {type: string}}
              selector:
                type: object
                properties:
                  matchLabels: {type: object, additionalProperties: {type: string}}
                  names: {type: array, items: {type: string}}
`

// gadgetSchemas serves the gadget with the required fields of its spec listed in required.
func gadgetSchemas(t *testing.T, required string) *Schemas {
	t.Helper()
	name := "com.github.validation-gen.validation-gen.equivalence.gadget"
	strip := map[string]any{"x-kubernetes-strip-zero": true}
	doc := map[string]any{"openapi": "3.0.0", "info": map[string]any{"title": "t", "version": "v1"}, "paths": map[string]any{},
		"components": map[string]any{"schemas": map[string]any{
			name: map[string]any{"type": "object", "properties": map[string]any{
				"spec": map[string]any{"allOf": []any{map[string]any{"$ref": "#/components/schemas/" + name + "Spec"}}}}},
			name + "Spec": map[string]any{"type": "object", "properties": map[string]any{
				"url": strip, "labels": strip, "selector": strip}},
		}}}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSchemas(data, []byte(fmt.Sprintf(gadgetCRD, required)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMakeValidBuildsValues: from objects that miss each required value or hold a wrong one,
// MakeValid reaches valid objects, which needs a string made from the pattern (no given string
// matches it), a map with an entry and a struct with a field set (empty ones are unset).
func TestMakeValidBuildsValues(t *testing.T) {
	c := Candidates{Strings: []string{"", "a", "foo", "example.com", "oci://"}, Numbers: []int64{0, 1}}
	for _, required := range []string{"url", "labels", "selector"} {
		t.Run(required, func(t *testing.T) {
			s := gadgetSchemas(t, required)
			r := rand.New(rand.NewSource(1))
			valid := 0
			const n = 20
			for i := range n {
				g := &gadget{ObjectMeta: metav1.ObjectMeta{Name: "x", Namespace: "ns"}}
				if i%2 == 1 {
					g.Spec.URL = "foo"
				}
				g.SetGroupVersionKind(gadgetGVK)
				ok, err := s.MakeValid(context.Background(), g, r, c, 20)
				if err != nil {
					t.Fatal(err)
				}
				if ok {
					valid++
				}
			}
			if valid < n {
				t.Errorf("%d of %d gadgets made valid with %s required", valid, n, required)
			}
		})
	}
}

// TestMatching: the strings made from a pattern match it, and there are some, for the regular
// expressions CRDs use (anchors, classes, negated classes, repeats, alternatives, escapes).
func TestMatching(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, p := range []string{
		`^oci://.*$`,
		`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`,
		`^(Exact|PathPrefix|RegularExpression)$`,
		`^[^/]+$`,
		`^\d{1,3}(\.\d{1,3}){3}/\d+$`,
		`^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$`,
		`^(?i)https?://\S+$`,
		`[A-Z]`,
	} {
		got := matching(p, r, 3)
		if len(got) == 0 {
			t.Errorf("%s: no string", p)
		}
		re := regexp.MustCompile(p)
		for _, s := range got {
			if !re.MatchString(s) {
				t.Errorf("%s: %q does not match", p, s)
			}
		}
	}
	if got := matching(`(?<=a)b`, r, 3); got != nil {
		t.Errorf("a pattern Go does not parse: %q", got)
	}
}

// TestSeed: a seed of an object has its required properties, or one property, and holds
// something down to its leaves.
func TestSeed(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	str := structuralschema.Structural{Generic: structuralschema.Generic{Type: "string"}}
	obj := &structuralschema.Structural{
		Generic: structuralschema.Generic{Type: "object"},
		Properties: map[string]structuralschema.Structural{
			"a": str, "b": str,
			"m": {Generic: structuralschema.Generic{Type: "object"}, AdditionalProperties: &structuralschema.StructuralOrBool{Structural: &str}},
		},
		ValueValidation: &structuralschema.ValueValidation{Required: []string{"b", "m"}},
	}
	c := Candidates{Strings: []string{"", "x"}}
	got, _ := json.Marshal(seed(obj, r, c, seedDepth))
	if string(got) != `{"b":"x","m":{"x":"x"}}` {
		t.Errorf("seed: %s", got)
	}
}
