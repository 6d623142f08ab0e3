package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:unionDiscriminator", Scopes: ScopeField, Typed: true,
		Args:  []Param{{Key: "union", Arg: Arg{Kind: ArgString}, Doc: "the union's name, when the struct has more than one"}},
		Value: Arg{Kind: ArgNone},
		Doc: "The string field names which member of a union of the struct is set (members' memberName, by default " +
			"their Go field names): the named member must be set and no other may be (Invalid errors with origin union " +
			"at the members, apimachinery's validate.DiscriminatedUnion). A value naming no member allows none.",
		OpenAPI: "x-kubernetes-validations on the struct: two rules per member, at the member, with the library's messages", Example: `+k8s:unionDiscriminator`,
		Apply: func(c *Context) error { return applyUnionTag(c, model.UnionDiscriminator) },
	})
}
