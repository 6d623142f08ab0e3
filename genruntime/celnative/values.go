package celnative

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"strconv"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
)

// Reading values: map keys of named types, null items, int-or-string and quantities as the API
// server's CEL values hold them.

// ErrNull is the error of reading a null list item or map value (a nil pointer) whose schema is not
// nullable, as the API server reports it.
var ErrNull = errors.New("invalid data, got null for schema with nullable=false")

// Bytes is the value of a []byte at a place of format byte, as the API server reads it: JSON
// carries it in standard base64, and the server's CEL decodes the string with the URL alphabet
// (kube-openapi's strfmt.Base64), so a value whose encoding has a '+' or '/' is an error there,
// as is null (a nil item of a list). Valid values are read without allocating.
func Bytes[B ~[]byte](b B) ([]byte, error) {
	if b == nil {
		return nil, ErrNull
	}
	for i := 0; i < len(b); i += 3 {
		// The sextets of the group of up to three bytes at i, as the encoding spells them; those
		// past the end of b are padding (or zero bits), never 62 or 63.
		var g uint32
		for j := 0; j < 3; j++ {
			g <<= 8
			if i+j < len(b) {
				g |= uint32(b[i+j])
			}
		}
		for shift := 18; shift >= 0; shift -= 6 {
			if s := g >> shift & 0x3f; s >= 62 {
				_, err := FormatBytes(base64.StdEncoding.EncodeToString(b))
				return nil, err
			}
		}
	}
	return b, nil
}

// FormatBytes is the value of a string of format byte, as the API server reads it (decoding
// allocates: compiled rules read []byte values, through Bytes, without).
func FormatBytes(s string) ([]byte, error) {
	var v strfmt.Base64
	if err := v.UnmarshalText([]byte(s)); err != nil {
		return nil, &evalError{fmt.Sprintf("Invalid byte formatted string %s: %v", s, err)}
	}
	return []byte(v), nil
}

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
