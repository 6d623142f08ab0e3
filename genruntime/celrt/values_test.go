package celrt

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/randfill"
)

// The conversion of Go values (values.go) against its definition: the API server's conversion of
// the value's JSON, decoded as the server decodes a request and with the nulls it drops dropped,
// by common.UnstructuredToVal. Every shape and format a schema can give a Go value is here, on
// random values: what a rule can observe of the two (fields and their presence, sizes, items,
// keys, scalars with their CEL types, errors) must be the same, and so must equality.

type shapeKey string

type shapeEmbedded struct {
	Promoted string `json:"promoted,omitempty"`
	Shadowed string `json:"shadowed,omitempty"`
}

type shapeEmbeddedPtr struct {
	Deep int32 `json:"deep"`
}

type shapeItem struct {
	Name  string  `json:"name"`
	Port  int32   `json:"port"`
	Extra *string `json:"extra,omitempty"`
}

type shapes struct {
	shapeEmbedded
	*shapeEmbeddedPtr
	Shadowed string `json:"shadowed,omitempty"` // the shallower field wins

	I8   int8    `json:"i8"`
	I16  int16   `json:"i16,omitempty"`
	I32  *int32  `json:"i32,omitempty"`
	I64  int64   `json:"i64"`
	U8   uint8   `json:"u8"`
	U32  uint32  `json:"u32,omitempty"`
	U64  uint64  `json:"u64"`
	F32  float32 `json:"f32"`
	F64  float64 `json:"f64,omitempty"`
	B    bool    `json:"b"`
	S    string  `json:"s"`
	Key  shapeKey
	Zero string `json:"zero,omitzero"`
	Str  int64  `json:"str,string"`
	Skip string `json:"-"`
	skip string //nolint:unused // unexported: never read

	Dur      string   `json:"dur"`
	Date     string   `json:"date,omitempty"`
	DateTime *string  `json:"dateTime,omitempty"`
	Byte     string   `json:"byte"`
	Bytes    []byte   `json:"bytes"`
	Durs     []string `json:"durs,omitempty"`
	Dates    []string `json:"dates"`

	Time      metav1.Time        `json:"time"`
	TimePtr   *metav1.Time       `json:"timePtr,omitempty"`
	Micro     metav1.MicroTime   `json:"micro,omitempty"`
	Duration  metav1.Duration    `json:"duration"`
	IntOrStr  intstr.IntOrString `json:"intOrStr"`
	Quantity  resource.Quantity  `json:"quantity"`
	Raw       runtime.RawExtension
	Embedded  *runtime.RawExtension `json:"embedded,omitempty"`
	Nullable  *string               `json:"nullable"`
	NotNull   *string               `json:"notNull"`
	NilSlice  []string              `json:"nilSlice"`
	NilMap    map[string]string     `json:"nilMap"`
	ByName    map[shapeKey]int32    `json:"byName,omitempty"`
	ByInt     map[int32]string      `json:"byInt,omitempty"`
	PtrValues map[string]*string    `json:"ptrValues,omitempty"`
	NullVals  map[string]*string    `json:"nullVals,omitempty"`
	ListMap   []shapeItem           `json:"listMap,omitempty"`
	Set       []string              `json:"set,omitempty"`
	Atomic    []shapeItem           `json:"atomic"`
	Nested    [][]int64             `json:"nested,omitempty"`
	PtrItems  []*string             `json:"ptrItems,omitempty"`
	Inner     *shapes               `json:"inner,omitempty"`
}

const itemSchema = `{"type":"object","properties":{"name":{"type":"string"},"port":{"type":"integer","format":"int32"},"extra":{"type":"string"}},"required":["name","port"]}`

