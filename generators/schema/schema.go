// Package schema spells the model as OpenAPI schemas (kube-openapi's spec.Schema), in the two
// dialects the outputs need: kube-openapi definitions with references, and CRD structural schemas
// with references inlined. It is shared by the check stage (CEL rules are compiled against the
// schema at their place) and the emitters; it decides nothing about files.
package schema

import (
	"math"
	"sort"

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

// Definitions returns the kube-openapi definitions of the given model definitions, exactly what
// the generated GetOpenAPIDefinitions returns. ref turns a model name into a reference.
func Definitions(defs []*model.Definition, opts model.Options, ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
	out := make(map[string]common.OpenAPIDefinition, len(defs))
	for _, d := range defs {
		out[d.Name] = Definition(d, opts, ref)
	}
	return out
}

// NewCRD returns an emitter of CRD structural schemas. Problems only a CRD has (recursion,
// optional list-map keys) are reported into diags; lenient spells a recursive reference as a
// free-form value instead of reporting it. stack holds the definitions being spelled, outermost
// first (the root kind, when spelling a CRD's schema).
func NewCRD(opts model.Options, diags *model.Diagnostics, lenient bool, stack ...*model.Definition) *Emitter {
	return &Emitter{opts: opts, crd: true, lenient: lenient, deps: map[string]bool{}, diags: diags, stack: stack}
}

// Definition returns one definition's schema and the definitions it references.
func Definition(d *model.Definition, opts model.Options, ref common.ReferenceCallback) common.OpenAPIDefinition {
	e := &Emitter{opts: opts, ref: ref, deps: map[string]bool{}}
	s := e.Node(d.Node, false)
	s.Description = d.Description
	openAPIGenExtensions(&s, d.OpenAPIGen, d.Unions)
	if d.Special && len(d.Node.OneOfTypes) > 0 {
		// Like openapi-gen: the v3 schema says oneOf, and the v2 one hides in an extension.
		v2 := s
		v2.Extensions = nil
		openAPIGenExtensions(&v2, d.OpenAPIGen, d.Unions)
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

// Emitter spells model nodes as schemas. Make one with NewCRD, or use Definition(s).
type Emitter struct {
	opts model.Options
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
	// cg writes descriptions and required lists as controller-gen does (see ControllerGen).
	cg bool
	// uncorrelated counts the lists being spelled whose items the API server cannot correlate
	// with old items (all but +listType=map): rules below them cannot use oldSelf.
	uncorrelated int
}

// Uncorrelated makes e spell a place the API server cannot correlate with its old value (the
// CEL checker, which spells one place at a time, says so for places below such a list).
func (e *Emitter) Uncorrelated() *Emitter {
	e.uncorrelated++
	return e
}

// Node spells one node; ref'd nodes become references carrying only this place's validations
// (or, for CRDs, the referenced definition inlined with both levels' validations).
func (e *Emitter) Node(n *model.Node, useRef bool) spec.Schema {
	var s spec.Schema
	if e.crd {
		e.listMapKeysRequired(n)
	}
	switch {
	case e.crd && n.V.Schema.Schemaless != nil:
		// An empty schema and the place's markers: nothing below is described (or inlined).
	case e.crd && n.Ref != nil:
		return e.inline(n)
	case useRef && n.Ref != nil:
		s.Ref = e.ref(n.Ref.Name)
		e.deps[n.Ref.Name] = true
	default:
		e.Shape(&s, n)
		if e.cg {
			e.cgShape(&s, n)
		}
	}
	e.Validations(&s, n)
	e.cgAllOf(&s, n)
	return s
}

// Shape writes the type of a node: type, format, items, properties.
func (e *Emitter) Shape(s *spec.Schema, n *model.Node) {
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
		listMap := false
		if lt := model.Published(n.V).ListType; lt != nil && lt.Value == "map" {
			listMap = true
		}
		if !listMap {
			e.uncorrelated++
		}
		item := e.Node(n.Items, true)
		if !listMap {
			e.uncorrelated--
		}
		AddRules(&item, ElementRules(n, e.uncorrelated == 0))
		if lt := model.Published(n.V).ListType; e.crd && lt != nil && lt.Value == "set" && model.Effective(n.Items).Kind == model.KindObject {
			// A set of objects (upstream's semantics allow them) compares whole items: the API
			// server accepts it only with atomic items.
			item.AddExtension(ExtMapType, "atomic")
		}
		s.Items = &spec.SchemaOrArray{Schema: &item}
	case model.KindMap:
		s.Type = spec.StringOrArray{"object"}
		val := e.Node(n.Values, true)
		AddRules(&val, ElementRules(n, e.uncorrelated == 0))
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &val}
	case model.KindAny:
		if e.crd {
			s.AddExtension(ExtPreserve, true)
		} else if emptyInterface(n.GoType) {
			s.Type = spec.StringOrArray{"object"} // as openapi-gen spells interface{}
		}
	case model.KindObject:
		s.Type = spec.StringOrArray{"object"}
		if e.crd && len(n.Properties) == 0 && (!e.cg || cgFreeForm(n)) {
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
		if e.cg {
			sort.Strings(s.Required)
		}
	}
	s.Format = n.Format
}

func (e *Emitter) property(p *model.Property) spec.Schema {
	if p.AsString {
		s := spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}, Description: p.Description}}
		return s
	}
	s := e.Node(p.Node, true)
	if e.crd {
		if e.cg {
			e.cgPropertyDoc(&s, p)
		} else if len(e.stack) > 1 || !model.IsObjectMeta(p.Node.GoType) {
			s.Description = p.Description // root metadata may carry nothing but name and generateName
		}
		return s
	}
	s.Description = p.Description
	openAPIGenExtensions(&s, p.OpenAPIGen, nil)
	if s.Default == nil && p.ImplicitDefault != nil {
		s.Default = p.ImplicitDefault
	}
	if p.StripZero {
		s.AddExtension(ExtStripZero, true)
	}
	return s
}

