package validators

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"github.com/dave/jennifer/jen"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/model"
)

// Rules over the per-call cost limit.
//
// The API server stops a rule whose cost, counted as it runs, passes the per-call limit; compiled
// Go does not count. So a rule runs compiled only where CEL's own estimate of its worst case, at
// its place with the place's size limits (maxItems, maxLength, maxProperties), is within the limit:
// the estimate bounds the cost of every value within those limits.
//
// A rule whose estimate is over the limit still runs compiled for values that are small enough:
// costGuard finds smaller limits (the place's own, all scaled down by one factor) under which the
// estimate is within the limit, and writes a function that checks a value against them. The rule
// runs compiled for values within them, and in cel-go, which counts, for larger ones.

// costGuard returns the name of a function func(*T) bool reporting whether a value of the place
// is within limits for which rule i's estimated cost (and its messageExpression's) is within the
// per-call limit, or false when there are none.
//
// A size the rule may read that has no limit is bounded only by the request size for CEL's
// estimate; there, the guard gives it a limit: first the place's own limits are scaled down, and
// when that is not enough, every unbounded string, list and map is given the request size as its
// limit before scaling.
func (g *validatorGen) costGuard(n *model.Node, schemaJSON string, i int, root bool) (string, bool) {
	var s spec.Schema
	if err := json.Unmarshal([]byte(schemaJSON), &s); err != nil {
		return "", false
	}
	fits := func(base spec.Schema, f float64) (*spec.Schema, bool) {
		scaled := scaleLimits(base, f)
		js, err := compactJSON(*scaled)
		if err != nil {
			return nil, false
		}
		facts, ok := rulePlaceFacts(js, root, g.opts)
		return scaled, ok && i < len(facts.costs) && facts.costs[i] <= celconfig.PerCallLimit && facts.msgCosts[i] <= celconfig.PerCallLimit
	}
	// The place's own limits: the largest factor that fits, to a precision of 1/1024.
	if best, ok := fits(s, 1.0/1024); ok {
		lo, hi := 0.0, 1.0
		for range 10 {
			mid := (lo + hi) / 2
			if sc, ok := fits(s, mid); ok {
				lo, best = mid, sc
			} else {
				hi = mid
			}
		}
		return g.limitsFunc(n, best)
	}
	// Every size bounded: the largest power of two that fits, then ten steps of bisection above it
	// (when a function can check a value against such limits at all).
	bounded := boundUnbounded(s)
	if _, ok := g.limitsChecks(jen.Parens(jen.Op("*").Id("v")), n, &bounded, map[*model.Definition]bool{}, 0); !ok {
		return "", false
	}
	for k := 0; k <= 40; k++ {
		f := math.Ldexp(1, -k)
		best, ok := fits(bounded, f)
		if !ok {
			continue
		}
		lo, hi := f, 2*f
		for range 10 {
			mid := (lo + hi) / 2
			if sc, ok := fits(bounded, mid); ok {
				lo, best = mid, sc
			} else {
				hi = mid
			}
		}
		return g.limitsFunc(n, best)
	}
	return "", false
}

// boundUnbounded gives every string (except those CEL reads as timestamps, durations or bytes),
// list and map of a schema that has no size limit the largest size a request can hold.
func boundUnbounded(s spec.Schema) spec.Schema {
	size := celconfig.MaxRequestSizeBytes
	switch {
	case s.Type.Contains("string") && s.MaxLength == nil:
		switch s.Format {
		case "date", "date-time", "duration", "byte":
		default:
			s.MaxLength = &size
		}
	case s.Type.Contains("array") && s.MaxItems == nil:
		s.MaxItems = &size
	case s.Type.Contains("object") && s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil && s.MaxProperties == nil:
		s.MaxProperties = &size
	}
	if s.Items != nil && s.Items.Schema != nil {
		item := boundUnbounded(*s.Items.Schema)
		s.Items = &spec.SchemaOrArray{Schema: &item}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		val := boundUnbounded(*s.AdditionalProperties.Schema)
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &val}
	}
	if len(s.Properties) > 0 {
		props := make(map[string]spec.Schema, len(s.Properties))
		for k, p := range s.Properties {
			props[k] = boundUnbounded(p)
		}
		s.Properties = props
	}
	return s
}

// scaleLimits multiplies every maxItems, maxLength and maxProperties of a schema by f.
func scaleLimits(s spec.Schema, f float64) *spec.Schema {
	scale := func(p *int64) *int64 {
		if p == nil {
			return nil
		}
		v := int64(math.Floor(float64(*p) * f))
		return &v
	}
	s.MaxItems, s.MaxLength, s.MaxProperties = scale(s.MaxItems), scale(s.MaxLength), scale(s.MaxProperties)
	if s.Items != nil && s.Items.Schema != nil {
		s.Items = &spec.SchemaOrArray{Schema: scaleLimits(*s.Items.Schema, f)}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: scaleLimits(*s.AdditionalProperties.Schema, f)}
	}
	if len(s.Properties) > 0 {
		props := make(map[string]spec.Schema, len(s.Properties))
		for k, p := range s.Properties {
			props[k] = *scaleLimits(p, f)
		}
		s.Properties = props
	}
	return &s
}