var shapesSchema = `{"type":"object","properties":{
	"promoted":{"type":"string"},"shadowed":{"type":"string"},"deep":{"type":"integer"},
	"i8":{"type":"integer"},"i16":{"type":"integer"},"i32":{"type":"integer","format":"int32"},"i64":{"type":"integer","format":"int64"},
	"u8":{"type":"integer"},"u32":{"type":"integer"},"u64":{"type":"integer"},
	"f32":{"type":"number"},"f64":{"type":"number","format":"double"},"b":{"type":"boolean"},"s":{"type":"string"},
	"Key":{"type":"string"},"zero":{"type":"string"},"str":{"type":"string"},
	"dur":{"type":"string","format":"duration"},"date":{"type":"string","format":"date"},"dateTime":{"type":"string","format":"date-time"},
	"byte":{"type":"string","format":"byte"},"bytes":{"type":"string","format":"byte"},
	"durs":{"type":"array","items":{"type":"string","format":"duration"}},
	"dates":{"type":"array","items":{"type":"string","format":"date"}},
	"time":{"type":"string","format":"date-time"},"timePtr":{"type":"string","format":"date-time"},
	"micro":{"type":"string","format":"date-time"},"duration":{"type":"string"},
	"intOrStr":{"x-kubernetes-int-or-string":true,"anyOf":[{"type":"integer"},{"type":"string"}]},
	"quantity":{"x-kubernetes-int-or-string":true,"anyOf":[{"type":"integer"},{"type":"string"}]},
	"Raw":{"type":"object","x-kubernetes-preserve-unknown-fields":true},
	"embedded":{"type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true},
	"nullable":{"type":"string","nullable":true},"notNull":{"type":"string"},
	"nilSlice":{"type":"array","items":{"type":"string"}},"nilMap":{"type":"object","additionalProperties":{"type":"string"}},
	"byName":{"type":"object","additionalProperties":{"type":"integer"}},
	"byInt":{"type":"object","additionalProperties":{"type":"string"}},
	"ptrValues":{"type":"object","additionalProperties":{"type":"string","nullable":true}},
	"nullVals":{"type":"object","additionalProperties":{"type":"string"}},
	"listMap":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["name","port"],"items":` + itemSchema + `},
	"set":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}},
	"atomic":{"type":"array","items":` + itemSchema + `},
	"nested":{"type":"array","items":{"type":"array","items":{"type":"integer"}}},
	"ptrItems":{"type":"array","items":{"type":"string"}},
	"inner":INNER
}}`

func shapesSpec(t *testing.T) *spec.Schema {
	// Two levels of nesting are enough to reach every shape through a field.
	inner := strings.Replace(shapesSchema, "INNER", `{"type":"object"}`, 1)
	full := strings.Replace(shapesSchema, "INNER", inner, 1)
	s := &spec.Schema{}
	if err := json.Unmarshal([]byte(full), s); err != nil {
		t.Fatal(err)
	}
	return s
}

// serverVal is the API server's CEL value for the JSON of v.
func serverVal(t *testing.T, v any, s *spec.Schema) ref.Val {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var u any
	if err := utiljson.Unmarshal(b, &u); err != nil {
		t.Fatal(err)
	}
	c := newSchemaCache(s)
	if u == nil {
		return common.UnstructuredToVal(nil, c)
	}
	pruneNullsTest(u, s)
	return common.UnstructuredToVal(u, c)
}

// pruneNullsTest drops the nulls the server drops (written apart from values.go's, from
// apiextensions' PruneNonNullableNullsWithoutDefaults).
func pruneNullsTest(u any, s *spec.Schema) {
	switch x := u.(type) {
	case map[string]any:
		for k, v := range x {
			var ps *spec.Schema
			if p, ok := s.Properties[k]; ok {
				ps = &p
			} else if s.AdditionalProperties != nil {
				ps = s.AdditionalProperties.Schema
			}
			if ps == nil {
				continue
			}
			if v == nil && !ps.Nullable && ps.Default == nil {
				delete(x, k)
				continue
			}
			pruneNullsTest(v, ps)
		}
	case []any:
		if s.Items != nil && s.Items.Schema != nil {
			for _, v := range x {
				pruneNullsTest(v, s.Items.Schema)
			}
		}
	}
}

