package generators

import (
	"math"
	"sort"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

// Extension names validation-gen writes.
const (
	ExtValidations  = "x-kubernetes-validations"
	ExtStripZero    = "x-kubernetes-strip-zero"
	ExtListType     = "x-kubernetes-list-type"
	ExtListMapKeys  = "x-kubernetes-list-map-keys"
	ExtMapType      = "x-kubernetes-map-type"
	ExtIntOrString  = "x-kubernetes-int-or-string"
	ExtPreserve     = "x-kubernetes-preserve-unknown-fields"
	ExtEmbeddedType = "x-kubernetes-embedded-resource"
)

// Options are the settings that change what the emitters publish.
type Options struct {
	// Compat is the Kubernetes version whose API server must accept and enforce the output.
	Compat *version.Version
	// FormatFallback publishes formats that Compat does not know as an equivalent pattern or rule;
	// without it such a format is an error.
	FormatFallback bool
	// CostLimits holds the rules of kinds that become CRDs to the API server's static CEL cost
	// limits (set when CRDs are generated).
	CostLimits bool
	// NoNativeCEL runs every CEL rule in CEL at run time, without the native Go fast path.
	NoNativeCEL bool
}

// Definitions returns the kube-openapi definitions of the given model definitions, exactly what
// the generated GetOpenAPIDefinitions returns. ref turns a model name into a reference.
func Definitions(defs []*model.Definition, opts Options, ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
	out := make(map[string]common.OpenAPIDefinition, len(defs))
	for _, d := range defs {
		out[d.Name] = Definition(d, opts, ref)
	}
	return out
}

// Definition returns one definition's schema and the definitions it references.
func Definition(d *model.Definition, opts Options, ref common.ReferenceCallback) common.OpenAPIDefinition {
	e := &schemaEmitter{opts: opts, ref: ref, deps: map[string]bool{}}
	s := e.node(d.Node, false)
	s.Description = d.Description
	if d.Special && len(d.Node.OneOfTypes) > 0 {
		// Like openapi-gen: the v3 schema says oneOf, and the v2 one hides in an extension.
		v2 := s
		v2.Extensions = nil
		v2.OneOf = nil
		v2.Type = spec.StringOrArray{"string"}
		s.Type = nil
		def := common.OpenAPIDefinition{Schema: s}
		return common.EmbedOpenAPIDefinitionIntoV2Extension(def, common.OpenAPIDefinition{Schema: v2})
	}
	var deps []string
	for k := range e.deps {
		deps = append(deps, k)
	}
	sort.Strings(deps)
	return common.OpenAPIDefinition{Schema: s, Dependencies: deps}
}

type schemaEmitter struct {
	opts Options
	ref  common.ReferenceCallback
	deps map[string]bool
	// crd selects the CRD spelling: references inlined, no implicit defaults, no strip-zero,
	// int-or-string and free-form values as structural schemas require.
	crd   bool
	stack []*model.Definition
	diags *model.Diagnostics
	// lenient spells a recursive reference as a free-form value instead of reporting it (the
	// CEL checker types rules of recursive types as far as CRDs can).
	lenient bool
}

// node spells one node; ref'd nodes become references carrying only this place's validations
// (or, for CRDs, the referenced definition inlined with both levels' validations).
func (e *schemaEmitter) node(n *model.Node, useRef bool) spec.Schema {
	var s spec.Schema
	if e.crd {
		e.listMapKeysRequired(n)
	}
	switch {
	case e.crd && n.Ref != nil:
		return e.inline(n)
	case useRef && n.Ref != nil:
		s.Ref = e.ref(n.Ref.Name)
		e.deps[n.Ref.Name] = true
	default:
		e.shape(&s, n)
	}
	e.validations(&s, n)
	return s
}

// shape writes the type of a node: type, format, items, properties.
func (e *schemaEmitter) shape(s *spec.Schema, n *model.Node) {
	switch n.Kind {
	case model.KindString:
		s.Type = spec.StringOrArray{"string"}
	case model.KindInteger:
		s.Type = spec.StringOrArray{"integer"}
	case model.KindNumber:
		s.Type = spec.StringOrArray{"number"}
	case model.KindBoolean:
		s.Type = spec.StringOrArray{"boolean"}
	case model.KindIntOrString:
		if e.crd {
			s.AnyOf = []spec.Schema{{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"integer"}}},
				{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}}}}
			s.AddExtension(ExtIntOrString, true)
			return
		}
		for _, t := range n.OneOfTypes {
			s.OneOf = append(s.OneOf, spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{t}}})
		}
		if len(n.OneOfTypes) == 0 {
			s.Type = spec.StringOrArray{"string"}
		}
	case model.KindList:
		s.Type = spec.StringOrArray{"array"}
		item := e.node(n.Items, true)
		s.Items = &spec.SchemaOrArray{Schema: &item}
	case model.KindMap:
		s.Type = spec.StringOrArray{"object"}
		val := e.node(n.Values, true)
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &val}
	case model.KindAny:
		if e.crd {
			s.AddExtension(ExtPreserve, true)
		}
	case model.KindObject:
		s.Type = spec.StringOrArray{"object"}
		if e.crd && len(n.Properties) == 0 {
			// A struct without JSON fields (runtime.RawExtension, metav1.FieldsV1) holds free-form JSON.
			s.AddExtension(ExtPreserve, true)
		}
		for _, p := range n.Properties {
			ps := e.property(p)
			if s.Properties == nil {
				s.Properties = map[string]spec.Schema{}
			}
			s.Properties[p.Name] = ps
			if p.Required {
				s.Required = append(s.Required, p.Name)
			}
		}
	}
	s.Format = n.Format
}

