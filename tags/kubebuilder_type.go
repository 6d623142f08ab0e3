package tags

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// kbType is +kubebuilder:validation:Type's argument.
type kbType string

var schemaTypes = []string{"string", "integer", "number", "boolean", "object", "array"}

// schemaKinds maps a schema type to the model's kind.
var schemaKinds = map[string]model.Kind{
	"string": model.KindString, "integer": model.KindInteger, "number": model.KindNumber, "boolean": model.KindBoolean,
	"object": model.KindObject, "array": model.KindList,
}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Type", Scopes: ScopeType | ScopeField,
		Doc: "Overrides the schema type, for Go types that marshal to another JSON shape than their own " +
			"(a struct with MarshalJSON written as a string); the declaration's other markers then apply to " +
			"that shape. Type=\"\" writes no type, as controller-gen does: any JSON value, which generated " +
			"validators do not check. The schema keeps no properties or items; generated validators check a string's " +
			"length and pattern on the value's JSON form (what the API server sees). A type the Go value's " +
			"JSON cannot have (array on a string without MarshalJSON) is refused, and so is array on a value " +
			"that is not a list, whose schema would have no items (the API server refuses it).",
		OpenAPI: "type", Example: "+kubebuilder:validation:Type=string",
		Apply: func(c *Context) error {
			t := string(c.Marker.(kbType))
			if t == "" && strings.TrimSpace(c.Raw.Value) != "" {
				// Type="": controller-gen writes the schema without a type, any JSON value
				// (Gatekeeper's Anything, a struct that marshals whatever it holds).
				c.V.Schema.Type = &model.String{Value: "", Origin: c.Origin()}
				return nil
			}
			k, ok := schemaKinds[t]
			if !ok {
				msg := "type " + quote(t) + " is not one of string, integer, number, boolean, object, array"
				if s := closest(t, schemaTypes); s != "" {
					msg += "; did you mean " + quote(s) + "?"
				}
				return c.Errorf("%s", msg)
			}
			goKind := c.Kind
			if c.place.goKind != model.KindInvalid {
				goKind = c.place.goKind
			}
			if msg := overrideProblem(t, k, goKind, c.GoType, c.place.schemaless); msg != "" {
				return c.Errorf("%s", msg)
			}
			c.V.Schema.Type = &model.String{Value: t, Origin: c.Origin()}
			return nil
		},
	}, kbType(""), false, markerDoc{"", "string, integer, number, boolean, object or array"})
}

// overrideProblem says why a schema type cannot describe the JSON of a value of Go type goType
// (whose own kind is goKind), or "": a schema no value could satisfy, or one the API server
// refuses.
func overrideProblem(t string, k, goKind model.Kind, goType types.Type, schemaless bool) string {
	if k == model.KindList && goKind != model.KindList {
		return fmt.Sprintf("an array schema needs the schema of its items, which Go type %s (not a list) does not give, and the "+
			"API server refuses an array without one", typeString(goType))
	}
	if k == model.KindList && schemaless {
		return "an array schema needs the schema of its items, which Schemaless leaves out, and the API server refuses an " +
			"array without one; drop the type (Schemaless with x-kubernetes-preserve-unknown-fields takes any JSON)"
	}
	if CustomJSON(goType) || goKind == model.KindAny || goKind == model.KindInvalid || goKind == model.KindIntOrString {
		return "" // the value says what its JSON is
	}
	compatible := k == goKind || k == model.KindNumber && goKind == model.KindInteger || k == model.KindObject && goKind == model.KindMap
	if compatible {
		return ""
	}
	return fmt.Sprintf("the JSON of Go type %s is %s (it has no MarshalJSON of its own), so a schema of type %s would refuse every value",
		typeString(goType), jsonKinds[goKind], t)
}

// jsonKinds names the JSON values of each kind of Go value.
var jsonKinds = map[model.Kind]string{
	model.KindString: "a string", model.KindInteger: "an integer", model.KindNumber: "a number", model.KindBoolean: "a boolean",
	model.KindObject: "an object", model.KindMap: "an object", model.KindList: "an array",
}

// typeOverride returns the kind a +kubebuilder:validation:Type among raws gives the value.
func typeOverride(raws []Raw) (model.Kind, bool) {
	for _, r := range raws {
		if r.Name != "kubebuilder:validation:Type" {
			continue
		}
		v := strings.Trim(strings.TrimSpace(r.Value), "\"`")
		if k, ok := schemaKinds[v]; ok {
			return k, true
		}
		if v == "" && strings.TrimSpace(r.Value) != "" { // Type="": any JSON value
			return model.KindAny, true
		}
	}
	return model.KindInvalid, false
}

// CustomJSON reports whether values of Go type t (or pointers to them) marshal themselves to JSON
// (MarshalJSON, or MarshalText): their JSON is what those methods write, not their Go shape.
func CustomJSON(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	ms := types.NewMethodSet(types.NewPointer(t))
	return ms.Lookup(nil, "MarshalJSON") != nil || ms.Lookup(nil, "MarshalText") != nil
}
