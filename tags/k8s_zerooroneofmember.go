package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:zeroOrOneOfMember", Scopes: ScopeField, Typed: true,
		Args: []Param{
			{Key: "union", Arg: Arg{Kind: ArgString}, Doc: "the union's name, when the struct has more than one"},
			{Key: "memberName", Arg: Arg{Kind: ArgString}, Doc: "the member's name (default: the Go field name)"},
		},
		Value: Arg{Kind: ArgNone},
		Doc: "The field is a member of a zero-or-one-of union of the struct that holds it (or, through +k8s:item, of " +
			"the list): at most one member may be set. An Invalid error with origin zeroOrOneOf (apimachinery's " +
			"validate.ZeroOrOneOfUnion), ratcheted like +k8s:unionMember.",
		OpenAPI: "x-kubernetes-validations with the library's message, ratcheted by membership: on the struct for its fields, on the struct value for +k8s:subfield members, on the struct at the list for +k8s:item members (selectors that a rule can state)", Example: `+k8s:zeroOrOneOfMember`,
		Apply: func(c *Context) error { return applyUnionTag(c, model.ZeroOrOneOfMember) },
	})
}
