package diff_test

// This file is copied into the temporary module of TestK8sAPIDifferential
// (test/k8sapi/differential_test.go), which writes groups_test.go beside it: every group version's
// k8s.io/api AddToScheme, upstream's validators (Kubernetes' committed zz_generated.validations.go)
// and this generator's, the options the validators test and the enum values of k8s.io/api.

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var (
	objects = flag.Int("objects", 300, "random objects a kind")
	seed    = flag.Int64("seed", 1, "seed of the random objects")
)

type groupVersion struct {
	name               string
	api, upstream, our func(*runtime.Scheme) error
}

// TestDifferential validates random objects of every kind with a validator on both sides, on
// create and on update (the object mutated, from the object), and compares the errors by type,
// field, origin and stability level.
func TestDifferential(t *testing.T) {
	known := knownDifferences(t)
	ctx := context.Background()
	total, agree, failing, errorsSeen := 0, 0, 0, 0
	classes := map[string]*diffClass{}
	kindsChecked := 0
	for _, gv := range groupVersions {
		us, ou := runtime.NewScheme(), runtime.NewScheme()
		for _, add := range []func(*runtime.Scheme) error{gv.api, gv.upstream} {
			if err := add(us); err != nil {
				t.Fatal(err)
			}
		}
		for _, add := range []func(*runtime.Scheme) error{gv.api, gv.our} {
			if err := add(ou); err != nil {
				t.Fatal(err)
			}
		}
		var gvks []schema.GroupVersionKind
		for gvk := range us.AllKnownTypes() {
			gvks = append(gvks, gvk)
		}
		sort.Slice(gvks, func(i, j int) bool { return gvks[i].String() < gvks[j].String() })
		for _, gvk := range gvks {
			proto, err := us.New(gvk)
			if err != nil {
				t.Fatal(err)
			}
			hu, ho := us.HasValidationFunc(proto), ou.HasValidationFunc(proto)
			if !hu && !ho {
				continue
			}
			kind := gv.name + "." + gvk.Kind
			if hu != ho {
				t.Errorf("%s: upstream has a validator: %v, ours: %v", kind, hu, ho)
				continue
			}
			kindsChecked++
			r := rand.New(rand.NewSource(*seed + int64(len(kind))*7919 + int64(kindsChecked)))
			kindAgree, kindTotal := 0, 0
			for i := 0; i < *objects; i++ {
				obj := proto.DeepCopyObject()
				f := filler{r: r, enums: enumValues}
				f.fill(reflect.ValueOf(obj).Elem(), 0)
				// Every option on or off, and in one object of five some left undefined (an
				// internal error, where the tag gated on it is).
				opts := map[string]bool{}
				undefined := r.Intn(5) == 0
				for _, o := range optionNames {
					if !undefined || r.Intn(3) != 0 {
						opts[o] = r.Intn(2) == 0
					}
				}
				upd := obj.DeepCopyObject()
				f.mutate(reflect.ValueOf(upd).Elem(), 0)
				for _, c := range []struct {
					op       string
					run      func(*runtime.Scheme) field.ErrorList
					obj, old runtime.Object
				}{
					{"create", func(s *runtime.Scheme) field.ErrorList { return s.Validate(ctx, opts, obj) }, obj, nil},
					{"update", func(s *runtime.Scheme) field.ErrorList { return s.ValidateUpdate(ctx, opts, upd, obj) }, upd, obj},
				} {
					want, got := c.run(us), c.run(ou)
					d := diff(want, got)
					kindTotal++
					if len(want) > 0 {
						failing++
						errorsSeen += len(want)
					}
					if len(d) == 0 {
						kindAgree++
						continue
					}
					for _, line := range d {
						key := kind + " " + c.op + " " + line
						cl := classes[key]
						if cl == nil {
							cl = &diffClass{}
							classes[key] = cl
							cl.example = describe(c.obj, c.old, want, got)
						}
						cl.n++
					}
				}
			}
			total += kindTotal
			agree += kindAgree
			t.Logf("%-50s %5d/%d agree", kind, kindAgree, kindTotal)
		}
	}
	if kindsChecked < 40 {
		t.Errorf("only %d kinds have validators", kindsChecked)
	}
	t.Logf("AGREEMENT: %d of %d validations (%d kinds, %d objects a kind, create and update) agree: %.1f%%; "+
		"upstream reports errors on %d of them, %d errors in all",
		agree, total, kindsChecked, *objects, 100*float64(agree)/float64(max(total, 1)), failing, errorsSeen)
	for _, key := range sortedKeys(classes) {
		cl := classes[key]
		if known[key] {
			delete(known, key)
			t.Logf("known difference (%d): %s", cl.n, key)
			continue
		}
		t.Errorf("difference (%d validations): %s\n%s", cl.n, key, cl.example)
	}
	for key := range known {
		t.Errorf("differences.txt lists a difference that does not occur (remove it): %s", key)
	}
}

