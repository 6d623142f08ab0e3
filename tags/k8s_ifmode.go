package tags

import (
	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:ifMode", Scopes: ScopeField, Typed: true, Repeatable: true,
		Args: []Param{
			{Key: "", Arg: Arg{Kind: ArgString}, Doc: "the mode (positional; or mode:)"},
			{Key: "modality", Arg: Arg{Kind: ArgString}, Doc: "the modality, when the struct has more than one"},
			{Key: "mode", Arg: Arg{Kind: ArgString}, Doc: "the mode"},
		},
		Value: Arg{Kind: ArgTag, Doc: "the tag that applies in that mode"},
		Doc: "Applies another tag to the field only when the struct's +k8s:modeDiscriminator (of the modality) has the " +
			"given value (\"true\"/\"false\" for a bool); in a mode without +k8s:ifMode tags the field must be unset. " +
			"Errors at the field; +k8s:required and +k8s:optional decide whether an unset field is an error in that mode.",
		OpenAPI: "nothing yet", Example: `+k8s:ifMode("TCP")=+k8s:required`,
		Apply: func(c *Context) error {
			if elsewhere(c.place.ChainedBy) {
				return c.Errorf("applies to struct fields, not through +%s", c.place.ChainedBy)
			}
			pos, hasPos := c.Args[""]
			named, hasNamed := c.Args["mode"]
			mode := pos.Value
			switch {
			case hasPos && hasNamed:
				return c.Errorf("the mode is given twice (positional and mode:)")
			case hasNamed:
				mode = named.Value
			case !hasPos:
				return c.Errorf("needs a mode: +k8s:ifMode(\"value\")=+...")
			}
			if !unionMemberType(c.GoType) {
				return c.Errorf("the field must be a pointer, a list, a map or a scalar, which can be unset in other modes; "+
					"Go type %s is always set", typeString(c.GoType))
			}
			m := &model.IfMode{Modality: c.Args["modality"].Value, Mode: mode, V: &model.Validations{}, GoType: c.GoType, Origin: c.Origin()}
			c.V.IfModes = append(c.V.IfModes, m)
			c.ApplyPayloadUngated(c.GoType, m.V) // the mode is gated as a whole (m.Origin.Options)
			return nil
		},
	})
}
