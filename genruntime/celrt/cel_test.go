package celrt

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/genruntime"
)

// The Go types of the tests, with the CRD-style schemas the generator would spell for them.

type celInner struct {
	Name  string `json:"name"`
	Value *int32 `json:"value,omitempty"`
}

type celItem struct {
	Key string `json:"key"`
	Val int32  `json:"val,omitempty"`
}

type celResourceName string

type celSpec struct {
	Replicas *int32                                `json:"replicas,omitempty"`
	Count    int32                                 `json:"count,omitempty"`
	Name     string                                `json:"name,omitempty"`
	Flag     bool                                  `json:"flag,omitempty"`
	Mode     string                                `json:"mode"`
	Inner    *celInner                             `json:"inner,omitempty"`
	Labels   map[string]string                     `json:"labels,omitempty"`
	Tags     []string                              `json:"tags,omitempty"`
	Items    []celItem                             `json:"items,omitempty"`
	Port     intstr.IntOrString                    `json:"port,omitempty"`
	Size     resource.Quantity                     `json:"size,omitempty"`
	Start    *metav1.Time                          `json:"start,omitempty"`
	Stop     metav1.Time                           `json:"stop,omitempty"`
	Data     []byte                                `json:"data,omitempty"`
	Big      []int64                               `json:"big,omitempty"`
	Limits   map[celResourceName]resource.Quantity `json:"limits,omitempty"`
	Unsigned uint32                                `json:"unsigned,omitempty"`
	Raw      []string                              `json:"raw"`
}

const quantitySchema = `{"anyOf":[{"type":"integer"},{"type":"string"}],
	"pattern":"^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$",
	"x-kubernetes-int-or-string":true}`

const specSchema = `{"type":"object","properties":{
	"replicas":{"type":"integer","format":"int32"},
	"count":{"type":"integer","format":"int32"},
	"name":{"type":"string","maxLength":64},
	"flag":{"type":"boolean"},
	"mode":{"type":"string","maxLength":16},
	"inner":{"type":"object","properties":{"name":{"type":"string","maxLength":64},"value":{"type":"integer","format":"int32"}},"required":["name"]},
	"labels":{"type":"object","additionalProperties":{"type":"string","maxLength":64},"maxProperties":16},
	"tags":{"type":"array","items":{"type":"string","maxLength":64},"maxItems":16},
	"items":{"type":"array","items":{"type":"object","properties":{"key":{"type":"string","maxLength":16},"val":{"type":"integer","format":"int32"}},"required":["key"]},
		"x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["key"],"maxItems":16},
	"port":{"anyOf":[{"type":"integer"},{"type":"string"}],"x-kubernetes-int-or-string":true},
	"size":` + quantitySchema + `,
	"start":{"type":"string","format":"date-time"},
	"stop":{"type":"string","format":"date-time"},
	"data":{"type":"string","format":"byte","maxLength":64},
	"big":{"type":"array","items":{"type":"integer","format":"int64"}},
	"limits":{"type":"object","additionalProperties":` + quantitySchema + `,"maxProperties":8},
	"unsigned":{"type":"integer","format":"int64"},
	"raw":{"type":"array","items":{"type":"string","maxLength":8},"maxItems":8}
}}`

type celKind struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              celSpec `json:"spec"`
}

const kindSchema = `{"type":"object","properties":{
	"apiVersion":{"type":"string"},
	"kind":{"type":"string"},
	"metadata":{"type":"object"},
	"spec":` + specSchema + `
}}`

func specRules(rules ...CELRule) *CELRules { return NewCELRules("1.37", specSchema, false, rules...) }

func rule(expr string) CELRule { return CELRule{Rule: expr, Origin: "validationRule"} }

func ptrTo[T any](v T) *T { return &v }

// wantErr is the part of a field.Error a test checks; Detail is a substring, "" for any.
type wantErr struct {
	Type     field.ErrorType
	Field    string
	Detail   string
	BadValue any // checked unless nil
	Origin   string
}