// limitsFunc declares (once per type and limits) the function that checks a value of node n
// against the size limits of schema s.
func (g *validatorGen) limitsFunc(n *model.Node, s *spec.Schema) (string, bool) {
	body, ok := g.limitsChecks(jen.Parens(jen.Op("*").Id("v")), n, s, map[*model.Definition]bool{}, 0)
	if !ok {
		return "", false
	}
	typ := g.goType(n.ValueType())
	js, _ := compactJSON(*s)
	key := fmt.Sprintf("limits:%#v:%s", typ, js)
	if name, ok := g.memo[key]; ok {
		return name, true
	}
	name := g.unique("withinCostLimits_" + g.placeName(n))
	g.memo[key] = name
	g.vars = append(g.vars,
		jen.Commentf("%s reports whether a value is small enough for the rules of %s over the CEL per-call cost limit to run compiled to Go (larger values run in cel-go, which counts).", name, g.placeName(n)),
		jen.Func().Id(name).Params(jen.Id("v").Op("*").Add(typ)).Bool().Block(append(body, jen.Return(jen.True()))...))
	return name, true
}

// limitsChecks are the statements returning false when the value code (of node n, schema s) is
// over a size limit of s; false when they cannot be written.
func (g *validatorGen) limitsChecks(code *jen.Statement, n *model.Node, s *spec.Schema, seen map[*model.Definition]bool, depth int) ([]jen.Code, bool) {
	if !hasLimits(s) {
		return nil, true
	}
	if depth > 16 || n.Ref != nil && seen[n.Ref] {
		return nil, false // recursive
	}
	if n.Ref != nil {
		seen[n.Ref] = true
		defer delete(seen, n.Ref)
	}
	eff := model.Effective(n)
	var out []jen.Code
	over := func(cond *jen.Statement) { out = append(out, jen.If(cond).Block(jen.Return(jen.False()))) }
	switch eff.Kind {
	case model.KindString:
		if n.Ref != nil && n.Ref.Special {
			return nil, false // a struct with a string schema (metav1.Duration...): its Go value is no string
		}
		if s.MaxLength != nil {
			if s.Format == "byte" {
				return nil, false
			}
			over(jen.Qual(pkgUTF8, "RuneCountInString").Call(jen.String().Call(code.Clone())).Op(">").Lit(int(*s.MaxLength)))
		}
	case model.KindList:
		if s.MaxItems != nil {
			over(jen.Len(code.Clone()).Op(">").Lit(int(*s.MaxItems)))
		}
		if s.Items != nil && s.Items.Schema != nil && hasLimits(s.Items.Schema) {
			item, ok := g.limitsChecks(jen.Id(fmt.Sprintf("x%d", depth)), eff.Items, s.Items.Schema, seen, depth+1)
			if !ok {
				return nil, false
			}
			if eff.Items.Pointer {
				item = []jen.Code{jen.If(jen.Id(fmt.Sprintf("p%d", depth)).Op("!=").Nil()).Block(
					append([]jen.Code{jen.Id(fmt.Sprintf("x%d", depth)).Op(":=").Op("*").Id(fmt.Sprintf("p%d", depth))}, item...)...)}
				out = append(out, jen.For(jen.List(jen.Id("_"), jen.Id(fmt.Sprintf("p%d", depth))).Op(":=").Range().Add(code.Clone())).Block(item...))
			} else {
				out = append(out, jen.For(jen.List(jen.Id("_"), jen.Id(fmt.Sprintf("x%d", depth))).Op(":=").Range().Add(code.Clone())).Block(item...))
			}
		}
	case model.KindMap:
		if s.MaxProperties != nil {
			over(jen.Len(code.Clone()).Op(">").Lit(int(*s.MaxProperties)))
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil && hasLimits(s.AdditionalProperties.Schema) {
			val, ok := g.limitsChecks(jen.Id(fmt.Sprintf("x%d", depth)), eff.Values, s.AdditionalProperties.Schema, seen, depth+1)
			if !ok || eff.Values.Pointer {
				return nil, false
			}
			out = append(out, jen.For(jen.List(jen.Id("_"), jen.Id(fmt.Sprintf("x%d", depth))).Op(":=").Range().Add(code.Clone())).Block(val...))
		}
	case model.KindObject:
		names := make([]string, 0, len(s.Properties))
		for name := range s.Properties {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			ps := s.Properties[name]
			if !hasLimits(&ps) {
				continue
			}
			var p *model.Property
			for _, q := range eff.Properties {
				if q.Name == name && !q.AsString {
					p = q
				}
			}
			if p == nil || len(p.Via) > 0 {
				return nil, false
			}
			f := code.Clone().Dot(p.GoName)
			if p.Node.Pointer {
				inner, ok := g.limitsChecks(jen.Parens(jen.Op("*").Add(f.Clone())), p.Node, &ps, seen, depth+1)
				if !ok {
					return nil, false
				}
				if len(inner) > 0 {
					out = append(out, jen.If(f.Clone().Op("!=").Nil()).Block(inner...))
				}
				continue
			}
			inner, ok := g.limitsChecks(f, p.Node, &ps, seen, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, inner...)
		}
	default:
		return nil, false
	}
	return out, true
}

// hasLimits reports whether a schema or one below it has a size limit.
func hasLimits(s *spec.Schema) bool {
	if s.MaxItems != nil || s.MaxLength != nil || s.MaxProperties != nil {
		return true
	}
	if s.Items != nil && s.Items.Schema != nil && hasLimits(s.Items.Schema) {
		return true
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil && hasLimits(s.AdditionalProperties.Schema) {
		return true
	}
	for _, p := range s.Properties {
		if hasLimits(&p) {
			return true
		}
	}
	return false
}
