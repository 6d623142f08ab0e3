package v1_test

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/equivalence"
	v1 "github.com/validation-gen/validation-gen/examples/api/storage/v1"
)

// TestTwoWay is issue 10's proof that what validation-gen publishes for the +k8s: dialect agrees
// with the Go validators it generates: random Buckets, on create and on update (from another
// random Bucket, from a few fields changed, and from the same Bucket), go through the generated
// validators and through the API server's validation of the generated CRD (equivalence.TwoWay),
// and both must report the same errors (type and field path). The values are drawn from small
// pools of valid and invalid values for every tag of the group (neq, maxBytes with multi-byte
// characters, forbidden, update transitions, eachVal, list-map keys and duplicates, ...), so
// that every published rule fires and most objects are also valid on some fields.
func TestTwoWay(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := v1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	if err := v1.RegisterValidations(scheme); err != nil {
		t.Fatal(err)
	}
	schemas, err := equivalence.LoadSchemas("../../crds", "../../openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	const n = 1500
	r := rand.New(rand.NewSource(1))
	valid, disagree, ratcheting, unexplained, known := 0, 0, 0, 0, 0
	fired := map[string]int{} // error type and leaf field, from the generated validators
	for i := 0; i < n; i++ {
		obj := randomBucket(r)
		var old *v1.Bucket
		what := [...]string{"create", "update from another bucket", "update with changes", "unchanged update"}[i%4]
		switch i % 4 {
		case 1:
			old = randomBucket(r)
		case 2:
			old = obj.DeepCopy()
			mutate(r, obj)
		case 3:
			old = obj.DeepCopy()
		}
		var oldObj runtime.Object
		if old != nil {
			oldObj = old
		}
		rep, err := equivalence.TwoWay(t.Context(), scheme, schemas, "Bucket", obj, oldObj)
		if err != nil {
			t.Fatal(err)
		}
		errs := scheme.Validate(t.Context(), nil, obj)
		if old != nil {
			errs = scheme.ValidateUpdate(t.Context(), nil, obj, old)
		}
		if len(errs) == 0 {
			valid++
		}
		for _, e := range errs {
			fired[fmt.Sprintf("%s %s", e.Type, leaf(e.Field))]++
			if strings.HasPrefix(e.Field, "spec.mirror.") && e.Detail != "" && !strings.Contains(e.Detail, "65535") {
				fired["mirror "+e.Detail]++ // the checks +k8s:subfield adds (and the endpoint's own)
			}
			if strings.Contains(e.Detail, "public.invalid") {
				fired["item "+e.Detail]++ // the check +k8s:item adds to the endpoint "public"
			}
			if e.Detail == "field cannot be modified once set" && (strings.HasPrefix(e.Field, "spec.retention[") || strings.HasSuffix(e.Field, "]")) {
				// +k8s:eachVal=+k8s:update on retention's values, +k8s:item=+k8s:update on the endpoint "backup"
				fired["element "+strings.TrimPrefix(e.Field[:strings.IndexByte(e.Field, '[')], "spec.")+" "+e.Detail]++
			}
		}
		if len(rep.Known) > 0 {
			known++ // errors TwoWay itself sets aside as the server's ratcheting (Report.Known)
		}
		if !rep.OK() {
			disagree++
		}
		explained := 0
		for _, m := range rep.Mismatches {
			if m.Kind == equivalence.OnlySchema && old != nil && uncorrelatable(old, obj) && unchangedField(t, old, obj, m.Field) {
				explained++
			}
		}
		if explained > 0 && explained == len(rep.Mismatches) {
			ratcheting++
		} else if !rep.OK() {
			unexplained++
			if unexplained <= 10 {
				t.Errorf("object %d (%s) disagrees:\n%s", i, what, rep)
			}
		}
	}
	t.Logf("%d random Buckets, %d valid; %d with errors TwoWay sets aside as the server's ratcheting; %d disagree: %d by the "+
		"server's ratcheting of uncorrelatable list-map items, %d otherwise; errors by type and field: %v",
		n, valid, known, disagree, ratcheting, unexplained, fired)
	if ratcheting+known == 0 {
		t.Errorf("no object disagrees by ratcheting any more: drop that class from the test")
	}
	// The pools must exercise both acceptance and every published check.
	if valid < n/20 || valid > n*19/20 {
		t.Errorf("%d of %d objects are valid: the pools no longer exercise both sides", valid, n)
	}
	for _, want := range []string{
		"Invalid value region", "Too long region", "Forbidden legacyACL", "Invalid value class",
		"Invalid value owner", "Too long owner", "Invalid value host", "Too long host", "Invalid value port",
		"Invalid value name", "Required value host", "Invalid value retention",
		"Too many retention", "Duplicate value endpoints", "Required value class", "Too many endpoints",
		`mirror must be greater than or equal to 1024`, `mirror must not be equal to "mirror.invalid"`,
		`item must not be equal to "public.invalid"`,
		"element retention field cannot be modified once set", "element endpoints field cannot be modified once set",
		"Invalid value encryption", "Invalid value endpoints", // the union of the endpoints "primary" and "backup"
	} {
		if fired[want] == 0 {
			t.Errorf("no object had a %q error: the pools no longer exercise it", want)
		}
	}
}

// The one known class of disagreement is ratcheting on update. The generated validators follow
// upstream's semantics: a value equal to its old value (Go equality) is not validated again. The
// API server ratchets value by value too, but correlates the items of a list map by key: an item
// whose key is missing or duplicated has no old item, so it, and every value that contains it
// (spec, and the rules on spec), count as changed and are validated again. Kubernetes' own API
// server runs the Go validators, so only a CRD served with this schema sees it.

// uncorrelatable reports whether the endpoints list map of old or obj has an item the server
// cannot correlate: a missing or duplicated name.
func uncorrelatable(old, obj *v1.Bucket) bool {
	for _, l := range [][]v1.Endpoint{old.Spec.Endpoints, obj.Spec.Endpoints} {
		seen := map[string]bool{}
		for _, e := range l {
			if e.Name == "" || seen[e.Name] {
				return true
			}
			seen[e.Name] = true
		}
	}
	return false
}

// unchangedField reports whether the top-level spec field of an error path ("spec.endpoints[2].port"
// is endpoints) has the same JSON value in old and obj.
func unchangedField(t *testing.T, old, obj *v1.Bucket, path string) bool {
	name, ok := strings.CutPrefix(path, "spec.")
	if !ok {
		return false
	}
	if i := strings.IndexAny(name, ".["); i >= 0 {
		name = name[:i]
	}
	a, b := specJSON(t, old)[name], specJSON(t, obj)[name]
	return reflect.DeepEqual(a, b)
}

func specJSON(t *testing.T, b *v1.Bucket) map[string]any {
	data, err := json.Marshal(b.Spec)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// leaf is the last field name of a path, without indexes or keys.
func leaf(path string) string {
	for {
		i := strings.LastIndex(path, "[")
		if i < 0 || !strings.HasSuffix(path, "]") {
			break
		}
		path = path[:i]
	}
	return path[strings.LastIndex(path, ".")+1:]
}

func pick[T any](r *rand.Rand, l ...T) T { return l[r.Intn(len(l))] }

// Values of every field, valid and not: "ü" is two bytes, so 20 of them pass a 32-character
// limit and fail a 32-byte one.
var (
	classes   = []string{"", "gold", "standard", "Gold!", strings.Repeat("a", 64)}
	regions   = []string{"", "", "eu-west", "us-east-1", "default", strings.Repeat("ü", 20), strings.Repeat("r", 33)}
	replicas  = []int32{0, 0, 1, 3, 5, 6, -1}
	owners    = []*string{nil, nil, ptr.To("team-a"), ptr.To("team-b"), ptr.To(""), ptr.To(strings.Repeat("o", 64))}
	acls      = []string{"", "", "", "public"}
	names     = []string{"a", "b", "c", "a", "Bad_Name", "primary", "backup", "public"}
	hosts     = []string{"h.example.com", "h.example.com", "", "localhost", strings.Repeat("ü", 127), "mirror.invalid", "public.invalid"}
	ports     = []int32{0, 80, 443, 70000, -1, 8080}
	keys      = []*string{nil, nil, ptr.To("k1"), ptr.To("k2")}
	retention = []map[string]int32{nil, nil, {"logs": 30}, {"logs": 30, "audit": 3650}, {"logs": 7}, {"logs": 0}, {"tmp": 4000},
		{"a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1, "g": 1, "h": 1, "i": 1}}
)

func randomBucket(r *rand.Rand) *v1.Bucket {
	b := &v1.Bucket{
		TypeMeta:   metav1.TypeMeta{APIVersion: "storage.example.com/v1", Kind: "Bucket"},
		ObjectMeta: metav1.ObjectMeta{Name: "bucket", Namespace: "default", ResourceVersion: "1"},
	}
	for _, f := range fields {
		f(r, &b.Spec)
	}
	return b
}

// fields set one field of a spec each, to a random value of its pool.
var fields = []func(*rand.Rand, *v1.BucketSpec){
	func(r *rand.Rand, s *v1.BucketSpec) { s.Class = pick(r, classes...) },
	func(r *rand.Rand, s *v1.BucketSpec) { s.Region = pick(r, regions...) },
	func(r *rand.Rand, s *v1.BucketSpec) { s.Replicas = pick(r, replicas...) },
	func(r *rand.Rand, s *v1.BucketSpec) { s.Owner = pick(r, owners...) },
	func(r *rand.Rand, s *v1.BucketSpec) { s.LegacyACL = pick(r, acls...) },
	func(r *rand.Rand, s *v1.BucketSpec) { s.Retention = copyMap(pick(r, retention...)) },
	func(r *rand.Rand, s *v1.BucketSpec) {
		s.Endpoints = nil
		for range pick(r, 0, 0, 1, 2, 3, 5) {
			s.Endpoints = append(s.Endpoints, v1.Endpoint{Name: pick(r, names...), Host: pick(r, hosts...), Port: pick(r, ports...)})
		}
	},
	func(r *rand.Rand, s *v1.BucketSpec) {
		s.Mirror = nil
		if r.Intn(3) > 0 {
			s.Mirror = &v1.Endpoint{Name: pick(r, names...), Host: pick(r, hosts...), Port: pick(r, ports...)}
		}
	},
	func(r *rand.Rand, s *v1.BucketSpec) {
		s.Encryption = nil
		if r.Intn(4) > 0 {
			s.Encryption = &v1.Encryption{KMSKey: pick(r, keys...), Secret: pick(r, keys...)}
		}
	},
	func(r *rand.Rand, s *v1.BucketSpec) {
		s.Tier = pick(r, "", "hot", "archive", "archive")
	},
	func(r *rand.Rand, s *v1.BucketSpec) {
		s.RetrievalHours = pick(r, nil, nil, ptr.To(int32(1)), ptr.To(int32(48)), ptr.To(int32(49)))
	},
	func(r *rand.Rand, s *v1.BucketSpec) {
		s.BackupEncryption = nil
		if r.Intn(4) > 0 {
			s.BackupEncryption = &v1.Encryption{KMSKey: pick(r, keys...), Secret: pick(r, keys...)}
		}
	},
	// One member of the encryption union keeps being set, with another value: the union's
	// membership stays as it was, and is not checked again.
	func(r *rand.Rand, s *v1.BucketSpec) {
		if s.Encryption == nil {
			return
		}
		e := *s.Encryption
		if e.KMSKey != nil {
			e.KMSKey = ptr.To(*e.KMSKey + "-2")
		} else if e.Secret != nil {
			e.Secret = ptr.To(*e.Secret + "-2")
		}
		s.Encryption = &e
	},
	// One field of the mirror: the others, and the checks +k8s:subfield adds to them, stay as they were.
	func(r *rand.Rand, s *v1.BucketSpec) {
		if s.Mirror == nil {
			return
		}
		m := *s.Mirror
		switch r.Intn(3) {
		case 0:
			m.Name = pick(r, names...)
		case 1:
			m.Host = pick(r, hosts...)
		default:
			m.Port = pick(r, ports...)
		}
		s.Mirror = &m
	},
}

// mutate changes one or two fields of a spec, as an update does.
func mutate(r *rand.Rand, b *v1.Bucket) {
	for range 1 + r.Intn(2) {
		fields[r.Intn(len(fields))](r, &b.Spec)
	}
}

func copyMap(m map[string]int32) map[string]int32 {
	if m == nil {
		return nil
	}
	out := make(map[string]int32, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