func checkErrs(t *testing.T, got field.ErrorList, want ...wantErr) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%s", len(got), len(want), dumpErrs(got))
	}
	for i, w := range want {
		g := got[i]
		if g.Type != w.Type || g.Field != w.Field || !strings.Contains(g.Detail, w.Detail) || g.Origin != w.Origin {
			t.Errorf("error %d = %s (origin %q), want type %s field %q detail containing %q origin %q", i, g, g.Origin, w.Type, w.Field, w.Detail, w.Origin)
		}
		if w.Detail == "" && g.Detail != "" && (w.Type == field.ErrorTypeDuplicate) {
			t.Errorf("error %d has detail %q, want none", i, g.Detail)
		}
		if w.BadValue != nil && fmt.Sprintf("%#v", g.BadValue) != fmt.Sprintf("%#v", w.BadValue) {
			t.Errorf("error %d BadValue = %#v, want %#v", i, g.BadValue, w.BadValue)
		}
	}
}

func dumpErrs(errs field.ErrorList) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "  %s (type %s, origin %q, bad value %#v)\n", e, e.Type, e.Origin, e.BadValue)
	}
	return b.String()
}

// pass asserts that the rule holds for obj (on create).
func pass(t *testing.T, r *CELRules, obj any) {
	t.Helper()
	if errs := r.Validate(context.Background(), obj, nil, false); len(errs) != 0 {
		t.Fatalf("want no errors, got:\n%s", dumpErrs(errs))
	}
}

// fail asserts that the rule fails for obj (on create) with one Invalid error at self.
func fail(t *testing.T, r *CELRules, obj any) {
	t.Helper()
	errs := r.Validate(context.Background(), obj, nil, false)
	if len(errs) != 1 || errs[0].Type != field.ErrorTypeInvalid || !strings.HasPrefix(errs[0].Detail, "failed rule") {
		t.Fatalf("want one failed rule, got:\n%s", dumpErrs(errs))
	}
}

func TestCELHasOnUnsetFields(t *testing.T) {
	// Unset pointer fields, and omitempty fields holding their zero value, are absent.
	absent := specRules(rule(`!has(self.replicas) && !has(self.inner) && !has(self.count) && !has(self.name) && !has(self.flag) && ` +
		`!has(self.labels) && !has(self.tags) && !has(self.items) && !has(self.start) && !has(self.data)`))
	pass(t, absent, &celSpec{})
	// Empty, non-nil maps and slices are absent too with omitempty, as in JSON.
	pass(t, absent, &celSpec{Labels: map[string]string{}, Tags: []string{}, Data: []byte{}})
	for name, s := range map[string]celSpec{
		"replicas": {Replicas: ptrTo(int32(0))},
		"inner":    {Inner: &celInner{}},
		"count":    {Count: 1},
		"name":     {Name: "x"},
		"flag":     {Flag: true},
		"labels":   {Labels: map[string]string{"a": ""}},
		"tags":     {Tags: []string{""}},
		"items":    {Items: []celItem{{Key: "a"}}},
		"start":    {Start: &metav1.Time{Time: time.Unix(1, 0)}},
		"data":     {Data: []byte{0}},
	} {
		t.Run(name, func(t *testing.T) { fail(t, absent, &s) })
	}

	// A pointer to a zero value is present, and so is its zero value.
	pass(t, specRules(rule(`has(self.replicas) && self.replicas == 0`)), &celSpec{Replicas: ptrTo(int32(0))})
	// A field without omitempty is present even when zero, as in JSON; NOT as x-kubernetes-strip-zero
	// would have it (see cel.go).
	pass(t, specRules(rule(`has(self.mode) && self.mode == ''`)), &celSpec{})
	// Nested: an unset pointer under a set struct.
	pass(t, specRules(rule(`has(self.inner) && has(self.inner.name) && !has(self.inner.value)`)), &celSpec{Inner: &celInner{Name: "n"}})
	// Non-pointer struct fields are present even at their zero value (as in JSON), except those
	// whose JSON is null: a zero metav1.Time, pointed to or not, is absent.
	pass(t, specRules(rule(`!has(self.stop) && !has(self.start)`)), &celSpec{Start: &metav1.Time{}})
	// Int-or-string and quantity are structs: present at their zero value, as in JSON (0 and "0").
	pass(t, specRules(rule(`has(self.port) && self.port == 0 && has(self.size) && self.size == '0'`)), &celSpec{})
	// Reading an absent field is an evaluation error, as on the API server.
	checkErrs(t, specRules(rule(`self.count == 0`)).Validate(context.Background(), &celSpec{}, nil, false),
		wantErr{field.ErrorTypeInvalid, "", "no such key: count", "object", "validationRule"})
	// A nil slice without omitempty is null in JSON: absent, as the server drops it; an empty one is
	// present.
	pass(t, specRules(rule(`!has(self.raw)`)), &celSpec{})
	pass(t, specRules(rule(`has(self.raw) && size(self.raw) == 0`)), &celSpec{Raw: []string{}})
}