func (e *schemaEmitter) property(p *model.Property) spec.Schema {
	if p.AsString {
		s := spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}, Description: p.Description}}
		return s
	}
	s := e.node(p.Node, true)
	if e.crd {
		if len(e.stack) > 1 || !isObjectMeta(p.Node.GoType) {
			s.Description = p.Description // root metadata may carry nothing but name and generateName
		}
		return s
	}
	s.Description = p.Description
	if s.Default == nil && p.ImplicitDefault != nil {
		s.Default = p.ImplicitDefault
	}
	if p.StripZero {
		s.AddExtension(ExtStripZero, true)
	}
	return s
}

// validations writes what the tags declared at this node and returns the rules it published, in
// their x-kubernetes-validations order.
func (e *schemaEmitter) validations(s *spec.Schema, n *model.Node) []model.Rule {
	v := &n.V
	if len(v.Minimum) > 0 {
		m := tightest(v.Minimum, math.Max)
		s.Minimum = &m
		s.ExclusiveMinimum = v.ExclusiveMinimum != nil
	}
	if len(v.Maximum) > 0 {
		m := tightest(v.Maximum, math.Min)
		s.Maximum = &m
		s.ExclusiveMaximum = v.ExclusiveMaximum != nil
	}
	if len(v.MultipleOf) > 0 {
		m := v.MultipleOf[0].Value
		for _, x := range v.MultipleOf[1:] {
			m = lcm(m, x.Value)
		}
		s.MultipleOf = &m
	}
	s.MinLength = tightestInt(v.MinLength, maxInt)
	s.MaxLength = tightestInt(v.MaxLength, minInt)
	s.MinItems = tightestInt(v.MinItems, maxInt)
	s.MaxItems = tightestInt(v.MaxItems, minInt)
	s.MinProperties = tightestInt(v.MinProperties, maxInt)
	s.MaxProperties = tightestInt(v.MaxProperties, minInt)
	if v.Pattern != nil {
		s.Pattern = v.Pattern.Value
	}
	var rules []model.Rule
	if v.Format != nil {
		rules = append(rules, e.format(s, v.Format)...)
	}
	if len(n.Enum) > 0 {
		for _, ev := range n.Enum {
			s.Enum = append(s.Enum, ev.Value)
		}
	}
	if v.Default != nil {
		s.Default = v.Default.Value
	}
	if v.ListType != nil {
		s.AddExtension(ExtListType, v.ListType.Value)
	}
	if len(v.ListMapKeys) > 0 {
		var keys []any
		for _, k := range v.ListMapKeys {
			keys = append(keys, k.Value)
		}
		s.AddExtension(ExtListMapKeys, keys)
	}
	if v.MapType != nil {
		s.AddExtension(ExtMapType, v.MapType.Value)
	}
	if v.StructType != nil {
		s.AddExtension(ExtMapType, v.StructType.Value)
	}
	for _, r := range v.Rules {
		if e.crd && r.Tag == "nameFormat" {
			continue // spelled on metadata.name / generateName in CRDs
		}
		rules = append(rules, r)
	}
	if len(rules) > 0 {
		var list []any
		for _, r := range rules {
			list = append(list, RuleExtension(r))
		}
		s.AddExtension(ExtValidations, list)
	}
	return rules
}

