package tags

import "github.com/validation-gen/validation-gen/model"

// Kinds that the size and number tags apply to.
var (
	numberKinds   = []model.Kind{model.KindInteger, model.KindNumber}
	stringKinds   = []model.Kind{model.KindString}
	listKinds     = []model.Kind{model.KindList}
	propertyKinds = []model.Kind{model.KindMap, model.KindObject}
)

// registerSize registers a size limit tag (+maxLength and friends): a non-negative integer that
// accumulates along alias chains, the tightest one published.
func registerSize(name string, aliases []string, kinds []model.Kind, doc, openapi string, field func(*model.Validations) *[]model.Int) {
	Register(&Def{
		Name: name, Aliases: aliases, Scopes: ScopeType | ScopeField, Kinds: kinds,
		Value: Arg{Kind: ArgInt}, Doc: doc, OpenAPI: openapi, Example: "+" + name + "=10",
		Apply: func(c *Context) error {
			f := field(c.V)
			*f = append(*f, model.Int{Value: c.Int(), Origin: c.Origin()})
			return nil
		},
	})
}

// registerBound registers +minimum / +maximum / +multipleOf: a number on integer or number values.
func registerBound(name string, aliases []string, doc, openapi string, field func(*model.Validations) *[]model.Number) {
	Register(&Def{
		Name: name, Aliases: aliases, Scopes: ScopeType | ScopeField, Kinds: numberKinds,
		Value: Arg{Kind: ArgNumber}, Doc: doc, OpenAPI: openapi, Example: "+" + name + "=1",
		Apply: func(c *Context) error {
			n := c.Number()
			if c.Kind == model.KindInteger && n.Value != float64(int64(n.Value)) {
				return c.ErrorAt(c.ValueOff, "value %s is not an integer, as Go type %s requires", c.Value, typeString(c.GoType))
			}
			if name == "multipleOf" && n.Value <= 0 {
				return c.ErrorAt(c.ValueOff, "value must be greater than 0")
			}
			f := field(c.V)
			*f = append(*f, n)
			return nil
		},
	})
}

// registerFlag registers a value-less tag that sets one flag of the model.
func registerFlag(d *Def, field func(*model.Validations) **model.Flag) {
	d.Value = Arg{Kind: ArgNone, Optional: true}
	d.Apply = func(c *Context) error {
		*field(c.V) = &model.Flag{Origin: c.Origin()}
		return nil
	}
	Register(d)
}
