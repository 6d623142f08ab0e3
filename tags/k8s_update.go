package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:update", Scopes: ScopeField, Typed: true, Repeatable: true,
		Value: Arg{Kind: ArgWord, Words: []string{"NoSet", "NoUnset", "NoModify", "NoAddItem", "NoRemoveItem"}},
		Doc: "Forbids a transition of the field on update: NoSet (unset to set), NoUnset (set to unset), NoModify " +
			"(set to another set value), and for lists and maps NoAddItem / NoRemoveItem (items of a list map matched " +
			"by key, other items by value); an Invalid or Forbidden error with origin update (apimachinery's " +
			"validate.Update* functions). Through +k8s:eachVal, +k8s:item or +k8s:subfield it applies to each element " +
			"against its correlated old element (list-map items and map values by key, set items by value).",
		OpenAPI: "NoSet, NoUnset, NoModify: transition rules on the struct (FieldValueInvalid, the same messages); NoAddItem, NoRemoveItem: nothing, as a rule cannot report the item Go reports; through +k8s:subfield (and +k8s:item=+k8s:subfield on a list map): the same, as rules of the struct that holds the subfield; through +k8s:eachVal on a list map or a map (not +mapType=atomic), and +k8s:item on a list-map item itself: transition rules of the items or values schema, which the server runs against the old element of the same key (guarded by the selection for +k8s:item); on sets, atomic lists and elements of pointer type: nothing, as the server cannot correlate their elements (or tell null from unset)", Example: "+k8s:update=NoModify",
		Apply: func(c *Context) error {
			if c.place.ChainedBy == "k8s:eachKey" {
				return c.Errorf("does not apply to map keys, which are never modified: use +k8s:update=NoAddItem / NoRemoveItem on the map")
			}
			if (c.place.ChainedBy == "k8s:eachVal" || c.place.ChainedBy == "k8s:item") && c.Value != "NoModify" && c.Lookup != nil && c.Lookup.Upstream() {
				// Upstream's validation-gen refuses every constraint but NoModify on list items and
				// map values: a new item or key has no old value, so NoSet would not stop it.
				return c.Errorf("%s does not apply to list items or map values (Kubernetes' validation-gen refuses it): "+
					"put +k8s:update=%s on the enclosing field, or use NoModify", c.Value, c.Value)
			}
			fn, item := "", c.Value == "NoAddItem" || c.Value == "NoRemoveItem"
			switch u := c.GoType.Underlying().(type) {
			case *types.Slice:
				fn = "ValSliceUpdate"
				if _, ptr := types.Unalias(u.Elem()).(*types.Pointer); ptr {
					fn = "PtrSliceUpdate"
				}
				if b, ok := types.Unalias(u.Elem()).Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
					// []byte is a string in JSON, not a list: a value, compared as a whole.
					fn = "UpdateValueByReflect"
				}
			case *types.Map:
				fn = "UpdateMap"
			case *types.Pointer:
				fn = "UpdatePointer"
			case *types.Struct:
				// A non-pointer struct is always set: only a modification can be forbidden.
				if c.Value != "NoModify" {
					return c.Errorf("%s does not apply to a non-pointer struct, which is always set; use NoModify, or a pointer", c.Value)
				}
				fn = "UpdateStruct"
			case *types.Basic:
				if types.Comparable(u) {
					fn = "UpdateValueByCompare"
				}
			}
			switch {
			case fn == "":
				return c.Errorf("not supported on Go type %s", typeString(c.GoType))
			case item && fn != "ValSliceUpdate" && fn != "PtrSliceUpdate" && fn != "UpdateMap":
				return c.Errorf("%s applies to lists and maps, not to Go type %s", c.Value, typeString(c.GoType))
			case c.place.Chained && (fn == "ValSliceUpdate" || fn == "PtrSliceUpdate" || fn == "UpdateMap"):
				return c.Errorf("not supported yet on a list or map inside another tag (+%s=+k8s:update=...): only directly on a field", c.place.ChainedBy)
			case c.Value == "NoModify" && (fn == "ValSliceUpdate" || fn == "PtrSliceUpdate" || fn == "UpdateMap"):
				return c.Errorf("NoModify does not apply to a list or map as a whole; use +k8s:eachVal=+k8s:update=NoModify")
			}
			if c.V.Update == nil {
				c.V.Update = &model.UpdateRule{Func: fn, Origin: c.Origin()}
			}
			for _, x := range c.V.Update.Constraints {
				if x == c.Value {
					return c.Errorf("%s given twice", c.Value)
				}
			}
			c.V.Update.Constraints = append(c.V.Update.Constraints, c.Value)
			return nil
		},
	})
}