type diffClass struct {
	n       int
	example string
}

// index elides list indices and map keys from a field path.
var index = regexp.MustCompile(`\[[^\]]*\]`)

// diff compares the errors as multisets of (field, type, origin, level) and describes each
// unpaired one, its field path's indices and keys elided: "<field> <type> <origin> <level>: upstream
// only" (or "ours only").
func diff(want, got field.ErrorList) []string {
	key := func(e *field.Error) string {
		return fmt.Sprintf("%s %s %q %s", e.Field, e.Type, e.Origin, e.ValidationStabilityLevel)
	}
	count := map[string]int{}
	for _, e := range want {
		count[key(e)]++
	}
	for _, e := range got {
		count[key(e)]--
	}
	var out []string
	seen := map[string]bool{}
	for k, n := range count {
		if n == 0 {
			continue
		}
		side := "upstream only"
		if n < 0 {
			side = "ours only"
		}
		line := index.ReplaceAllString(k, "[*]") + ": " + side
		if !seen[line] {
			seen[line] = true
			out = append(out, line)
		}
	}
	sort.Strings(out)
	return out
}

func describe(obj, old runtime.Object, want, got field.ErrorList) string {
	var b strings.Builder
	fmt.Fprintf(&b, "    upstream:\n")
	for _, e := range want {
		fmt.Fprintf(&b, "      %s %s %q %s: %.200s\n", e.Field, e.Type, e.Origin, e.ValidationStabilityLevel, e.Error())
	}
	fmt.Fprintf(&b, "    ours:\n")
	for _, e := range got {
		fmt.Fprintf(&b, "      %s %s %q %s: %.200s\n", e.Field, e.Type, e.Origin, e.ValidationStabilityLevel, e.Error())
	}
	if os.Getenv("DIFF_OBJECTS") != "" {
		fmt.Fprintf(&b, "    object: %#v\n    old: %#v\n", obj, old)
	}
	return b.String()
}

// knownDifferences reads differences.txt: one class a line, as TestDifferential prints it; #
// starts a comment (the reason).
func knownDifferences(t *testing.T) map[string]bool {
	b, err := os.ReadFile("differences.txt")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			known[line] = true
		}
	}
	return known
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Pools of values: valid and invalid for the formats and bounds the tags check.
var (
	strPool = []string{"", "a", "abc", "a.b", "foo-bar", "Foo", "UPPER", "a_b", "-bad", "a b", "1", "0", "*",
		"example.com/key", "x/y/z", "example.com/", "123e4567-e89b-12d3-a456-426614174000", "10.0.0.1", "::1",
		"10.0.0.0/8", "https://example.com", strings.Repeat("a", 64), strings.Repeat("a", 254), "true", "@"}
	intPool   = []int64{0, 1, 2, 3, -1, 10, 100, 65535, 65536, 1<<31 - 1}
	qtyPool   = []string{"0", "1", "100m", "-1", "1Gi", "2"}
	typeMeta  = reflect.TypeOf(metav1.TypeMeta{})
	quantity  = reflect.TypeOf(resource.Quantity{})
	timeType  = reflect.TypeOf(metav1.Time{})
	microTime = reflect.TypeOf(metav1.MicroTime{})
	intOrStr  = reflect.TypeOf(intstr.IntOrString{})
	rawExt    = reflect.TypeOf(runtime.RawExtension{})
	fieldsV1  = reflect.TypeOf(metav1.FieldsV1{})
)

