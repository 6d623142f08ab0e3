package celrt

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/common"
)

// Go values as CEL values, as the API server sees them.
//
// The API server evaluates a CRD's rules on the JSON it received, decoded into unstructured values
// (numbers as int64 where they are integers, float64 otherwise), with the nulls of non-nullable
// fields dropped, converted to CEL by k8s.io/apiserver/pkg/cel/common.UnstructuredToVal over the
// published schema. That schema, not the Go type, decides the CEL value: a string of format
// duration is a duration, date and date-time strings are timestamps, a byte string is bytes, an
// int-or-string is an int or a string, a metav1.Duration (a plain string in its schema) is a string.
//
// ToVal gives the same CEL values for the Go value that marshals to that JSON, without the JSON:
//
//   - Structs, slices and maps are wrapped lazily (objectVal, listVal, mapVal): a field is read
//     when a rule selects it. A field is present exactly when encoding/json writes it with a
//     non-null value (jsonFields: json tags, omitempty, omitzero, inline embedded structs, a nil
//     embedded pointer hiding its fields); a null (a nil pointer, slice or map without omitempty,
//     a zero metav1.Time) is absent, as the API server drops it or, for nullable fields, reads it
//     as absent.
//   - A scalar is turned into the value JSON would carry (string, int64, float64, bool; an
//     unsigned integer above 2^63-1 becomes a float64, as the server decodes it) and converted by
//     UnstructuredToVal with its schema: the formats and int-or-string are the server's own code.
//   - A value whose type marshals itself (json.Marshaler, encoding.TextMarshaler: metav1.Time,
//     MicroTime, Duration, IntOrString, Quantity, RawExtension, a user's type) is marshalled and
//     decoded as the server decodes it, then converted by UnstructuredToVal: embedded resources and
//     preserved unknown fields are the server's own code too. The common ones take a shortcut with
//     the same result (tested against the marshalled form in values_test.go).
//   - What only whole values can answer (==, + of lists, conversion to Go) converts the value to
//     its unstructured form (toUnstructured) and asks UnstructuredToVal's values.
//
// genruntime/celnative's helpers and the Go that generators/nativecel writes read values the same
// way; the differential tests hold the three together.

// toVal is v (a Go value of the type at a place, or a pointer to it) as a CEL value with schema s.
// A value JSON writes as null (a nil pointer) is the API server's null at s: null when s is
// nullable, else an error.
func toVal(v reflect.Value, s *schemaCache) ref.Val {
	val, null := convert(v, s)
	if null {
		return nullOf(s)
	}
	return val
}

// convert is toVal, or null when JSON has null for v.
func convert(v reflect.Value, s *schemaCache) (ref.Val, bool) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil, true
		}
		v = v.Elem()
	}
	if !v.IsValid() {
		return nil, true
	}
	if marshals(v) {
		return viaJSON(v, s)
	}
	switch v.Kind() {
	case reflect.Struct:
		if s.Properties() == nil || s.IsXEmbeddedResource() {
			return viaJSON(v, s)
		}
		return &objectVal{v: v, s: s}, false
	case reflect.Slice:
		if v.IsNil() {
			return nil, true
		}
		if v.Type().Elem().Kind() == reflect.Uint8 || s.typ != "array" || s.items == nil {
			return viaJSON(v, s) // []byte is a base64 string in JSON
		}
		return &listVal{v: v, s: s}, false
	case reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 || s.typ != "array" || s.items == nil {
			return viaJSON(v, s)
		}
		return &listVal{v: v, s: s}, false
	case reflect.Map:
		if v.IsNil() {
			return nil, true
		}
		if s.typ != "object" || s.Properties() != nil || s.addlSchema == nil || !mapKeyKind(v.Type().Key()) {
			return viaJSON(v, s)
		}
		return &mapVal{v: v, s: s}, false
	}
	u, ok := scalar(v)
	if !ok {
		return types.NewErr("unsupported Go type for CEL: %v", v.Type()), false
	}
	// The common cases without boxing the value.
	if !s.special {
		switch x := u.(type) {
		case string:
			if s.typ == "string" {
				return types.String(x), false
			}
		case int64:
			switch s.typ {
			case "integer":
				return types.Int(x), false
			case "number":
				return types.Double(float64(x)), false
			}
		case bool:
			if s.typ == "boolean" {
				return types.Bool(x), false
			}
		case float64:
			if s.typ == "number" {
				return types.Double(x), false
			}
		}
	}
	return common.UnstructuredToVal(u, s), false
}

