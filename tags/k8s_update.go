package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:update", Scopes: ScopeField, Typed: true, Repeatable: true,
		Value: Arg{Kind: ArgWord, Words: []string{"NoSet", "NoUnset", "NoModify"}},
		Doc: "Forbids a transition of the field on update: NoSet (unset to set), NoUnset (set to unset), NoModify " +
			"(set to another set value); an Invalid error with origin update (apimachinery's validate.UpdatePointer / " +
			"UpdateValueByCompare / UpdateStruct). On pointers, comparable scalars and structs (NoModify only); lists " +
			"and maps (and NoAddItem, NoRemoveItem) are not supported yet.",
		OpenAPI: "nothing yet", Example: "+k8s:update=NoModify",
		Apply: func(c *Context) error {
			fn := ""
			if _, ptr := types.Unalias(c.GoType).(*types.Pointer); ptr {
				fn = "UpdatePointer"
			} else if b, ok := underlyingBasic(c.GoType); ok && types.Comparable(b) {
				fn = "UpdateValueByCompare"
			} else if _, ok := c.GoType.Underlying().(*types.Struct); ok {
				// A non-pointer struct is always set: only a modification can be forbidden.
				if c.Value != "NoModify" {
					return c.Errorf("%s does not apply to a non-pointer struct, which is always set; use NoModify, or a pointer", c.Value)
				}
				fn = "UpdateStruct"
			} else {
				return c.Errorf("not supported yet on Go type %s (only pointers, scalars and structs)", typeString(c.GoType))
			}
			if c.V.Update == nil {
				c.V.Update = &model.UpdateRule{Func: fn, Origin: c.Origin()}
			}
			for _, x := range c.V.Update.Constraints {
				if x == c.Value {
					return c.Errorf("%s given twice", c.Value)
				}
			}
			c.V.Update.Constraints = append(c.V.Update.Constraints, c.Value)
			return nil
		},
	})
}