type filler struct {
	r     *rand.Rand
	enums map[string][]string
	long  bool // filling the items of a long list
}

const maxDepth = 14

func (f *filler) str(t reflect.Type) string {
	if vs := f.enums[t.PkgPath()+"."+t.Name()]; len(vs) > 0 && f.r.Intn(4) != 0 {
		return vs[f.r.Intn(len(vs))]
	}
	return strPool[f.r.Intn(len(strPool))]
}

// fill sets v to a random value.
func (f *filler) fill(v reflect.Value, depth int) {
	t := v.Type()
	switch t {
	case typeMeta, fieldsV1, rawExt:
		return
	case quantity:
		v.Set(reflect.ValueOf(resource.MustParse(qtyPool[f.r.Intn(len(qtyPool))])))
		return
	case timeType:
		v.Set(reflect.ValueOf(metav1.Unix(int64(f.r.Intn(3))*1000, 0)))
		return
	case microTime:
		v.Set(reflect.ValueOf(metav1.NewMicroTime(metav1.Unix(int64(f.r.Intn(3))*1000, 0).Time)))
		return
	case intOrStr:
		if f.r.Intn(2) == 0 {
			v.Set(reflect.ValueOf(intstr.FromInt32(int32(intPool[f.r.Intn(5)]))))
		} else {
			v.Set(reflect.ValueOf(intstr.FromString(strPool[f.r.Intn(len(strPool))])))
		}
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				f.fill(v.Field(i), depth+1)
			}
		}
	case reflect.Pointer:
		if depth > maxDepth || f.r.Intn(3) == 0 {
			v.SetZero()
			return
		}
		p := reflect.New(t.Elem())
		f.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte(strPool[f.r.Intn(len(strPool))]))
			return
		}
		// Mostly short lists, some longer ones (past the +k8s:maxItems bounds).
		// (none inside another: objects stay small).
		n, long := f.r.Intn(4), false
		if !f.long && f.r.Intn(10) == 0 {
			n, long = 4+f.r.Intn(9), true
		}
		if depth > maxDepth || f.r.Intn(4) == 0 {
			v.SetZero()
			return
		}
		f.long = f.long || long
		s := reflect.MakeSlice(t, n, n)
		for i := 0; i < n; i++ {
			f.fill(s.Index(i), depth+1)
		}
		if long {
			f.long = false
		}
		v.Set(s)
	case reflect.Map:
		if depth > maxDepth || f.r.Intn(4) == 0 {
			v.SetZero()
			return
		}
		m := reflect.MakeMap(t)
		for i, n := 0, f.r.Intn(4); i < n; i++ {
			k, e := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
			f.fill(k, depth+1)
			f.fill(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.String:
		v.SetString(f.str(t))
	case reflect.Bool:
		v.SetBool(f.r.Intn(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := intPool[f.r.Intn(len(intPool))]
		if v.OverflowInt(n) {
			n = 1
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(f.r.Intn(4)))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(f.r.Intn(5)) - 1)
	}
}

// mutate changes some parts of v: each value is replaced with a random one with a small
// probability, else its parts are mutated.
func (f *filler) mutate(v reflect.Value, depth int) {
	if f.r.Intn(12) == 0 {
		f.fill(v, depth)
		return
	}
	t := v.Type()
	switch t {
	case typeMeta, quantity, timeType, microTime, intOrStr, rawExt, fieldsV1:
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				f.mutate(v.Field(i), depth+1)
			}
		}
	case reflect.Pointer:
		if !v.IsNil() {
			f.mutate(v.Elem(), depth+1)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			f.mutate(v.Index(i), depth+1)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(t.Elem()).Elem()
			e.Set(v.MapIndex(k))
			f.mutate(e, depth+1)
			v.SetMapIndex(k, e)
		}
	}
}