// observe renders what CEL can observe of v, read with schema s.
func observe(v ref.Val, s *spec.Schema, depth int) string {
	if v == nil {
		return "<nil>"
	}
	if types.IsError(v) {
		return "error(" + v.(*types.Err).Error() + ")"
	}
	if depth > 6 {
		return "..."
	}
	switch x := v.(type) {
	case types.Null:
		return "null"
	case types.Timestamp:
		return "timestamp(" + x.UTC().Format(time.RFC3339Nano) + ")"
	case types.Duration:
		return "duration(" + x.String() + ")"
	case types.Bytes:
		return fmt.Sprintf("bytes(%x)", []byte(x))
	case types.String, types.Int, types.Uint, types.Double, types.Bool:
		return fmt.Sprintf("%s(%v)", v.Type().TypeName(), v.Value())
	}
	var b strings.Builder
	switch x := v.(type) {
	case traits.Lister:
		var items *spec.Schema
		if s != nil && s.Items != nil {
			items = s.Items.Schema
		}
		n := x.Size().(types.Int)
		fmt.Fprintf(&b, "list[%d]{", n)
		for i := types.Int(0); i < n; i++ {
			b.WriteString(observe(x.Get(i), items, depth+1) + ",")
		}
		if x.Size() != types.Int(0) {
			b.WriteString(" contains(first):" + eqString(x.Contains(x.Get(types.Int(0)))))
		}
		b.WriteString(" eq(self):" + eqString(x.Equal(x)))
		b.WriteString("}")
	case traits.Mapper:
		fmt.Fprintf(&b, "%s{", v.Type().TypeName())
		if s != nil && len(s.Properties) > 0 {
			var names []string
			for k := range s.Properties {
				names = append(names, k)
			}
			sort.Strings(names)
			for _, k := range names {
				p := s.Properties[k]
				key, _ := apiservercel.Escape(k)
				f, found := x.Find(types.String(key))
				if !found {
					fmt.Fprintf(&b, "%s:absent,", k)
					continue
				}
				fmt.Fprintf(&b, "%s:%s,", k, observe(f, &p, depth+1))
			}
		} else if s != nil && s.AdditionalProperties != nil {
			var keys []string
			for it := x.Iterator(); it.HasNext() == types.True; {
				keys = append(keys, fmt.Sprint(it.Next().Value()))
			}
			sort.Strings(keys)
			fmt.Fprintf(&b, "size:%v keys:%v ", x.Size(), keys)
			var vs *spec.Schema
			if s != nil && s.AdditionalProperties != nil {
				vs = s.AdditionalProperties.Schema
			}
			for _, k := range keys {
				fmt.Fprintf(&b, "%s:%s,", k, observe(x.Get(types.String(k)), vs, depth+1))
			}
			_, found := x.Find(types.String("no-such-key"))
			fmt.Fprintf(&b, "missing:%v", found)
		} else {
			fmt.Fprintf(&b, "opaque:%v", mustJSON(x.Value()))
		}
		b.WriteString(" eq(self):" + eqString(x.Equal(x)))
		b.WriteString("}")
	default:
		fmt.Fprintf(&b, "%T(%v)", v, v.Value())
	}
	return b.String()
}

var shapeStrings = []string{"", "a", "1h", "1h2m3s4ms", "-1.5h", "1d", "P1D", "1997-07-16", "1997-07-16T19:20:30Z",
	"1997-07-16T19:20:30.45+01:00", "1997-7-16", "YWJj", "YWJ", "not base64!", "héllo", "80", "80%", "1Gi", "0", "null"}

