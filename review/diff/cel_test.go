package diff

import "testing"

// TestCEL checks the CEL rule classifier on rewrites whose direction is known, and on some it
// must leave to a reviewer.
func TestCEL(t *testing.T) {
	for _, c := range []struct {
		old, new string
		want     Verdict
	}{
		{"self.size() <= 10", "self.size()<=10", Neutral},
		{"self.name == 'a'", `(self.name == "a")`, Neutral},
		{"self.size() <= 10", "self.size() <= 20", Loosened},
		{"self.size() <= 20", "self.size() <= 10", Tightened},
		{"self >= 5", "self >= 3", Loosened},
		{"5 <= self", "7 <= self", Tightened},
		{"self.a > 0", "self.a > 0 && self.b > 0", Tightened},
		{"self.a > 0 && self.b > 0", "self.a > 0", Loosened},
		{"self.a > 0", "self.a > 0 || self.b > 0", Loosened},
		{"!(self.a > 0)", "!(self.a > 0 || self.b > 0)", Tightened},
		{"!has(self.x) || self.x <= 10", "!has(self.x) || self.x <= 5", Tightened},
		{"self.all(x, x.size() < 10)", "self.all(x, x.size() < 20)", Loosened},
		{"self.exists_one(x, x < 10)", "self.exists_one(x, x < 20)", Changed},
		{"self.t == 'A' ? size(self.c) > 0 : true", "self.t == 'A' ? size(self.c) > 0 || size(self.o) > 0 : true", Loosened},
		{"self.t == 'A' ? self.v > 0 : true", "self.t == 'A' && has(self.v) ? self.v > 0 : true", Loosened},
		{"self.t == 'A' ? self.v > 0 : self.v < 0", "self.t == 'A' ? self.v > 1 : self.v < 0", Changed},
		{"self.size() <= 10 && self.a", "self.size() <= 20 && self.a && self.b", Changed},
		{"self % 2 == 0", "self % 4 == 0", Changed},
		{"self.matches('^a$')", "self.matches('^b$')", Changed},
		{"self.x <", "self.x < 1", Changed},
	} {
		if got, why := CEL(c.old, c.new); got != c.want {
			t.Errorf("CEL(%q, %q) = %s (%s), want %s", c.old, c.new, got, why, c.want)
		}
	}
}
