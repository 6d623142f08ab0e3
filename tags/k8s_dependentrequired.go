package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerDependency("k8s:dependentRequired", false,
		"When the field is set (a non-nil pointer, a non-empty list or map, a non-zero scalar), the named sibling "+
			"field must be set too: a Required error with origin dependentRequired at the sibling (apimachinery's "+
			"validate.DependentRequired). Repeat the tag for several siblings. On update it is checked only when "+
			"either field's presence changed.", `+k8s:dependentRequired("secretRef")`)
}

// registerDependency registers +k8s:dependentRequired or +k8s:dependentForbidden. The sibling is
// resolved, and its type checked, by the check stage, which sees the struct holding both.
func registerDependency(name string, forbidden bool, doc, example string) {
	Register(&Def{
		Name: name, Scopes: ScopeField, Typed: true, Repeatable: true,
		Args:  []Param{{Key: "", Arg: Arg{Kind: ArgString}, Doc: "the JSON name of a sibling field (positional)"}},
		Value: Arg{Kind: ArgNone},
		Doc:   doc, OpenAPI: "x-kubernetes-validations on the struct, at the sibling, with the library's message", Example: example,
		Apply: func(c *Context) error {
			if elsewhere(c.place.ChainedBy) && c.place.ChainedBy != "k8s:subfield" {
				return c.Errorf("applies to struct fields, not through +%s", c.place.ChainedBy)
			}
			sib, ok := c.Args[""]
			if !ok || sib.Value == "" {
				return c.Errorf("needs the JSON name of a sibling field: +%s(\"name\")", name)
			}
			if !unionMemberType(c.GoType) {
				return c.Errorf("the field must be a pointer, a list, a map or a scalar, whose zero value means unset; "+
					"Go type %s is always set", typeString(c.GoType))
			}
			for _, d := range c.V.Dependencies {
				if d.Field == sib.Value {
					return c.Errorf("%q is named twice (line %d)", sib.Value, d.Pos.Line)
				}
			}
			c.V.Dependencies = append(c.V.Dependencies, model.Dependency{Field: sib.Value, Forbidden: forbidden, Origin: c.Origin()})
			return nil
		},
	})
}
