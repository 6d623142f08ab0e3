package tags

import "github.com/validation-gen/validation-gen/model"

// ImmutableRule and ImmutableMessage are what +immutable stands for.
const (
	ImmutableRule    = model.ImmutableRule
	ImmutableMessage = "field is immutable"
)

func init() {
	Register(&Def{
		Name: "immutable", Aliases: []string{"k8s:immutable"}, Scopes: ScopeType | ScopeField,
		Value:   Arg{Kind: ArgNone},
		Doc:     "The value may not change once set: sugar for +validationRule=\"" + ImmutableRule + "\",message=\"" + ImmutableMessage + "\".",
		OpenAPI: "x-kubernetes-validations (transition rule); nothing on items of sets and atomic lists in +k8s:validation-gen packages, which Go checks but the server cannot correlate", Example: "+immutable",
		Apply: func(c *Context) error {
			o := c.Origin()
			c.V.Immutable = &model.Flag{Origin: o}
			c.V.Rules = append(c.V.Rules, model.Rule{Rule: ImmutableRule, Message: ImmutableMessage, RulePos: o.Pos, Origin: o})
			return nil
		},
	})
}
