package builder

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// unionRules publishes the unions and dependencies among a struct's fields as rules on the
// struct (x-kubernetes-validations), each with the message apimachinery's function reports
// (errors of the same type, at the same place), so that a CRD or an API server reading the schema
// enforces them too. They are SchemaOnly: the Go validators call the library instead. A union
// or dependency whose fields a rule cannot name (JSON names that need
// CEL escaping) is left to the Go validators.
func unionRules(def *model.Definition) {
	props := map[string]*model.Property{}
	var members []unionMember
	for _, p := range def.Node.Properties {
		props[p.Name] = p
		set, ok := isSet(p)
		oldSet, _ := model.CELIsSet("oldSelf.value()", p)
		members = append(members, unionMember{name: p.Name, set: set, oldSet: oldSet, ok: ok, prop: p, tags: &p.Node.V})
	}
	rules := hostUnionRules(members, "")
	// The items +k8s:item selects in a list are members of the list's unions, set when the list
	// holds such an item; the errors are at the list.
	for _, p := range def.Node.Properties {
		var items []unionMember
		for _, it := range model.Published(p.Node.V).ItemSelectors {
			m := unionMember{name: it.MemberName(p.Name), tags: it.V}
			match, ok := it.CELMatch("i")
			if ok && model.CELSelectable(p.Name) {
				m.set = "has(self." + p.Name + ") && self." + p.Name + ".exists(i, " + match + ")"
				m.oldSet = "has(oldSelf.value()." + p.Name + ") && oldSelf.value()." + p.Name + ".exists(i, " + match + ")"
				m.ok = true
			}
			items = append(items, m)
		}
		rules = append(rules, hostUnionRules(items, "."+p.Name)...)
	}
	for _, p := range def.Node.Properties {
		for _, dep := range p.Node.V.Dependencies {
			sib := props[dep.Field]
			trigger, ok1 := isSet(p)
			dependent, ok2 := isSet(sib)
			if !ok1 || !ok2 {
				continue
			}
			r := model.Rule{Rule: "!(" + trigger + ") || " + dependent, Message: "must be set when " + p.Name + " is set",
				Reason: "Required", FieldPath: "." + dep.Field, RulePos: dep.Pos, SchemaOnly: true, Origin: dep.Origin}
			if dep.Forbidden {
				r.Rule = "!(" + trigger + ") || !(" + dependent + ")"
				r.Message, r.Reason = "may not be set when "+p.Name+" is set", "Forbidden"
			}
			rules = append(rules, r)
		}
	}
	if len(rules) > 0 {
		v := &def.Node.V
		v.Rules = append(v.Rules[:len(v.Rules):len(v.Rules)], rules...)
	}
}

// unionMember is a value that takes part in the unions of a host (a struct's fields, or the items
// +k8s:item selects in one of its lists), with the CEL tests of its being set in self and in
// oldSelf.value() (ok false when a rule cannot tell).
type unionMember struct {
	name        string // as apimachinery's errors name it
	set, oldSet string
	ok          bool
	prop        *model.Property // the field, for a struct's own members
	tags        *model.Validations
}

// hostUnionRules publishes the unions among members (struct fields, or selected items of one
// list), with the errors at fieldPath ("" for the struct).
func hostUnionRules(members []unionMember, fieldPath string) []model.Rule {
	var rules []model.Rule
	type union struct {
		members []unionMember
		origin  model.Origin
	}
	for _, role := range []model.UnionRole{model.UnionMember, model.ZeroOrOneOfMember} {
		unions := map[string]*union{}
		disc := map[string]*model.Property{}
		for _, m := range members {
			for _, u := range model.Published(*m.tags).Unions {
				switch {
				case u.Role == role:
					if unions[u.Union] == nil {
						unions[u.Union] = &union{origin: u.Origin}
					}
					unions[u.Union].members = append(unions[u.Union].members, m)
				case u.Role == model.UnionDiscriminator && role == model.UnionMember && m.prop != nil:
					disc[u.Union] = m.prop
				}
			}
		}
		var names []string
		for n := range unions {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, name := range names {
			u := unions[name]
			var sets, oldSets, all []string
			ok := true
			for _, m := range u.members {
				ok = ok && m.ok && (m.prop != nil || fieldPath != "")
				sets = append(sets, m.set)
				oldSets = append(oldSets, m.oldSet)
				all = append(all, "`"+m.name+"`")
			}
			d := disc[name]
			if !ok || d != nil && (!model.CELSelectable(d.Name) || fieldPath != "") {
				continue
			}
			list := "[" + strings.Join(sets, ", ") + "].filter(x, x).size()"
			rule := func(expr, msg string) model.Rule {
				return model.Rule{Rule: expr, Message: msg, Reason: "Invalid", FieldPath: fieldPath, RulePos: u.origin.Pos,
					SchemaOnly: true, Origin: u.origin}
			}
			// apimachinery's union checks do not run on an update that leaves the membership as
			// it was.
			sameMembers := "[" + strings.Join(oldSets, ", ") + "] == [" + strings.Join(sets, ", ") + "]"
			ratcheted := func(r model.Rule) model.Rule {
				r.UnchangedIf = sameMembers
				return r
			}
			switch {
			case role == model.ZeroOrOneOfMember:
				rules = append(rules, ratcheted(rule(list+" <= 1", "must specify at most one of: "+strings.Join(all, ", "))))
			case d == nil:
				rules = append(rules, ratcheted(rule(list+" <= 1", "must specify exactly one of: "+strings.Join(all, ", "))),
					ratcheted(rule(list+" >= 1", "must specify one of: "+strings.Join(all, ", "))))
			default:
				value := "(has(self." + d.Name + ") ? self." + d.Name + " : '')"
				for i, m := range u.members {
					mv := m.prop.GoName
					for _, t := range m.tags.Unions {
						if t.Role == role && t.Union == name && t.MemberName != "" {
							mv = t.MemberName
						}
					}
					q := strconv.Quote(mv)
					r := rule("!("+sets[i]+") || "+value+" == "+celString(mv),
						fmt.Sprintf("may only be specified when `%s` is %s", d.Name, q))
					r.FieldPath = "." + m.name
					rules = append(rules, r)
					r = rule(value+" != "+celString(mv)+" || "+sets[i], fmt.Sprintf("must be specified when `%s` is %s", d.Name, q))
					r.FieldPath = "." + m.name
					rules = append(rules, r)
				}
			}
		}
	}
	return rules
}

// isSet is the CEL test of a property of self being set (model.CELIsSet).
func isSet(p *model.Property) (string, bool) { return model.CELIsSet("self", p) }

// celString is a CEL string literal.
func celString(s string) string { return strconv.Quote(s) }
