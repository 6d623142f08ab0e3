package tags

import (
	"go/types"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/model"
)

// Tags as Kubernetes' own API types write them (k8s.io/api): every one must apply without
// diagnostics, or fail with the expected one.
func TestKubernetesSpellings(t *testing.T) {
	list := types.NewSlice(types.Typ[types.String])
	for _, c := range []struct {
		name  string
		kind  model.Kind
		typ   types.Type
		lines []string
		check func(t *testing.T, v *model.Validations)
		diag  string // expected diagnostic (substring); empty for none
	}{{
		name: "both spellings of a flag", kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{"+optional", "+k8s:optional"},
		check: func(t *testing.T, v *model.Validations) {
			if v.Optional == nil || v.Optional.Tag != "optional" {
				t.Errorf("optional not set from the first spelling: %+v", v.Optional)
			}
		},
	}, {
		// What generated Go of a package written for Kubernetes' validation-gen reads: the +k8s:
		// declaration only, at its own level (model.GoFlag); the schema reads the merged flag.
		name: "the +k8s: reading of a flag", kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{"+optional", "+k8s:optional", "+required"},
		diag:  "conflicts with +optional",
		check: func(t *testing.T, v *model.Validations) {
			if g := model.GoFlag(v.Optional, true); g == nil || g.Tag != "optional" {
				t.Errorf("+optional beside +k8s:optional: Go reads %+v, want the flag", g)
			}
		},
	}, {
		name: "openapi-gen's spelling alone", kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{"+required"},
		check: func(t *testing.T, v *model.Validations) {
			if v.Required == nil || model.GoFlag(v.Required, false) == nil {
				t.Errorf("+required: not read outside upstream's semantics: %+v", v.Required)
			}
			if g := model.GoFlag(v.Required, true); g != nil {
				t.Errorf("+required alone: upstream's Go reads %+v, want nothing", g)
			}
		},
	}, {
		name: "a stable declaration beside a +k8s: one at a level", kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{"+required", "+k8s:beta=+k8s:required"},
		check: func(t *testing.T, v *model.Validations) {
			if v.Required == nil || v.Required.Level != "" {
				t.Errorf("the schema's reading %+v, want stable", v.Required)
			}
			if g := model.GoFlag(v.Required, true); g == nil || g.Level != "Beta" {
				t.Errorf("upstream's Go reads %+v, want the Beta declaration", g)
			}
		},
	}, {
		name: "a +k8s: declaration at a level, then a stable one", kind: model.KindList, typ: list,
		lines: []string{"+k8s:alpha=+k8s:listType=set", "+listType=set"},
		check: func(t *testing.T, v *model.Validations) {
			if v.ListType == nil || v.ListType.Level != "" {
				t.Errorf("the schema's reading %+v, want stable", v.ListType)
			}
			if g := model.GoString(v.ListType, true); g == nil || g.Level != "Alpha" || g.Value != "set" {
				t.Errorf("upstream's Go reads %+v, want the Alpha set", g)
			}
		},
	}, {
		name: "both spellings of list-map keys", kind: model.KindList, typ: list,
		lines: []string{"+listType=map", "+listMapKey=status", "+listMapKey=reason", "+k8s:listType=map",
			"+k8s:listMapKey=status", "+k8s:listMapKey=reason"},
		check: func(t *testing.T, v *model.Validations) {
			if len(v.ListMapKeys) != 2 || v.ListMapKeys[0].Value != "status" || v.ListMapKeys[1].Value != "reason" {
				t.Errorf("keys %+v, want status, reason", v.ListMapKeys)
			}
			if keys := model.GoStrings(v.ListMapKeys, true); len(keys) != 2 || model.GoString(v.ListType, true) == nil {
				t.Errorf("upstream's Go reads keys %+v and list type %+v, want both", keys, v.ListType)
			}
		},
	}, {
		name: "spellings that disagree", kind: model.KindList, typ: list,
		lines: []string{"+listType=atomic", "+k8s:listType=map"},
		diag:  "+k8s:listType: repeated on the same declaration",
	}, {
		name: "a key repeated under one spelling", kind: model.KindList, typ: list,
		lines: []string{"+listMapKey=name", "+k8s:listMapKey=name", "+k8s:listMapKey=name"},
		diag:  `key "name" listed twice`,
	}, {
		name: "+k8s:unique=map keys", kind: model.KindList,
		typ:   types.NewSlice(types.NewStruct([]*types.Var{types.NewField(0, nil, "Attribute", types.Typ[types.String], false)}, nil)),
		lines: []string{"+listType=atomic", "+k8s:listType=atomic", "+k8s:beta=+k8s:unique=map", "+k8s:beta=+k8s:listMapKey=attribute"},
		check: func(t *testing.T, v *model.Validations) {
			if len(v.ListMapKeys) != 0 || v.ListType.Value != "atomic" || v.Unique == nil || len(v.UniqueKeys) != 1 ||
				v.UniqueKeys[0].Value != "attribute" || v.UniqueKeys[0].Level != "Beta" {
				t.Errorf("list type %v, keys %+v, unique %v %+v; want atomic, no list-map keys, unique by attribute", v.ListType,
					v.ListMapKeys, v.Unique, v.UniqueKeys)
			}
		},
	}, {
		name: "trailing comment", kind: model.KindInteger, typ: types.Typ[types.Int32],
		lines: []string{"+k8s:maximum=1000000000 # HighestUserDefinablePriority", "+minimum=0\t# a comment", "+required # why"},
		check: func(t *testing.T, v *model.Validations) {
			if len(v.Maximum) != 1 || v.Maximum[0].Value != 1e9 || len(v.Minimum) != 1 || v.Minimum[0].Value != 0 || v.Required == nil {
				t.Errorf("maximum %+v, minimum %+v, required %v", v.Maximum, v.Minimum, v.Required)
			}
		},
	}, {
		name: "trailing comment after a quoted value", kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{`+pattern="^#x$" # quoted`},
		check: func(t *testing.T, v *model.Validations) {
			if v.Pattern == nil || v.Pattern.Value != "^#x$" {
				t.Errorf("pattern %+v", v.Pattern)
			}
		},
	}, {
		name: "'#' inside a bare value", kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{"+pattern=^#[0-9a-f]{6}$"},
		check: func(t *testing.T, v *model.Validations) {
			if v.Pattern == nil || v.Pattern.Value != "^#[0-9a-f]{6}$" {
				t.Errorf("pattern %+v", v.Pattern)
			}
		},
	}, {
		name: "openapi-gen's +listType on a string", kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{"+optional", "+listType=atomic"},
		diag:  "warning: +listType: applies to list values, not to string (Go type string), so it says nothing about merging",
		check: func(t *testing.T, v *model.Validations) {
			if v.ListType != nil {
				t.Errorf("list type %v on a string", v.ListType)
			}
		},
	}, {
		name: "+k8s:listType on a string", kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{"+k8s:listType=atomic"},
		diag:  "+k8s:listType: applies to list values, not to string",
	}} {
		t.Run(c.name, func(t *testing.T) {
			var v model.Validations
			var diags model.Diagnostics
			Apply(Extract(lines(c.lines...), Multiline), Place{Scope: ScopeField, Kind: c.kind, GoType: c.typ, V: &v,
				OpenAPIGen: &model.OpenAPIGenTags{}}, &diags)
			msgs := diags.Error("")
			switch {
			case c.diag == "" && len(diags) > 0:
				t.Errorf("unexpected diagnostics:\n%s", msgs)
			case c.diag != "" && (len(diags) != 1 || !strings.Contains(msgs, c.diag)):
				t.Errorf("diagnostics:\n%swant one with %q", msgs, c.diag)
			}
			if c.check != nil {
				c.check(t, &v)
			}
		})
	}
}

