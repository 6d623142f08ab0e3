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
		OpenAPI: "x-kubernetes-validations on the struct, at the field, guarded by the mode, ratcheted like validate.Discriminated: +k8s:required (message \"Required value\"), +k8s:forbidden, and the chained checks a rule states with the Go check's error type where an unset field is not checked (optional, required or a pointer); Go checks the zero value of other unset fields, which the server does not see, so their checks stay Go's only", Example: `+k8s:ifMode("TCP")=+k8s:required`,
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
			// Under +k8s:ifEnabled / +k8s:ifDisabled the option gates the mode checks as a whole
			// (m.Options, applied by the generator as upstream's code does), not the payload's
			// checks one by one: the payload (+k8s:optional, +k8s:required, ...) is applied ungated.
			options := c.place.Options
			c.place.Options = nil
			c.ApplyPayload(c.GoType, m.V)
			c.place.Options = options
			return nil
		},
	})
}
