package tags

import "github.com/validation-gen/validation-gen/model"

// kbDefault is +kubebuilder:default's argument.
type kbDefault struct{ Value any }

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:default", Scopes: ScopeType | ScopeField,
		Doc: "controller-gen's default, written in marker syntax rather than JSON: strings may be bare, " +
			"objects are {key: value} and lists {a,b} or a;b. controller-gen reads it on fields only and drops it " +
			"on a type without a word: on a type it is not applied here either, with a warning (+default on a " +
			"type defaults every field of the type).",
		OpenAPI: "default", Example: `+kubebuilder:default={type: "PathPrefix", value: "/"}`,
		Apply: func(c *Context) error {
			if c.place.Scope == ScopeType {
				return &Error{Pos: c.Raw.Pos, Warning: true, Msg: "not applied: controller-gen reads this marker on " +
					"fields only and ignores it on a type, so neither the CRDs nor the validators have this default; " +
					"put it on the fields of the type, or write +default (JSON) on the type to default them all"}
			}
			c.V.Default = &model.Default{Value: anyValue(c.Marker.(kbDefault).Value), Origin: c.Origin()}
			return nil
		},
	}, kbDefault{}, true, markerDoc{"", "the default value"})
}
