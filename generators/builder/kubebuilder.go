package builder

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/tags"
)

// kubebuilderNode finishes what controller-gen's markers declared about a value: the allowed
// values of +kubebuilder:validation:Enum lists, and the item validations written on a list
// (+kubebuilder:validation:items:...), which become the items' own.
func (b *builder) kubebuilderNode(n *model.Node) {
	if f := n.V.Schema.TypeFormat; f != nil {
		format := n.Format
		if n.Ref != nil {
			format = n.Ref.Node.Format
		}
		if format != f.Name {
			b.diags.Add(f.Pos, f.Written(), "not supported on Go type %s: its schema has format %q, and generated validators "+
				"cannot check another format on its Go value; use a +kubebuilder:validation:XValidation rule", typeString(n.GoType), format)
		}
	}
	if lists := n.V.Schema.Enums; len(lists) > 0 {
		vals := model.EnumIntersection(lists)
		if len(vals) == 0 {
			b.diags.Add(lists[0].Pos, lists[0].Written(), "no value is allowed by every enum of this value's declarations")
		}
		n.Enum = nil
		for _, v := range vals {
			n.Enum = append(n.Enum, model.EnumValue{Value: v})
		}
	}
	if it := n.V.Schema.Items; it != nil && n.Items != nil {
		merged := model.MergeValidations([]*model.Validations{it, &n.Items.V}, &b.diags)
		n.Items.V = merged
		b.kubebuilderNode(n.Items)
	}
}

// schemaStop makes generated validators stop where controller-gen's schema stops describing a
// value, so that they check what the API server checks: below a +kubebuilder:validation:Schemaless
// place (an empty schema: the values of its type, its list's items or its map's values are free
// JSON), and where a recursive type refers to itself through a place marked
// XPreserveUnknownFields or XEmbeddedResource (controller-gen does not descend there; the CRD
// emitter writes the place's markers only). The type's validator is then not called there, as
// for +k8s:opaqueType; the place's own tags still are. cycle reports that n is a value of a
// struct whose fields are being built.
func schemaStop(n *model.Node, cycle bool) {
	t := &n.V.Schema
	var o *model.Flag
	switch {
	case t.Schemaless != nil:
		o = t.Schemaless
	case cycle && t.PreserveUnknownFields != nil:
		o = t.PreserveUnknownFields
	case cycle && t.EmbeddedResource != nil:
		o = t.EmbeddedResource
	default:
		return
	}
	for _, m := range []*model.Node{n, n.Items, n.Values} {
		if m != nil && m.Ref != nil && m.V.Opaque == nil && (m == n || t.Schemaless != nil) {
			m.V.Opaque = &model.Flag{Origin: o.Origin}
		}
	}
}

// kubebuilderRoot copies controller-gen's CRD markers of a root kind's declaration into the kind.
func kubebuilderRoot(rk *model.RootKind, tt *model.TypeTags) {
	rk.CRD = tt.CRD
	if r := tt.CRD.Resource; r != nil {
		if r.Path != "" {
			rk.Plural = r.Path
		}
		if r.Scope == "Cluster" {
			rk.ClusterScoped = true
		}
	}
}

