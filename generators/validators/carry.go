package validators

import "github.com/validation-gen/validation-gen/model"

// carry reports whether a definition carries validation, directly or through its fields (and
// the definitions they reach, recursive types included).
func (g *validatorGen) carry(d *model.Definition) bool {
	return g.carries.of(d)
}

// localCarry reports whether a definition's own tags ask for a check, and lists the definitions
// whose validators its fields call.
func (g *validatorGen) localCarry(d *model.Definition) (bool, []*model.Definition) {
	var refs []*model.Definition
	yes := g.hasChecks(d.Node)
	for _, p := range checkedProperties(d) {
		yes = g.nodeLocal(p.Node, &refs) || yes
	}
	for _, sf := range d.Node.V.Subfields {
		yes = g.nodeLocal(sf.Node, &refs) || carriesHostTags(sf.V) || yes
	}
	for _, m := range members(d) {
		yes = g.nodeLocal(m.Node, &refs) || yes
	}
	for _, p := range checkedProperties(d) {
		if goRequired(d, p) && !g.alwaysPresent(p) || p.Node.V.Update != nil || carriesHostTags(&p.Node.V) || len(p.Node.V.IfModes) > 0 {
			yes = true
		}
	}
	if d.Node.Kind != model.KindObject {
		yes = g.nodeLocal(d.Node, &refs) || yes // a named list, map or scalar type
	}
	if d.Root != nil && d.Root.CRD.Scale != nil {
		yes = true // the server's checks of the scale subresource's replicas (scaleChecks)
	}
	return yes, refs
}

// checkedProperties are the fields of a definition that its validator checks: none for a type
// tagged +k8s:opaqueType, whose own tags only are checked; see model.Definition.OwnProperties.
func checkedProperties(d *model.Definition) []*model.Property {
	if d.Node.V.Opaque != nil || marshalsItself(d) {
		return nil
	}
	return d.OwnProperties()
}

// marshalsItself reports a struct whose schema type is overridden to a scalar or a list
// (+kubebuilder:validation:Type=string on a struct with MarshalJSON): its Go fields are not its JSON,
// and the API server sees none of them.
func marshalsItself(d *model.Definition) bool {
	t := d.Node.V.Schema.Type
	return t != nil && t.Value != "object" && d.Node.Kind == model.KindObject
}

// members are the embedded fields that a definition's validator checks as values, as Kubernetes'
// validation-gen does: those of a package written for it (model.Embedded), unless the type is
// +k8s:opaqueType.
func members(d *model.Definition) []*model.Embedded {
	if !d.Package.UpstreamSemantics() || d.Node.V.Opaque != nil {
		return nil
	}
	return d.Node.Embedded
}

// nodeCarries reports whether validating a value asks for any check, through the definitions it
// reaches included.
func (g *validatorGen) nodeCarries(n *model.Node) bool {
	var refs []*model.Definition
	if g.nodeLocal(n, &refs) {
		return true
	}
	for _, r := range refs {
		if g.carry(r) {
			return true
		}
	}
	return false
}

// nodeLocal reports whether the tags at a node or below it (not through definitions) ask for a
// check; it adds the definitions whose validators the node's checks would call to refs.
func (g *validatorGen) nodeLocal(n *model.Node, refs *[]*model.Definition) bool {
	n = specialView(n.GoView())
	if g.hasChecks(n) {
		return true
	}
	for _, sf := range n.V.Subfields {
		if g.nodeLocal(sf.Node, refs) || carriesHostTags(sf.V) {
			return true
		}
	}
	for _, it := range n.V.ItemSelectors {
		if g.nodeLocal(it.Node, refs) || carriesHostTags(it.V) {
			return true
		}
	}
	if n.Ref != nil {
		if n.V.Opaque == nil && validatable(n.Ref) {
			*refs = append(*refs, n.Ref)
		}
		return false
	}
	for _, c := range []*model.Node{n.Items, n.Values, n.Keys} {
		if c != nil && g.nodeLocal(c, refs) {
			return true
		}
	}
	return false
}

// hasChecks reports whether the tags at a node ask for any check.
func (g *validatorGen) hasChecks(n *model.Node) bool {
	v := &n.V
	up := g.pkg.UpstreamSemantics()
	return len(v.Minimum)+len(v.Maximum)+len(v.MultipleOf)+len(v.MinLength)+len(v.MaxLength)+len(v.MinItems)+
		len(v.MaxItems)+len(v.MinProperties)+len(v.MaxProperties)+len(v.Rules)+len(v.FixedResults)+len(v.Calls) > 0 ||
		v.Pattern != nil || v.Format != nil || model.GoFlag(v.Enum, up) != nil || v.Enum == nil && len(n.Enum) > 0 || v.NameFormat != nil || v.Forbidden != nil || len(v.GatedPresence) > 0 ||
		g.listTypeIs(n, "set") || g.listTypeIs(n, "map") || v.Unique != nil || v.Update != nil || v.Immutable != nil ||
		g.nullItemType(n) != "" || g.rawObject(n)
}

// transition reports whether a definition holds a transition rule anywhere in it.
func (g *validatorGen) transition(d *model.Definition) bool {
	return g.transitions.of(d)
}

// nodeTransition reports whether a node holds a transition rule that runs in CEL (+immutable is
// checked natively, and an unchanged value never breaks it).
func (g *validatorGen) nodeTransition(n *model.Node, self bool) bool {
	var refs []*model.Definition
	if g.nodeTransitionLocal(n, self, &refs) {
		return true
	}
	for _, r := range refs {
		if g.transition(r) {
			return true
		}
	}
	return false
}

// nodeTransitionLocal is nodeTransition without following definitions: it adds the ones whose
// transition rules the node's checks would run to refs.
func (g *validatorGen) nodeTransitionLocal(n *model.Node, self bool, refs *[]*model.Definition) bool {
	if len(celRules(n.V.Rules, true)) > 0 {
		return true
	}
	if n.Ref != nil && !self {
		if validatable(n.Ref) {
			*refs = append(*refs, n.Ref)
		}
		return false
	}
	if n.V.Opaque != nil && self {
		return false
	}
	for _, p := range n.Properties {
		if g.nodeTransitionLocal(p.Node, false, refs) {
			return true
		}
	}
	// Only list-map items and map values have old values to run transition rules against.
	if n.Items != nil && g.listTypeIs(n, "map") && g.nodeTransitionLocal(n.Items, false, refs) {
		return true
	}
	return n.Values != nil && g.nodeTransitionLocal(n.Values, false, refs)
}
