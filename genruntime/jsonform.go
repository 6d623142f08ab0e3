package genruntime

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// JSONString is the string a value that marshals itself (MarshalJSON, MarshalText) writes, as the
// API server receives it: what a string schema's length and pattern apply to. ok is false when its
// JSON is not a string (the server refuses such a value for its type; that is not this check's to
// report) or cannot be written.
func JSONString(v any) (s string, ok bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", false
	}
	return s, json.Unmarshal(b, &s) == nil
}

// EqualJSON reports whether two values that marshal themselves, and show no fields of their own
// (apiextensionsv1.JSON, runtime.RawExtension), write the same JSON value, as the API server compares
// an old and a new value on update: decoded, so that the order of an object's keys and space do
// not count, with numbers kept as written (1 and 1.0 differ, as the server's int64 and float64 do).
// Values that cannot be written are not equal.
func EqualJSON(a, b json.Marshaler) bool {
	ja, errA := a.MarshalJSON()
	jb, errB := b.MarshalJSON()
	if errA != nil || errB != nil {
		return false
	}
	if bytes.Equal(ja, jb) {
		return true
	}
	va, okA := decodeJSON(ja)
	vb, okB := decodeJSON(jb)
	return okA && okB && reflect.DeepEqual(va, vb)
}

func decodeJSON(b []byte) (any, bool) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil, false
	}
	return v, true
}

// NullJSON reports whether a value that marshals itself writes null, as apiextensionsv1.JSON and
// runtime.RawExtension do when they hold nothing: the API server drops a null where the schema is
// not nullable, so such a value is unset. A value that cannot be written is not null.
func NullJSON(v json.Marshaler) bool {
	b, err := v.MarshalJSON()
	return err == nil && string(bytes.TrimSpace(b)) == "null"
}

// NotObjectJSON returns the JSON type of what a value that marshals itself writes ("array",
// "string", "integer", "number", "boolean") when that is no object, as the API server names it in
// "must be of type object: \"array\"", and "" for an object, null (which the server drops where the
// schema is not nullable) or a value that cannot be written: runtime.RawExtension's schema is an
// object whose content is preserved, so the server rejects any other raw value.
func NotObjectJSON(v json.Marshaler) string {
	b, err := v.MarshalJSON()
	if err != nil {
		return ""
	}
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return ""
	}
	switch b[0] {
	case '{', 'n':
		return ""
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	}
	if bytes.ContainsAny(b, ".eE") {
		return "number"
	}
	return "integer"
}

// FreeFormCorrelates reports whether the API server correlates a value whose schema names none of
// its fields (free-form JSON: x-kubernetes-preserve-unknown-fields without properties, or no
// schema at all) with an equal old value: it correlates an object's fields through the schema's
// properties, so it correlates such a value only when its JSON is no object with fields (null, a
// scalar, a list, which it compares whole, or {}). A value that cannot be written correlates (the
// server never receives it).
func FreeFormCorrelates(v any) bool {
	b, err := json.Marshal(v)
	if err != nil {
		return true
	}
	b = bytes.TrimLeft(b, " \t\r\n")
	if len(b) == 0 || b[0] != '{' {
		return true
	}
	b = bytes.TrimLeft(b[1:], " \t\r\n")
	return len(b) > 0 && b[0] == '}'
}