// controllerGenDoc is a doc comment as controller-gen turns it into a description: the comment's
// text without marker lines (go/ast's CommentGroup.Text, so blank lines collapse and trailing
// spaces go), line breaks kept, TODO lines dropped and nothing after a --- line, outside fenced
// code blocks.
func controllerGenDoc(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	var kept ast.CommentGroup
	block := false
	for _, c := range g.List {
		if strings.HasPrefix(c.Text, "//") && strings.HasPrefix(strings.TrimSpace(c.Text[2:]), "+") {
			continue
		}
		block = block || strings.HasPrefix(c.Text, "/*")
		kept.List = append(kept.List, c)
	}
	lines := strings.Split(kept.Text(), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var out []string
	fence := false
	for _, line := range lines {
		if block {
			line = strings.TrimSpace(line)
		}
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			fence = !fence
		}
		if !fence && strings.HasPrefix(line, "TODO") {
			continue
		}
		if !fence && strings.HasPrefix(line, "---") {
			break
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// declaredBase returns the named type a type definition is written in terms of (B in
// "type A B"), or nil. Go gives A only B's underlying type, but controller-gen reads B's markers
// and doc comment for A: its schema of A starts from B's.
func (b *builder) declaredBase(tn *types.TypeName) *types.TypeName {
	return b.prog.DeclaredFrom(tn)
}

// kubebuilderBases returns the validations that the declared bases of tn (B, and C in
// "type B C", ...) carry in controller-gen markers, which controller-gen applies to A too.
// Declarations written in our own dialects keep Go's meaning: A does not inherit from B.
func (b *builder) kubebuilderBases(tn *types.TypeName) []*model.Validations {
	var out []*model.Validations
	seen := map[*types.TypeName]bool{tn: true}
	for base := b.declaredBase(tn); base != nil && !seen[base]; base = b.declaredBase(base) {
		seen[base] = true
		if d := b.decl(base); kubebuilderMarked(d.raws) {
			out = append(out, &d.v)
		}
	}
	return out
}

// kubebuilderMarked reports whether a declaration is written with controller-gen's markers.
func kubebuilderMarked(raws []tags.Raw) bool {
	for _, r := range raws {
		if d, ok := tags.Lookup(r.Name); ok && tags.IsMarker(d) {
			return true
		}
	}
	return false
}

// kubebuilderDefinition completes a definition whose declaration is "type A B" with B's
// controller-gen markers and, when A has no doc comment, B's (as controller-gen does).
func (b *builder) kubebuilderDefinition(tn *types.TypeName, def *model.Definition) {
	bases := b.kubebuilderBases(tn)
	if len(bases) > 0 {
		def.Node.V = model.MergeValidations(append([]*model.Validations{&def.Node.V}, bases...), &b.diags)
	}
	if def.Node.V.Schema.Type != nil && tags.CustomJSON(tn.Type()) {
		// controller-gen's schema of a type that marshals itself, with a type override, is its
		// markers only: no description.
		def.Doc = ""
		return
	}
	if def.Doc == "" {
		if base := b.declaredBase(tn); base != nil && kubebuilderMarked(b.decl(tn).raws) {
			if td := b.prog.TypeDecl(base); td != nil {
				def.Doc = controllerGenDoc(td.Doc)
			}
		}
	}
}

// kubebuilderEmbedded adds to holder what controller-gen markers put on the type of an inline
// embedded field: controller-gen's schema of the holder includes the embedded type's (its allOf
// flattening), so the rules, which read the embedded fields, the holder's own in JSON, and the
// bounds on the number of properties apply to the holder.
func (b *builder) kubebuilderEmbedded(holder *model.Validations, t types.Type) {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return
	}
	marker := func(o model.Origin) bool { return strings.HasPrefix(o.Tag, "kubebuilder:") }
	v := &b.decl(n.Obj()).v
	for _, r := range v.Rules {
		if marker(r.Origin) {
			holder.Rules = append(holder.Rules, r)
		}
	}
	for _, x := range v.MinProperties {
		if marker(x.Origin) {
			holder.MinProperties = append(holder.MinProperties, x)
		}
	}
	for _, x := range v.MaxProperties {
		if marker(x.Origin) {
			holder.MaxProperties = append(holder.MaxProperties, x)
		}
	}
}

// kubebuilderInline applies to holder the controller-gen markers written on an inline embedded
// field that describe a schema (those allowed on a type), and returns the field's other tags.
// controller-gen applies a field's markers to the field's schema, and an inline field's schema is
// flattened into the holder's (allOf): open-cluster-management's Manifest embeds
// runtime.RawExtension inline under +kubebuilder:validation:EmbeddedResource and
// +kubebuilder:pruning:PreserveUnknownFields, and is published with both extensions. Only where
// controller-gen's markers are read, and not in a package written for Kubernetes' validation-gen,
// which validates an embedded struct as a value (model.Embedded).
func (b *builder) kubebuilderInline(holder *model.Definition, f *types.Var, raws []tags.Raw) []tags.Raw {
	if b.markersIgnored(f.Pkg().Path()) || b.upstream(f.Pkg().Path()) {
		return raws
	}
	var schema, rest []tags.Raw
	for _, r := range raws {
		if d, ok := tags.Lookup(r.Name); ok && strings.HasPrefix(d.Name, "kubebuilder:") && d.Scopes&tags.ScopeType != 0 {
			schema = append(schema, r)
		} else {
			rest = append(rest, r)
		}
	}
	if len(schema) > 0 {
		tags.Apply(schema, tags.Place{
			Scope: tags.ScopeType, Kind: holder.Node.Kind, GoType: holder.Node.GoType, V: &holder.Node.V, Type: &model.TypeTags{},
			Lookup: b.lookup(f.Pkg()), IgnoreMarkers: false, ControllerGenOnly: b.controllerGenOnly(f.Pkg()), KindOf: b.kindOf,
			TestTags: b.testTags, Owner: holder.GoName,
		}, &b.diags)
	}
	return rest
}

// kubebuilderEmbeddedStructType gives holder the +structType of a struct it embeds inline, when
// it has none of its own, as controller-gen's flattening of the embedded type's schema into the
// holder's does: ConfigMapEnvSource, which embeds the atomic LocalObjectReference, is published
// with x-kubernetes-map-type: atomic. Only where controller-gen's markers are read.
func (b *builder) kubebuilderEmbeddedStructType(holder *model.Definition, t types.Type) {
	if holder.Node.V.StructType != nil || b.markersIgnored(holder.GoPackage) {
		return
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		if st := b.decl(n.Obj()).v.StructType; st != nil {
			c := *st
			holder.Node.V.StructType = &c
		}
	}
}

// immutableOnceSet gives holder controller-gen's rule for an optional field marked
// +k8s:immutable (controller-tools v0.21): the field's own "self == oldSelf" does not run when the
// field is removed, so the struct holding it says "!has(oldSelf.f) || has(self.f)", "field f is
// immutable once set". Where controller-gen's markers are read, outside packages written for
// Kubernetes' validation-gen (whose immutability Go checks as upstream does).
func (b *builder) immutableOnceSet(holder *model.Definition, prop *model.Property) {
	im := prop.Node.V.Immutable
	if im == nil || im.K8s == nil || b.markersIgnored(holder.GoPackage) || holder.Package.UpstreamSemantics() {
		return
	}
	self, ok := model.CELSelect("self", prop.Name) // the API server's escaping (namespace is __namespace__)
	if !ok {
		return
	}
	holder.Node.V.Rules = append(holder.Node.V.Rules, model.Rule{
		Rule:    fmt.Sprintf("!has(%s) || has(%s)", model.MustCELSelect("oldSelf", prop.Name), self),
		Message: fmt.Sprintf("field %s is immutable once set", prop.Name), RulePos: im.Pos, Origin: im.Origin,
	})
}

// notAPIPackage reports whether an input package is no API package: no comment of its files holds
// a tag of a tool that reads API types (apiType), nor a misspelling of one (which is warned about):
// a test fake below apis/, a helper package, a controller with its +kubebuilder:rbac markers, which
// a run over ./... (controller-gen's usual paths) reaches. controller-gen, openapi-gen and
// Kubernetes' validation-gen all ignore such a package; its exported types are defined only where
// other packages' types reach them, not each for itself (a fake or a reconciler holding a func or
// a chan field would stop the run, and a reconciler would get validators). This does not depend
// on the run's other inputs, so that a go:generate run in the package alone writes what a run
// over the whole module writes there.
func (b *builder) notAPIPackage(path string) bool {
	pkg := b.prog.Package(path)
	if pkg == nil {
		return false
	}
	for _, f := range pkg.Syntax {
		for _, g := range f.Comments {
			for _, r := range tags.Extract(b.prog.Lines(g), nil) {
				if apiType(r.Name) || tags.Misspelt(&r) {
					return false // a misspelt tag too, which says what was meant, and is warned about
				}
			}
		}
	}
	return true
}

// apiType reports whether a tag is one of a tool that reads API types: this generator's (of any
// dialect), one of the other tools' it knows (deepcopy-gen, client-gen, openapi-gen...), or any
// tag in the kubebuilder: or k8s: namespaces (a misspelt marker too), except the markers of
// controller-gen's other generators (tags.ForOtherGenerator). Other tags say nothing about API
// types: cert-manager's +skip_license_check on a DNS provider.
func apiType(name string) bool {
	if tags.ForOtherGenerator(name) {
		return false
	}
	if _, ok := tags.Lookup(name); ok || tags.Allowed(name) {
		return true
	}
	return strings.HasPrefix(name, "kubebuilder:") || strings.HasPrefix(name, "k8s:")
}

// markersIgnored reports whether controller-gen's markers in a package are skipped. They are
// read everywhere (dependencies such as metav1.Condition included, as controller-gen reads them)
// when an input package is written for controller-gen (see controllerGenInputs). Otherwise they
// are other tools' tags, as before this dialect existed: Kubernetes' own types carry a few
// (networking/v1, metav1.Condition) that openapi-gen ignores, and their outputs must not change.
func (b *builder) markersIgnored(string) bool { return len(b.controllerGen) == 0 }

// controllerGenInputs finds the input packages written for controller-gen: those that carry any
// of its markers (+kubebuilder:..., its deepcopy and RBAC markers included, misspelt ones too),
// whatever other tools' tags they carry as well: +k8s:openapi-gen, +k8s:deepcopy-gen and
// +genclient beside markers are a normal mix, and one marker more or less must not change how
// the others are read. Kubernetes' own API packages (import paths under k8s.io/: k8s.io/api,
// k8s.io/apimachinery, ...) are the exception: openapi-gen and Kubernetes' validation-gen generate
// them and ignore the few markers they carry for the controller-gen users who embed their types.
func (b *builder) controllerGenInputs() map[string]bool {
	out := map[string]bool{}
	for _, p := range b.prog.Inputs {
		if kubernetesOwn(p.PkgPath) {
			continue
		}
	files:
		for _, f := range p.Syntax {
			for _, g := range f.Comments {
				for _, r := range tags.Extract(b.prog.Lines(g), nil) {
					if strings.HasPrefix(r.Name, "kubebuilder:") {
						out[p.PkgPath] = true
						break files
					}
				}
			}
		}
	}
	return out
}

// controllerGenOnly reports whether the tags of package p are read as controller-gen reads them
// (tags.Place.ControllerGenOnly): in a run whose inputs use controller-gen's markers, for a
// package of another module than every input (k8s.io/api's types embedded in a CRD), unless
// the run asks for the native types' validation (Options.NativeValidation). A package of the
// inputs' modules is read in full whether or not it is an input, so that a run over one package
// (go generate's) reads its siblings as a run over all of them does.
func (b *builder) controllerGenOnly(p *types.Package) bool {
	if b.nativeValidation || p == nil || b.markersIgnored(p.Path()) {
		return false
	}
	return b.foreign(p.Path())
}

// foreign reports whether the package of an import path belongs to another module than every
// input package (model.Package.Foreign).
func (b *builder) foreign(path string) bool {
	if b.inputModules == nil {
		b.inputModules = map[string]bool{}
		for _, in := range b.prog.Inputs {
			if in.Module != nil {
				b.inputModules[in.Module.Path] = true
			}
		}
	}
	pkg := b.prog.Package(path)
	return pkg != nil && pkg.Module != nil && !b.inputModules[pkg.Module.Path]
}

// kubernetesOwn reports whether a package is one of Kubernetes' own (see controllerGenInputs).
func kubernetesOwn(path string) bool { return strings.HasPrefix(path, "k8s.io/") }
