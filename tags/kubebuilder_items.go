package tags

import (
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

const (
	validationPrefix = "kubebuilder:validation:"
	itemsPrefix      = validationPrefix + "items:"
)

func init() {
	Register(&Def{
		Name: "kubebuilder:validation:items", Scopes: ScopeType | ScopeField,
		Kinds: []model.Kind{model.KindList},
		Value: Arg{Kind: ArgJSON, Doc: "a validation marker without its prefix"},
		Doc: "A +kubebuilder:validation: marker for the items of a list, written on the list: " +
			"+kubebuilder:validation:items:MaxLength=63 limits each item's length.",
		OpenAPI: "items.<the marker's output>", Example: "+kubebuilder:validation:items:Pattern=`^[a-z]+$`",
		Apply: func(c *Context) error {
			rest := strings.TrimPrefix(c.Raw.Text, "+"+itemsPrefix)
			name, _, _ := strings.Cut(rest, "=")
			inner, ok := registry[validationPrefix+name]
			if !ok {
				if i := strings.LastIndexByte(name, ':'); i >= 0 {
					inner, ok = registry[validationPrefix+name[:i]]
				}
			}
			if !ok || inner.Marker == nil || inner.Scopes&ScopeType == 0 {
				return c.Errorf("unknown marker +%s%s for list items", itemsPrefix, name)
			}
			raw := *c.Raw
			raw.Name = inner.Name
			raw.Text = "+" + validationPrefix + rest
			raw.Pos.Column += len("items:")
			raw.Pos.Offset += len("items:")
			if c.V.Schema.Items == nil {
				c.V.Schema.Items = &model.Validations{}
			}
			ic := &Context{Def: inner, Raw: &raw, V: c.V.Schema.Items, Lookup: c.Lookup, Diags: c.Diags}
			if err := parseMarker(ic); err != nil {
				return err
			}
			return inner.Apply(ic)
		},
	})
}