func TestCELValues(t *testing.T) {
	now := metav1.NewTime(time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC))
	s := &celSpec{
		Replicas: ptrTo(int32(3)),
		Labels:   map[string]string{"app": "web", "tier": "front"},
		Tags:     []string{"a", "b"},
		Items:    []celItem{{Key: "x", Val: 1}, {Key: "y", Val: 2}},
		Port:     intstr.FromInt32(8080),
		Size:     resource.MustParse("1500Mi"),
		Start:    &now,
		Data:     []byte("abc"),
		Big:      []int64{1, 2, 3},
	}
	for _, expr := range []string{
		`self.replicas == 3`,
		`self.labels['app'] == 'web' && 'tier' in self.labels && !('x' in self.labels) && size(self.labels) == 2`,
		`self.labels.all(k, k in ['app', 'tier']) && self.labels.exists(k, self.labels[k] == 'front')`,
		`self.tags == ['a', 'b'] && self.tags[1] == 'b' && 'a' in self.tags`,
		`self.items.all(i, i.val > 0) && self.items.exists(i, i.key == 'y' && i.val == 2)`,
		`self.items.map(i, i.key) == ['x', 'y']`,
		`self.port == 8080`,
		`quantity(self.size).isGreaterThan(quantity('1Gi')) && self.size == '1500Mi'`,
		`self.start == timestamp('2024-05-06T07:08:09Z') && self.start.getFullYear() == 2024`,
		`self.start < timestamp('2030-01-01T00:00:00Z')`,
		`self.data == b'abc' && size(self.data) == 3`,
		`self.big.all(x, x > 0) && self.big[2] == 3`,
	} {
		t.Run(expr, func(t *testing.T) { pass(t, specRules(rule(expr)), s) })
	}
	// An int-or-string holding a string.
	pass(t, specRules(rule(`self.port == 'http'`)), &celSpec{Port: intstr.FromString("http")})
	// A nil map or slice in a non-pointer struct: absent, and no panic.
	pass(t, specRules(rule(`!has(self.labels) || self.labels.all(k, k != '')`)), &celSpec{})
}

func TestCELListMapEquality(t *testing.T) {
	// A listType=map list compares equal regardless of order (the API server's semantics).
	r := specRules(rule(`self.items == oldSelf.items`))
	old := &celSpec{Items: []celItem{{Key: "x", Val: 1}, {Key: "y", Val: 2}}}
	same := &celSpec{Items: []celItem{{Key: "y", Val: 2}, {Key: "x", Val: 1}}}
	changed := &celSpec{Items: []celItem{{Key: "y", Val: 2}, {Key: "x", Val: 3}}}
	if errs := r.Validate(context.Background(), same, old, false); len(errs) != 0 {
		t.Errorf("reordered map list: %s", dumpErrs(errs))
	}
	if errs := r.Validate(context.Background(), changed, old, false); len(errs) != 1 {
		t.Errorf("changed map list: want 1 error, got %s", dumpErrs(errs))
	}
	// A whole struct against its old value: map lists inside compare as the API server compares
	// them, regardless of order.
	whole := specRules(rule(`self == oldSelf`))
	if errs := whole.Validate(context.Background(), same, old, false); len(errs) != 0 {
		t.Errorf("self == oldSelf with a reordered map list: %s", dumpErrs(errs))
	}
	if errs := whole.Validate(context.Background(), changed, old, false); len(errs) != 1 {
		t.Errorf("self == oldSelf with a changed map list: want 1 error, got %s", dumpErrs(errs))
	}
	if errs := whole.Validate(context.Background(), &celSpec{Items: old.Items}, old, false); len(errs) != 0 {
		t.Errorf("self == oldSelf, unchanged: %s", dumpErrs(errs))
	}
	if errs := whole.Validate(context.Background(), &celSpec{Name: "a"}, &celSpec{Name: "b"}, false); len(errs) != 1 {
		t.Errorf("self == oldSelf, changed: want 1 error, got %s", dumpErrs(errs))
	}
}

