package tags

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"sigs.k8s.io/controller-tools/pkg/loader"
	"sigs.k8s.io/controller-tools/pkg/markers"

	"github.com/validation-gen/validation-gen/model"
)

// The kubebuilder dialect: controller-gen's markers (+kubebuilder:validation:Minimum=1,
// +kubebuilder:validation:XValidation:rule="...",message="...", +kubebuilder:printcolumn:...),
// one file per marker (kubebuilder_*.go). Each registers an ordinary Def whose Marker is a
// controller-tools definition made from a small Go type: controller-tools' own parser
// (sigs.k8s.io/controller-tools/pkg/markers) reads the arguments, so that every marker means here
// what it means to controller-gen, and Apply maps the parsed value into the same model as our
// own tags. The Def's Value and Params are derived from that definition, so --docs shows the
// arguments the parser accepts.

// markerDoc documents one argument of a marker; Key "" is an anonymous marker's value.
type markerDoc struct{ Key, Doc string }

// registerMarker makes d a controller-gen marker parsed into values of output's type (a struct
// for markers with named arguments, any other type for a marker with one anonymous value), with
// the documented arguments. anyValue selects controller-tools' "any type" parsing for a struct
// whose single field Value holds the marker's value (+kubebuilder:default). It panics when the
// docs do not match the definition's arguments: the docs are the schema.
func registerMarker(d *Def, output any, anyValue bool, docs ...markerDoc) {
	make := markers.MakeDefinition
	if anyValue {
		make = markers.MakeAnyTypeDefinition
	}
	def, err := make(d.Name, markers.DescribesField, output)
	if err != nil {
		panic(fmt.Sprintf("tags: marker %s: %v", d.Name, err))
	}
	d.Marker = def
	documented := map[string]bool{}
	for _, doc := range docs {
		arg, ok := def.Fields[doc.Key]
		if !ok {
			panic(fmt.Sprintf("tags: marker %s documents an argument %q it does not have", d.Name, doc.Key))
		}
		documented[doc.Key] = true
		a := Arg{Kind: ArgMarker, Doc: markerType(arg), Optional: arg.Optional}
		if doc.Key == "" {
			a.Doc += " (" + doc.Doc + ")"
			d.Value = a
			continue
		}
		d.Params = append(d.Params, Param{Key: doc.Key, Arg: a, Doc: doc.Doc})
	}
	for k := range def.Fields {
		if !documented[k] {
			panic(fmt.Sprintf("tags: marker %s does not document its argument %q", d.Name, k))
		}
	}
	sort.SliceStable(d.Params, func(i, j int) bool { return d.Params[i].Key < d.Params[j].Key })
	Register(d)
}

// markerType describes an argument's type in the tag reference.
func markerType(a markers.Argument) string {
	s := ""
	switch a.Type {
	case markers.IntType:
		s = "an integer"
	case markers.NumberType:
		s = "a number"
	case markers.StringType:
		s = "a string"
	case markers.BoolType:
		s = "true or false"
	case markers.AnyType:
		s = "any value (marker syntax: 1, \"s\", true, {k: v}, {a,b})"
	case markers.SliceType:
		s = "a list (a;b;c or {a,b,c})"
	case markers.MapType:
		s = "a map ({k: v, ...})"
	default:
		s = a.TypeString()
	}
	if a.Optional {
		s += ", optional"
	}
	return s
}

// parseMarker parses a marker's text with its controller-tools definition into c.Marker,
// reporting the parser's errors at their position in the source.
func parseMarker(c *Context) error {
	text := c.Raw.Text
	v, err := c.Def.Marker.Parse(text)
	if err == nil {
		c.Marker = v
		return nil
	}
	// The parser scans the arguments: the text after the first '=', or, for a marker with
	// named arguments written +name:arg=..., from arg on (the ':' and '=' are one byte each).
	start := strings.IndexByte(text, '=') + 1
	if !c.Def.Marker.AnonymousField() && !c.Def.Marker.Empty() && start > 0 {
		if name := text[:start-1]; len(name) > len(c.Def.Name)+1 {
			start = len(c.Def.Name) + 2
		}
	}
	var list loader.ErrList
	if !errors.As(err, &list) {
		list = loader.ErrList{err}
	}
	var msgs []string
	first := -1
	for _, e := range list {
		var se *markers.ScannerError
		if errors.As(e, &se) {
			msgs = append(msgs, se.Msg)
			if first < 0 {
				first = se.Pos.Offset
			}
			continue
		}
		msgs = append(msgs, e.Error())
	}
	pos := c.Raw.Pos
	if first >= 0 {
		pos.Column += start + first
		pos.Offset += start + first
	}
	return &Error{Pos: pos, Msg: "controller-gen marker syntax: " + strings.Join(msgs, "; ")}
}

