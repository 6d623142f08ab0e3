package celnative

import (
	"errors"
	"math"
	"strconv"
)

// CEL's numbers: uint arithmetic, comparisons and equality across int, uint and double (the API
// server's environment compares them by value), conversions.

// Errors of numbers, spelled as cel-go spells them.
var (
	ErrUintOverflow = errors.New("unsigned integer overflow")
	errNaN          = &evalError{"NaN values cannot be ordered"}
)

// AddUint, SubUint, MulUint, DivUint and ModUint are CEL's uint arithmetic.
func AddUint(x, y uint64) (uint64, error) {
	if y > 0 && x > math.MaxUint64-y {
		return 0, ErrUintOverflow
	}
	return x + y, nil
}

func SubUint(x, y uint64) (uint64, error) {
	if y > x {
		return 0, ErrUintOverflow
	}
	return x - y, nil
}

func MulUint(x, y uint64) (uint64, error) {
	if y != 0 && x > math.MaxUint64/y {
		return 0, ErrUintOverflow
	}
	return x * y, nil
}

func DivUint(x, y uint64) (uint64, error) {
	if y == 0 {
		return 0, ErrDivideByZero
	}
	return x / y, nil
}

func ModUint(x, y uint64) (uint64, error) {
	if y == 0 {
		return 0, ErrModByZero
	}
	return x % y, nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpDoubleInt(d float64, i int64) int {
	switch {
	case d < math.MinInt64:
		return -1
	case d > math.MaxInt64:
		return 1
	}
	return cmpFloat(d, float64(i))
}

func cmpDoubleUint(d float64, u uint64) int {
	switch {
	case d < 0:
		return -1
	case d > math.MaxUint64:
		return 1
	}
	return cmpFloat(d, float64(u))
}

func cmpIntUint(i int64, u uint64) int {
	if i < 0 || u > math.MaxInt64 {
		return -1
	}
	switch d := i - int64(u); {
	case d < 0:
		return -1
	case d > 0:
		return 1
	}
	return 0
}

// Compare<A><B> compares numbers of CEL types A and B: -1, 0 or 1, and an error for NaN.
func CompareIntInt(a, b int64) (int64, error)         { return int64(cmpInts(a, b)), nil }
func CompareUintUint(a, b uint64) (int64, error)      { return int64(cmpUints(a, b)), nil }
func CompareIntUint(a int64, b uint64) (int64, error) { return int64(cmpIntUint(a, b)), nil }
func CompareUintInt(a uint64, b int64) (int64, error) { return int64(-cmpIntUint(b, a)), nil }

func CompareDoubleDouble(a, b float64) (int64, error) {
	if math.IsNaN(a) || math.IsNaN(b) {
		return 0, errNaN
	}
	return int64(cmpFloat(a, b)), nil
}

func CompareDoubleInt(a float64, b int64) (int64, error) {
	if math.IsNaN(a) {
		return 0, errNaN
	}
	return int64(cmpDoubleInt(a, b)), nil
}

func CompareIntDouble(a int64, b float64) (int64, error) {
	if math.IsNaN(b) {
		return 0, errNaN
	}
	return int64(-cmpDoubleInt(b, a)), nil
}

func CompareDoubleUint(a float64, b uint64) (int64, error) {
	if math.IsNaN(a) {
		return 0, errNaN
	}
	return int64(cmpDoubleUint(a, b)), nil
}

func CompareUintDouble(a uint64, b float64) (int64, error) {
	if math.IsNaN(b) {
		return 0, errNaN
	}
	return int64(-cmpDoubleUint(b, a)), nil
}

func cmpInts(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpUints(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Equal<A><B> is == between numbers of different CEL types: equal values (NaN equals nothing).
func EqualIntUint(a int64, b uint64) bool { return cmpIntUint(a, b) == 0 }
func EqualUintInt(a uint64, b int64) bool { return cmpIntUint(b, a) == 0 }
func EqualIntInt(a, b int64) bool         { return a == b }
func EqualUintUint(a, b uint64) bool      { return a == b }
func EqualDoubleDouble(a, b float64) bool { return a == b }
func EqualIntDouble(a int64, b float64) bool {
	return !math.IsNaN(b) && cmpDoubleInt(b, a) == 0
}
func EqualDoubleInt(a float64, b int64) bool {
	return !math.IsNaN(a) && cmpDoubleInt(a, b) == 0
}
func EqualUintDouble(a uint64, b float64) bool {
	return !math.IsNaN(b) && cmpDoubleUint(b, a) == 0
}
func EqualDoubleUint(a float64, b uint64) bool {
	return !math.IsNaN(a) && cmpDoubleUint(a, b) == 0
}

// CompareBool orders false before true.
func CompareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// Uint is the CEL value of a Go unsigned integer: an int, as JSON gives the server a number, and
// an error above the largest int (the server reads such a number as a double).
func Uint(u uint64) (int64, error) {
	if u > math.MaxInt64 {
		return 0, &evalError{"invalid data, expected int, got float64"}
	}
	return int64(u), nil
}

// UintToInt is int(u).
func UintToInt(u uint64) (int64, error) {
	if u > math.MaxInt64 {
		return 0, ErrIntOverflow
	}
	return int64(u), nil
}

// IntToUint is uint(i).
func IntToUint(i int64) (uint64, error) {
	if i < 0 {
		return 0, ErrUintOverflow
	}
	return uint64(i), nil
}

// StringToInt is int(s).
func StringToInt(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, &evalError{"type conversion error from 'string' to 'int'"}
	}
	return n, nil
}

// StringToBool is bool(s).
func StringToBool(s string) (bool, error) {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, &evalError{"type conversion error from 'string' to 'bool'"}
	}
	return b, nil
}

// AddDouble, SubDouble, MulDouble, DivDouble and NegDouble are CEL's double arithmetic (IEEE 754:
// no errors). Compiled code calls them rather than writing the operators, which Go would fold for
// literals at compile time (1.0 / 0.0 is a compile error there, +Inf in CEL).
func AddDouble(x, y float64) float64 { return x + y }
func SubDouble(x, y float64) float64 { return x - y }
func MulDouble(x, y float64) float64 { return x * y }
func DivDouble(x, y float64) float64 { return x / y }
func NegDouble(x float64) float64    { return -x }
