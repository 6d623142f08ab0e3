package celnative

import (
	"fmt"
	"net/netip"
	"testing"

	"github.com/google/cel-go/cel"
	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
)

// TestAgainstCEL evaluates the library functions here and the same functions in cel-go, in the
// API server's environment, on tricky inputs: the same results and the same error messages.
func TestAgainstCEL(t *testing.T) {
	env, err := celenv.EnvSet(version.MajorMinor(1, 37)).NewExpressionsEnv().Extend(cel.Variable("s", cel.StringType), cel.Variable("t", cel.StringType))
	if err != nil {
		t.Fatal(err)
	}
	eval := func(expr, s, u string) string {
		ast, iss := env.Compile(expr)
		if iss.Err() != nil {
			t.Fatalf("%s: %v", expr, iss.Err())
		}
		prg, err := env.Program(ast)
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := prg.Eval(map[string]any{"s": s, "t": u})
		if err != nil {
			return "error: " + err.Error()
		}
		return fmt.Sprint(out.Value())
	}
	show := func(v any, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		return fmt.Sprint(v)
	}
	inputs := []string{"", "1.2.3.4", "::1", "127.0.0.1", "fe80::1%eth0", "::ffff:1.2.3.4", "10.0.0.0/8", "10.0.0.1/8", "::/0",
		"::ffff:1.2.3.4/120", "1.2.3.4/33", "x", "0.0.0.0", "héllo", "日本語", "abc", "a.b.c", "1h", "-1.5m", "1d",
		"https://example.com/p?q=1", "https://user@example.com:8443/a%20b/c?x=1&x=2&y#frag", "http://[::1]:80/", "/relative", "mailto:x@y", "https://exa mple.com", "%zz"}
	for _, s := range inputs {
		for _, c := range []struct {
			expr string
			got  string
		}{
			{"isIP(s)", fmt.Sprint(IsIP(s))},
			{"isCIDR(s)", fmt.Sprint(IsCIDR(s))},
			{"ip(s).family()", func() string {
				a, err := ParseIP(s)
				if err != nil {
					return show(nil, err)
				}
				return show(IPFamily(a))
			}()},
			{"ip(s).isLoopback()", func() string { a, err := ParseIP(s); return show(a.IsLoopback(), err) }()},
			{"cidr(s).prefixLength()", func() string { p, err := ParseCIDR(s); return show(p.Bits(), err) }()},
			{"cidr('10.0.0.0/8').containsIP(s)", show(ContainsIPString(mustCIDR("10.0.0.0/8"), s))},
			{"duration(s) > duration('0s')", func() string { d, err := Duration(s); return show(d > 0, err) }()},
			{"s.substring(1, 3)", show(Substring(s, 1, 3))},
			{"s.substring(3, 1)", show(Substring(s, 3, 1))},
			{"s.lowerAscii()", LowerASCII(s)},
			{"isURL(s)", fmt.Sprint(IsURL(s))},
			{"url(s).getScheme() + ' ' + url(s).getHost() + ' ' + url(s).getHostname() + ' ' + url(s).getPort() + ' ' + url(s).getEscapedPath()", func() string {
				u, err := ParseURL(s)
				if err != nil {
					return show(nil, err)
				}
				return u.Scheme + " " + u.Host + " " + u.Hostname() + " " + u.Port() + " " + u.EscapedPath()
			}()},
			{"url(s).getQuery().size()", func() string {
				u, err := ParseURL(s)
				if err != nil {
					return show(nil, err)
				}
				return show(len(u.Query()), nil)
			}()},
			{"s.upperAscii()", UpperASCII(s)},
		} {
			if want := eval(c.expr, s, ""); c.got != want {
				t.Errorf("%s with s=%q: %q, cel-go says %q", c.expr, s, c.got, want)
			}
		}
	}
}

func mustCIDR(s string) netip.Prefix {
	p, err := ParseCIDR(s)
	if err != nil {
		panic(err)
	}
	return p
}