func TestCELReasons(t *testing.T) {
	s := &celSpec{Count: 5, Inner: &celInner{Name: "n"}}
	for _, tc := range []struct {
		reason string
		want   wantErr
	}{
		{"", wantErr{field.ErrorTypeInvalid, "", "must be small", *s, "validationRule"}},
		{"Invalid", wantErr{field.ErrorTypeInvalid, "", "must be small", *s, "validationRule"}},
		{"FieldValueInvalid", wantErr{field.ErrorTypeInvalid, "", "must be small", *s, "validationRule"}},
		{"Required", wantErr{field.ErrorTypeRequired, "", "must be small", "", "validationRule"}},
		{"Forbidden", wantErr{field.ErrorTypeForbidden, "", "must be small", "", "validationRule"}},
		// As on the API server, Duplicate carries the value but not the message.
		{"Duplicate", wantErr{field.ErrorTypeDuplicate, "", "", *s, "validationRule"}},
	} {
		t.Run(tc.reason, func(t *testing.T) {
			r := specRules(CELRule{Rule: "self.count < 3", Message: "must be small", Reason: tc.reason, Origin: "validationRule"})
			checkErrs(t, r.Validate(context.Background(), s, nil, false), tc.want)
		})
	}
	// A scalar self reports its value.
	r := NewCELRules("1.37", `{"type":"integer","format":"int32"}`, false, CELRule{Rule: "self < 3", Origin: "validationRule"})
	checkErrs(t, r.Validate(context.Background(), ptrTo(int32(7)), nil, false),
		wantErr{field.ErrorTypeInvalid, "", "failed rule: self < 3", int32(7), "validationRule"})
	// An unknown reason is a compile failure.
	bad := specRules(CELRule{Rule: "true", Reason: "TooLong", Origin: "validationRule"})
	checkErrs(t, bad.Validate(context.Background(), s, nil, false), wantErr{field.ErrorTypeInternal, "", `unknown reason "TooLong"`, nil, "validationRule"})
}

func TestCELMessages(t *testing.T) {
	s := &celSpec{Count: 5, Name: "web"}
	for _, tc := range []struct {
		name string
		rule CELRule
		want string
	}{
		{"default", CELRule{Rule: " self.count < 3 "}, "failed rule: self.count < 3"},
		{"message", CELRule{Rule: "self.count < 3", Message: " count must be small "}, "count must be small"},
		{"messageExpression", CELRule{Rule: "self.count < 3", Message: "m", MessageExpression: `'count ' + string(self.count) + ' of ' + self.name + ' is too big  '`},
			"count 5 of web is too big"},
		{"messageExpression empty falls back to message", CELRule{Rule: "self.count < 3", Message: "m", MessageExpression: `'  '`}, "m"},
		{"messageExpression empty falls back to default", CELRule{Rule: "self.count < 3", MessageExpression: `''`}, "failed rule: self.count < 3"},
		{"messageExpression multi-line falls back", CELRule{Rule: "self.count < 3", Message: "m", MessageExpression: `'a\nb'`}, "m"},
		{"messageExpression too long falls back", CELRule{Rule: "self.count < 3", Message: "m", MessageExpression: `'` + strings.Repeat("x", 6000) + `'`}, "m"},
		{"messageExpression error falls back", CELRule{Rule: "self.count < 3", Message: "m", MessageExpression: `self.inner.name`}, "m"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.rule.Origin = "validationRule"
			errs := specRules(tc.rule).Validate(context.Background(), s, nil, false)
			checkErrs(t, errs, wantErr{field.ErrorTypeInvalid, "", tc.want, nil, "validationRule"})
			if errs[0].Detail != tc.want {
				t.Errorf("detail %q, want exactly %q", errs[0].Detail, tc.want)
			}
		})
	}
}

