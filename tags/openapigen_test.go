package tags

import (
	"go/types"
	"reflect"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/model"
)

// TestOpenAPIGenTags: openapi-gen's tags record, at their declaration, the extensions openapi-gen
// writes from them, verbatim, and their union roles; what openapi-gen only logs is a warning.
func TestOpenAPIGenTags(t *testing.T) {
	strs := types.NewSlice(types.Typ[types.String])
	for _, c := range []struct {
		name  string
		scope Scope
		kind  model.Kind
		typ   types.Type
		lines []string
		want  []model.Extension // names and values
		warn  string
		check func(*testing.T, *model.OpenAPIGenTags)
	}{{
		name: "patch tags", scope: ScopeField, kind: model.KindList, typ: strs,
		lines: []string{"+patchMergeKey=name", "+patchStrategy=merge,retainKeys", "+listType=map"},
		want:  []model.Extension{{Name: "x-kubernetes-patch-merge-key", Value: "name"}, {Name: "x-kubernetes-patch-strategy", Value: "merge,retainKeys"}},
	}, {
		name: "a misspelt strategy", scope: ScopeField, kind: model.KindList, typ: strs,
		lines: []string{"+patchStrategy=marge"},
		want:  []model.Extension{{Name: "x-kubernetes-patch-strategy", Value: "marge"}},
		warn:  `warning: +patchStrategy: strategy "marge" is none of merge, retainKeys, replace, which strategic merge patch knows; published as written; did you mean "merge"?`,
	}, {
		name: "openapi-gen=x-kubernetes-...", scope: ScopeType, kind: model.KindObject,
		lines: []string{"+k8s:openapi-gen=x-kubernetes-group-version-kind:apps/v1", "+k8s:openapi-gen=true"},
		want:  []model.Extension{{Name: "x-kubernetes-group-version-kind", Value: "apps/v1"}},
		check: func(t *testing.T, o *model.OpenAPIGenTags) {
			if o.Select == nil {
				t.Error("+k8s:openapi-gen=true did not select the type")
			}
		},
	}, {
		name: "+listMapKey on a string", scope: ScopeField, kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{"+listMapKey=a", "+listMapKey=b"},
		want:  []model.Extension{{Name: "x-kubernetes-list-map-keys", Value: []any{"a", "b"}}},
		warn:  "warning: +listMapKey: applies to list values, not to string (Go type string)",
	}, {
		name: "+union on a field", scope: ScopeField, kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{"+union", "+unionDiscriminator"},
		warn:  "warning: +union: openapi-gen takes +union on a struct type, not on a field",
		check: func(t *testing.T, o *model.OpenAPIGenTags) {
			if o.Union != nil || o.UnionDiscriminator == nil {
				t.Errorf("union %v, discriminator %v", o.Union, o.UnionDiscriminator)
			}
		},
	}} {
		t.Run(c.name, func(t *testing.T) {
			var o model.OpenAPIGenTags
			var diags model.Diagnostics
			Apply(Extract(lines(c.lines...), Multiline), Place{Scope: c.scope, Kind: c.kind, GoType: c.typ, V: &model.Validations{},
				Type: &model.TypeTags{}, OpenAPIGen: &o}, &diags)
			msgs := diags.Error("")
			switch {
			case c.warn == "" && len(diags) > 0:
				t.Errorf("unexpected diagnostics:\n%s", msgs)
			case c.warn != "" && (diags.HasErrors() || !strings.Contains(msgs, c.warn)):
				t.Errorf("diagnostics:\n%swant a warning with %q", msgs, c.warn)
			}
			var got []model.Extension
			for _, e := range o.Extensions {
				got = append(got, model.Extension{Name: e.Name, Value: e.Value})
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("extensions %v, want %v", got, c.want)
			}
			if c.check != nil {
				c.check(t, &o)
			}
		})
	}
}

// TestOpenAPIGenMarkers: kube-openapi's +k8s:validation:<property> markers of one declaration are
// read together, as openapi-gen reads them, into this project's model; what openapi-gen fails on is
// an error at its line, what it ignores a warning.
func TestOpenAPIGenMarkers(t *testing.T) {
	apply := func(text string) (*model.Validations, string) {
		var diags model.Diagnostics
		v := &model.Validations{}
		Apply(Extract(lines(strings.Split(text, "\n")...), Multiline), Place{Scope: ScopeField, Kind: model.KindString,
			GoType: types.Typ[types.String], V: v, OpenAPIGen: &model.OpenAPIGenTags{}}, &diags)
		return v, strings.TrimSpace(diags.Error(""))
	}
	v, got := apply("+k8s:validation:maxLength=10\n+k8s:validation:pattern=\"^a\\\\.b$\"\n+k8s:validation:Required")
	if got != "" || len(v.MaxLength) != 1 || v.MaxLength[0].Value != 10 || v.MaxLength[0].Tag != "k8s:validation:maxLength" ||
		v.Pattern == nil || v.Pattern.Value != `^a\.b$` {
		t.Errorf("maxLength and pattern: %+v %+v\n%s", v.MaxLength, v.Pattern, got)
	}
	v, got = apply("+k8s:validation:cel[0]:rule>self.size() > 1 ||\n+k8s:validation:cel[0]:rule>  self == 'a'\n" +
		"+k8s:validation:cel[0]:Message=\"m\"\n+k8s:validation:cel[1]:rule=\"self != 'b'\"\n+k8s:validation:cel[1]:messageExpression=\"'x'\"")
	if got != "" || len(v.Rules) != 2 || v.Rules[0].Rule != "self.size() > 1 ||\nself == 'a'" || v.Rules[0].Message != "m" ||
		len(v.Rules[0].Lines) != 2 || v.Rules[1].MessageExpression != "'x'" {
		t.Errorf("cel rules: %+v\n%s", v.Rules, got)
	}
	for _, c := range []struct{ text, want string }{
		{"+k8s:validation:maxItems=3", "+k8s:validation:maxItems: maxItems can only be used on array types, not on string (Go type string); openapi-gen fails on it"},
		{"+k8s:validation:maxLength=3\n+k8s:validation:maxLength=4", "+k8s:validation:maxLength: maxLength is assigned twice (first at line 1); openapi-gen fails on it"},
		{"+k8s:validation:cel[1]:rule=\"true\"", "index 1 of cel does not follow index 0 or 1 of it on the line right before"},
		{"+k8s:validation:maxlength=3", `warning: +k8s:validation:maxlength: "maxlength" is no property openapi-gen reads, so it ignores the marker; ignored; did you mean +k8s:validation:maxLength?`},
		{"+k8s:validation:format=\"ip\"", "warning: +k8s:validation:format: openapi-gen parses format here but does not publish it"},
		{"+k8s:validation:pattern=abc", "value abc is not JSON"},
	} {
		if _, got := apply(c.text); !strings.Contains(got, c.want) {
			t.Errorf("%s:\ngot  %s\nwant %s", c.text, got, c.want)
		}
	}
}
