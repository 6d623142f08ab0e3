package tags

import (
	"go/types"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/model"
)

// +k8s:alpha / +k8s:beta apply their payload to the same value, with the level on its origin.
func TestStabilityLevels(t *testing.T) {
	ints := types.NewSlice(types.Typ[types.Int])
	for _, c := range []struct {
		name  string
		kind  model.Kind
		typ   types.Type
		lines []string
		check func(t *testing.T, v *model.Validations)
		diag  string
	}{{
		name: "alpha minimum", kind: model.KindInteger, typ: types.Typ[types.Int],
		lines: []string{`+k8s:alpha(since: "1.37")=+k8s:minimum=10`, "+k8s:minimum=5"},
		check: func(t *testing.T, v *model.Validations) {
			if len(v.Minimum) != 2 || v.Minimum[0].Level != "Alpha" || v.Minimum[0].Text != "10" || v.Minimum[1].Level != "" {
				t.Errorf("minimum %+v", v.Minimum)
			}
		},
	}, {
		name: "beta through eachVal", kind: model.KindList, typ: ints,
		lines: []string{"+k8s:beta=+k8s:eachVal=+k8s:minimum=1"},
		check: func(t *testing.T, v *model.Validations) {
			if v.EachVal == nil || len(v.EachVal.Minimum) != 1 || v.EachVal.Minimum[0].Level != "Beta" {
				t.Errorf("eachVal %+v", v.EachVal)
			}
		},
	}, {
		name: "level inside eachVal", kind: model.KindList, typ: ints,
		lines: []string{"+k8s:eachVal=+k8s:alpha=+k8s:minimum=1", "+k8s:maxItems=3"},
		check: func(t *testing.T, v *model.Validations) {
			if v.EachVal == nil || len(v.EachVal.Minimum) != 1 || v.EachVal.Minimum[0].Level != "Alpha" || v.MaxItems[0].Level != "" {
				t.Errorf("eachVal %+v, maxItems %+v", v.EachVal, v.MaxItems)
			}
		},
	}, {
		name: "openapi-gen's list map, and the same at a level", kind: model.KindList, typ: ints,
		lines: []string{"+listType=map", "+listMapKey=type", `+k8s:alpha(since: "1.37")=+k8s:listType=map`, `+k8s:alpha(since: "1.37")=+k8s:listMapKey=type`},
		check: func(t *testing.T, v *model.Validations) {
			if v.ListType.Level != "" || len(v.ListMapKeys) != 1 || v.ListMapKeys[0].Level != "" { // the stable declaration wins
				t.Errorf("list type %+v, keys %+v", v.ListType, v.ListMapKeys)
			}
		},
	}, {
		name: "required, and again at a level", kind: model.KindInteger, typ: types.Typ[types.Int],
		lines: []string{"+k8s:beta=+k8s:required", "+required"},
		check: func(t *testing.T, v *model.Validations) {
			if v.Required == nil || v.Required.Level != "" { // the stable declaration wins
				t.Errorf("required %+v", v.Required)
			}
		},
	}, {
		name: "list types that disagree", kind: model.KindList, typ: ints,
		lines: []string{"+listType=atomic", "+k8s:alpha=+k8s:listType=set"},
		diag:  "+k8s:listType: conflicts with +listType=atomic",
	}, {
		name: "a bad version", kind: model.KindInteger, typ: types.Typ[types.Int],
		lines: []string{`+k8s:alpha(since: "v1.37")=+k8s:minimum=1`},
		diag:  `+k8s:alpha: since: "v1.37" is not a Kubernetes version`,
	}, {
		name: "an unknown argument", kind: model.KindInteger, typ: types.Typ[types.Int],
		lines: []string{`+k8s:beta(until: "1.37")=+k8s:minimum=1`},
		diag:  "+k8s:beta: unknown argument until",
	}, {
		name: "no payload", kind: model.KindInteger, typ: types.Typ[types.Int],
		lines: []string{`+k8s:alpha`},
		diag:  "+k8s:alpha: requires a value (another tag)",
	}, {
		name: "two levels", kind: model.KindList, typ: ints,
		lines: []string{`+k8s:alpha=+k8s:eachVal=+k8s:beta=+k8s:minimum=1`},
		check: func(t *testing.T, v *model.Validations) {
			if v.EachVal == nil || len(v.EachVal.Minimum) != 1 || v.EachVal.Minimum[0].Level != "Alpha" {
				t.Errorf("eachVal %+v (the outer level marks last)", v.EachVal)
			}
		},
	}, {
		name: "the payload is checked", kind: model.KindString, typ: types.Typ[types.String],
		lines: []string{`+k8s:alpha=+k8s:minimum=1`},
		diag:  "+k8s:minimum: applies to integer or number values",
	}} {
		t.Run(c.name, func(t *testing.T) {
			var v model.Validations
			var diags model.Diagnostics
			Apply(Extract(lines(c.lines...), Multiline), Place{Scope: ScopeField, Kind: c.kind, GoType: c.typ, V: &v,
				KindOf: func(types.Type) model.Kind { return model.KindInteger }}, &diags)
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

// +k8s:ifEnabled / +k8s:ifDisabled record their options, outermost first, on the payload's origin.
func TestOptionGates(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []string
		check func(t *testing.T, v *model.Validations)
		diag  string
	}{{
		name:  "nested gates and a level",
		lines: []string{`+k8s:alpha=+k8s:ifEnabled(A)=+k8s:ifDisabled("B-1")=+k8s:maximum=3`},
		check: func(t *testing.T, v *model.Validations) {
			if len(v.Maximum) != 1 {
				t.Fatalf("maximum %+v", v.Maximum)
			}
			o := v.Maximum[0].Origin
			if o.Level != "Alpha" || len(o.Options) != 2 || o.Options[0] != (model.OptionGate{Name: "A", Enabled: true}) ||
				o.Options[1] != (model.OptionGate{Name: "B-1", Enabled: false}) {
				t.Errorf("origin %+v", o)
			}
		},
	}, {
		name:  "an ungated tag beside",
		lines: []string{`+k8s:ifEnabled(A)=+k8s:maximum=3`, "+k8s:minimum=1"},
		check: func(t *testing.T, v *model.Validations) {
			if len(v.Minimum) != 1 || len(v.Minimum[0].Options) != 0 || len(v.Maximum[0].Options) != 1 {
				t.Errorf("minimum %+v, maximum %+v", v.Minimum, v.Maximum)
			}
		},
	}, {
		name:  "a gate on what cannot be gated yet is ignored",
		lines: []string{`+k8s:ifEnabled(A)=+k8s:required`},
		check: func(t *testing.T, v *model.Validations) {
			if v.Required != nil {
				t.Errorf("required %+v", v.Required)
			}
		},
	}, {
		name:  "no option",
		lines: []string{`+k8s:ifEnabled=+k8s:maximum=3`},
		diag:  "+k8s:ifEnabled: requires the option's name",
	}, {
		name:  "a named argument",
		lines: []string{`+k8s:ifDisabled(name: "A")=+k8s:maximum=3`},
		diag:  "+k8s:ifDisabled: unknown argument name",
	}} {
		t.Run(c.name, func(t *testing.T) {
			var v model.Validations
			var diags model.Diagnostics
			Apply(Extract(lines(c.lines...), Multiline), Place{Scope: ScopeField, Kind: model.KindInteger, GoType: types.Typ[types.Int], V: &v}, &diags)
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
