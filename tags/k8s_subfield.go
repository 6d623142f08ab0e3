package tags

import (
	"go/types"
	"reflect"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:subfield", Scopes: ScopeType | ScopeField, Typed: true, Repeatable: true,
		Kinds: []model.Kind{model.KindObject},
		Args:  []Param{{Key: "", Arg: Arg{Kind: ArgString}, Doc: "the JSON name of a field of the struct (positional)"}},
		Value: Arg{Kind: ArgTag, Doc: "the tag to apply to that field"},
		Doc: "Applies another tag to one field of a struct value, from the place that holds the struct (a field of " +
			"a shared type can get checks that only this place needs); errors are reported at `field.subfield`.",
		OpenAPI: "x-kubernetes-validations rules on the struct value, reported at the subfield (fieldPath), for the chained " +
			"checks a rule states with the Go check's error type: +k8s:minimum/+k8s:maximum, +k8s:neq, +k8s:maxBytes, formats " +
			"with a fallback, +k8s:required, +k8s:forbidden; +k8s:update's NoSet, NoUnset, NoModify as transition rules where " +
			"the struct correlates with its old value. A subfield equal to its old value is not checked (optional " +
			"oldSelf), as validate.Subfield skips it. Lengths, counts and enums (Go reports TooLong, TooMany, NotSupported, " +
			"which a rule cannot), +k8s:immutable (Go also rejects a subfield without an old value on update, which no rule " +
			"can see) and the test tags stay Go's only",
		Example: `+k8s:subfield(name)=+k8s:maxLength=16`,
		Apply: func(c *Context) error {
			name, ok := c.Args[""]
			if !ok {
				return c.Errorf("needs the subfield's JSON name: +k8s:subfield(name)=+...")
			}
			if c.Lookup != nil && c.Lookup.Upstream() && chainsSubfield(c) {
				// As upstream's validation-gen: a +k8s:subfield anywhere in the chained tags is
				// refused (it cannot guard the intermediate field against nil).
				return c.Errorf("nested +k8s:subfield tags are not supported (Kubernetes' validation-gen refuses them): " +
					"apply the validations to the nested type, or to the subfield's own field")
			}
			f := jsonField(c.GoType, name.Value)
			if f == nil {
				return c.Errorf("Go type %s has no field with JSON name %q", typeString(c.GoType), name.Value)
			}
			// The tags of one subfield accumulate in one place (+k8s:subfield(x)=+k8s:listType=map with
			// +k8s:subfield(x)=+k8s:listMapKey=k): one value, checked once.
			var sf *model.Subfield
			for _, have := range c.V.Subfields {
				if have.Name == name.Value {
					sf = have
				}
			}
			if sf == nil {
				sf = &model.Subfield{Name: name.Value, GoName: f.Name(), GoType: f.Type(), V: &model.Validations{}, Origin: c.Origin()}
				c.V.Subfields = append(c.V.Subfields, sf)
			}
			c.ApplyPayload(f.Type(), sf.V)
			return nil
		},
	})
}

// chainsSubfield reports whether the tags a tag chains include +k8s:subfield.
func chainsSubfield(c *Context) bool {
	if c.Tag == nil {
		return false
	}
	for t := c.Tag.ValueTag; t != nil; t = t.ValueTag {
		if t.Name == "k8s:subfield" {
			return true
		}
	}
	return false
}

// jsonField finds the direct field of a struct type (through pointers and named types) whose
// JSON name is name.
func jsonField(t types.Type, name string) *types.Var {
	for {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
			continue
		}
		break
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		jn, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
		if jn == "" {
			jn = f.Name()
		}
		if jn == name && f.Exported() {
			return f
		}
	}
	return nil
}
