package tags

import "github.com/validation-gen/validation-gen/model"

// kbDefault is +kubebuilder:default's argument.
type kbDefault struct{ Value any }

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:default", Scopes: ScopeType | ScopeField,
		Doc: "controller-gen's default, written in marker syntax rather than JSON: strings may be bare, " +
			"objects are {key: value} and lists {a,b} or a;b. On a type, it defaults every field of the type " +
			"that has no default of its own, as +default on a type does (controller-gen reads it on fields only " +
			"and drops it on a type without a word).",
		OpenAPI: "default", Example: `+kubebuilder:default={type: "PathPrefix", value: "/"}`,
		Apply: func(c *Context) error {
			c.V.Default = &model.Default{Value: anyValue(c.Marker.(kbDefault).Value), Origin: c.Origin()}
			return nil
		},
	}, kbDefault{}, true, markerDoc{"", "the default value"})
}
