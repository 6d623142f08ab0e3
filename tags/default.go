package tags

import (
	"go/constant"
	"regexp"

	"github.com/validation-gen/validation-gen/model"
)

var refPattern = regexp.MustCompile(`^ref\(([^"()]+)\)$`)

func init() {
	Register(&Def{
		Name: "default", Scopes: ScopeType | ScopeField,
		Value:   Arg{Kind: ArgJSON},
		Doc:     "Default value: a JSON value, or ref(Const) / ref(import/path.Const) naming a Go constant whose value is used.",
		OpenAPI: "default", Example: "+default=ref(ProtocolTCP)",
		Apply: func(c *Context) error {
			d := &model.Default{Origin: c.Origin()}
			if m := refPattern.FindStringSubmatch(c.Value); m != nil {
				if c.Lookup == nil {
					return c.Errorf("constants cannot be resolved here")
				}
				k, ok := c.Lookup.Const(m[1])
				if !ok {
					return c.Errorf("constant %s not found", m[1])
				}
				d.Const = m[1]
				d.Value = constValue(k.Val())
			} else {
				v, err := ParseJSON(c.Value)
				if err != nil {
					return c.Errorf("value is not JSON: %v (quote strings: +default=\"value\")", err)
				}
				d.Value = v
			}
			if err := checkDefaultKind(c.Kind, d.Value); err != nil {
				return c.Errorf("%v", err)
			}
			c.V.Default = d
			return nil
		},
	})
}

// constValue converts a Go constant to the JSON value it marshals to.
func constValue(v constant.Value) any {
	switch v.Kind() {
	case constant.String:
		return constant.StringVal(v)
	case constant.Bool:
		return constant.BoolVal(v)
	case constant.Int:
		if i, ok := constant.Int64Val(v); ok {
			return i
		}
	}
	f, _ := constant.Float64Val(v)
	return f
}

type kindError struct{ want, got string }

func (e kindError) Error() string {
	return "default value is " + e.got + ", but the value is " + e.want
}

// checkDefaultKind makes sure a default has the JSON shape of the value it defaults.
func checkDefaultKind(k model.Kind, v any) error {
	got := "null"
	switch x := v.(type) {
	case string:
		got = "a string"
		if k == model.KindString || k == model.KindIntOrString {
			return nil
		}
	case bool:
		got = "a boolean"
		if k == model.KindBoolean {
			return nil
		}
	case int64:
		got = "an integer"
		if k == model.KindInteger || k == model.KindNumber || k == model.KindIntOrString {
			return nil
		}
	case float64:
		got = "a number"
		if k == model.KindNumber || k == model.KindInteger && x == float64(int64(x)) {
			return nil
		}
	case []any:
		got = "a list"
		if k == model.KindList {
			return nil
		}
	case map[string]any:
		got = "an object"
		if k == model.KindObject || k == model.KindMap {
			return nil
		}
	}
	if k == model.KindAny {
		return nil
	}
	return kindError{want: k.String(), got: got}
}
