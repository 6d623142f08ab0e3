package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "listMapKey", Aliases: []string{"k8s:listMapKey"}, ControllerGen: true, Scopes: ScopeType | ScopeField, Kinds: listKinds,
		Value: Arg{Kind: ArgString}, Repeatable: true,
		Doc:     "With +listType=map: a JSON field name of the item that is part of its key. Repeat for composite keys. Key fields must be required scalars.",
		OpenAPI: "x-kubernetes-list-map-keys", Example: "+listMapKey=name",
		Apply: func(c *Context) error {
			if c.place.UniqueMap && c.Raw.Name == "k8s:listMapKey" {
				for _, k := range c.V.UniqueKeys {
					if k.Value == c.Value {
						return c.ErrorAt(c.ValueOff, "key %q listed twice", c.Value)
					}
				}
				c.V.UniqueKeys = append(c.V.UniqueKeys, model.String{Value: c.Value, Origin: c.Origin()})
				return nil
			}
			for i, k := range c.V.ListMapKeys {
				if k.Value == c.Value && (c.place.Level != "" || len(c.place.Options) > 0) {
					stableWins(&c.V.ListMapKeys[i].Origin, c.Origin()) // +k8s:alpha=+k8s:listMapKey=name after +listMapKey=name
					return nil
				}
				if k.Value == c.Value {
					return c.ErrorAt(c.ValueOff, "key %q listed twice", c.Value)
				}
			}
			c.V.ListMapKeys = append(c.V.ListMapKeys, model.String{Value: c.Value, Origin: c.Origin()})
			return nil
		},
	})
}
