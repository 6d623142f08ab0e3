package celnative

import (
	"math"
	"os/exec"
	"strings"
	"testing"

	celconfig "k8s.io/apiserver/pkg/apis/cel"
)

// TestNoCELDependency: what compiled rules call must not bring the interpreter back.
func TestNoCELDependency(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, heavy := range []string{"github.com/google/cel-go", "k8s.io/apiserver", "k8s.io/apiextensions-apiserver", "github.com/validation-gen/validation-gen/genruntime/celrt"} {
			if strings.HasPrefix(dep, heavy) {
				t.Errorf("genruntime/celnative depends on %s", dep)
			}
		}
	}
}

// TestConstants keeps the copies of the API server's CEL settings equal to the originals.
func TestConstants(t *testing.T) {
	if maxMessageBytes != celconfig.MaxEvaluatedMessageExpressionSizeBytes {
		t.Errorf("maxMessageBytes = %d, celconfig says %d", maxMessageBytes, celconfig.MaxEvaluatedMessageExpressionSizeBytes)
	}
	if CheckFrequency != celconfig.CheckFrequency {
		t.Errorf("CheckFrequency = %d, celconfig says %d", CheckFrequency, celconfig.CheckFrequency)
	}
}

func TestIntArithmetic(t *testing.T) {
	for _, c := range []struct {
		name string
		got  func() (int64, error)
		want int64
		err  error
	}{
		{"add", func() (int64, error) { return AddInt(2, 3) }, 5, nil},
		{"add overflow", func() (int64, error) { return AddInt(math.MaxInt64, 1) }, 0, ErrIntOverflow},
		{"add underflow", func() (int64, error) { return AddInt(math.MinInt64, -1) }, 0, ErrIntOverflow},
		{"sub", func() (int64, error) { return SubInt(2, 3) }, -1, nil},
		{"sub overflow", func() (int64, error) { return SubInt(math.MinInt64, 1) }, 0, ErrIntOverflow},
		{"sub overflow up", func() (int64, error) { return SubInt(math.MaxInt64, -1) }, 0, ErrIntOverflow},
		{"mul", func() (int64, error) { return MulInt(-4, 5) }, -20, nil},
		{"mul overflow", func() (int64, error) { return MulInt(math.MaxInt64/2+1, 2) }, 0, ErrIntOverflow},
		{"mul min", func() (int64, error) { return MulInt(math.MinInt64, -1) }, 0, ErrIntOverflow},
		{"mul min ok", func() (int64, error) { return MulInt(math.MinInt64/2, 2) }, math.MinInt64, nil},
		{"div", func() (int64, error) { return DivInt(-7, 2) }, -3, nil},
		{"div zero", func() (int64, error) { return DivInt(1, 0) }, 0, ErrDivideByZero},
		{"div overflow", func() (int64, error) { return DivInt(math.MinInt64, -1) }, 0, ErrIntOverflow},
		{"mod", func() (int64, error) { return ModInt(-7, 2) }, -1, nil},
		{"mod zero", func() (int64, error) { return ModInt(1, 0) }, 0, ErrModByZero},
		{"neg", func() (int64, error) { return NegInt(5) }, -5, nil},
		{"neg overflow", func() (int64, error) { return NegInt(math.MinInt64) }, 0, ErrIntOverflow},
	} {
		got, err := c.got()
		if got != c.want || err != c.err {
			t.Errorf("%s: %d, %v; want %d, %v", c.name, got, err, c.want, c.err)
		}
	}
}

func TestMessage(t *testing.T) {
	for in, want := range map[string]string{"  ok ": "ok", "": "", " ": "", "a\nb": "", strings.Repeat("x", 5121): ""} {
		got, ok := Message(in)
		if got != want || ok != (want != "") {
			t.Errorf("Message(%.20q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