func TestCELFieldPath(t *testing.T) {
	s := &celSpec{Inner: &celInner{Name: "n"}, Labels: map[string]string{"a.b": "x"}}
	for _, tc := range []struct {
		path, want string
	}{
		{".inner", "inner"},
		{".inner.name", "inner.name"},
		{".labels['a.b']", "labels[a.b]"},
		{".labels.foo", "labels[foo]"},
		{".items", "items"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			r := specRules(CELRule{Rule: "false", Message: "no", FieldPath: tc.path, Origin: "immutable"})
			checkErrs(t, r.Validate(context.Background(), s, nil, false),
				wantErr{field.ErrorTypeInvalid, tc.want, "no", field.OmitValueType{}, "immutable"})
			// Errors re-root under the caller's path as all generated errors do.
			errs := genruntime.PrefixChild(r.Validate(context.Background(), s, nil, false), "spec")
			if errs[0].Field != "spec."+tc.want {
				t.Errorf("re-rooted: %q", errs[0].Field)
			}
		})
	}
	// The API server's fieldPath cannot index lists: the rule does not compile.
	r := specRules(CELRule{Rule: "false", FieldPath: ".tags[0]", Origin: "validationRule"})
	checkErrs(t, r.Validate(context.Background(), s, nil, false), wantErr{field.ErrorTypeInternal, "", "invalid fieldPath", nil, "validationRule"})
	r = specRules(CELRule{Rule: "false", FieldPath: ".nosuch", Origin: "validationRule"})
	checkErrs(t, r.Validate(context.Background(), s, nil, false), wantErr{field.ErrorTypeInternal, "", "invalid fieldPath", nil, "validationRule"})
}

func TestCELTransitionRules(t *testing.T) {
	imm := CELRule{Rule: "self.name == oldSelf.name", Message: "name is immutable", Origin: "immutable"}
	plain := CELRule{Rule: "!has(self.count) || self.count < 10", Message: "count too big", Origin: "validationRule"}
	opt := CELRule{Rule: "oldSelf.hasValue() ? self.?count.orValue(0) >= oldSelf.value().?count.orValue(0) : !has(self.count)", Message: "count must start at 0 and grow",
		OptionalOldSelf: true, Origin: "validationRule"}
	r := specRules(imm, plain, opt)
	ctx := context.Background()

	// Create: the transition rule does not run; the optionalOldSelf rule runs with optional.none().
	checkErrs(t, r.Validate(ctx, &celSpec{Name: "a"}, nil, false))
	checkErrs(t, r.Validate(ctx, &celSpec{Name: "a", Count: 1}, nil, false),
		wantErr{field.ErrorTypeInvalid, "", "count must start at 0", nil, "validationRule"})
	// Update: all run, oldSelf is the old value (an optional of it for optionalOldSelf).
	checkErrs(t, r.Validate(ctx, &celSpec{Name: "a", Count: 2}, &celSpec{Name: "a", Count: 1}, false))
	checkErrs(t, r.Validate(ctx, &celSpec{Name: "b", Count: 12}, &celSpec{Name: "a", Count: 13}, false),
		wantErr{field.ErrorTypeInvalid, "", "name is immutable", nil, "immutable"},
		wantErr{field.ErrorTypeInvalid, "", "count too big", nil, "validationRule"},
		wantErr{field.ErrorTypeInvalid, "", "count must start at 0 and grow", nil, "validationRule"})
	// transitionOnly: the value is unchanged (ratcheted), only the transition rules run.
	checkErrs(t, r.Validate(ctx, &celSpec{Name: "b", Count: 12}, &celSpec{Name: "a", Count: 13}, true),
		wantErr{field.ErrorTypeInvalid, "", "name is immutable", nil, "immutable"},
		wantErr{field.ErrorTypeInvalid, "", "count must start at 0 and grow", nil, "validationRule"})
	// transitionOnly without an old value: only optionalOldSelf rules can run.
	checkErrs(t, r.Validate(ctx, &celSpec{Name: "b", Count: 12}, nil, true),
		wantErr{field.ErrorTypeInvalid, "", "count must start at 0 and grow", nil, "validationRule"})
	// transitionOnly with no transition rules at all: nothing runs.
	checkErrs(t, specRules(plain).Validate(ctx, &celSpec{Count: 12}, &celSpec{Count: 12}, true))
	// A typed nil old value is no old value.
	checkErrs(t, r.Validate(ctx, &celSpec{Name: "a"}, (*celSpec)(nil), false))
}