// nullOf is null at a place of schema s, as the API server converts it (an error unless nullable).
func nullOf(s *schemaCache) ref.Val { return common.UnstructuredToVal(nil, s) }

// scalar is the JSON value of a Go boolean, string or number, as the API server decodes it.
func scalar(v reflect.Value) (any, bool) {
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool(), true
	case reflect.String:
		return v.String(), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if u := v.Uint(); u <= math.MaxInt64 {
			return int64(u), true
		}
		return float64(v.Uint()), true // JSON has the number; it does not fit an int64
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if v.Kind() == reflect.Float32 {
			// encoding/json writes a float32 with 32-bit precision; read back, it is that decimal.
			f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'g', -1, 32), 64)
		}
		if f == math.Trunc(f) && f >= -(1<<63) && f < 1<<63 && !math.IsInf(f, 0) {
			return int64(f), true // written without a fraction: decoded as an integer
		}
		return f, true
	}
	return nil, false
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// marshals reports a value that encoding/json writes with its own MarshalJSON or MarshalText.
func marshals(v reflect.Value) bool {
	t := v.Type()
	if t.Implements(marshalerType) || t.Implements(textMarshalerType) {
		return true
	}
	pt := reflect.PointerTo(t)
	return v.CanAddr() && (pt.Implements(marshalerType) || pt.Implements(textMarshalerType))
}

// viaJSON converts a value through its JSON, as the API server receives it (null: JSON has null).
// The most common types that marshal themselves take shortcuts with the same result.
func viaJSON(v reflect.Value, s *schemaCache) (ref.Val, bool) {
	if v.CanInterface() {
		switch x := v.Interface().(type) {
		case metav1.Time:
			if x.IsZero() {
				return nil, true // MarshalJSON writes null
			}
			if y := x.UTC().Year(); s.typ == "string" && s.Format() == "date-time" && !s.IsXIntOrString() && y >= 0 && y <= 9999 {
				// RFC 3339 in UTC, to the second, read back as the same instant.
				return types.Timestamp{Time: x.UTC().Truncate(time.Second)}, false
			}
		}
	}
	u, err := unstructuredJSON(v)
	if err != nil {
		return types.NewErr("unsupported Go value for CEL: %v", err), false
	}
	if u == nil {
		return nil, true
	}
	pruneNulls(u, s)
	return common.UnstructuredToVal(u, s), false
}

// unstructuredJSON is the unstructured form of v's JSON, decoded as the API server decodes a
// request (integers as int64, other numbers as float64).
func unstructuredJSON(v reflect.Value) (any, error) {
	if v.CanAddr() {
		v = v.Addr() // so that methods with pointer receivers marshal it, as they do inside a struct
	}
	b, err := json.Marshal(v.Interface())
	if err != nil {
		return nil, err
	}
	var u any
	if err := utiljson.Unmarshal(b, &u); err != nil {
		return nil, err
	}
	return u, nil
}

// pruneNulls drops the nulls of non-nullable properties and map values without defaults, as the
// API server does before validating (apiextensions' PruneNonNullableNullsWithoutDefaults).
func pruneNulls(u any, s *schemaCache) {
	if s == nil {
		return
	}
	switch x := u.(type) {
	case map[string]any:
		for k, v := range x {
			var ps *schemaCache
			if p, ok := s.props[k]; ok {
				ps = p.(*schemaCache)
			} else if s.addlSchema != nil {
				ps = s.addlSchema
			}
			if v == nil && ps != nil && !ps.Nullable() && ps.Default() == nil {
				delete(x, k)
				continue
			}
			pruneNulls(v, ps)
		}
	case []any:
		for _, v := range x {
			pruneNulls(v, s.items)
		}
	}
}

// toUnstructured is the unstructured form of a wrapped value, for what only whole values answer.
func toUnstructured(val ref.Val) ref.Val {
	switch x := val.(type) {
	case *objectVal:
		return x.unstructured()
	case *listVal:
		return x.unstructured()
	case *mapVal:
		return x.unstructured()
	}
	return val
}

func wholeVal(v reflect.Value, s *schemaCache) ref.Val {
	u, err := unstructuredJSON(v)
	if err != nil {
		return types.NewErr("unsupported Go value for CEL: %v", err)
	}
	pruneNulls(u, s)
	return common.UnstructuredToVal(u, s)
}

// objectVal is a struct read as an object of the schema s.
type objectVal struct {
	v reflect.Value
	s *schemaCache
}

var _ traits.Mapper = (*objectVal)(nil)

func (o *objectVal) unstructured() ref.Val { return wholeVal(o.v, o.s) }

