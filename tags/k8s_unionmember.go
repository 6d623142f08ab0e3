package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:unionMember", Scopes: ScopeField, Typed: true,
		Args: []Param{
			{Key: "union", Arg: Arg{Kind: ArgString}, Doc: "the union's name, when the struct has more than one"},
			{Key: "memberName", Arg: Arg{Kind: ArgString}, Doc: "the discriminator value that selects this member (default: the Go field name)"},
		},
		Value: Arg{Kind: ArgNone},
		Doc: "The field is a member of a union of the struct that holds it: exactly one member may be set, or, with a " +
			"+k8s:unionDiscriminator, exactly the member the discriminator names. On a list item " +
			"(`+k8s:item(name: \"x\")=+k8s:unionMember`) the union is of items of the list. Invalid errors with origin " +
			"union (apimachinery's validate.Union and DiscriminatedUnion), ratcheted: an update that changes no " +
			"member's presence (and not the discriminator) is not checked.",
		OpenAPI: "x-kubernetes-validations with the library's messages, ratcheted by membership: on the struct for its fields, on the struct value for +k8s:subfield members, on the struct at the list for +k8s:item members (selectors that a rule can state)", Example: `+k8s:unionMember(union: "source")`,
		Apply: func(c *Context) error { return applyUnionTag(c, model.UnionMember) },
	})
}

// applyUnionTag records one of the union tags (+k8s:unionMember, +k8s:unionDiscriminator,
// +k8s:zeroOrOneOfMember) on the value; the validator of the struct or list holding the value
// checks the union.
func applyUnionTag(c *Context, role model.UnionRole) error {
	switch c.place.ChainedBy {
	case "k8s:eachVal", "k8s:eachKey":
		return c.Errorf("applies to fields and to list items selected by +k8s:item, not to every element (+%s)", c.place.ChainedBy)
	}
	item := c.place.ChainedBy == "k8s:item"
	t := &model.UnionTag{Role: role, Union: c.Args["union"].Value, MemberName: c.Args["memberName"].Value, Origin: c.Origin()}
	switch {
	case role == model.UnionDiscriminator && item:
		return c.Errorf("a list item cannot be a union's discriminator; only struct fields can")
	case role == model.UnionDiscriminator:
		if b, ok := underlyingBasic(c.GoType); !ok || b.Info()&types.IsString == 0 {
			return c.Errorf("a discriminator must be a string, not Go type %s", typeString(c.GoType))
		}
	case !item && !unionMemberType(c.GoType):
		return c.Errorf("a union member must be a pointer, a list, a map or a scalar, whose zero value means unset; "+
			"Go type %s is always set (use a pointer)", typeString(c.GoType))
	}
	for _, u := range c.V.Unions {
		if u.Role == role && u.Union == t.Union {
			return c.Errorf("the value is already in union %q (line %d)", t.Union, u.Pos.Line)
		}
	}
	c.V.Unions = append(c.V.Unions, *t)
	return nil
}

// unionMemberType reports whether a field's Go type has an unset state its union can test: nil for
// pointers, empty for lists and maps, the zero value for scalars.
func unionMemberType(t types.Type) bool {
	switch types.Unalias(t).Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Basic:
		return true
	}
	return false
}

// elsewhere reports whether a chained tag applies to another value than the field it is written
// on (an element, a selected item, a subfield), rather than to the field itself as the tags that
// only qualify a tag do (+k8s:alpha=..., +k8s:ifEnabled(...)=...).
func elsewhere(chainedBy string) bool {
	switch chainedBy {
	case "k8s:eachVal", "k8s:eachKey", "k8s:item", "k8s:subfield":
		return true
	}
	return false
}
