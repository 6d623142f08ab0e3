package review

import (
	"sort"
	"strings"

	kversion "k8s.io/apimachinery/pkg/version"

	"github.com/validation-gen/validation-gen/model"
)

// CostFunc returns a rule's estimated cost per evaluation, and whether it is known.
type CostFunc func(model.Rule) (uint64, bool)

// Build returns the surface of every served kind version among the universe's input packages:
// root kinds of packages named like a version (v1, v1beta2), but those controller-gen's markers
// leave out of the CRD or do not serve (+kubebuilder:skipversion, +kubebuilder:unservedversion).
// costs may be nil.
func Build(u *model.Universe, costs CostFunc) *Surface {
	if costs == nil {
		costs = func(model.Rule) (uint64, bool) { return 0, false }
	}
	s := &Surface{}
	for _, p := range u.Packages {
		if p.ReadOnly && p.ValidationGenInput == nil && !readOnlyInput(u, p) {
			continue
		}
		if !model.IsServedVersion(p.Name) {
			continue
		}
		for _, d := range p.Definitions {
			if d.Root == nil || d.Root.CRD.Skip != nil || d.Root.CRD.Unserved != nil {
				continue // not a kind, or a version the API server does not serve (+kubebuilder:skipversion, unservedversion)
			}
			s.Kinds = append(s.Kinds, buildKind(p, d, costs))
		}
	}
	sort.SliceStable(s.Kinds, func(i, j int) bool {
		a, b := s.Kinds[i], s.Kinds[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return kversion.CompareKubeAwareVersionStrings(a.Version, b.Version) > 0
	})
	return s
}

// readOnlyInput reports a read-only package that an output package names as its input
// (+k8s:validation-gen-input): its types are validated, so its kinds are part of the surface.
func readOnlyInput(u *model.Universe, p *model.Package) bool {
	for _, q := range u.Packages {
		if q.ValidationGenInput != nil && q.ValidationGenInput.Value == p.Path {
			return true
		}
	}
	return false
}

// builtInPrefix is the import path of Kubernetes' built-in API types (k8s.io/api/core/v1, ...).
const builtInPrefix = "k8s.io/api/"

type builder struct {
	k     *KindVersion
	costs CostFunc
	// native: the package follows Kubernetes' validation-gen (Go reads only +k8s: presence tags).
	native bool
	stack  []*model.Definition
	// gates are the feature gates of the field being walked (a field below a gated one is gated).
	gates []string
}

func buildKind(p *model.Package, d *model.Definition, costs CostFunc) *KindVersion {
	k := &KindVersion{
		Group: p.GroupName, Version: p.Name, Kind: d.Root.Kind, Package: p.Path, Dir: p.Dir, Type: d.GoName,
		Native: p.UpstreamSemantics(), ClusterScoped: d.Root.ClusterScoped, Doc: d.Description, Pos: d.Pos,
		BuiltIn: strings.HasPrefix(p.Path, builtInPrefix),
	}
	b := &builder{k: k, costs: costs, native: k.Native, stack: []*model.Definition{d}}
	// The object's own validations (rules on the kind type) are at the root, path "".
	root := &Field{Path: "", Type: "object", Doc: d.Description, Pos: d.Pos}
	b.facts(root, d.Node, nil)
	if len(root.Facts) > 1 { // more than its type
		k.Fields = append(k.Fields, root)
	}
	b.properties("", d)
	return k
}

// properties walks the fields of a struct definition below path.
func (b *builder) properties(path string, d *model.Definition) {
	for _, p := range d.Node.Properties {
		switch {
		case path == "" && (p.Name == "apiVersion" || p.Name == "kind"):
			continue // TypeMeta: the API machinery's, the same for every kind
		}
		b.place(join(path, p.Name), p.Name, p, p.Node)
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// place adds the field at path and walks below it.
func (b *builder) place(path, name string, p *model.Property, n *model.Node) {
	b.placeAt(path, name, p, n, false)
}

// placeAt is place; a shallow place (an item selected by key) lists its own facts and what
// +k8s:subfield adds below it, not its type's fields again.
func (b *builder) placeAt(path, name string, p *model.Property, n *model.Node, shallow bool) {
	eff := model.Effective(n)
	f := &Field{Path: path, Name: name, Type: typeOf(eff), Pos: n.Pos, FeatureGates: b.gates}
	for _, g := range eff.V.FeatureGates {
		f.FeatureGates = append(f.FeatureGates[:len(f.FeatureGates):len(f.FeatureGates)], g.Value)
	}
	saved := b.gates
	b.gates = f.FeatureGates
	defer func() { b.gates = saved }()
	if p != nil {
		f.Doc = firstParagraph(p.Description)
		f.Pos = p.Pos
	}
	b.facts(f, eff, p)
	b.k.Fields = append(b.k.Fields, f)
	if model.IsObjectMeta(n.GoType) {
		return // ObjectMeta is apimachinery's, the same for every kind: only its place's facts count
	}
	if shallow {
		b.subfields(path, eff)
		return
	}
	if n.Ref != nil {
		for _, s := range b.stack {
			if s == n.Ref {
				f.Recursive = true
				return
			}
		}
		if n.Ref.Special {
			return
		}
		b.stack = append(b.stack, n.Ref)
		b.properties(path, n.Ref)
		b.stack = b.stack[:len(b.stack)-1]
	} else {
		for _, q := range eff.Properties { // an inline struct

			b.place(join(path, q.Name), q.Name, q, q.Node)
		}
	}
	if eff.Keys != nil && hasValidation(eff.Keys) {
		b.place(path+"[key]", "", nil, eff.Keys)
	}
	if eff.Items != nil {
		b.place(path+"[*]", "", nil, eff.Items)
	}
	if eff.Values != nil {
		b.place(path+"[*]", "", nil, eff.Values)
	}
	for _, it := range eff.V.ItemSelectors {
		if it.Node != nil {
			b.placeAt(path+itemSelector(it), "", nil, it.Node, true)
		}
	}
	b.subfields(path, eff)
}

func (b *builder) subfields(path string, eff *model.Node) {
	for _, sf := range eff.V.Subfields {
		if sf.Node != nil {
			b.subfield(join(path, sf.Name), sf)
		}
	}
}

// subfield merges what +k8s:subfield declares into the field at path (added when the struct's
// own walk has not listed it).
func (b *builder) subfield(path string, sf *model.Subfield) {
	tmp := &Field{Path: path}
	b.facts(tmp, sf.Node, nil)
	for _, f := range b.k.Fields {
		if f.Path == path {
			for _, x := range tmp.Facts {
				if x.What != "type" {
					f.Facts = append(f.Facts, x)
				}
			}
			f.Facts = tightest(f.Facts)
			sortFacts(f.Facts)
			return
		}
	}
	tmp.Name, tmp.Type = sf.Name, typeOf(sf.Node)
	b.k.Fields = append(b.k.Fields, tmp)
}

func itemSelector(it *model.ItemSelector) string {
	var parts []string
	for _, k := range it.Keys {
		parts = append(parts, k.Name+"="+show(k.Value))
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func hasValidation(n *model.Node) bool {
	v := n.V
	return len(v.Minimum)+len(v.Maximum)+len(v.MinLength)+len(v.MaxLength)+len(v.Rules)+len(v.Calls) > 0 ||
		v.Pattern != nil || v.Format != nil || v.Enum != nil
}

// typeOf spells a node's JSON type.
func typeOf(n *model.Node) string {
	if t := n.V.Schema.Type; t != nil {
		return t.Value
	}
	if n.V.Schema.IntOrString != nil || len(n.OneOfTypes) > 1 {
		return "int-or-string"
	}
	var t string
	switch n.Kind {
	case model.KindObject:
		t = "object"
	default:
		t = n.Kind.String()
	}
	if n.Format != "" && n.Kind != model.KindObject && n.Kind != model.KindList && n.Kind != model.KindMap {
		t += " (" + n.Format + ")"
	}
	return t
}

func firstParagraph(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n\n")
	return strings.Join(strings.Fields(s), " ")
}

// lifecycle is an origin's gating.
func lifecycle(o model.Origin) Lifecycle {
	l := Lifecycle{Level: o.Level}
	for _, g := range o.Options {
		if g.Enabled {
			l.Gates = append(l.Gates, g.Name)
		} else {
			l.Gates = append(l.Gates, "!"+g.Name)
		}
	}
	return l
}

// published reports whether the schema publishes a tag of this origin: not one at a stability level
// or under a validation option (model.Published).
func published(o model.Origin) bool { return o.Level == "" && len(o.Options) == 0 }
