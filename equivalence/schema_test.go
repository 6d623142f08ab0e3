package equivalence

import (
	"testing"

	"k8s.io/kube-openapi/pkg/validation/spec"
)

// TestZeroValues: the JSON forms the harness strips where x-kubernetes-strip-zero says a zero value
// means unset are those that decode to a Go zero value, which generated validators read as unset:
// a zero Duration is "0s" in JSON, a zero Quantity "0", a zero int-or-string 0 (not "", a string
// it holds, which the generated validators read as set).
func TestZeroValues(t *testing.T) {
	ref := func(def string) *spec.Schema {
		return &spec.Schema{SchemaProps: spec.SchemaProps{AllOf: []spec.Schema{*spec.RefSchema("#/definitions/" + def)}}}
	}
	duration, quantity := ref("io.k8s.apimachinery.pkg.apis.meta.v1.Duration"), ref("io.k8s.apimachinery.pkg.api.resource.Quantity")
	str := &spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}}}
	ios := &spec.Schema{VendorExtensible: spec.VendorExtensible{Extensions: spec.Extensions{"x-kubernetes-int-or-string": true}}}
	iosDef := &spec.Schema{SchemaProps: spec.SchemaProps{Format: "int-or-string"}}
	iosRef := ref("io.k8s.apimachinery.pkg.util.intstr.IntOrString")
	s := &Schemas{defs: map[string]*spec.Schema{"io.k8s.apimachinery.pkg.util.intstr.IntOrString": iosDef}}
	for _, c := range []struct {
		v    any
		sc   *spec.Schema
		zero bool
	}{
		{"0s", duration, true}, {"0m", duration, true}, {"0h0m0s", duration, true}, {"", duration, true},
		{"1s", duration, false}, {"1ns", duration, false}, {"later", duration, false},
		{"0", quantity, true}, {"0Gi", quantity, true}, {"1m", quantity, false},
		{"0s", str, false}, {"0", str, false}, {"", str, true},
		{nil, str, true}, {int64(0), str, true}, {false, str, true}, {[]any{}, str, true}, {map[string]any{}, str, true},
		{int64(1), str, false}, {true, str, false}, {[]any{nil}, str, false},
		{int64(0), ios, true}, {"", ios, false}, {"a", ios, false}, {int64(0), iosRef, true}, {"", iosRef, false},
	} {
		if got := s.isZero(c.v, c.sc); got != c.zero {
			t.Errorf("isZero(%#v) at %v: %v, want %v", c.v, refName(c.sc), got, c.zero)
		}
	}
}