// field is the value of the property name (a JSON name), and whether the API server sees it.
func (o *objectVal) field(name string) (ref.Val, bool) {
	ps, ok := o.s.props[name]
	if !ok {
		return nil, false
	}
	f, ok := jsonFieldsOf(o.v.Type()).byName[name]
	if !ok {
		return nil, false
	}
	fv, ok := f.value(o.v)
	if !ok {
		return nil, false
	}
	if f.asString {
		return wholeFieldVal(o.v, f, ps.(*schemaCache))
	}
	val, null := convert(fv, ps.(*schemaCache))
	if null {
		return nil, false // null properties read as absent (the server drops those not nullable)
	}
	return val, true
}

// wholeFieldVal converts a field with the json ",string" option through the JSON of its struct.
func wholeFieldVal(v reflect.Value, f *jsonField, s *schemaCache) (ref.Val, bool) {
	u, err := unstructuredJSON(v)
	if err != nil {
		return types.NewErr("unsupported Go value for CEL: %v", err), true
	}
	m, _ := u.(map[string]any)
	x, ok := m[f.name]
	if !ok || x == nil {
		return nil, false
	}
	return common.UnstructuredToVal(x, s), true
}

// isNull reports a value that encoding/json writes as null.
func isNull(v reflect.Value) bool {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return true
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Map, reflect.Slice:
		if v.IsNil() {
			return true
		}
	}
	if !marshals(v) || !v.CanInterface() {
		return false
	}
	switch t := v.Interface().(type) {
	case metav1.Time:
		return t.IsZero()
	case metav1.MicroTime:
		return t.IsZero()
	}
	u, err := unstructuredJSON(v)
	return err == nil && u == nil
}

func (o *objectVal) Find(key ref.Val) (ref.Val, bool) {
	k, ok := key.(types.String)
	if !ok {
		return types.MaybeNoSuchOverloadErr(key), true
	}
	name, ok := apiservercel.Unescape(string(k))
	if !ok {
		return nil, false
	}
	return o.field(name)
}

func (o *objectVal) Contains(key ref.Val) ref.Val {
	v, found := o.Find(key)
	if v != nil && types.IsUnknownOrError(v) {
		return v
	}
	return types.Bool(found)
}

func (o *objectVal) Get(key ref.Val) ref.Val {
	if v, found := o.Find(key); found {
		return v
	}
	return types.ValOrErr(key, "no such key: %v", key)
}