func shapesFiller(seed int64) *randfill.Filler {
	return randfill.NewWithSeed(seed).NilChance(0.3).NumElements(0, 3).MaxDepth(4).Funcs(
		func(s *string, c randfill.Continue) { *s = shapeStrings[c.Rand.Intn(len(shapeStrings))] },
		func(k *shapeKey, c randfill.Continue) { *k = shapeKey(shapeStrings[c.Rand.Intn(len(shapeStrings))]) },
		func(u *uint64, c randfill.Continue) {
			*u = []uint64{0, 1, math.MaxInt64, math.MaxInt64 + 1, math.MaxUint64}[c.Rand.Intn(5)]
		},
		func(f *float64, c randfill.Continue) { *f = []float64{0, 1, 1.5, -2, 1e20, 1e-7, 3}[c.Rand.Intn(7)] },
		func(f *float32, c randfill.Continue) { *f = []float32{0, 0.1, 2, 1e10}[c.Rand.Intn(4)] },
		func(tm *metav1.Time, c randfill.Continue) {
			if c.Rand.Intn(3) == 0 {
				*tm = metav1.Time{}
				return
			}
			*tm = metav1.NewTime(time.Unix(c.Rand.Int63n(4e9), c.Rand.Int63n(1e9)).In(time.FixedZone("x", 3600)))
		},
		func(tm *metav1.MicroTime, c randfill.Continue) {
			if c.Rand.Intn(3) == 0 {
				*tm = metav1.MicroTime{}
				return
			}
			*tm = metav1.NewMicroTime(time.Unix(c.Rand.Int63n(4e9), c.Rand.Int63n(1e9)))
		},
		func(d *metav1.Duration, c randfill.Continue) { d.Duration = time.Duration(c.Rand.Int63n(1e13)) },
		func(q *resource.Quantity, c randfill.Continue) {
			*q = resource.MustParse([]string{"0", "1", "100m", "1.5Gi", "2e3"}[c.Rand.Intn(5)])
		},
		func(x *intstr.IntOrString, c randfill.Continue) {
			if c.Rand.Intn(2) == 0 {
				*x = intstr.FromInt32(c.Rand.Int31n(100))
			} else {
				*x = intstr.FromString(shapeStrings[c.Rand.Intn(len(shapeStrings))])
			}
		},
		func(r *runtime.RawExtension, c randfill.Continue) {
			r.Raw = [][]byte{nil, []byte(`{"a":1,"b":[true,null]}`), []byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"},"spec":{}}`)}[c.Rand.Intn(3)]
		},
		func(s **shapes, c randfill.Continue) {
			if c.Rand.Intn(3) != 0 {
				*s = nil
				return
			}
			*s = &shapes{}
			c.Fill(*s)
			(*s).Inner = nil
		},
	)
}

func TestValuesAsTheServerSeesThem(t *testing.T) {
	s := shapesSpec(t)
	ours := newSchemaCache(s)
	seeds := 400
	if testing.Short() {
		seeds = 50
	}
	var prevs [2]*shapes // the previous value of the same parity (repaired or not)
	compared := 0
	for seed := 0; seed < seeds; seed++ {
		v := &shapes{}
		shapesFiller(int64(seed)).Fill(v)
		if seed%2 == 0 {
			repair(v, rand.New(rand.NewSource(int64(seed))))
		}
		got := observe(toVal(reflect.ValueOf(v), ours), s, 0)
		want := observe(serverVal(t, v, s), s, 0)
		if got != want {
			t.Fatalf("seed %d: the conversion differs from the server's:\nours:   %s\nserver: %s\nvalue: %s", seed, got, want, mustJSON(v))
		}
		if prev := prevs[seed%2]; prev != nil {
			a, b := toVal(reflect.ValueOf(v), ours), toVal(reflect.ValueOf(prev), ours)
			sa, sb := serverVal(t, v, s), serverVal(t, prev, s)
			// Which of false and an error == gives, between objects with erroneous fields, depends
			// on the server's map iteration order.
			if sa.Equal(sa) == types.True && sb.Equal(sb) == types.True {
				compared++
				if g, w := eqString(a.Equal(b)), eqString(sa.Equal(sb)); g != w {
					t.Fatalf("seed %d: equality %s, the server's %s", seed, g, w)
				}
			}
			if g, w := fmt.Sprint(a.Equal(sa)), "true"; g != w && sa.Equal(sa) == types.True {
				t.Fatalf("seed %d: our value and the server's are not equal: %s", seed, g)
			}
		}
		prevs[seed%2] = v
	}
	if compared < seeds/8 {
		t.Errorf("only %d of %d pairs of values compared without errors", compared, seeds)
	}
}

// eqString renders the result of == or in: which error an == of objects with several erroneous
// fields reports depends on the server's map iteration order.
func eqString(v ref.Val) string {
	if types.IsError(v) {
		return "error"
	}
	return fmt.Sprint(v)
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestValuesSeeded checks the values that random ones may miss, one by one.
func TestValuesSeeded(t *testing.T) {
	s := shapesSpec(t)
	ours := newSchemaCache(s)
	str := func(s string) *string { return &s }
	for name, v := range map[string]*shapes{
		"zero":         {},
		"nil embedded": {shapeEmbedded: shapeEmbedded{Promoted: "p", Shadowed: "hidden"}, Shadowed: "top"},
		"embedded":     {shapeEmbeddedPtr: &shapeEmbeddedPtr{Deep: 3}},
		"formats":      {Dur: "1h2m3s4ms", Date: "1997-07-16", DateTime: str("1997-07-16T19:20:30.45+01:00"), Byte: "YWJj", Bytes: []byte("abc")},
		"bad formats":  {Dur: "1x", Date: "1997-7-16", DateTime: str("yesterday"), Byte: "???"},
		"times":        {Time: metav1.NewTime(time.Date(2024, 1, 2, 3, 4, 5, 6, time.FixedZone("x", -7200))), TimePtr: &metav1.Time{}, Micro: metav1.NewMicroTime(time.Date(2024, 1, 2, 3, 4, 5, 6789, time.UTC))},
		"big uint":     {U64: math.MaxUint64, U32: math.MaxUint32},
		"nulls":        {Nullable: nil, NotNull: nil, NullVals: map[string]*string{"a": nil, "b": str("x")}, PtrValues: map[string]*string{"a": nil}},
		"keys":         {ByName: map[shapeKey]int32{"cpu": 1}, ByInt: map[int32]string{-3: "x", 7: "y"}},
		"lists":        {ListMap: []shapeItem{{Name: "a", Port: 1}, {Name: "a", Port: 2}}, Set: []string{"x", "y"}, Nested: [][]int64{{1}, nil, {}}, PtrItems: []*string{nil, str("a")}},
		"raw":          {Raw: runtime.RawExtension{Raw: []byte(`{"x":{"y":[1,2.5,"z"]}}`)}, Embedded: &runtime.RawExtension{Raw: []byte(`{"kind":"K","apiVersion":"v1","metadata":{"name":"n","labels":{"a":"b"}}}`)}},
	} {
		t.Run(name, func(t *testing.T) {
			got := observe(toVal(reflect.ValueOf(v), ours), s, 0)
			want := observe(serverVal(t, v, s), s, 0)
			if got != want {
				t.Fatalf("ours:   %s\nserver: %s", got, want)
			}
		})
	}
}

// repair makes the values of formatted fields valid, so that whole values compare without errors.
func repair(v *shapes, r *rand.Rand) {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	v.Dur = pick("1h", "1h2m3s4ms", "-1.5h", "0s", "1d")
	if v.Date != "" {
		v.Date = pick("1997-07-16", "2024-02-29")
	}
	if v.DateTime != nil {
		*v.DateTime = pick("1997-07-16T19:20:30Z", "1997-07-16T19:20:30.45+01:00")
	}
	v.Byte = pick("", "YWJj", "AA==")
	for i := range v.Durs {
		v.Durs[i] = pick("1h", "2m", "1d")
	}
	for i := range v.Dates {
		v.Dates[i] = pick("1997-07-16", "2000-01-01")
	}
	if v.U64 > math.MaxInt64 {
		v.U64 = 7
	}
	for i := range v.Nested {
		if v.Nested[i] == nil {
			v.Nested[i] = []int64{}
		}
	}
	for i := range v.PtrItems {
		if v.PtrItems[i] == nil {
			v.PtrItems[i] = new(string)
		}
	}
	if v.Inner != nil {
		repair(v.Inner, r)
	}
}
