// Package celnative is what CEL rules compiled to Go call at run time: the errors they report,
// checked integer arithmetic, and the message rules of messageExpression. It depends on neither
// cel-go nor the Kubernetes CEL libraries: a package whose rules all compile to Go imports only
// this (and genruntime), never genruntime/celrt.
//
// Everything here reproduces what genruntime/celrt gives for the same rule evaluated by cel-go
// (the errors, their fields and messages); generators' differential tests hold the two together.
package celnative

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"net/netip"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Evaluation errors, spelled as cel-go spells them.
var (
	ErrIntOverflow  = errors.New("integer overflow")
	ErrDivideByZero = errors.New("division by zero")
	ErrModByZero    = errors.New("modulus by zero")
)

// NoSuchKey is the error of selecting an absent field or map key (cel-go: "no such key: name").
func NoSuchKey(key string) error { return &evalError{"no such key: " + key} }

// IndexOutOfBounds is the error of indexing a list outside its bounds.
func IndexOutOfBounds(i int64) error { return &evalError{fmt.Sprintf("index out of bounds: %d", i)} }

type evalError struct{ msg string }

func (e *evalError) Error() string { return e.msg }

// AddInt, SubInt, MulInt, DivInt, ModInt and NegInt are CEL's int arithmetic: 64-bit, with
// overflow and division by zero as errors.
func AddInt(x, y int64) (int64, error) {
	if (y > 0 && x > math.MaxInt64-y) || (y < 0 && x < math.MinInt64-y) {
		return 0, ErrIntOverflow
	}
	return x + y, nil
}

func SubInt(x, y int64) (int64, error) {
	if (y < 0 && x > math.MaxInt64+y) || (y > 0 && x < math.MinInt64+y) {
		return 0, ErrIntOverflow
	}
	return x - y, nil
}

func MulInt(x, y int64) (int64, error) {
	if (x == -1 && y == math.MinInt64) || (y == -1 && x == math.MinInt64) ||
		(x > 0 && y > 0 && x > math.MaxInt64/y) || (x > 0 && y < 0 && y < math.MinInt64/x) ||
		(x < 0 && y > 0 && x < math.MinInt64/y) || (x < 0 && y < 0 && y < math.MaxInt64/x) {
		return 0, ErrIntOverflow
	}
	return x * y, nil
}

func DivInt(x, y int64) (int64, error) {
	switch {
	case y == 0:
		return 0, ErrDivideByZero
	case x == math.MinInt64 && y == -1:
		return 0, ErrIntOverflow
	}
	return x / y, nil
}

func ModInt(x, y int64) (int64, error) {
	switch {
	case y == 0:
		return 0, ErrModByZero
	case x == math.MinInt64 && y == -1:
		return 0, ErrIntOverflow
	}
	return x % y, nil
}

func NegInt(x int64) (int64, error) {
	if x == math.MinInt64 {
		return 0, ErrIntOverflow
	}
	return -x, nil
}

// Rule describes a compiled rule for its errors, as generated code declares it.
type Rule struct {
	Rule       string // the expression
	Message    string
	Reason     string // "", "Required", "Forbidden", "Invalid", "Duplicate"
	Field      string // the normalized fieldPath relative to self ("" for self), as field.Path spells it
	Origin     string
	SchemaType string // the type of self's schema: the BadValue of evaluation errors
}

// errString is how the API server names a rule in messages: its message, else its expression.
func (r *Rule) errString() string {
	if m := strings.TrimSpace(r.Message); m != "" {
		return m
	}
	return strings.TrimSpace(r.Rule)
}

// Failed is the error of a rule that evaluated to false, with the messageExpression's result msg
// when it gave one (ok). value is self, the BadValue of a rule without fieldPath.
func (r *Rule) Failed(value any, msg string, ok bool) *field.Error {
	detail := msg
	if !ok {
		if r.Message == "" {
			detail = "failed rule: " + r.errString()
		} else {
			detail = strings.TrimSpace(r.Message)
		}
	}
	if r.Field != "" {
		value = field.OmitValueType{}
	}
	var e *field.Error
	switch r.Reason {
	case "Forbidden":
		e = field.Forbidden(nil, detail)
	case "Required":
		e = field.Required(nil, detail)
	case "Duplicate":
		e = field.Duplicate(nil, value)
	default:
		e = field.Invalid(nil, value, detail)
	}
	e.Field = r.Field
	e.Origin = r.Origin
	return e
}

