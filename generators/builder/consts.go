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

// Func resolves a function declared in the tag's package.
func (l constLookup) Func(name string) (*types.Func, bool) {
	f, ok := l.pkg.Scope().Lookup(name).(*types.Func)
	return f, ok
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
// the longer doc wins, as in openapi-gen.
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
		gates, always := b.enumExclusions(c)
		if always {
			excluded[v] = true
		}
		doc := strings.Join(strings.Fields(strings.TrimPrefix(strings.TrimSpace(b.prog.ConstDoc(c)), c.Name())), " ")
		if old, ok := byValue[v]; ok {
			old.ExcludedWhen = append(old.ExcludedWhen, gates...)
			if len(old.Doc) < len(doc) {
				old.Doc = doc
			}
			byValue[v] = old
			continue
		}
		byValue[v] = model.EnumValue{Value: v, Doc: doc, ExcludedWhen: gates}
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

// enumExclusions reads the +k8s:enumExclude tags of an enum constant (the only tags read on
// constants, with the +k8s:ifEnabled / +k8s:ifDisabled that gate them): the options under which
// its value is excluded, or always when one is not gated.
func (b *builder) enumExclusions(c *types.Const) (gates []model.OptionGate, always bool) {
	var raws []tags.Raw
	for _, r := range tags.Extract(b.prog.ConstTagLines(c), tags.Multiline) {
		if r.Name == "k8s:enumExclude" || r.Name == "k8s:ifEnabled" || r.Name == "k8s:ifDisabled" {
			raws = append(raws, r)
		}
	}
	if len(raws) == 0 {
		return nil, false
	}
	var v model.Validations
	tags.Apply(raws, tags.Place{Scope: tags.ScopeConst, Kind: model.KindString, GoType: c.Type(), V: &v, TestTags: b.testTags}, &b.diags)
	for _, f := range v.EnumExclude {
		if len(f.Options) == 0 {
			always = true
		}
		gates = append(gates, f.Options...)
	}
	return gates, always
}
