// Package review is the comparable representation of an API's validation: for every served kind
// and version, each field path with the validation in effect there, spelled the same whatever
// dialect declared it (this project's tags, Kubernetes' +k8s: tags, controller-gen's
// +kubebuilder: markers). It is built from the checked model (model.Universe), never from tags,
// and is what `validation-gen diff` compares between revisions, what `validation-gen lint`
// compares between versions, and what --docs-api writes for reviewers.
package review

import (
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// Surface is the validation of every served kind version of one model.
type Surface struct {
	// Kinds are sorted by group, kind and version, in Kubernetes' version priority (v1, v1beta2, v1beta1, v1alpha1).
	Kinds []*KindVersion
}

// KindVersion is one served version of a root kind.
type KindVersion struct {
	Group, Version, Kind string
	// Package is the Go import path that declares the version, Dir its directory; Type the Go type
	// name.
	Package, Dir, Type string
	// Native is set for a package written for Kubernetes' validation-gen (+k8s:validation-gen):
	// its kinds are served by an API server that runs the Go validators (native types). Other
	// kinds are served as CRDs, validated by their published schema.
	Native bool
	// BuiltIn is set for the kinds of k8s.io/api, which kube-apiserver serves with handwritten
	// validation: of their tags, only those of Native packages (the Go validators upstream
	// generates) are enforced; the others describe the handwritten validation to clients.
	BuiltIn bool
	// ClusterScoped is the kind's scope.
	ClusterScoped bool
	Doc           string
	Pos           token.Position
	// Fields in walk order: a field, then what lies below it, properties in declaration order.
	Fields []*Field
}

// Key is the kind version's identity across revisions: group/version, Kind=....
func (k *KindVersion) Key() string { return k.Group + "/" + k.Version + ", Kind=" + k.Kind }

// Field is one place of a kind's object: a field, a list item ([*]), a map value ([*]), an item
// selected by key (+k8s:item: [type=Ready]) or a map key ([key]).
type Field struct {
	// Path is the field path as the API server spells it, from the object root:
	// spec.rules[*].matches.
	Path string
	// Name is the last JSON name on the path ("" for items, values and keys).
	Name string
	// Type is the JSON type: string, integer, number, boolean, object, list, map, int-or-string,
	// any; with the structural format in parentheses (integer (int32)).
	Type string
	// Doc is the field's description (its first paragraph).
	Doc string
	// Facts are the validations in effect at the place, in a fixed order (see Whats).
	Facts []Fact
	Pos   token.Position
	// Recursive marks a place whose type is one of its own ancestors: nothing below it is listed.
	Recursive bool
	// FeatureGates are the feature gates the field exists behind (+featureGate), its own or its
	// ancestors'.
	FeatureGates []string
}

// Status reports whether the field is the status or below it.
func (f *Field) Status() bool { return f.Path == "status" || strings.HasPrefix(f.Path, "status.") }

// Enforcer says who checks a fact: the published schema (the API server, for CRDs), the generated
// Go validators, or both.
type Enforcer uint8

const (
	Schema Enforcer = 1 << iota
	Go
	Both = Schema | Go
)

func (e Enforcer) String() string {
	switch e {
	case Schema:
		return "schema"
	case Go:
		return "go"
	case Both:
		return "both"
	}
	return "neither"
}

// Lifecycle is what gates a fact: a stability level (+k8s:alpha, +k8s:beta) and validation
// options or feature gates (+k8s:ifEnabled(X) is "X", +k8s:ifDisabled(X) is "!X").
type Lifecycle struct {
	Level string   // "", "Alpha", "Beta"
	Gates []string // outermost first
}

// Gated reports whether anything gates the fact.
func (l Lifecycle) Gated() bool { return l.Level != "" || len(l.Gates) > 0 }

func (l Lifecycle) String() string {
	var parts []string
	if l.Level != "" {
		parts = append(parts, strings.ToLower(l.Level))
	}
	for _, g := range l.Gates {
		if n, ok := strings.CutPrefix(g, "!"); ok {
			parts = append(parts, "if "+n+" is disabled")
		} else {
			parts = append(parts, "if "+g+" is enabled")
		}
	}
	return strings.Join(parts, ", ")
}

// Fact is one validation in effect at a place.
type Fact struct {
	// What is the dialect-neutral keyword: type, format, minimum, maximum, multipleOf, minLength,
	// maxLength, minItems, maxItems, minProperties, maxProperties, pattern, enum, required,
	// optional, forbidden, default, nullable, listType, listMapKeys, mapType, structType, rule,
	// immutable, update, union, mode, dependentRequired, dependentForbidden, unique, nameFormat,
	// call, enumExclude, embeddedResource, preserveUnknownFields, opaque, ... (see Whats).
	What string
	// Value is the fact's canonical spelling: equal values mean equal validation.
	Value string
	// Num is a bound's value (minimum, maximum, lengths, counts, multipleOf); Exclusive marks an
	// exclusive minimum or maximum.
	Num       *float64
	Exclusive bool
	// Values are the members of a set-valued fact (enum values, list-map keys), sorted.
	Values []string
	// Rule is set for a CEL rule.
	Rule *Rule
	Lifecycle
	By Enforcer
	// Tag is the tag or marker that declared it, as written (without '+'); Pos where.
	Tag string
	Pos token.Position
}

// Rule is a CEL rule (x-kubernetes-validations entry).
type Rule struct {
	Rule, Message, MessageExpression, Reason, FieldPath string
	OptionalOldSelf                                     bool
	// Transition is set for a rule that reads oldSelf: it runs on update only, and never ratchets.
	Transition bool
	// Cost is the API server's estimated cost per evaluation; Costed is false when the rule was not
	// compiled (a rule Go checks only).
	Cost   uint64
	Costed bool
}

// Whats orders the facts of a field: shape first, then presence, value limits, lists and maps,
// rules, transitions, and structure.
var Whats = []string{
	"type", "featureGate", "nullable", "preserveUnknownFields", "embeddedResource", "schemaless", "opaque",
	"required", "optional", "forbidden", "default",
	"format", "nameFormat", "minimum", "maximum", "multipleOf", "minLength", "maxLength", "pattern", "enum", "enumExclude",
	"minItems", "maxItems", "minProperties", "maxProperties",
	"listType", "listMapKeys", "unique", "customUnique", "mapType", "structType",
	"call", "rule", "immutable", "update",
	"union", "mode", "ifMode", "dependentRequired", "dependentForbidden", "fixedResult",
}

var whatOrder = func() map[string]int {
	m := map[string]int{}
	for i, w := range Whats {
		m[w] = i
	}
	return m
}()

// Order is a fact's place in Whats (unknown keywords last).
func Order(what string) int {
	if i, ok := whatOrder[what]; ok {
		return i
	}
	return len(Whats)
}

// Display is the fact's value as a reviewer reads it, with its lifecycle.
func (f Fact) Display() string {
	v := f.Value
	if l := f.Lifecycle.String(); l != "" {
		v += " (" + l + ")"
	}
	return v
}

func (f Fact) String() string { return fmt.Sprintf("%s=%s [%s]", f.What, f.Display(), f.By) }

func sortFacts(fs []Fact) {
	sort.SliceStable(fs, func(i, j int) bool { return Order(fs[i].What) < Order(fs[j].What) })
}

// Lookup returns the kind version with the key, or nil.
func (s *Surface) Lookup(key string) *KindVersion {
	for _, k := range s.Kinds {
		if k.Key() == key {
			return k
		}
	}
	return nil
}

// Field returns the field with the path, or nil.
func (k *KindVersion) Field(path string) *Field {
	for _, f := range k.Fields {
		if f.Path == path {
			return f
		}
	}
	return nil
}