// EvalFailed is the error of a rule whose evaluation failed: Invalid at self with the schema type
// as BadValue, as on the API server.
func (r *Rule) EvalFailed(err error) *field.Error {
	detail := fmt.Sprintf("%v evaluating rule: %v", err, r.errString())
	if strings.HasPrefix(err.Error(), "no such overload") {
		detail = fmt.Sprintf("'%v': call arguments did not match a supported operator, function or macro signature for rule: %v", err, r.errString())
	}
	e := field.Invalid(nil, r.SchemaType, detail)
	e.Field = ""
	e.Origin = r.Origin
	return e
}

// Cancelled is the error when ctx ends before the rule runs or while it runs (celrt reports the
// same): one InternalError at self, after which the place's rules stop.
func (r *Rule) Cancelled(ctx context.Context, running bool) *field.Error {
	var err error
	if running {
		err = fmt.Errorf("validation rule %s interrupted: %w", r.errString(), context.Cause(ctx))
	} else {
		err = fmt.Errorf("validation rule %s not evaluated: %w", r.errString(), context.Cause(ctx))
	}
	e := field.InternalError(nil, err)
	e.Field = ""
	e.Origin = r.Origin
	return e
}

// maxMessageBytes is celconfig.MaxEvaluatedMessageExpressionSizeBytes (not imported: that package
// brings the API server's CEL configuration; TestMaxMessageBytes keeps the two equal).
const maxMessageBytes = 5 * 1024

// Message applies the API server's rules to a messageExpression's result: trimmed, non-empty, at
// most 5KiB, one line; ok is false when the rule's message must be used instead.
func Message(s string) (msg string, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > maxMessageBytes || strings.Contains(s, "\n") {
		return "", false
	}
	return s, true
}

// Interrupted is the error that stops a comprehension when ctx ends (checked every
// CheckFrequency iterations, as cel-go's interrupt check).
var Interrupted = errors.New("operation interrupted")

// CheckFrequency is celconfig.CheckFrequency: how many comprehension iterations run between
// checks of the context.
const CheckFrequency = 100

// ErrNoneDereference is the error of optional.value() on optional.none().
var ErrNoneDereference = errors.New("optional.none() dereference")

// LowerASCII is CEL's lowerAscii(): ASCII letters lowered, every other code point kept.
// Like cel-go, invalid UTF-8 becomes U+FFFD.
func LowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' || s[i] >= utf8.RuneSelf && !utf8.ValidString(s) {
			return strings.Map(func(r rune) rune {
				if 'A' <= r && r <= 'Z' {
					return r + 'a' - 'A'
				}
				return r
			}, s)
		}
	}
	return s
}

// UpperASCII is CEL's upperAscii(): ASCII letters raised, every other code point kept.
func UpperASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'a' <= s[i] && s[i] <= 'z' || s[i] >= utf8.RuneSelf && !utf8.ValidString(s) {
			return strings.Map(func(r rune) rune {
				if 'a' <= r && r <= 'z' {
					return r - 'a' + 'A'
				}
				return r
			}, s)
		}
	}
	return s
}

// Substring is CEL's s.substring(start, end), in code points.
func Substring(s string, start, end int64) (string, error) {
	runes := []rune(s)
	l := int64(len(runes))
	switch {
	case start > end:
		return "", &evalError{fmt.Sprintf("invalid substring range. start: %d, end: %d", start, end)}
	case start < 0 || start > l:
		return "", &evalError{fmt.Sprintf("index out of range: %d", start)}
	case end < 0 || end > l:
		return "", &evalError{fmt.Sprintf("index out of range: %d", end)}
	}
	return string(runes[start:end]), nil
}

// ErrDurationConversion is the error of duration() on a string that is not a Go duration.
var ErrDurationConversion = errors.New("type conversion error from 'string' to 'google.protobuf.Duration'")

// Duration is CEL's duration(s).
func Duration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, ErrDurationConversion
	}
	return d, nil
}

// IsSorted, Sum, Min and Max are the Kubernetes lists library's functions on lists of ints and
// strings.
func IsSorted[S ~[]E, E cmp.Ordered](s S) bool {
	for i := 1; i < len(s); i++ {
		if s[i-1] > s[i] {
			return false
		}
	}
	return true
}

