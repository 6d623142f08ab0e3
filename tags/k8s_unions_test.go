package tags

import (
	"go/types"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/model"
)

// The union and dependency tags record their arguments on the value; the struct holding it
// checks them.
func TestUnionTags(t *testing.T) {
	str, ptr := types.Typ[types.String], types.NewPointer(types.Typ[types.Int32])
	for _, c := range []struct {
		name   string
		typ    types.Type
		lines  []string
		unions []model.UnionTag
		deps   []model.Dependency
		diag   string
	}{{
		name: "a member of the unnamed union", typ: ptr, lines: []string{"+k8s:unionMember"},
		unions: []model.UnionTag{{Role: model.UnionMember}},
	}, {
		name: "a named member with a discriminator value", typ: ptr,
		lines:  []string{`+k8s:unionMember(union: "u", memberName: "Ptr")`},
		unions: []model.UnionTag{{Role: model.UnionMember, Union: "u", MemberName: "Ptr"}},
	}, {
		name: "a discriminator and a zero-or-one-of member", typ: str,
		lines:  []string{`+k8s:unionDiscriminator(union: "u")`, `+k8s:zeroOrOneOfMember(union: "z")`},
		unions: []model.UnionTag{{Role: model.UnionDiscriminator, Union: "u"}, {Role: model.ZeroOrOneOfMember, Union: "z"}},
	}, {
		name: "dependencies", typ: ptr,
		lines: []string{`+k8s:dependentRequired("a")`, `+k8s:dependentForbidden("b")`},
		deps:  []model.Dependency{{Field: "a"}, {Field: "b", Forbidden: true}},
	}, {
		name: "an unknown argument", typ: ptr, lines: []string{`+k8s:unionMember(name: "u")`},
		diag: "unknown argument name",
	}, {
		name: "a non-string discriminator", typ: ptr, lines: []string{"+k8s:unionDiscriminator"},
		diag: "a discriminator must be a string",
	}, {
		name: "a struct member", typ: types.NewStruct(nil, nil), lines: []string{"+k8s:zeroOrOneOfMember"},
		diag: "is always set",
	}, {
		name: "a dependency without a sibling", typ: ptr, lines: []string{"+k8s:dependentForbidden"},
		diag: "needs the JSON name of a sibling field",
	}, {
		name: "a sibling named twice", typ: ptr, lines: []string{`+k8s:dependentRequired("a")`, `+k8s:dependentRequired("a")`},
		diag: `"a" is named twice`,
	}} {
		t.Run(c.name, func(t *testing.T) {
			var v model.Validations
			var diags model.Diagnostics
			Apply(Extract(lines(c.lines...), Multiline), Place{Scope: ScopeField, Kind: model.KindString, GoType: c.typ, V: &v}, &diags)
			msgs := diags.Error("")
			switch {
			case c.diag == "" && len(diags) > 0:
				t.Fatalf("unexpected diagnostics:\n%s", msgs)
			case c.diag != "":
				if len(diags) != 1 || !strings.Contains(msgs, c.diag) {
					t.Errorf("diagnostics:\n%swant one with %q", msgs, c.diag)
				}
				return
			}
			if len(v.Unions) != len(c.unions) {
				t.Fatalf("unions %+v, want %+v", v.Unions, c.unions)
			}
			for i, u := range v.Unions {
				w := c.unions[i]
				if u.Role != w.Role || u.Union != w.Union || u.MemberName != w.MemberName {
					t.Errorf("union %d: %+v, want %+v", i, u, w)
				}
			}
			if len(v.Dependencies) != len(c.deps) {
				t.Fatalf("dependencies %+v, want %+v", v.Dependencies, c.deps)
			}
			for i, d := range v.Dependencies {
				if w := c.deps[i]; d.Field != w.Field || d.Forbidden != w.Forbidden {
					t.Errorf("dependency %d: %+v, want %+v", i, d, w)
				}
			}
		})
	}
}

// +k8s:ifMode keeps its mode, modality and the validations of its payload apart from the field's.
func TestModeTags(t *testing.T) {
	var v model.Validations
	var diags model.Diagnostics
	ptr := types.NewPointer(types.Typ[types.String])
	Apply(Extract(lines(`+k8s:ifMode("A")=+k8s:required`, `+k8s:ifMode(modality: "m", mode: "B")=+k8s:maxLength=5`), Multiline),
		Place{Scope: ScopeField, Kind: model.KindString, GoType: ptr, V: &v,
			KindOf: func(types.Type) model.Kind { return model.KindString }}, &diags)
	if len(diags) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", diags.Error(""))
	}
	if v.Required != nil || len(v.MaxLength) != 0 || len(v.IfModes) != 2 {
		t.Fatalf("payloads leaked into the field, or modes missing: %+v", v)
	}
	a, b := v.IfModes[0], v.IfModes[1]
	if a.Mode != "A" || a.Modality != "" || a.V.Required == nil || b.Mode != "B" || b.Modality != "m" || len(b.V.MaxLength) != 1 {
		t.Errorf("modes %+v %+v", a, b)
	}

	var d model.Validations
	Apply(Extract(lines(`+k8s:modeDiscriminator(modality: "default")`), Multiline),
		Place{Scope: ScopeField, Kind: model.KindString, GoType: types.Typ[types.String], V: &d}, &diags)
	if len(diags) != 1 || !strings.Contains(diags.Error(""), `modality "default"`) {
		t.Errorf("a reserved modality name: diagnostics\n%s", diags.Error(""))
	}
}