func TestCELResourceRoot(t *testing.T) {
	r := NewCELRules("1.37", kindSchema, true,
		rule(`self.kind == 'Widget' && self.apiVersion == 'example.com/v1' && self.metadata.name.startsWith('w-') && !has(self.metadata.generateName)`),
		rule(`self.spec.count < 3`))
	k := &celKind{TypeMeta: metav1.TypeMeta{Kind: "Widget", APIVersion: "example.com/v1"},
		ObjectMeta: metav1.ObjectMeta{Name: "w-1", Labels: map[string]string{"a": "b"}}, Spec: celSpec{Count: 1}}
	pass(t, r, k)
	k.Name = "x"
	fail(t, r, k)
	// At a resource root, metadata has only name and generateName, as on the API server.
	bad := NewCELRules("1.37", kindSchema, true, rule(`has(self.metadata.labels)`))
	checkErrs(t, bad.Validate(context.Background(), k, nil, false), wantErr{field.ErrorTypeInternal, "", "undefined field 'labels'", nil, "validationRule"})
}

func TestCELEvaluationErrors(t *testing.T) {
	ctx := context.Background()
	// no such key: Invalid at self, the schema type as value; the following rules still run.
	r := specRules(rule(`self.inner.name == 'x'`), CELRule{Rule: "self.count < 3", Origin: "other"})
	checkErrs(t, r.Validate(ctx, &celSpec{Count: 4}, nil, false),
		wantErr{field.ErrorTypeInvalid, "", "no such key: inner evaluating rule: self.inner.name == 'x'", "object", "validationRule"},
		wantErr{field.ErrorTypeInvalid, "", "failed rule: self.count < 3", nil, "other"})
	// Unsigned integers are integers, as in JSON.
	pass(t, specRules(rule(`self.unsigned == 1`)), &celSpec{Unsigned: 1})
	// Maps with a named key type: iteration and key lookup.
	limits := &celSpec{Limits: map[celResourceName]resource.Quantity{"cpu": resource.MustParse("1")}}
	pass(t, specRules(rule(`self.limits.all(k, k == 'cpu')`)), limits)
	pass(t, specRules(rule(`'cpu' in self.limits && !('mem' in self.limits) && self.limits['cpu'] == '1'`)), limits)
	// Division by zero.
	checkErrs(t, specRules(rule(`1 / self.replicas == 1`)).Validate(ctx, &celSpec{Replicas: ptrTo(int32(0))}, nil, false),
		wantErr{field.ErrorTypeInvalid, "", "division by zero", "object", "validationRule"})
}

func TestCELCompileFailures(t *testing.T) {
	ctx := context.Background()
	for name, r := range map[string]*CELRules{
		"rule":              specRules(rule(`self.nosuch == 1`)),
		"not bool":          specRules(rule(`self.count`)),
		"messageExpression": specRules(CELRule{Rule: "true", MessageExpression: "self.count", Origin: "validationRule"}),
		"schema":            NewCELRules("1.37", `{"type":"object","bogus":1}`, false, rule("true")),
		"schema json":       NewCELRules("1.37", `{`, false, rule("true")),
		"version":           NewCELRules("x", specSchema, false, rule("true")),
	} {
		t.Run(name, func(t *testing.T) {
			errs := r.Validate(ctx, &celSpec{}, nil, false)
			if len(errs) != 1 || errs[0].Type != field.ErrorTypeInternal || errs[0].Field != "" {
				t.Fatalf("want one internal error at self, got:\n%s", dumpErrs(errs))
			}
			// Every call reports it.
			if errs := r.Validate(ctx, &celSpec{}, nil, false); len(errs) != 1 {
				t.Fatalf("second call: %s", dumpErrs(errs))
			}
		})
	}
	// The compatibility version bounds what the generator accepts; at run time rules compile as the
	// API server compiles stored rules, with every library, so a rule checked for an older server runs.
	pass(t, NewCELRules("1.27", specSchema, false, rule(`quantity(self.size).isGreaterThan(quantity('0')) || true`)), &celSpec{})
	// Empty compat uses the default version; no rules is fine; a nil *CELRules validates nothing.
	pass(t, NewCELRules("", specSchema, false, rule("true")), &celSpec{})
	pass(t, NewCELRules("1.37", specSchema, false), &celSpec{})
	var nilRules *CELRules
	pass(t, nilRules, &celSpec{})
	// Nil and typed nil values are not validated (and do not panic).
	pass(t, specRules(rule("false")), nil)
	pass(t, specRules(rule("false")), (*celSpec)(nil))
	// A nil context is the background context.
	//lint:ignore SA1012 testing robustness
	if errs := specRules(rule("!has(self.count)")).Validate(nil, &celSpec{Count: 0}, nil, false); len(errs) != 0 { //nolint:staticcheck
		t.Fatal(dumpErrs(errs))
	}
}

