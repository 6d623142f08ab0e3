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

// TestOpenAPIGenMarkers: kube-openapi's +k8s:validation:<property> markers are refused with a
// hint, not dropped (their validation would be missing) nor called unknown.
func TestOpenAPIGenMarkers(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"+k8s:validation:maxLength=10", "+k8s:validation:maxLength: openapi-gen's +k8s:validation: marker, which validation-gen does not read yet; ignoring it would leave its validation out of the output: write it as +maxLength"},
		{`+k8s:validation:cel[0]:rule="self.size() > 1"`, "+k8s:validation:cel: openapi-gen's +k8s:validation: marker, which validation-gen does not read yet; ignoring it would leave its validation out of the output: write the rule as +validationRule"},
		{"+k8s:validation:Required", ""},
	} {
		var diags model.Diagnostics
		Apply(Extract(lines(c.line), Multiline), Place{Scope: ScopeField, Kind: model.KindString, GoType: types.Typ[types.String],
			V: &model.Validations{}, OpenAPIGen: &model.OpenAPIGenTags{}}, &diags)
		got := strings.TrimSpace(diags.Error(""))
		if c.want == "" && got != "" || c.want != "" && !strings.HasSuffix(got, c.want) {
			t.Errorf("%s:\ngot  %s\nwant %s", c.line, got, c.want)
		}
	}
}
