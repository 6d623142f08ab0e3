package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:unique", Scopes: ScopeType | ScopeField, Typed: true, Kinds: listKinds,
		Value: Arg{Kind: ArgWord, Words: []string{"set", "map"}},
		Doc: "The items of a list are unique, though its +listType is atomic (or not given): set compares whole items, " +
			"map the +k8s:listMapKey fields of struct items; a repeated item is a Duplicate error (apimachinery's " +
			"validate.Unique). Items are correlated with the old list's as in a set or list map.",
		OpenAPI: "nothing: the published list type stays atomic", Example: "+k8s:unique=map",
		Apply: func(c *Context) error {
			if lt := c.V.ListType; lt != nil && lt.Value != "atomic" {
				return c.Errorf("may not be used with +listType=%s, which makes items unique already", lt.Value)
			}
			if c.V.Unique != nil {
				return c.Errorf("given twice (first at line %d)", c.V.Unique.Pos.Line)
			}
			elem := elemType(c.GoType)
			if p, ptr := types.Unalias(elem).(*types.Pointer); ptr {
				elem = p.Elem() // items compared through the pointers; a nil item is never a duplicate
			}
			if _, ok := elem.Underlying().(*types.Struct); c.Value == "map" && !ok {
				return c.Errorf("unique=map needs struct items, not %s", typeString(elem))
			}
			c.V.Unique = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