func bigList(n int) *celSpec {
	s := &celSpec{Big: make([]int64, n)}
	for i := range s.Big {
		s.Big[i] = int64(i)
	}
	return s
}

func longTags(n, size int) *celSpec {
	s := &celSpec{Tags: make([]string, n)}
	for i := range s.Tags {
		s.Tags[i] = strings.Repeat(string(rune('a'+i%26)), size)
	}
	return s
}

func TestCELCostLimit(t *testing.T) {
	ctx := context.Background()
	// A rule whose every step is expensive (contains costs the product of the lengths): the
	// per-call limit is exceeded, and the following rules of the place do not run.
	const expensive = `self.tags.all(t, !t.contains(t + 'x'))`
	r := specRules(rule(expensive), rule(`false`))
	checkErrs(t, r.Validate(ctx, longTags(20, 3000), nil, false),
		wantErr{field.ErrorTypeInvalid, "", "no further validation rules will be run due to call cost exceeds limit for rule: " + expensive, "object", "validationRule"})
	// Under the limit, the rule holds and the next one runs.
	checkErrs(t, r.Validate(ctx, longTags(3, 3000), nil, false), wantErr{field.ErrorTypeInvalid, "", "failed rule: false", nil, "validationRule"})
	// A messageExpression that exceeds the limit is reported at the rule's field path.
	m := specRules(CELRule{Rule: "false", FieldPath: ".tags", MessageExpression: expensive + ` ? 'a' : 'b'`, Origin: "validationRule"})
	checkErrs(t, m.Validate(ctx, longTags(20, 3000), nil, false),
		wantErr{field.ErrorTypeInvalid, "tags", "call cost exceeds limit for messageExpression", "object", "validationRule"})

	// A rule that loops a lot over a big list: a million comprehension steps. (Reaching the limit
	// this way takes about half a second, and 20 times that under the race detector.)
	if celRaceEnabled {
		t.Skip("the nested loop is too slow under the race detector")
	}
	const loop = `self.big.all(x, self.big.all(y, x + y >= 0))`
	r = specRules(rule(loop), rule(`false`))
	checkErrs(t, r.Validate(ctx, bigList(2000), nil, false),
		wantErr{field.ErrorTypeInvalid, "", "no further validation rules will be run due to call cost exceeds limit for rule: " + loop, "object", "validationRule"})
	checkErrs(t, r.Validate(ctx, bigList(10), nil, false), wantErr{field.ErrorTypeInvalid, "", "failed rule: false", nil, "validationRule"})
}

// interruptCtx is a context whose Err is nil until its Done channel has been polled: it is
// cancelled "while" a rule is evaluated, deterministically.
type interruptCtx struct {
	context.Context
	polled atomic.Bool
	done   chan struct{}
}

func (c *interruptCtx) Done() <-chan struct{} { c.polled.Store(true); return c.done }
func (c *interruptCtx) Err() error {
	if c.polled.Load() {
		return context.Canceled
	}
	return nil
}

func TestCELContextCancellation(t *testing.T) {
	r := specRules(rule(`self.big.all(x, x >= 0)`), rule(`false`))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	checkErrs(t, r.Validate(ctx, bigList(10), nil, false), wantErr{field.ErrorTypeInternal, "", "context canceled", nil, "validationRule"})

	// Cancelled while evaluating: cel-go's interrupt check sees Done closed.
	done := make(chan struct{})
	close(done)
	ictx := &interruptCtx{Context: context.Background(), done: done}
	errs := r.Validate(ictx, bigList(1000), nil, false)
	checkErrs(t, errs, wantErr{field.ErrorTypeInternal, "", "interrupted", nil, "validationRule"})

	// An expired deadline.
	dctx, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	checkErrs(t, r.Validate(dctx, bigList(10), nil, false), wantErr{field.ErrorTypeInternal, "", "deadline exceeded", nil, "validationRule"})
}

