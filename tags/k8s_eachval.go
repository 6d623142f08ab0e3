package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:eachVal", Scopes: ScopeType | ScopeField, Typed: true, Repeatable: true,
		Kinds: []model.Kind{model.KindList, model.KindMap},
		Value: Arg{Kind: ArgTag, Doc: "the tag to apply to each element"},
		Doc: "Applies another tag to every element of a list or every value of a map; its errors are reported " +
			"at the element (`field[2]`, `field[key]`). Elements of a list map, and map values, are ratcheted against " +
			"the old element with the same key; elements of other lists when the list changed.",
		OpenAPI: "the chained tag, on items / additionalProperties", Example: "+k8s:eachVal=+k8s:minimum=1",
		Apply: func(c *Context) error {
			elem := elemType(c.GoType)
			if elem == nil {
				return c.Errorf("applies to lists and maps, not to Go type %s", typeString(c.GoType))
			}
			if c.V.EachVal == nil {
				c.V.EachVal = &model.Validations{}
			}
			c.ApplyPayload(elem, c.V.EachVal)
			return nil
		},
	})
}

// elemType is the element type of a slice, array or map type (through pointers, aliases and
// named types), or nil.
func elemType(t types.Type) types.Type {
	for {
		switch x := types.Unalias(t).(type) {
		case *types.Pointer:
			t = x.Elem()
			continue
		}
		break
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	}
	return nil
}
