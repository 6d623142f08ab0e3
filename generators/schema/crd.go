package schema

import (
	"strings"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

// customResourceNameFormat is the format the API server requires of every custom resource's name
// (apimachinery's NameIsDNSSubdomain).
const customResourceNameFormat = "k8s-long-name"

// RecursionUnroll is how many times a lenient (CEL-typing) schema spells a recursive type inside
// itself before the innermost reference becomes a free-form value: a rule on a recursive type can
// then read its recursive fields that many levels down (self.next.name), as generated validators
// and the generation-time check type it the same way.
const RecursionUnroll = 3

// inline spells a referenced definition in place (CRD schemas have no references), merging the
// validations of the definition and of the place. A definition that contains itself cannot be
// inlined and is reported with its cycle.
func (e *Emitter) inline(n *model.Node) spec.Schema {
	def := n.Ref
	var s spec.Schema
	if def.GoPackage == model.MetaV1Path && def.GoName == "ObjectMeta" {
		// The API server owns metadata: a CRD describes it as a plain object, and nested object
		// metadata (in templates) is kept as it is. At the root only name and generateName may
		// be constrained, which is where +nameFormat's rules go.
		s.Type = spec.StringOrArray{"object"}
		if len(e.stack) > 1 && e.cg {
			e.cgEmbeddedObjectMeta(&s)
		} else if len(e.stack) > 1 {
			s.AddExtension(ExtPreserve, true)
		} else if nf := n.V.NameFormat; nf != nil {
			// The API server checks the name and generateName of every custom resource as a
			// DNS-1123 subdomain; repeating that as rules would report each bad name twice.
			if f, _ := formats.Lookup(nf.Name); f.Name != customResourceNameFormat {
				nr, gr := model.NameFormatRules(f, "self", "self")
				s.Properties = map[string]spec.Schema{"name": stringWithRule(nr), "generateName": stringWithRule(gr)}
			}
		}
		return s
	}
	seen := 0
	for _, d := range e.stack {
		if d == def {
			seen++
		}
	}
	for i, d := range e.stack {
		if d == def {
			if stops(n) {
				// controller-gen does not descend into a recursive type through such a place: it
				// writes the place's markers only (x-kubernetes-preserve-unknown-fields, ...);
				// generated validators stop there too. An embedded resource is an object, which
				// the API server requires its schema to say (controller-gen leaves the type out,
				// and the server refuses its CRD).
				e.Validations(&s, n)
				if n.V.Schema.EmbeddedResource != nil && len(s.Type) == 0 && def.Node.Kind == model.KindObject {
					s.Type = spec.StringOrArray{"object"}
				}
				return s
			}
			if e.lenient && seen < RecursionUnroll {
				break // typing CEL: spell the recursive type again, a few levels deep
			}
			var names []string
			for _, x := range append(e.stack[i:], def) {
				names = append(names, x.GoName)
			}
			if e.lenient {
				s.AddExtension(ExtPreserve, true)
				return s
			}
			// Reported at the field that closes the cycle, the place to break it.
			e.diags.Add(n.Pos, "", "type %s is recursive (%s); CRD schemas cannot express recursion",
				def.GoName, strings.Join(names, " -> "))
			return s
		}
	}
	e.stack = append(e.stack, def)
	defer func() { e.stack = e.stack[:len(e.stack)-1] }()
	merged := model.Effective(n)
	if e.cg && len(n.V.Rules) > 0 && len(def.Node.V.Rules) > 0 {
		// controller-gen flattens the field's allOf of the type's schema and its own into one,
		// the field's rules first, whatever the order of their declarations.
		m := *merged
		m.V.Rules = append(append([]model.Rule(nil), n.V.Rules...), def.Node.V.Rules...)
		merged = &m
	}
	e.Shape(&s, merged)
	e.Validations(&s, merged)
	e.cgAllOf(&s, n)
	s.Description = def.Description
	if e.cg {
		s.Description = def.Doc
		e.cgKnown(&s, def)
	}
	return s
}

// stops reports whether a place's schema is its markers only, whatever its type: an empty schema
// (Schemaless), or, for a recursive reference, free JSON (XPreserveUnknownFields) or an embedded
// resource (XEmbeddedResource).
func stops(n *model.Node) bool {
	t := &n.V.Schema
	return t.Schemaless != nil || t.PreserveUnknownFields != nil || t.EmbeddedResource != nil
}

// listMapKeysRequired reports list-map keys that are neither required nor defaulted: the API
// server rejects such a CRD schema. (The OpenAPI of built-in APIs has no such rule, and
// Kubernetes' own types have optional keys, so Check does not require it.)
func (e *Emitter) listMapKeysRequired(n *model.Node) {
	v := &n.V
	if v.ListType == nil || v.ListType.Value != "map" || n.Items == nil {
		return
	}
	props := n.Items.Properties
	if n.Items.Ref != nil {
		props = n.Items.Ref.Node.Properties
	}
	for _, k := range v.ListMapKeys {
		for _, p := range props {
			if p.Name == k.Value && !p.Required && p.Node.V.Default == nil {
				e.diags.Add(k.Pos, k.Written(), "key field %q is optional; map keys must be required (or have a +default)", k.Value)
			}
		}
	}
}

func stringWithRule(r model.Rule) spec.Schema {
	s := spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}}}
	s.AddExtension(ExtValidations, []any{RuleExtension(r)})
	return s
}
