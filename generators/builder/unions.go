package builder

import "github.com/validation-gen/validation-gen/model"

// unionRules publishes the unions and dependencies among a struct's fields as rules on the
// struct (x-kubernetes-validations), each with the message apimachinery's function reports
// (errors of the same type, at the same place), so that a CRD or an API server reading the schema
// enforces them too. They are SchemaOnly: the Go validators call the library instead. Fields are
// named as the API server's CEL names them (model.CELSelect); a union or dependency whose fields
// no rule can name even escaped is left to the Go validators, with a warning (check.unnamable).
//
// The members are the struct's fields, those promoted through embedded fields included, except in
// a package written for Kubernetes' validation-gen: there, as upstream's validators do, a struct's
// unions are among its own fields, and an embedded struct's unions are its own, checked by its
// validator; the schema, which inlines the embedded struct, publishes them on the struct too.
func unionRules(def *model.Definition) {
	if rules := hostRules(def, map[*model.Definition]bool{}); len(rules) > 0 {
		v := &def.Node.V
		v.Rules = append(v.Rules[:len(v.Rules):len(v.Rules)], rules...)
	}
}

// hostRules are the rules unionRules publishes for def, visited guarding against a type that
// embeds itself through a pointer.
func hostRules(def *model.Definition, visited map[*model.Definition]bool) []model.Rule {
	if visited[def] {
		return nil
	}
	visited[def] = true
	upstream := def.Package.UpstreamSemantics()
	own := def.OwnProperties()
	props := map[string]*model.Property{}
	var members []model.HostMember
	for _, p := range own {
		props[p.Name] = p
		set, ok := isSet(p)
		oldSet, _ := model.CELIsSet("oldSelf.value()", p)
		members = append(members, model.HostMember{Name: p.Name, Set: set, OldSet: oldSet, OK: ok, Prop: p, Tags: &p.Node.V})
	}
	rules := model.UnionRules(members, "")
	// The items +k8s:item selects in a list are members of the list's unions, set when the list
	// holds such an item; the errors are at the list.
	for _, p := range own {
		var items []model.HostMember
		for _, it := range model.Published(p.Node.V).ItemSelectors {
			m := model.HostMember{Name: it.MemberName(p.Name), Tags: it.V}
			match, ok := it.CELMatch("i")
			if ok && model.CELSelectable(p.Name) {
				x, ox := model.MustCELSelect("self", p.Name), model.MustCELSelect("oldSelf.value()", p.Name)
				m.Set = "has(" + x + ") && " + x + ".exists(i, " + match + ")"
				m.OldSet = "has(" + ox + ") && " + ox + ".exists(i, " + match + ")"
				m.OK = true
			}
			items = append(items, m)
		}
		rules = append(rules, model.UnionRules(items, model.FieldPathChild(p.Name))...)
	}
	for _, p := range own {
		for _, dep := range p.Node.V.Dependencies {
			sib := props[dep.Field]
			trigger, ok1 := isSet(p)
			dependent, ok2 := isSet(sib)
			if !ok1 || !ok2 {
				continue
			}
			r := model.Rule{Rule: "!(" + trigger + ") || " + dependent, Message: "must be set when " + p.Name + " is set",
				Reason: "Required", FieldPath: model.FieldPathChild(dep.Field), RulePos: dep.Pos, SchemaOnly: true, Origin: dep.Origin}
			if dep.Forbidden {
				r.Rule = "!(" + trigger + ") || !(" + dependent + ")"
				r.Message, r.Reason = "may not be set when "+p.Name+" is set", "Forbidden"
			}
			rules = append(rules, r)
		}
	}
	if upstream {
		inlineStructs(def, true, func(e *model.Embedded, guard string) {
			rules = append(rules, guardRules(hostRules(e.Node.Ref, visited), guard)...)
		})
	}
	return rules
}

// isSet is the CEL test of a property of self being set (model.CELIsSet).
func isSet(p *model.Property) (string, bool) { return model.CELIsSet("self", p) }
