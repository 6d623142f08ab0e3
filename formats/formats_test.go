package formats_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/google/cel-go/cel"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/genruntime"
)

func samples() []string {
	l63, l64 := strings.Repeat("a", 63), strings.Repeat("a", 64)
	sub253 := strings.Repeat(l63+".", 3) + strings.Repeat("b", 61)
	return []string{
		"", "a", "A", "0", "-", "a-", "-a", "a-b", "a_b", "a.b", "a..b", ".a", "a.", "ab-cd.ef", "Ab",
		l63, l64, sub253, sub253 + "c", sub253[:252], "a/b", "/b", "a/", "a/b/c", "example.com/name",
		"example.com/" + l63, "example.com/" + l64, sub253 + "/x", "kubernetes.io/gpu", "example.com/gpu",
		"requests.example.com/x", "example.com/" + strings.Repeat("c", 32), "example.com/" + strings.Repeat("c", 33),
		"example.com/c_ident", "example.com/9bad", "a.b/c.d", "x%y", ".", "..", "...", "..a", ".a",
		"123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "123e4567e89b12d3a456426614174000",
		"10.0.0.1", "010.0.0.1", "::1", "fe80::1%eth0", "::ffff:1.2.3.4", "1.2.3.4/24", "1.2.3.4/33", "2001:db8::/64",
		"::ffff:1.2.3.4/120", "a b", "日本", "x.y-z_w",
	}
}

// TestRuntimeMatchesFallback proves, for every format with a fallback, that the Go check the
// generated validators run accepts exactly the values the published pattern or CEL rule accepts.
func TestRuntimeMatchesFallback(t *testing.T) {
	env, err := celenv.EnvSet(celenv.DefaultVersion()).NewExpressionsEnv().Extend(cel.Variable("self", cel.StringType))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range formats.All() {
		if f.Go == "" {
			if f.HasFallback() {
				t.Errorf("%s has a fallback but no Go check", f.Name)
			}
			continue
		}
		// FormatChecks maps the table's Go names to the functions, so table and runtime cannot drift apart.
		check, ok := genruntime.FormatChecks[f.Go]
		if !ok {
			t.Errorf("%s: genruntime.%s is not in genruntime.FormatChecks", f.Name, f.Go)
			continue
		}
		var accepts func(string) bool
		switch {
		case f.Pattern != "":
			re := regexp.MustCompile(f.Pattern)
			accepts = re.MatchString
		case f.Rule != "":
			ast, iss := env.Compile(f.Rule)
			if iss.Err() != nil {
				t.Fatalf("%s: fallback rule does not compile: %v", f.Name, iss.Err())
			}
			prg, err := env.Program(ast)
			if err != nil {
				t.Fatal(err)
			}
			accepts = func(s string) bool {
				out, _, err := prg.Eval(map[string]any{"self": s})
				return err == nil && out.Value() == true
			}
		default:
			t.Errorf("%s: Go check but no fallback", f.Name)
			continue
		}
		for _, s := range samples() {
			goOK := len(check(s)) == 0
			if goOK != accepts(s) {
				t.Errorf("format %s, value %q: Go check says valid=%v, published fallback says valid=%v", f.Name, s, goOK, !goOK)
			}
		}
	}
}

// upstreamFuncs are apimachinery's format functions, by the names formats.Format.Upstream uses.
var upstreamFuncs = map[string]func(context.Context, operation.Operation, *field.Path, *string, *string) field.ErrorList{
	"ShortName":                  validate.ShortName[string],
	"LongName":                   validate.LongName[string],
	"LongNameCaseless":           validate.LongNameCaseless[string],
	"LabelKey":                   validate.LabelKey[string],
	"PrefixedLabelKey":           validate.PrefixedLabelKey[string],
	"LabelValue":                 validate.LabelValue[string],
	"PathSegmentName":            validate.PathSegmentName[string],
	"UUID":                       validate.UUID[string],
	"ResourcePoolName":           validate.ResourcePoolName[string],
	"ExtendedResourceName":       validate.ExtendedResourceName[string],
	"ResourceFullyQualifiedName": validate.ResourceFullyQualifiedName[string],
}

