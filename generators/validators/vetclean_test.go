package validators

import (
	"strings"
	"testing"
)

func TestDropRepeatedOperands(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a != nil && a != nil", "a != nil"},
		{"(e != nil && e.A != nil) && (e != nil && e.B != nil)", "e != nil && e.A != nil && e.B != nil"},
		{"int64(n) == int64(1) || int64(n) == int64(1)", "int64(n) == int64(1)"},
		{"a && b && a", "a && b"},
		{"a && f() && a", "a && f() && a"},       // a call between: may change what a reads
		{"f() && f()", "f() && f()"},             // calls are kept
		{"a || (a && b)", "a || (a && b)"},       // different operators: not one chain
		{"x == 1 && y == 2", "x == 1 && y == 2"}, // nothing repeats: unchanged
		{"(a && b) || (a && b)", "(a && b)"},     // the || chain's operands repeat
	} {
		src := "package p\n\nfunc f() bool { return true }\n\nvar _ = " + c.in + "\n"
		got, err := dropRepeatedOperands([]byte(src))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		line := string(got)[strings.LastIndex(string(got), "var _ = ")+len("var _ = "):]
		if line = strings.TrimSpace(line); line != c.want {
			t.Errorf("%s: got %s, want %s", c.in, line, c.want)
		}
	}
}