// keys are the JSON names of the properties the API server has (nulls of nullable ones too), sorted.
func (o *objectVal) keys() []string {
	fields := jsonFieldsOf(o.v.Type())
	var out []string
	for name, p := range o.s.props {
		f, ok := fields.byName[name]
		if !ok {
			continue
		}
		fv, ok := f.value(o.v)
		if !ok || isNull(fv) && !p.(*schemaCache).Nullable() {
			continue
		}
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

func (o *objectVal) Size() ref.Val { return types.Int(len(o.keys())) }

func (o *objectVal) Iterator() traits.Iterator {
	return o.unstructured().(traits.Iterable).Iterator()
}

// Equal compares as the API server's objects compare (same size, each property present in both
// or in neither, equal where present), property by property in the order of their names: where
// the server's answer depends on its map iteration order (a property that cannot be read, and
// another that differs), this one is one of its answers, always the same.
func (o *objectVal) Equal(other ref.Val) ref.Val {
	om, ok := other.(traits.Mapper)
	if !ok {
		return types.MaybeNoSuchOverloadErr(other)
	}
	if _, ok := other.(*objectVal); !ok {
		return o.unstructured().Equal(toUnstructured(other))
	}
	keys := o.keys()
	if types.Int(len(keys)) != om.Size() {
		return types.False
	}
	for _, k := range keys {
		key := types.String(k)
		if escaped, ok := apiservercel.Escape(k); ok {
			key = types.String(escaped)
		}
		v, found := o.Find(key)
		ov, oFound := om.Find(key)
		if found != oFound {
			return types.False
		}
		if !found {
			continue
		}
		if eq := v.Equal(ov); eq != types.True {
			return eq
		}
	}
	return types.True
}

func (o *objectVal) ConvertToNative(t reflect.Type) (any, error) {
	return o.unstructured().ConvertToNative(t)
}

func (o *objectVal) ConvertToType(t ref.Type) ref.Val {
	switch t {
	case types.MapType:
		return o
	case types.TypeType:
		return types.MapType
	}
	return types.NewErr("type conversion error from '%s' to '%s'", o.Type(), t.TypeName())
}

func (o *objectVal) Type() ref.Type { return types.MapType }

// Value is the object's unstructured form, as the API server's values give it.
func (o *objectVal) Value() any { return o.unstructured().Value() }

// listVal is a slice read as an array of the schema s.
type listVal struct {
	v reflect.Value
	s *schemaCache
}

var _ traits.Lister = (*listVal)(nil)

func (l *listVal) unstructured() ref.Val { return wholeVal(l.v, l.s) }

func (l *listVal) item(i int) ref.Val { return toVal(l.v.Index(i), l.s.items) }

func (l *listVal) Get(idx ref.Val) ref.Val {
	i, ok := idx.(types.Int)
	if !ok {
		return types.ValOrErr(idx, "unsupported index: %v", idx)
	}
	if i < 0 || int64(i) >= int64(l.v.Len()) {
		return types.NewErr("index out of bounds: %v", idx)
	}
	return l.item(int(i))
}

func (l *listVal) Size() ref.Val { return types.Int(l.v.Len()) }

func (l *listVal) Contains(val ref.Val) ref.Val {
	if types.IsUnknownOrError(val) {
		return val
	}
	var err ref.Val
	for i := 0; i < l.v.Len(); i++ {
		eq := l.item(i).Equal(toUnstructured(val))
		b, ok := eq.(types.Bool)
		if !ok && err == nil {
			err = types.MaybeNoSuchOverloadErr(eq)
		}
		if b == types.True {
			return types.True
		}
	}
	if err != nil {
		return err
	}
	return types.False
}

func (l *listVal) Iterator() traits.Iterator { return &listIter{l: l} }

type listIter struct {
	l *listVal
	i int
}

func (it *listIter) HasNext() ref.Val { return types.Bool(it.i < it.l.v.Len()) }

func (it *listIter) Next() ref.Val {
	if it.i >= it.l.v.Len() {
		return types.NewErr("iterator exhausted")
	}
	it.i++
	return it.l.item(it.i - 1)
}

func (it *listIter) ConvertToNative(t reflect.Type) (any, error) {
	return nil, fmt.Errorf("type conversion error from iterator to '%v'", t)
}
func (it *listIter) ConvertToType(t ref.Type) ref.Val {
	return types.NewErr("type conversion error from iterator to '%s'", t.TypeName())
}
func (it *listIter) Equal(ref.Val) ref.Val { return types.False }
func (it *listIter) Type() ref.Type        { return types.IteratorType }
func (it *listIter) Value() any            { return nil }

func (l *listVal) Add(other ref.Val) ref.Val {
	return l.unstructured().(traits.Adder).Add(toUnstructured(other))
}

func (l *listVal) Equal(other ref.Val) ref.Val {
	return l.unstructured().Equal(toUnstructured(other))
}

func (l *listVal) ConvertToNative(t reflect.Type) (any, error) {
	return l.unstructured().ConvertToNative(t)
}

func (l *listVal) ConvertToType(t ref.Type) ref.Val {
	switch t {
	case types.ListType:
		return l
	case types.TypeType:
		return types.ListType
	}
	return types.NewErr("type conversion error from '%s' to '%s'", l.Type(), t.TypeName())
}

func (l *listVal) Type() ref.Type { return types.ListType }
func (l *listVal) Value() any     { return l.unstructured().Value() }

// mapVal is a Go map read as an object with additionalProperties s.addlSchema.
type mapVal struct {
	v reflect.Value
	s *schemaCache
}

var _ traits.Mapper = (*mapVal)(nil)

func (m *mapVal) unstructured() ref.Val { return wholeVal(m.v, m.s) }

// mapKeyKind reports the map keys this reads directly: strings and integers (JSON writes
// integer keys in decimal), of named types too.
func mapKeyKind(t reflect.Type) bool {
	if t.Implements(textMarshalerType) {
		return false // JSON writes the key's MarshalText: read through JSON
	}
	switch t.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

// goKey is the Go key whose JSON spelling is k.
func (m *mapVal) goKey(k string) (reflect.Value, bool) {
	t := m.v.Type().Key()
	switch t.Kind() {
	case reflect.String:
		return reflect.ValueOf(k).Convert(t), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(k, 10, t.Bits())
		if err != nil || strconv.FormatInt(n, 10) != k {
			return reflect.Value{}, false
		}
		return reflect.ValueOf(n).Convert(t), true
	default:
		n, err := strconv.ParseUint(k, 10, t.Bits())
		if err != nil || strconv.FormatUint(n, 10) != k {
			return reflect.Value{}, false
		}
		return reflect.ValueOf(n).Convert(t), true
	}
}

// jsonKey is the JSON spelling of a Go key.
func jsonKey(k reflect.Value) string {
	switch k.Kind() {
	case reflect.String:
		return k.String()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10)
	}
	return strconv.FormatUint(k.Uint(), 10)
}

// pruned reports a map value the API server drops: a null of a non-nullable schema.
func (m *mapVal) pruned(v reflect.Value) bool {
	return !m.s.addlSchema.Nullable() && m.s.addlSchema.Default() == nil && canBeNull(v.Type()) && isNull(v)
}

func (m *mapVal) Find(key ref.Val) (ref.Val, bool) {
	k, ok := key.(types.String)
	if !ok {
		return types.MaybeNoSuchOverloadErr(key), true
	}
	gk, ok := m.goKey(string(k))
	if !ok {
		return nil, false
	}
	v := m.v.MapIndex(gk)
	if !v.IsValid() {
		return nil, false
	}
	val, null := convert(v, m.s.addlSchema)
	if null {
		if m.pruned(v) {
			return nil, false // dropped by the server
		}
		return nullOf(m.s.addlSchema), true
	}
	return val, true
}

func (m *mapVal) Contains(key ref.Val) ref.Val {
	v, found := m.Find(key)
	if v != nil && types.IsUnknownOrError(v) {
		return v
	}
	return types.Bool(found)
}

func (m *mapVal) Get(key ref.Val) ref.Val {
	if v, found := m.Find(key); found {
		return v
	}
	return types.ValOrErr(key, "no such key: %v", key)
}

// keys are the keys the API server sees, sorted.
func (m *mapVal) keys() []string {
	out := make([]string, 0, m.v.Len())
	for it := m.v.MapRange(); it.Next(); {
		if !m.pruned(it.Value()) {
			out = append(out, jsonKey(it.Key()))
		}
	}
	slices.Sort(out)
	return out
}

func (m *mapVal) Size() ref.Val {
	if canBeNull(m.v.Type().Elem()) {
		return types.Int(len(m.keys()))
	}
	return types.Int(m.v.Len())
}

// canBeNull reports a Go type some of whose values encoding/json writes as null.
func canBeNull(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
		return true
	}
	return t.Implements(marshalerType) || t.Implements(textMarshalerType)
}

func (m *mapVal) Iterator() traits.Iterator {
	keys := m.keys()
	vals := make([]ref.Val, len(keys))
	for i, k := range keys {
		vals[i] = types.String(k)
	}
	return &sliceIter{vals: vals}
}

type sliceIter struct {
	vals []ref.Val
	i    int
}

func (it *sliceIter) HasNext() ref.Val { return types.Bool(it.i < len(it.vals)) }
func (it *sliceIter) Next() ref.Val {
	if it.i >= len(it.vals) {
		return types.NewErr("iterator exhausted")
	}
	it.i++
	return it.vals[it.i-1]
}
func (it *sliceIter) ConvertToNative(t reflect.Type) (any, error) {
	return nil, fmt.Errorf("type conversion error from iterator to '%v'", t)
}
func (it *sliceIter) ConvertToType(t ref.Type) ref.Val {
	return types.NewErr("type conversion error from iterator to '%s'", t.TypeName())
}
func (it *sliceIter) Equal(ref.Val) ref.Val { return types.False }
func (it *sliceIter) Type() ref.Type        { return types.IteratorType }
func (it *sliceIter) Value() any            { return nil }

// Equal compares as the API server's maps compare, key by key in order (see objectVal.Equal).
func (m *mapVal) Equal(other ref.Val) ref.Val {
	om, ok := other.(traits.Mapper)
	if !ok {
		return types.MaybeNoSuchOverloadErr(other)
	}
	keys := m.keys()
	if types.Int(len(keys)) != om.Size() {
		return types.False
	}
	for _, k := range keys {
		v, found := m.Find(types.String(k))
		ov, oFound := om.Find(types.String(k))
		if found != oFound {
			return types.False
		}
		if eq := v.Equal(ov); eq != types.True {
			return eq
		}
	}
	return types.True
}

func (m *mapVal) ConvertToNative(t reflect.Type) (any, error) {
	return m.unstructured().ConvertToNative(t)
}

func (m *mapVal) ConvertToType(t ref.Type) ref.Val {
	switch t {
	case types.MapType:
		return m
	case types.TypeType:
		return types.MapType
	}
	return types.NewErr("type conversion error from '%s' to '%s'", m.Type(), t.TypeName())
}

func (m *mapVal) Type() ref.Type { return types.MapType }
func (m *mapVal) Value() any     { return m.unstructured().Value() }
