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
	for _, role := range []UnionRole{UnionMember, ZeroOrOneOfMember} {
		for _, u := range UnionGroups(members, func(m HostMember) []UnionTag { return Published(*m.Tags).Unions }, role) {
			var sets, oldSets, all []string
			ok := true
			for _, m := range u.Members {
				ok = ok && m.OK && (m.Prop != nil || fieldPath != "")
				sets = append(sets, m.Set)
				oldSets = append(oldSets, m.OldSet)
				all = append(all, "`"+m.Name+"`")
			}
			var d *Property
			if u.Discriminated {
				d = u.Discriminator.Prop
			}
			if !ok || d != nil && (!CELSelectable(d.Name) || fieldPath != "") {
				continue
			}
			list := "[" + strings.Join(sets, ", ") + "].filter(x, x).size()"
			rule := func(expr, msg string) Rule {
				return Rule{Rule: expr, Message: msg, Reason: "Invalid", FieldPath: fieldPath, RulePos: u.Origin.Pos,
					SchemaOnly: true, Origin: u.Origin}
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
				sel := MustCELSelect("self", d.Name)
				value := "(has(" + sel + ") ? " + sel + " : '')"
				for i, m := range u.Members {
					mv := UnionMemberValue(m.Tags.Unions, role, u.Name, m.Prop.GoName)
					q := strconv.Quote(mv)
					r := rule("!("+sets[i]+") || "+value+" == "+celString(mv),
						fmt.Sprintf("may only be specified when `%s` is %s", d.Name, q))
					r.FieldPath = FieldPathChild(m.Name)
					rules = append(rules, r)
					r = rule(value+" != "+celString(mv)+" || "+sets[i], fmt.Sprintf("must be specified when `%s` is %s", d.Name, q))
					r.FieldPath = FieldPathChild(m.Name)
					rules = append(rules, r)
				}
			}
		}
	}
	return rules
}

// UnionGroup is one union among the members of a host (see UnionGroups).
type UnionGroup[M any] struct {
	Name    string
	Members []M    // in member order
	Origin  Origin // of the union's first member tag
	// Discriminator is the member tagged +k8s:unionDiscriminator for the union, when Discriminated.
	Discriminator M
	Discriminated bool
}

// UnionGroups groups members into the unions of role their tags (unions) name, by name, with
// each union's discriminator (for unions of +k8s:unionMember). The schema's rules and the Go
// validators' union checks are built from the same groups.
func UnionGroups[M any](members []M, unions func(M) []UnionTag, role UnionRole) []UnionGroup[M] {
	byName := map[string]*UnionGroup[M]{}
	disc := map[string]M{}
	for _, m := range members {
		for _, u := range unions(m) {
			switch {
			case u.Role == role:
				if byName[u.Union] == nil {
					byName[u.Union] = &UnionGroup[M]{Name: u.Union, Origin: u.Origin}
				}
				byName[u.Union].Members = append(byName[u.Union].Members, m)
			case u.Role == UnionDiscriminator && role == UnionMember:
				disc[u.Union] = m
			}
		}
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]UnionGroup[M], 0, len(names))
	for _, n := range names {
		g := *byName[n]
		g.Discriminator, g.Discriminated = disc[n]
		out = append(out, g)
	}
	return out
}

// UnionMemberValue is the discriminator value that selects a member of union (of role): its
// tag's member name, else the field's Go name.
func UnionMemberValue(tags []UnionTag, role UnionRole, union, goName string) string {
	for _, t := range tags {
		if t.Role == role && t.Union == union && t.MemberName != "" {
			return t.MemberName
		}
	}
	return goName
}

// celString is a CEL string literal.
func celString(s string) string { return strconv.Quote(s) }