// The core group is the empty one: k8s.io/api/core/v1 says +groupName= .
func TestEmptyGroupName(t *testing.T) {
	p := &model.Package{GroupName: "unset"}
	var diags model.Diagnostics
	Apply(Extract(lines("+groupName="), Multiline), Place{Scope: ScopePackage, Pkg: p}, &diags)
	if len(diags) > 0 || p.GroupName != "" {
		t.Errorf("group %q, diagnostics:\n%s", p.GroupName, diags.Error(""))
	}
}

// Upstream's test fixtures write two of kube-openapi's markers, which are no properties of
// kube-openapi's (openapi-gen skips them); the others are read (TestOpenAPIGenMarkers).
func TestKubeOpenAPIMarkers(t *testing.T) {
	var diags model.Diagnostics
	Apply(Extract(lines("+k8s:validation:internal"), Multiline), Place{Scope: ScopePackage, Pkg: &model.Package{}}, &diags)
	Apply(Extract(lines("+k8s:validation:Required"), Multiline), Place{Scope: ScopeType, Kind: model.KindObject,
		GoType: types.NewStruct(nil, nil), V: &model.Validations{}, Type: &model.TypeTags{}}, &diags)
	if len(diags) > 0 {
		t.Errorf("unexpected diagnostics:\n%s", diags.Error(""))
	}
}
