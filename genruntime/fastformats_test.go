package genruntime

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/validate/content"
	apimachineryvalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

var formatSamples = []string{
	"", "a", "A", "0", "-", "a-", "-a", "a-b", "a_b", "a.b", "a..b", ".a", "a.", "ab-cd.ef", "Ab", "aB.c",
	strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a.", 126) + "a", strings.Repeat("a.", 127) + "a",
	"a/b", "/b", "a/", "a/b/c", "example.com/name", "example.com/" + strings.Repeat("n", 63),
	"example.com/" + strings.Repeat("n", 64), "Example.com/x", "x_y.z-w", "_a", "a_", "日本", "a b", "a\n",
	"my-name-", "-", "a-", "ab-", ".-", "x.-",
	"node-7", "node-7/rack-1", "node-7//rack", "/node", "node/", "Node-7", strings.Repeat("p/", 126) + "p",
	strings.Repeat("p/", 127) + "p", "example.com/pcieRoot", "example.com/pcie_root", "example.com/9lives",
	"example.com/" + strings.Repeat("n", 32), "example.com/" + strings.Repeat("n", 33),
	strings.Repeat("d", 63) + "/n", strings.Repeat("d", 64) + "/n", "Example.com/n", "a/b_c", "_x", "x9_",
}

// check compares a fast predicate with apimachinery's regexp-based function on one value.
func check(t *testing.T, name string, fast bool, slow []string, s string) {
	t.Helper()
	if fast != (len(slow) == 0) {
		t.Errorf("%s(%q): byte loop says valid=%v, apimachinery says %v", name, s, fast, slow)
	}
}

func checkAll(t *testing.T, s string) {
	check(t, "label", isDNS1123Label(s), content.IsDNS1123Label(s), s)
	check(t, "subdomain", isDNS1123Subdomain(s, false), content.IsDNS1123Subdomain(s), s)
	check(t, "subdomain caseless", isDNS1123Subdomain(s, true), content.IsDNS1123SubdomainCaseless(s), s)
	check(t, "label key", isLabelKey(s), content.IsLabelKey(s), s)
	check(t, "label value", isLabelValue(s), content.IsLabelValue(s), s)
	check(t, "C identifier", isCIdentifier(s), content.IsCIdentifier(s), s)
	check(t, "resource pool name", isResourcePoolName(s), resourcePoolName(s), s)
	// The fast predicate rejects what apimachinery accepts with more than one '/' (slow path).
	if isResourceFullyQualifiedName(s) || strings.Count(s, "/") < 2 {
		check(t, "resource fully qualified name", isResourceFullyQualifiedName(s), resourceFullyQualifiedName(s), s)
	}
	for _, f := range []struct {
		format string
		fn     apimachineryvalidation.ValidateNameFunc
	}{{"k8s-short-name", apimachineryvalidation.NameIsDNSLabel}, {"k8s-long-name", apimachineryvalidation.NameIsDNSSubdomain}} {
		for _, prefix := range []bool{false, true} {
			if nameFormatValid(s, prefix, f.format) && s != "" && len(f.fn(s, prefix)) > 0 {
				t.Errorf("nameFormatValid(%q, %v, %s) is true but apimachinery says %v", s, prefix, f.format, f.fn(s, prefix))
			}
		}
	}
}

func TestFastFormatsMatchApimachinery(t *testing.T) {
	for _, s := range formatSamples {
		checkAll(t, s)
	}
}

func FuzzFastFormats(f *testing.F) {
	for _, s := range formatSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkAll(t, s) })
}

func TestNameFormatMatchesApimachinery(t *testing.T) {
	for _, s := range formatSamples {
		for _, format := range []string{"k8s-short-name", "k8s-long-name", "dns1035label"} {
			got := NameFormat(&metav1.ObjectMeta{Name: s, GenerateName: s}, "metadata", format)
			var fn apimachineryvalidation.ValidateNameFunc = apimachineryvalidation.NameIsDNSSubdomain
			switch format {
			case "k8s-short-name":
				fn = apimachineryvalidation.NameIsDNSLabel
			case "dns1035label":
				fn = apimachineryvalidation.NameIsDNS1035Label
			}
			want := 0
			if s != "" {
				want = len(fn(s, false)) + len(fn(s, true))
			}
			if len(got) != want {
				t.Errorf("NameFormat(%q, %s): %d errors, apimachinery %d", s, format, len(got), want)
			}
		}
	}
}
