package tags

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

const (
	validationPrefix = "kubebuilder:validation:"
	itemsPrefix      = validationPrefix + "items:"
)

func init() {
	Register(&Def{
		Name: "kubebuilder:validation:items", Scopes: ScopeType | ScopeField, Repeatable: true, Prefix: true,
		Kinds: []model.Kind{model.KindList},
		Value: Arg{Kind: ArgJSON, Optional: true, Doc: "a validation marker without its prefix"},
		Doc: "A +kubebuilder:validation: marker for the items of a list, written on the list: " +
			"+kubebuilder:validation:items:MaxLength=63 limits each item's length; markers without a value " +
			"too (+kubebuilder:validation:items:XIntOrString).",
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
				// controller-gen ignores it, as every marker it does not know.
				msg := fmt.Sprintf("unknown marker +%s%s for list items, ignored (as controller-gen ignores it)", itemsPrefix, name)
				var known []string
				for _, d := range defs {
					if n, ok := strings.CutPrefix(d.Name, validationPrefix); ok && d.Marker != nil && d.Scopes&ScopeType != 0 {
						known = append(known, n)
					}
				}
				if s := closest(strings.TrimRight(name, ":"), known); s != "" {
					msg += fmt.Sprintf("; did you mean +%s%s?", itemsPrefix, s)
				}
				return &Error{Pos: c.Raw.Pos, Msg: msg, Warning: true}
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
			ic.GoType, ic.Kind = elemOf(c.GoType)
			if len(inner.Kinds) > 0 && ic.Kind != model.KindInvalid && !hasKind(inner.Kinds, ic.Kind) {
				return c.Errorf("%s applies to %s items, not to %s (Go type %s)", inner.Name, kindList(inner.Kinds), ic.Kind, typeString(ic.GoType))
			}
			if err := parseMarker(ic); err != nil {
				return err
			}
			return inner.Apply(ic)
		},
	})
}

// elemOf returns the element type of a list type and, when the element is a plain Go value, its
// kind (KindInvalid when only the builder can tell, as for types with their own schema).
func elemOf(t types.Type) (types.Type, model.Kind) {
	for {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
			continue
		}
		break
	}
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return nil, model.KindInvalid
	}
	if n, ok := types.Unalias(elem).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != "" {
		if _, basic := n.Underlying().(*types.Basic); !basic {
			return elem, model.KindInvalid
		}
	}
	switch u := elem.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return elem, model.KindString
		case u.Info()&types.IsInteger != 0:
			return elem, model.KindInteger
		case u.Info()&types.IsFloat != 0:
			return elem, model.KindNumber
		case u.Info()&types.IsBoolean != 0:
			return elem, model.KindBoolean
		}
	case *types.Map:
		return elem, model.KindMap
	case *types.Slice:
		if b, ok := types.Unalias(u.Elem()).(*types.Basic); ok && b.Kind() == types.Byte {
			return elem, model.KindString // []byte: a base64 string in JSON, as controller-gen publishes it
		}
		return elem, model.KindList
	}
	return elem, model.KindInvalid
}
