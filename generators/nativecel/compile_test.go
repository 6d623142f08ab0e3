package nativecel

import "testing"

// TestConstruct strips the quote of where the compiler stopped, and nothing else.
func TestConstruct(t *testing.T) {
	for in, want := range map[string]string{
		"not compiled to Go: string() of a bytes, in `string(self.b)`":                                    "not compiled to Go: string() of a bytes",
		"not compiled to Go: %s of a list in format(), in the messageExpression: `'%s'.format([self.l])`": "not compiled to Go: %s of a list in format()",
		"not compiled to Go: a nullable value":                                                            "not compiled to Go: a nullable value",
		"its worst-case cost 5 is over the per-call limit 1, which only cel-go enforces as it runs":       "its worst-case cost 5 is over the per-call limit 1, which only cel-go enforces as it runs",
		"not compiled to Go: flatten, in `self.a.map(x, x + ', in `').flatten()`":                         "not compiled to Go: flatten",
	} {
		if got := Construct(in); got != want {
			t.Errorf("Construct(%q) = %q, want %q", in, got, want)
		}
	}
}