// format publishes a +format: the name when the target API server knows it, else its fallback
// pattern (or rule, when a pattern is already taken).
func (e *schemaEmitter) format(s *spec.Schema, f *model.Format) []model.Rule {
	row, _ := formats.Lookup(f.Name)
	if row.KnownTo(e.opts.Compat) || !e.opts.FormatFallback || !row.HasFallback() {
		s.Format = row.Name
		return nil
	}
	if row.Pattern != "" && s.Pattern == "" {
		s.Pattern = row.Pattern
		return nil
	}
	rule := FormatCheck(row, "self")
	msg := row.Message
	if msg == "" {
		msg = "must be " + row.Doc
	}
	return []model.Rule{{Rule: rule, Message: msg, RulePos: f.Pos, Origin: f.Origin}}
}

// RuleExtension spells a rule as an x-kubernetes-validations entry.
func RuleExtension(r model.Rule) map[string]any {
	m := map[string]any{"rule": r.Rule}
	if r.Message != "" {
		m["message"] = r.Message
	}
	if r.MessageExpression != "" {
		m["messageExpression"] = r.MessageExpression
	}
	if r.Reason != "" {
		m["reason"] = "FieldValue" + r.Reason
	}
	if r.FieldPath != "" {
		m["fieldPath"] = r.FieldPath
	}
	if r.OptionalOldSelf {
		m["optionalOldSelf"] = true
	}
	return m
}

func tightest(ns []model.Number, pick func(a, b float64) float64) float64 {
	m := ns[0].Value
	for _, n := range ns[1:] {
		m = pick(m, n.Value)
	}
	return m
}

func tightestInt(ns []model.Int, pick func(a, b int64) int64) *int64 {
	if len(ns) == 0 {
		return nil
	}
	m := ns[0].Value
	for _, n := range ns[1:] {
		m = pick(m, n.Value)
	}
	return &m
}

// lcm of two multipleOf values. Decimals are scaled to integers first (0.5 and 0.3 give 1.5): the
// product of two fractions is smaller than both and would accept values neither allows. When no
// scale up to 10^9 makes both integers, the larger value is kept, and the Go validators enforce
// both.
func lcm(a, b float64) float64 {
	scale := 1.0
	for i := 0; i <= 9; i, scale = i+1, scale*10 {
		x, y := math.Round(a*scale), math.Round(b*scale)
		if math.Abs(x-a*scale) > 1e-9*scale || math.Abs(y-b*scale) > 1e-9*scale {
			continue
		}
		p, q := int64(x), int64(y)
		g := p
		for h := q; h != 0; {
			g, h = h, g%h
		}
		return float64(p/g*q) / scale
	}
	return math.Max(a, b)
}

// DefinitionsRef references definitions by model name, as Kubernetes' v2 documents do.
func DefinitionsRef(name string) spec.Ref { return spec.MustCreateRef("#/definitions/" + name) }

func maxInt(a, b int64) int64 { return max(a, b) }
func minInt(a, b int64) int64 { return min(a, b) }
