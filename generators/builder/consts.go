package builder

import (
	"go/constant"
	"go/types"
	"sort"
	"strings"

	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/tags"
)

// constLookup resolves constants for tags written in one package.
type constLookup struct {
	b   *builder
	pkg *types.Package
}

func (b *builder) lookup(p *types.Package) tags.ConstLookup {
	if p == nil {
		return nil
	}
	return constLookup{b, p}
}

// Const resolves "Name" in the tag's package, "pkg.Name" through its imports, or
// "import/path.Name".
func (l constLookup) Const(name string) (*types.Const, bool) {
	i := strings.LastIndex(name, ".")
	if i < 0 {
		c, ok := l.pkg.Scope().Lookup(name).(*types.Const)
		return c, ok
	}
	path, ident := name[:i], name[i+1:]
	if gp := l.b.prog.Package(path); gp != nil && gp.Types != nil {
		c, ok := gp.Types.Scope().Lookup(ident).(*types.Const)
		return c, ok
	}
	for _, imp := range l.pkg.Imports() {
		if imp.Name() == path || imp.Path() == path {
			c, ok := imp.Scope().Lookup(ident).(*types.Const)
			return c, ok
		}
	}
	return nil, false
}

// Func resolves a function declared in the tag's package or, as upstream's validation-gen finds
// hand-written validators, in an output package whose +k8s:validation-gen-input names it (the
// validators generated there call it): Kubernetes' pkg/apis/core/v1 holds the
// ValidateCustom_ functions of k8s.io/api/core/v1's tags.
func (l constLookup) Func(name string) (*types.Func, bool) {
	if f, ok := l.pkg.Scope().Lookup(name).(*types.Func); ok {
		return f, true
	}
	for _, out := range l.b.outputPackages(l.pkg.Path()) {
		if gp := l.b.prog.Package(out); gp != nil && gp.Types != nil {
			if f, ok := gp.Types.Scope().Lookup(name).(*types.Func); ok {
				return f, true
			}
		}
	}
	return nil, false
}

// Upstream reports whether the tag's package is written for Kubernetes' validation-gen
// (+k8s:validation-gen in its doc.go).
func (l constLookup) Upstream() bool { return l.b.pkg(l.pkg.Path()).UpstreamSemantics() }

// EnumValues lists the exported constants of a named type (or of the named type an alias
// denotes), from every loaded package.
func (l constLookup) EnumValues(t types.Type) []model.EnumValue {
	t = types.Unalias(t)
	n, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	return l.b.enumValues(n.Obj())
}

// enumValues returns the distinct values of a type's constants sorted by value; for equal values
// the longer doc wins, as in openapi-gen. A constant with +k8s:enumExclude declares no value; one
// excluded under an option (+k8s:ifEnabled(Option)=+k8s:enumExclude) keeps its exclusions.
func (b *builder) enumValues(tn *types.TypeName) []model.EnumValue {
	if a, ok := tn.Type().(*types.Alias); ok {
		if n, ok := types.Unalias(a).(*types.Named); ok {
			tn = n.Obj()
		}
	}
	if out, ok := b.enums[tn]; ok {
		return out
	}
	byValue := map[string]model.EnumValue{}
	excluded := map[string]bool{}
	for _, c := range b.prog.Consts(tn) {
		if c.Val().Kind() != constant.String {
			continue
		}
		v := constant.StringVal(c.Val())
		doc := strings.Join(strings.Fields(strings.TrimPrefix(strings.TrimSpace(withoutConstTags(b.prog.ConstDoc(c))), c.Name())), " ")
		ev := model.EnumValue{Value: v, Doc: doc, Const: c.Name()}
		b.constTags(c, &ev)
		if ev.Excluded != nil {
			continue
		}
		if old, ok := byValue[v]; ok && len(old.Doc) >= len(doc) {
			continue
		}
		byValue[v] = ev
	}
	var out []model.EnumValue
	for v, ev := range byValue {
		if !excluded[v] {
			out = append(out, ev)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Value.(string) < out[j].Value.(string) })
	b.enums[tn] = out
	return out
}

// constTagNames are the tags read on constants: +k8s:enumExclude, alone or under an option. Other
// tags in a constant's comment belong to other tools, as they always did here.
var constTagNames = map[string]bool{"k8s:enumExclude": true, "k8s:ifEnabled": true, "k8s:ifDisabled": true}

// withoutConstTags drops the lines of the tags read on constants from a constant's doc text: they
// say what the enum's values are, and are no part of a value's description.
func withoutConstTags(doc string) string {
	if !strings.Contains(doc, "+k8s:") {
		return doc
	}
	lines := strings.Split(doc, "\n")
	out := lines[:0]
	for _, l := range lines {
		t := strings.TrimSpace(l)
		name := strings.TrimPrefix(t, "+")
		if i := strings.IndexAny(name, "(="); i >= 0 {
			name = name[:i]
		}
		if strings.HasPrefix(t, "+") && constTagNames[name] {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// constTags applies the tags of a constant's doc comment to its enum value.
func (b *builder) constTags(c *types.Const, ev *model.EnumValue) {
	var raws []tags.Raw
	for _, r := range tags.Extract(b.prog.ConstTagLines(c), tags.Multiline) {
		if constTagNames[r.Name] {
			raws = append(raws, r)
		}
	}
	if len(raws) == 0 {
		return
	}
	tags.Apply(raws, tags.Place{Scope: tags.ScopeConst, GoType: c.Type(), Const: ev, Lookup: b.lookup(c.Pkg()),
		KindOf: b.kindOf, TestTags: b.testTags}, &b.diags)
}
