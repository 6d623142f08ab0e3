package check

import "github.com/validation-gen/validation-gen/model"

// unnamable warns about the +k8s: checks among struct d's fields that the schema publishes as
// rules of the struct (forbidden, update transitions, unions, dependencies, modes, subfields,
// selected items) but cannot, because a CEL rule cannot name a field they involve: the API server
// escapes reserved words and '-', '.', '/' and "__" (model.CELName), but no name that starts with a
// digit or holds any other character. The Go validators still check them; a CRD, or a client
// reading the OpenAPI, does not.
func (c *checker) unnamable(d *model.Definition) {
	own := d.OwnProperties()
	byName := map[string]*model.Property{}
	for _, p := range own {
		byName[p.Name] = p
	}
	warn := func(o model.Origin, name string) {
		c.diags.Warn(o.Pos, o.Written(), "not published in the schema: a CEL rule cannot name the JSON property %q (the API server "+
			"escapes only letters, digits, '_', '-', '.' and '/', and no name that starts with a digit); the Go validators "+
			"check it, a CRD or a client reading the OpenAPI does not: rename the property to publish it", name)
	}
	for _, p := range own {
		v := model.Published(p.Node.V)
		if !model.CELSelectable(p.Name) {
			if v.Forbidden != nil {
				warn(v.Forbidden.Origin, p.Name)
			}
			if v.Update != nil {
				warn(v.Update.Origin, p.Name)
			}
			if im := v.Immutable; im != nil && im.K8s != nil && (d.Package.UpstreamSemantics() || p.Node.Kind != model.KindObject || p.Node.Pointer) {
				warn(im.Origin, p.Name) // the transitions its struct publishes (builder.immutableTransitions, immutableOnceSet)
			}
			for _, u := range v.Unions {
				warn(u.Origin, p.Name)
			}
			for _, dep := range v.Dependencies {
				warn(dep.Origin, p.Name)
			}
			for _, m := range v.IfModes {
				warn(m.Origin, p.Name)
			}
			if md := v.ModeDiscriminator; md != nil {
				warn(md.Origin, p.Name)
			}
			for _, it := range v.ItemSelectors {
				if len(model.Published(*it.V).Unions) > 0 {
					warn(it.Origin, p.Name)
				}
			}
		}
		for _, dep := range v.Dependencies {
			if sib := byName[dep.Field]; sib != nil && !model.CELSelectable(sib.Name) && model.CELSelectable(p.Name) {
				warn(dep.Origin, sib.Name)
			}
		}
		c.unnamableWithin(p.Node, warn)
	}
	c.unnamableWithin(d.Node, warn)
}

// unnamableWithin warns about the subfields and item keys of a value's own tags that a rule
// cannot name.
func (c *checker) unnamableWithin(n *model.Node, warn func(model.Origin, string)) {
	v := model.Published(n.V)
	for _, sf := range v.Subfields {
		if !model.CELSelectable(sf.Name) && publishes(sf.V) {
			warn(sf.Origin, sf.Name)
		}
	}
	for _, it := range v.ItemSelectors {
		if !publishes(it.V) {
			continue
		}
		for _, k := range it.Keys {
			if !model.CELSelectable(k.Name) {
				warn(it.Origin, k.Name)
				break
			}
		}
	}
}

// publishes reports whether chained tags (of a subfield, a selected item) include one the schema
// publishes as a rule naming the field: presence, transitions, unions, bounds, formats, +k8s:neq
// and +k8s:maxBytes, or further subfields.
func publishes(v *model.Validations) bool {
	p := model.Published(*v)
	return p.Forbidden != nil || p.Required != nil || p.Update != nil || len(p.Unions) > 0 || len(p.Minimum) > 0 ||
		len(p.Maximum) > 0 || p.Format != nil || len(p.Calls) > 0 || len(p.Subfields) > 0
}