// valueKeywords writes the value validations of v: the tightest bounds of each kind (the least
// common multiple of multipleOf), and the pattern.
func valueKeywords(s *spec.Schema, v *model.Validations) {
	if len(v.Minimum) > 0 {
		m := model.Tightest(v.Minimum, math.Max)
		s.Minimum, s.ExclusiveMinimum = &m, v.ExclusiveMinimum != nil
	}
	if len(v.Maximum) > 0 {
		m := model.Tightest(v.Maximum, math.Min)
		s.Maximum, s.ExclusiveMaximum = &m, v.ExclusiveMaximum != nil
	}
	if len(v.MultipleOf) > 0 {
		m := v.MultipleOf[0].Value
		for _, x := range v.MultipleOf[1:] {
			m = lcm(m, x.Value)
		}
		s.MultipleOf = &m
	}
	s.MinLength = model.TightestInt(v.MinLength, model.MaxInt)
	s.MaxLength = model.TightestInt(v.MaxLength, model.MinInt)
	s.MinItems = model.TightestInt(v.MinItems, model.MaxInt)
	s.MaxItems = model.TightestInt(v.MaxItems, model.MinInt)
	s.MinProperties = model.TightestInt(v.MinProperties, model.MaxInt)
	s.MaxProperties = model.TightestInt(v.MaxProperties, model.MinInt)
	if v.Pattern != nil {
		s.Pattern = v.Pattern.Value
	}
}

// Validations writes what the tags declared at this node and returns the rules it published, in
// their x-kubernetes-validations order.
func (e *Emitter) Validations(s *spec.Schema, n *model.Node) []model.Rule {
	pv := model.Published(n.V) // what +k8s:alpha/beta/ifEnabled wrap is Go's only
	if e.crd {
		pv = model.PublishedCRD(n.V)
	}
	if e.cg && n.PlaceV != nil && len(n.PlaceV.Rules) > 0 && len(n.TypeV.Rules) > 0 {
		// controller-gen flattens the field's allOf of its named type's schema and its own, the
		// field's rules first, whatever the order of their declarations.
		pv.Rules = model.Published(model.Validations{Rules: append(append([]model.Rule(nil), n.PlaceV.Rules...), n.TypeV.Rules...)}).Rules
	}
	v := &pv
	e.schemaTags(s, &v.Schema)
	valueKeywords(s, v)
	var rules []model.Rule
	if v.Format != nil {
		rules = append(rules, e.format(s, v.Format)...)
	}
	if len(n.Enum) > 0 && (n.V.Enum == nil || v.Enum != nil) { // an enum at a stability level is Go's only
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
		rules = append(rules, unchangedIf(r, e.uncorrelated == 0))
	}
	rules = append(rules, k8sRules(n, e.uncorrelated == 0)...)
	if e.crd {
		AddRules(s, crdReasons(rules))
	} else {
		AddRules(s, rules)
	}
	e.openAPIMarkers(s, n.V.Schema)
	return rules
}

// AddRules appends rules to the x-kubernetes-validations of s.
func AddRules(s *spec.Schema, rules []model.Rule) {
	if len(rules) == 0 {
		return
	}
	list, _ := s.Extensions[ExtValidations].([]any)
	for _, r := range rules {
		list = append(list, RuleExtension(r))
	}
	s.AddExtension(ExtValidations, list)
}

// format publishes a +format: the name when the target API server knows it, else its fallback
// pattern (or rule, when a pattern is already taken). A CRD that publishes it as a rule publishes
// the format's maximum length too, where the value has no tighter one: the API server estimates
// the rule's cost from the string's length (formats.Format.MaxLength).
func (e *Emitter) format(s *spec.Schema, f *model.Format) []model.Rule {
	row, _ := formats.Lookup(f.Name)
	if !row.PublishedAsRule(e.opts.Compat, e.opts.FormatFallback, s.Pattern != "") {
		if row.KnownTo(e.opts.Compat) || !e.opts.FormatFallback || !row.HasFallback() {
			s.Format = row.Name
		} else {
			s.Pattern = row.Pattern
		}
		return nil
	}
	if e.crd && row.MaxLength > 0 && (s.MaxLength == nil || *s.MaxLength > row.MaxLength) {
		s.MaxLength = &row.MaxLength
	}
	return []model.Rule{{Rule: row.CELCheck("self"), Message: row.RuleMessage(), RulePos: f.Pos, Origin: f.Origin}}
}

// crdReasons spells the rules' reasons as a CRD takes them: FieldValue+Reason, never a
// +k8s:validation:cel reason as written (reason="Invalid", or one of none of the four, which the
// API server refuses in a CRD and openapi-gen publishes as written).
func crdReasons(rules []model.Rule) []model.Rule {
	out := rules
	for i, r := range rules {
		if r.PublishedReason == "" {
			continue
		}
		if &out[0] == &rules[0] {
			out = append([]model.Rule(nil), rules...)
		}
		out[i].PublishedReason = ""
	}
	return out
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
	if r.PublishedReason != "" {
		m["reason"] = r.PublishedReason
	} else if r.Reason != "" {
		m["reason"] = "FieldValue" + r.Reason
	}
	if r.FieldPath != "" {
		m["fieldPath"] = r.FieldPath
	}
	if r.OptionalOldSelf || r.OptionalOldSelfWritten {
		m["optionalOldSelf"] = r.OptionalOldSelf
	}
	return m
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
