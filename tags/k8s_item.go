package tags

import (
	"go/types"
	"sort"
	"strconv"

	"k8s.io/gengo/v2/codetags"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:item", Scopes: ScopeType | ScopeField, Typed: true, Repeatable: true, AnyArgs: true,
		Kinds: []model.Kind{model.KindList},
		Value: Arg{Kind: ArgTag, Doc: "the tag to apply to the selected items"},
		Doc: "Applies another tag to the items of a list of structs whose fields have the given values " +
			"(`+k8s:item(type: \"Ready\")=...`, JSON field names as arguments, string, integer or boolean values); " +
			"errors at `field[i]`, each item ratcheted against the old item with the same values.",
		OpenAPI: "on a list map whose keys the selector names, rules on the items schema guarded by the selection: the " +
			"selected item's +k8s:subfield checks, as +k8s:subfield publishes them (ratcheted like validate.SliceItem, " +
			"whose old item the server finds by the same keys); unions of selected items as rules on the struct, at the " +
			"list. Other lists: Go's only (the server cannot correlate their items), as are the checks a rule cannot state", Example: `+k8s:item(type: "Ready")=+k8s:validateFalse="ready"`,
		Apply: func(c *Context) error {
			elem := elemType(c.GoType)
			if elem == nil {
				return c.Errorf("applies to lists, not to Go type %s", typeString(c.GoType))
			}
			if p, ptr := types.Unalias(elem).(*types.Pointer); ptr {
				elem = p.Elem() // a nil item is never selected
			}
			if len(c.Tag.Args) == 0 {
				return c.Errorf("needs at least one key: +k8s:item(field: \"value\")=+...")
			}
			sel := &model.ItemSelector{GoType: elem, V: &model.Validations{}, Origin: c.Origin()}
			for _, a := range c.Tag.Args {
				if a.Name == "" {
					return c.Errorf("arguments are field: value pairs, not a positional %s", a.Value)
				}
				f := jsonField(elem, a.Name)
				if f == nil {
					return c.Errorf("item type %s has no field with JSON name %q", typeString(elem), a.Name)
				}
				k := model.ItemKey{Name: a.Name, GoName: f.Name()}
				_, k.Pointer = types.Unalias(f.Type()).(*types.Pointer)
				b, ok := underlyingBasic(f.Type())
				var err error
				switch {
				case ok && b.Info()&types.IsString != 0 && a.Type == codetags.ArgTypeString:
					k.Value = a.Value
				case ok && b.Info()&types.IsInteger != 0 && a.Type == codetags.ArgTypeInt:
					k.Value, err = strconv.ParseInt(a.Value, 0, 64)
				case ok && b.Info()&types.IsBoolean != 0 && a.Type == codetags.ArgTypeBool:
					k.Value, err = strconv.ParseBool(a.Value)
				default:
					return c.Errorf("argument %s: %s %s does not match the field's Go type %s", a.Name, a.Type, a.Value, typeString(f.Type()))
				}
				if err != nil {
					return c.Errorf("argument %s: %v", a.Name, err)
				}
				sel.Keys = append(sel.Keys, k)
			}
			sort.SliceStable(sel.Keys, func(i, j int) bool { return sel.Keys[i].Name < sel.Keys[j].Name })
			// Tags with the same selection select one item, whose chained tags run together, as
			// upstream's one validate.SliceItem call per selection (a short-circuit in one stops
			// the others): +k8s:item(x)=+k8s:subfield(p)=+k8s:optional beside
			// +k8s:item(x)=+k8s:subfield(p)=+k8s:minimum=1.
			for _, prev := range c.V.ItemSelectors {
				if sameKeys(prev.Keys, sel.Keys) {
					c.ApplyPayload(elem, prev.V)
					return nil
				}
			}
			c.V.ItemSelectors = append(c.V.ItemSelectors, sel)
			c.ApplyPayload(elem, sel.V)
			return nil
		},
	})
}

// sameKeys reports whether two selections (sorted by name) select the same items.
func sameKeys(a, b []model.ItemKey) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Value != b[i].Value {
			return false
		}
	}
	return true
}
