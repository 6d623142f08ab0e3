package tags

import (
	"go/types"
	"regexp"

	"github.com/validation-gen/validation-gen/model"
)

var modalityName = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]*$`)

func init() {
	Register(&Def{
		Name: "k8s:modeDiscriminator", Scopes: ScopeField, Typed: true,
		Args:  []Param{{Key: "modality", Arg: Arg{Kind: ArgString}, Doc: "the modality's name, when the struct has more than one"}},
		Value: Arg{Kind: ArgNone},
		Doc: "The string or bool field selects the mode of the struct that holds it: each field with +k8s:ifMode tags " +
			"of this modality is checked by the tags of the current mode, and must be unset (a Forbidden error) in a mode " +
			"that has none (apimachinery's validate.Discriminated), ratcheted when neither the mode nor the field changed.",
		OpenAPI: "x-kubernetes-validations on the struct, at each member field, ratcheted like validate.Discriminated: Forbidden in a mode without +k8s:ifMode tags (message Forbidden); see +k8s:ifMode. A modality with a stability level or a validation option: Go's only", Example: `+k8s:modeDiscriminator(modality: "protocol")`,
		Apply: func(c *Context) error {
			if elsewhere(c.place.ChainedBy) {
				return c.Errorf("applies to struct fields, not through +%s", c.place.ChainedBy)
			}
			if _, ptr := types.Unalias(c.GoType).(*types.Pointer); ptr {
				return c.Errorf("a mode discriminator cannot be a pointer (Go type %s): every object has a mode", typeString(c.GoType))
			}
			if b, ok := underlyingBasic(c.GoType); !ok || b.Kind() != types.String && b.Kind() != types.Bool {
				return c.Errorf("a mode discriminator must be a string or a bool, not Go type %s", typeString(c.GoType))
			}
			m := c.Args["modality"].Value
			if m != "" && !modalityName.MatchString(m) || m == "default" {
				return c.Errorf("modality %q: a name must match %s and not be \"default\"", m, modalityName)
			}
			c.V.ModeDiscriminator = &model.ModeDiscriminator{Modality: m, Origin: c.Origin()}
			return nil
		},
	})
}