// markerFlag applies a marker without arguments by setting a flag of the model.
func markerFlag(set func(c *Context, f *model.Flag)) func(c *Context) error {
	return func(c *Context) error {
		set(c, &model.Flag{Origin: c.Origin()})
		return nil
	}
}

// anyValue converts a value parsed by controller-tools (which builds typed slices and maps such as
// []map[string]any, and ints) to the model's JSON form: []any, map[string]any, int64, float64,
// string, bool.
func anyValue(v any) any {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return int64(rv.Uint())
	case reflect.Float32, reflect.Float64:
		return rv.Float()
	case reflect.String:
		return rv.String()
	case reflect.Bool:
		return rv.Bool()
	case reflect.Slice, reflect.Array:
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = anyValue(rv.Index(i).Interface())
		}
		return out
	case reflect.Map:
		out := make(map[string]any, rv.Len())
		iter := rv.MapRange()
		for iter.Next() {
			out[fmt.Sprint(iter.Key().Interface())] = anyValue(iter.Value().Interface())
		}
		return out
	case reflect.Interface, reflect.Pointer:
		if rv.IsNil() {
			return nil
		}
		return anyValue(rv.Elem().Interface())
	}
	return v
}

// IsMarker reports whether a definition is one of controller-gen's markers.
func IsMarker(d *Def) bool { return d.Marker != nil || strings.HasPrefix(d.Name, "kubebuilder:") }

// oneOfPriority orders the rules controller-gen's one-of markers write after the XValidation
// rules of the same declaration, as controller-gen orders them whatever the source order:
// XValidation, then AtMostOneOf, ExactlyOneOf, AtLeastOneOf.
var oneOfPriority = map[string]int{
	"kubebuilder:validation:AtMostOneOf": 1, "kubebuilder:validation:ExactlyOneOf": 2, "kubebuilder:validation:AtLeastOneOf": 3,
}

// addMarkerRule adds a rule of a controller-gen marker to the declaration's rules in
// controller-gen's order (see oneOfPriority): before the first rule of a later marker kind.
func addMarkerRule(v *model.Validations, r model.Rule) {
	prio := oneOfPriority[r.Tag]
	for i, x := range v.Rules {
		if p, ok := oneOfPriority[x.Tag]; ok && p > prio {
			v.Rules = append(v.Rules[:i], append([]model.Rule{r}, v.Rules[i:]...)...)
			return
		}
	}
	v.Rules = append(v.Rules, r)
}

// registerOneOf registers one of controller-gen's one-of markers, which write a CEL rule counting
// the listed fields that are set.
func registerOneOf(name, op, msg, doc string) {
	registerMarker(&Def{
		Name: name, Scopes: ScopeType, Repeatable: true, Kinds: []model.Kind{model.KindObject},
		Doc:     doc + " The rule is checked like any other (the fields must exist).",
		OpenAPI: "x-kubernetes-validations", Example: "+" + name + "=configMapRef;secretRef",
		Apply: func(c *Context) error {
			fields := c.Marker.(kbFields)
			if len(fields) == 0 {
				return nil
			}
			var b strings.Builder
			b.WriteString("[")
			for i, f := range fields {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString("has(self." + f + ")")
			}
			b.WriteString("].filter(x,x==true).size() " + op)
			addMarkerRule(c.V, model.Rule{Rule: b.String(), Message: fmt.Sprintf(msg, []string(fields)), RulePos: c.Raw.Pos, Origin: c.Origin()})
			return nil
		},
	}, kbFields(nil), false, markerDoc{"", "the JSON names of the fields"})
}

// kbFields is a one-of marker's argument.
type kbFields []string
