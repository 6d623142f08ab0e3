package model

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// HostMember is a value that takes part in the unions of a host (a struct's fields, the fields
// +k8s:subfield selects in a struct value, or the items +k8s:item selects in one of its lists),
// with the CEL tests of its being set in self and in oldSelf.value() (OK false when a rule cannot
// tell).
type HostMember struct {
	Name        string // as apimachinery's errors name it
	Set, OldSet string
	OK          bool
	Prop        *Property // the field, for a struct's fields
	Tags        *Validations
}

// UnionRules publishes the unions among members (struct fields, or selected items of one list),
// with the errors at fieldPath ("" for the struct), each with the message apimachinery's union
// functions report. They are SchemaOnly (the Go validators call the library), and ratcheted by
// membership (Rule.UnchangedIf, which the schema emitter spells where the value correlates).
func UnionRules(members []HostMember, fieldPath string) []Rule {
	var rules []Rule
	type union struct {
		members []HostMember
		origin  Origin
	}
	for _, role := range []UnionRole{UnionMember, ZeroOrOneOfMember} {
		unions := map[string]*union{}
		disc := map[string]*Property{}
		for _, m := range members {
			for _, u := range Published(*m.Tags).Unions {
				switch {
				case u.Role == role:
					if unions[u.Union] == nil {
						unions[u.Union] = &union{origin: u.Origin}
					}
					unions[u.Union].members = append(unions[u.Union].members, m)
				case u.Role == UnionDiscriminator && role == UnionMember && m.Prop != nil:
					disc[u.Union] = m.Prop
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
				ok = ok && m.OK && (m.Prop != nil || fieldPath != "")
				sets = append(sets, m.Set)
				oldSets = append(oldSets, m.OldSet)
				all = append(all, "`"+m.Name+"`")
			}
			d := disc[name]
			if !ok || d != nil && (!CELSelectable(d.Name) || fieldPath != "") {
				continue
			}
			list := "[" + strings.Join(sets, ", ") + "].filter(x, x).size()"
			rule := func(expr, msg string) Rule {
				return Rule{Rule: expr, Message: msg, Reason: "Invalid", FieldPath: fieldPath, RulePos: u.origin.Pos,
					SchemaOnly: true, Origin: u.origin}
			}
			// apimachinery's union checks do not run on an update that leaves the membership as
			// it was.
			sameMembers := "[" + strings.Join(oldSets, ", ") + "] == [" + strings.Join(sets, ", ") + "]"
			ratcheted := func(r Rule) Rule {
				r.UnchangedIf = sameMembers
				return r
			}
			switch {
			case role == ZeroOrOneOfMember:
				rules = append(rules, ratcheted(rule(list+" <= 1", "must specify at most one of: "+strings.Join(all, ", "))))
			case d == nil:
				rules = append(rules, ratcheted(rule(list+" <= 1", "must specify exactly one of: "+strings.Join(all, ", "))),
					ratcheted(rule(list+" >= 1", "must specify one of: "+strings.Join(all, ", "))))
			default:
				value := "(has(self." + d.Name + ") ? self." + d.Name + " : '')"
				for i, m := range u.members {
					mv := m.Prop.GoName
					for _, t := range m.Tags.Unions {
						if t.Role == role && t.Union == name && t.MemberName != "" {
							mv = t.MemberName
						}
					}
					q := strconv.Quote(mv)
					r := rule("!("+sets[i]+") || "+value+" == "+celString(mv),
						fmt.Sprintf("may only be specified when `%s` is %s", d.Name, q))
					r.FieldPath = "." + m.Name
					rules = append(rules, r)
					r = rule(value+" != "+celString(mv)+" || "+sets[i], fmt.Sprintf("must be specified when `%s` is %s", d.Name, q))
					r.FieldPath = "." + m.Name
					rules = append(rules, r)
				}
			}
		}
	}
	return rules
}

// celString is a CEL string literal.
func celString(s string) string { return strconv.Quote(s) }