func TestCELConcurrency(t *testing.T) {
	// A fresh CELRules: the first use (compilation) races too.
	r := specRules(
		CELRule{Rule: "!has(self.count) || self.count < 10", MessageExpression: "'count ' + string(self.count)", Origin: "validationRule"},
		CELRule{Rule: "self.items == oldSelf.items", Message: "items are immutable", FieldPath: ".items", Origin: "immutable"},
		CELRule{Rule: "!oldSelf.hasValue() || self.name == oldSelf.value().name", OptionalOldSelf: true, Origin: "immutable"},
	)
	old := &celSpec{Name: "a", Items: []celItem{{Key: "x"}, {Key: "y"}}}
	var wg sync.WaitGroup
	var failures atomic.Int32
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				count := int32((g + i) % 20)
				s := &celSpec{Name: "a", Count: count, Items: []celItem{{Key: "y"}, {Key: "x"}}}
				want := 0
				if count >= 10 {
					want = 1
				}
				errs := r.Validate(context.Background(), s, old, false)
				if len(errs) != want || (want == 1 && errs[0].Detail != fmt.Sprintf("count %d", count)) {
					failures.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if n := failures.Load(); n != 0 {
		t.Fatalf("%d unexpected results", n)
	}
}

func TestCELOrigin(t *testing.T) {
	r := NewCELRules("1.37", `{"type":"string","maxLength":63}`, false,
		CELRule{Rule: "self.size() < 5", Origin: "format=k8s-label-key"},
		CELRule{Rule: "self != 'bad'", Reason: "Forbidden", Origin: "nameFormat"})
	checkErrs(t, r.Validate(context.Background(), ptrTo("bad-long"), nil, false),
		wantErr{field.ErrorTypeInvalid, "", "failed rule: self.size() < 5", "bad-long", "format=k8s-label-key"})
	checkErrs(t, r.Validate(context.Background(), ptrTo("bad"), nil, false),
		wantErr{field.ErrorTypeForbidden, "", "failed rule: self != 'bad'", nil, "nameFormat"})
}

func BenchmarkCELRules(b *testing.B) {
	r := specRules(rule(`has(self.replicas) && self.replicas >= 0 && self.name.startsWith('w')`))
	s := &celSpec{Replicas: ptrTo(int32(3)), Name: "web"}
	ctx := context.Background()
	if errs := r.Validate(ctx, s, nil, false); len(errs) != 0 {
		b.Fatal(dumpErrs(errs))
	}
	b.ReportAllocs()
	for b.Loop() {
		r.Validate(ctx, s, nil, false)
	}
}

// TestCELValidateRule: generated code that compiles some rules to Go asks for the others one at
// a time: ValidateRule runs rule i only (empty rules keep their index), and says when the
// place must stop.
func TestCELValidateRule(t *testing.T) {
	r := NewCELRules("1.37", `{"type":"integer","format":"int32"}`, false,
		CELRule{Rule: "self > 0", Message: "positive", Origin: "validationRule"},
		CELRule{Rule: "", Origin: "validationRule"},
		CELRule{Rule: "self < 10", Message: "small", Origin: "validationRule"})
	ctx := context.Background()
	v := int32(20)
	if errs, stop := r.ValidateRule(ctx, &v, nil, false, 0); len(errs) != 0 || stop {
		t.Errorf("rule 0 on 20: %v, stop %v; want nothing", errs, stop)
	}
	errs, stop := r.ValidateRule(ctx, &v, nil, false, 2)
	if len(errs) != 1 || errs[0].Detail != "small" || stop {
		t.Errorf("rule 2 on 20: %v, stop %v; want the error of rule 2 only", errs, stop)
	}
	bad := NewCELRules("1.37", `{`, false, CELRule{Rule: "true", Origin: "validationRule"})
	if errs, stop := bad.ValidateRule(ctx, &v, nil, false, 0); len(errs) != 1 || !stop {
		t.Errorf("rules that do not compile: %v, stop %v; want one error and stop", errs, stop)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if errs, stop := r.ValidateRule(cancelled, &v, nil, false, 2); len(errs) != 1 || !stop {
		t.Errorf("cancelled: %v, stop %v; want one error and stop", errs, stop)
	}
}
