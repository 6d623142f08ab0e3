package validators

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/dave/jennifer/jen"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/model"
)

// celVar declares the compiled CEL rules of one place and returns the variable's name. Places
// with the same schema and rules share one variable.
func (g *validatorGen) celVar(base string, n *model.Node, rules []model.Rule, resourceRoot bool) string {
	schema := g.ruleSchema(n, rules, false)
	args := []jen.Code{jen.Lit(g.opts.Compat.String()), jen.Lit(schema), jen.Lit(resourceRoot)}
	for _, r := range rules {
		var fields []jen.Code
		fields = append(fields, jen.Line().Id("Rule").Op(":").Lit(r.Rule))
		if r.Message != "" {
			fields = append(fields, jen.Line().Id("Message").Op(":").Lit(r.Message))
		}
		if r.MessageExpression != "" {
			fields = append(fields, jen.Line().Id("MessageExpression").Op(":").Lit(r.MessageExpression))
		}
		if r.Reason != "" {
			fields = append(fields, jen.Line().Id("Reason").Op(":").Lit(r.Reason))
		}
		if r.FieldPath != "" {
			fields = append(fields, jen.Line().Id("FieldPath").Op(":").Lit(r.FieldPath))
		}
		if r.OptionalOldSelf {
			fields = append(fields, jen.Line().Id("OptionalOldSelf").Op(":").True())
		}
		fields = append(fields, jen.Line().Id("Origin").Op(":").Lit(r.Tag), jen.Line())
		args = append(args, jen.Line().Qual(pkgCELRT, "CELRule").Values(fields...))
	}
	decl := jen.Qual(pkgCELRT, "NewCELRules").Call(args...)
	key := fmt.Sprintf("cel:%#v", decl)
	if name, ok := g.memo[key]; ok {
		return name
	}
	name := g.unique("cel_" + base)
	g.memo[key] = name
	if resourceRoot {
		g.memo["root:"+name] = name
	}
	// Declared in place, but only once some rule runs in cel-go (useCELVar): a package whose rules
	// all compile to Go does not import the CEL runtime.
	slot := &jen.Statement{}
	g.vars = append(g.vars, slot)
	g.lazy[name] = lazyDecl{slot: slot, code: jen.Commentf("%s holds the CEL rules at %s:%d.", name, model.BaseName(n.Pos.Filename), n.Pos.Line).
		Line().Var().Id(name).Op("=").Add(decl)}
	return name
}

// lazyDecl is a declaration emitted only when used.
type lazyDecl struct {
	slot *jen.Statement
	code *jen.Statement
}

// useCELVar declares a CEL variable that celVar named.
func (g *validatorGen) useCELVar(name string) {
	if d, ok := g.lazy[name]; ok && len(*d.slot) == 0 {
		*d.slot = *d.code
	}
}

// typingSchema keeps what types self for CEL and bounds its cost (types, formats, properties,
// required, list and map semantics, size limits) and drops the rest: descriptions, defaults,
// enums, patterns and the rules of nested places.
func typingSchema(s spec.Schema) spec.Schema {
	s.Description, s.Default, s.Enum, s.Pattern, s.Title = "", nil, nil, "", ""
	s.Minimum, s.Maximum, s.ExclusiveMinimum, s.ExclusiveMaximum, s.MultipleOf = nil, nil, false, false, nil
	s.MinLength, s.MinItems, s.MinProperties = nil, nil, nil
	if s.Extensions != nil {
		ext := spec.Extensions{}
		for k, v := range s.Extensions {
			if k != schema.ExtValidations {
				ext[k] = v
			}
		}
		s.Extensions = ext
	}
	if s.Items != nil && s.Items.Schema != nil {
		x := typingSchema(*s.Items.Schema)
		s.Items = &spec.SchemaOrArray{Schema: &x}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		x := typingSchema(*s.AdditionalProperties.Schema)
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &x}
	}
	if len(s.Properties) > 0 {
		props := make(map[string]spec.Schema, len(s.Properties))
		for k, p := range s.Properties {
			props[k] = typingSchema(p)
		}
		s.Properties = props
	}
	return s
}

// compactJSON renders a schema on one line with sorted keys.
func compactJSON(s spec.Schema) (string, error) {
	b, err := schema.SortedJSON(s)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return "", err
	}
	return out.String(), nil
}

// ruleSchema is the schema that types self for rules at a place, as compact JSON: the shape and
// what of the place's own validations changes what CEL sees (its format, list type and keys), so
// that places of one shape share their compiled rules; or with all of the place's own
// validations, whose size limits bound the cost estimate (limits).
func (g *validatorGen) ruleSchema(n *model.Node, rules []model.Rule, limits bool) string {
	e := schema.NewCRD(g.opts, &model.Diagnostics{}, true)
	place := *model.Effective(n)
	if !limits {
		place.V = model.Validations{Format: place.V.Format, ListType: place.V.ListType, ListMapKeys: place.V.ListMapKeys}
	}
	var s spec.Schema
	e.Shape(&s, &place)
	e.Validations(&s, &place)
	s = typingSchema(s)
	var list []any
	for _, r := range rules {
		list = append(list, schema.RuleExtension(r))
	}
	s.AddExtension(schema.ExtValidations, list)
	out, err := compactJSON(s)
	if err != nil {
		panic(err) // spec.Schema always marshals
	}
	return out
}

// ruleCosts is the estimated worst-case cost of each rule of a CEL variable, as the runtime
// compiles it (nil when it does not compile, which the check stage has already ruled out).
func ruleCosts(schemaJSON string, resourceRoot bool, opts model.Options) []uint64 {
	ss, err := celenv.Structural([]byte(schemaJSON))
	if err != nil {
		return nil
	}
	results, err := celenv.Compile(ss, resourceRoot, opts.Compat)
	if err != nil {
		return nil
	}
	costs := make([]uint64, len(results))
	for i, r := range results {
		if r.Error != nil {
			return nil
		}
		costs[i] = r.MaxCost
	}
	return costs
}
