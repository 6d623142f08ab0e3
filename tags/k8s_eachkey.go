package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:eachKey", Scopes: ScopeType | ScopeField, Typed: true, Repeatable: true,
		Kinds: []model.Kind{model.KindMap},
		Value: Arg{Kind: ArgTag, Doc: "the tag to apply to each key"},
		Doc: "Applies another tag to every key of a map; its errors are reported at the map itself, as upstream's " +
			"validate.EachMapKey does. On update, keys the old map has are not checked again.",
		OpenAPI: "nothing: structural schemas have no property-name constraints, and a rule on the map (self.all(k, ...)) " +
			"reports once where validate.EachMapKey reports each bad key (at the map's path)", Example: "+k8s:eachKey=+k8s:maxLength=8",
		Apply: func(c *Context) error {
			elem := keyType(c.GoType)
			if elem == nil {
				return c.Errorf("applies to maps, not to Go type %s", typeString(c.GoType))
			}
			if c.V.EachKey == nil {
				c.V.EachKey = &model.Validations{}
			}
			c.ApplyPayload(elem, c.V.EachKey)
			return nil
		},
	})
}

// keyType is the key type of a map type (through pointers, aliases and named types), or nil.
func keyType(t types.Type) types.Type {
	for {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
			continue
		}
		break
	}
	if m, ok := t.Underlying().(*types.Map); ok {
		return m.Key()
	}
	return nil
}