// TestUpstreamAndFastChecks proves that the apimachinery function a format names (what generated
// validators of +k8s:validation-gen packages call) accepts exactly what the format's Go check
// accepts, with the format's origin on every error, and that the fast check accepts nothing the
// Go check rejects.
func TestUpstreamAndFastChecks(t *testing.T) {
	for _, f := range formats.All() {
		check := genruntime.FormatChecks[f.Go]
		if f.Upstream != "" {
			fn, ok := upstreamFuncs[f.Upstream]
			if !ok {
				t.Errorf("%s: validate.%s is not a format function of apimachinery", f.Name, f.Upstream)
				continue
			}
			for _, s := range samples() {
				errs := fn(context.Background(), operation.Operation{}, nil, &s, nil)
				if (len(errs) == 0) != (len(check(s)) == 0) {
					t.Errorf("format %s, value %q: validate.%s reports %d errors, the Go check %q", f.Name, s, f.Upstream, len(errs), check(s))
				}
				for _, e := range errs {
					if e.Origin != "format="+f.Name {
						t.Errorf("format %s, value %q: validate.%s error of origin %q", f.Name, s, f.Upstream, e.Origin)
					}
				}
			}
		}
		if f.Fast != "" {
			fast, ok := genruntime.FastChecks[f.Fast]
			if !ok {
				t.Errorf("%s: genruntime.%s is not in genruntime.FastChecks", f.Name, f.Fast)
				continue
			}
			for _, s := range samples() {
				if fast(s) && len(check(s)) != 0 {
					t.Errorf("format %s, value %q: the fast check accepts what the Go check rejects: %q", f.Name, s, check(s))
				}
			}
		}
	}
}

// longest are values of the formats with a maximum length that are exactly that long and valid.
func longest() map[string]string {
	l63 := strings.Repeat("a", 63)
	sub := func(n int) string { // a DNS-1123 subdomain of n characters, labels of at most 63
		var b strings.Builder
		for b.Len() < n {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(strings.Repeat("b", min(63, n-b.Len())))
		}
		return b.String()
	}
	return map[string]string{
		"k8s-short-name":             l63,
		"dns1035label":               l63,
		"k8s-label-value":            l63,
		"k8s-long-name":              sub(253),
		"k8s-long-name-caseless":     sub(253),
		"k8s-resource-pool-name":     sub(253),
		"k8s-label-key":              sub(253) + "/" + l63,
		"k8s-prefixed-label-key":     sub(253) + "/" + l63,
		"k8s-extended-resource-name": sub(253-len("requests.")) + "/" + l63,
		"k8s-uuid":                   "123e4567-e89b-12d3-a456-426614174000",
	}
}

// TestMaxLength proves each format's MaxLength: a valid value of exactly that length exists, and
// the values one character longer made from it (any of a few characters inserted anywhere) are
// all rejected by the format's Go check.
func TestMaxLength(t *testing.T) {
	values := longest()
	for _, f := range formats.All() {
		v, ok := values[f.Name]
		if (f.MaxLength > 0) != ok {
			t.Errorf("%s: MaxLength %d, but the test has no longest value for it (or has one for a format without MaxLength)", f.Name, f.MaxLength)
			continue
		}
		if !ok {
			continue
		}
		check := genruntime.FormatChecks[f.Go]
		if int64(len(v)) != f.MaxLength || len(check(v)) != 0 {
			t.Errorf("%s: the longest value (%d characters) is rejected or not MaxLength %d long: %q", f.Name, len(v), f.MaxLength, check(v))
		}
		for i := 0; i <= len(v); i++ {
			for _, c := range "a.-/_0" {
				longer := v[:i] + string(c) + v[i:]
				if len(check(longer)) == 0 {
					t.Errorf("%s: %q (%d characters, MaxLength %d) is valid", f.Name, longer, len(longer), f.MaxLength)
				}
			}
		}
	}
}
