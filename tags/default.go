package tags

import (
	"go/constant"
	"regexp"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

var refPattern = regexp.MustCompile(`^ref\(([^"()]+)\)$`)

func init() {
	Register(&Def{
		Name: "default", ControllerGen: true, Scopes: ScopeType | ScopeField,
		Value:   Arg{Kind: ArgJSON},
		Doc:     "Default value: a JSON value, or ref(Const) / ref(import/path.Const) naming a Go constant whose value is used.",
		OpenAPI: "default", Example: "+default=ref(ProtocolTCP)",
		Apply: func(c *Context) error {
			d := &model.Default{Origin: c.Origin()}
			what := c.Value
			if m := refPattern.FindStringSubmatch(c.Value); m != nil {
				if c.Lookup == nil {
					return c.Errorf("constants cannot be resolved here")
				}
				k, ok := c.Lookup.Const(m[1])
				if !ok {
					msg := "constant %s not found"
					if strings.Contains(m[1], ".") {
						msg += "; a constant of another package must be in a package that this package imports"
					}
					return c.ErrorAt(c.ValueOff+len("ref("), msg, m[1])
				}
				d.Const = m[1]
				d.Value = constValue(k.Val())
				what = "constant " + m[1]
			} else {
				v, err := ParseJSON(c.Value)
				if err != nil {
					return c.ErrorAt(c.ValueOff, "value is not JSON: %v (quote strings: +default=\"value\")", err)
				}
				d.Value = v
			}
			if got, ok := checkDefaultKind(c.Kind, d.Value); !ok {
				return c.ErrorAt(c.ValueOff, "%s is %s, but the value is %s (Go type %s)", what, got, withArticle(c.Kind.String()), typeString(c.GoType))
			}
			if (c.Kind == model.KindInteger || c.Kind == model.KindNumber) && d.Const == "" {
				if msg := outOfRange(strings.TrimSpace(c.Value), c.GoType); msg != "" {
					return c.ErrorAt(c.ValueOff, "%s", msg)
				}
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

// checkDefaultKind makes sure a default has the JSON shape of the value it defaults; got describes
// the default's shape ("a string").
func checkDefaultKind(k model.Kind, v any) (got string, ok bool) {
	got = "null"
	switch x := v.(type) {
	case string:
		got = "a string"
		ok = k == model.KindString || k == model.KindIntOrString
	case bool:
		got = "a boolean"
		ok = k == model.KindBoolean
	case int64:
		got = "an integer"
		ok = k == model.KindInteger || k == model.KindNumber || k == model.KindIntOrString
	case float64:
		got = "a number"
		ok = k == model.KindNumber || k == model.KindInteger && x == float64(int64(x))
	case []any:
		got = "a list"
		ok = k == model.KindList
	case map[string]any:
		got = "an object"
		ok = k == model.KindObject || k == model.KindMap
	}
	return got, ok || k == model.KindAny
}

// withArticle prefixes a kind name with "a" or "an".
func withArticle(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}