func Sum[S ~[]E, E ~int | ~int8 | ~int16 | ~int32 | ~int64](s S) (int64, error) {
	var acc int64
	for _, x := range s {
		var err error
		if acc, err = AddInt(acc, int64(x)); err != nil {
			return 0, err
		}
	}
	return acc, nil
}

func Min[S ~[]E, E cmp.Ordered](s S) (E, error) {
	var zero E
	if len(s) == 0 {
		return zero, &evalError{"min called on empty list"}
	}
	m := s[0]
	for _, x := range s[1:] {
		if x < m {
			m = x
		}
	}
	return m, nil
}

func Max[S ~[]E, E cmp.Ordered](s S) (E, error) {
	var zero E
	if len(s) == 0 {
		return zero, &evalError{"max called on empty list"}
	}
	m := s[0]
	for _, x := range s[1:] {
		if x > m {
			m = x
		}
	}
	return m, nil
}

// ParseIP is the Kubernetes IP library's ip(s): no zones, no IPv4-mapped IPv6 addresses.
func ParseIP(s string) (netip.Addr, error) {
	addr, err := netip.ParseAddr(s)
	switch {
	case err != nil:
		return netip.Addr{}, &evalError{fmt.Sprintf("IP Address %q parse error during conversion from string: %v", s, err)}
	case addr.Zone() != "":
		return netip.Addr{}, &evalError{fmt.Sprintf("IP address %q with zone value is not allowed", s)}
	case addr.Is4In6():
		return netip.Addr{}, &evalError{fmt.Sprintf("IPv4-mapped IPv6 address %q is not allowed", s)}
	}
	return addr, nil
}

// IsIP is isIP(s).
func IsIP(s string) bool {
	_, err := ParseIP(s)
	return err == nil
}

// ParseCIDR is cidr(s) (whose error message says its prefix twice, as the library's does).
func ParseCIDR(s string) (netip.Prefix, error) {
	p, err := parseCIDR(s)
	if err != nil {
		return netip.Prefix{}, &evalError{"network address parse error during conversion from string: " + err.Error()}
	}
	return p, nil
}

func parseCIDR(s string) (netip.Prefix, error) {
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("network address parse error during conversion from string: %v", err)
	}
	if p.Addr().Is4In6() {
		return netip.Prefix{}, fmt.Errorf("IPv4-mapped IPv6 address %q is not allowed", s)
	}
	return p, nil
}

// IsCIDR is isCIDR(s).
func IsCIDR(s string) bool {
	_, err := parseCIDR(s)
	return err == nil
}

// ErrNoSuchOverload is what cel-go reports when a function gets an argument it has no overload
// for at run time (cidr(c).containsIP(s) of a string s that is not an IP).
var ErrNoSuchOverload = errors.New("no such overload")

// ContainsIPString is cidr.containsIP(s) of a string.
func ContainsIPString(p netip.Prefix, s string) (bool, error) {
	addr, err := ParseIP(s)
	if err != nil {
		return false, ErrNoSuchOverload
	}
	return p.Contains(addr), nil
}

// IPFamily is ip.family().
func IPFamily(a netip.Addr) (int64, error) {
	switch {
	case a.Is4():
		return 4, nil
	case a.Is6():
		return 6, nil
	}
	return 0, &evalError{fmt.Sprintf("IP address %q is not an IPv4 or IPv6 address", a.String())}
}

// ParseURL is the Kubernetes URL library's url(s): an absolute URL (url.ParseRequestURI), then
// parsed with url.Parse, as the library does.
func ParseURL(s string) (*url.URL, error) {
	if _, err := url.ParseRequestURI(s); err != nil {
		return nil, &evalError{fmt.Sprintf("URL parse error during conversion from string: %v", err)}
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, &evalError{fmt.Sprintf("URL parse error during conversion from string: %v", err)}
	}
	return u, nil
}

// IsURL is isURL(s).
func IsURL(s string) bool {
	_, err := url.ParseRequestURI(s)
	return err == nil
}

// NoSuchOverload is the error of a function none of whose overloads takes its arguments at run
// time, named by their types (cel-go: "no such overload: min(list)").
func NoSuchOverload(fn string, argTypes string) error {
	return &evalError{"no such overload: " + fn + "(" + argTypes + ")"}
}
