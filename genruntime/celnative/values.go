package celnative

import (
	"errors"
	"math"
	"strconv"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Reading values: map keys of named types, null items, int-or-string and quantities as the API
// server's CEL values hold them.

// ErrNull is the error of reading a null list item or map value (a nil pointer) whose schema is not
// nullable, as the API server reports it.
var ErrNull = errors.New("invalid data, got null for schema with nullable=false")

// MapGet is m[k] for a map whose key type is any string type.
func MapGet[M ~map[K]V, K ~string, V any](m M, k string) (V, bool) {
	v, ok := m[K(k)]
	return v, ok
}

// IntOrStringEqual is a == b of two int-or-strings: the same type and value.
func IntOrStringEqual(a, b intstr.IntOrString) bool {
	if a.Type != b.Type {
		return false
	}
	if a.Type == intstr.Int {
		return a.IntVal == b.IntVal
	}
	return a.StrVal == b.StrVal
}

// IntOrStringString is string(x) of an int-or-string.
func IntOrStringString(x intstr.IntOrString) string {
	if x.Type == intstr.Int {
		return strconv.FormatInt(int64(x.IntVal), 10)
	}
	return x.StrVal
}

// IntOrStringToInt is int(x) of an int-or-string.
func IntOrStringToInt(x intstr.IntOrString) (int64, error) {
	if x.Type == intstr.Int {
		return int64(x.IntVal), nil
	}
	return StringToInt(x.StrVal)
}

// QuantityStringsEqual is a == b of two quantity fields: CEL holds their canonical strings.
func QuantityStringsEqual(a, b resource.Quantity) bool {
	if a.Format == b.Format {
		return a.Cmp(b) == 0
	}
	return a.String() == b.String()
}

// QuantityIsInteger is the quantity library's isInteger().
func QuantityIsInteger(q resource.Quantity) bool {
	_, ok := q.AsInt64()
	return ok
}

// QuantityAsInteger is the quantity library's asInteger().
func QuantityAsInteger(q resource.Quantity) (int64, error) {
	if v, ok := q.AsInt64(); ok {
		return v, nil
	}
	return 0, &evalError{"cannot convert value to integer"}
}

var _ = math.MaxInt64

// IntOrStringType is type(x) of an int-or-string, by name.
func IntOrStringType(x intstr.IntOrString) string {
	if x.Type == intstr.Int {
		return "int"
	}
	return "string"
}
