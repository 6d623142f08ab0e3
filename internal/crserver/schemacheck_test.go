package crserver

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/cel/common"
)

// TestSchemaCheckAgreesWithServer holds the compiled schema check to the server's schema
// validator it lets validate skip: on every document of the corpora (as decoded for a create:
// pruned, defaulted) and on random mutations of each (values of every JSON type, the schemas'
// own enum values and bounds, strings too long or of the wrong format, required fields removed,
// unknown fields added, list items repeated), it must say valid exactly where
// ValidateCustomResource finds no error. Saying valid where the server finds an error would hide
// that error; the other way round would only be slower, and is held to as well, so that the
// check is known to be exact on these schemas.
func TestSchemaCheckAgreesWithServer(t *testing.T) {
	kinds, docFiles := testCorpus(t)
	rng := rand.New(rand.NewSource(1))
	mutations := 10
	if testing.Short() {
		mutations = 3
	}
	var docs, invalidDocs, checked, invalid int
	for _, f := range docFiles {
		for i, doc := range corpusDocs(t, f) {
			u, k := decode(t, kinds, doc)
			if u == nil {
				continue
			}
			s := k.Strategy.(*strategy)
			name := fmt.Sprintf("%s[%d]", f, i)
			docs++
			if !agree(t, s, name, u.Object) {
				invalidDocs++
			}
			for m := range mutations {
				obj := runtime.DeepCopyJSON(u.Object)
				what := mutate(rng, obj, s.schemaCheck)
				checked++
				mname := fmt.Sprintf("%s mutation %d (%s)", name, m, what)
				if !agree(t, s, mname, obj) {
					invalid++
				}
				// As an update of the document, and the document as an update of the mutation:
				// ratcheting only removes errors, so where the check says valid, so does the
				// server's update validation.
				agreeUpdate(t, s, mname+" as an update", obj, u.Object)
				agreeUpdate(t, s, mname+" reverted, as an update", u.Object, obj)
			}
		}
	}
	t.Logf("%d documents (%d invalid), %d mutations (%d invalid): the check and the server's validator agree on each", docs, invalidDocs, checked, invalid)
	if docs < 100 || invalid < checked/10 || checked-invalid < checked/10 {
		t.Fatalf("too few documents or too one-sided mutations: %d documents, %d of %d mutations invalid", docs, invalid, checked)
	}
}

// agree compares the check's verdict on obj with the server's validator's, and returns it.
func agree(t *testing.T, s *strategy, name string, obj map[string]interface{}) bool {
	t.Helper()
	errs := apiservervalidation.ValidateCustomResource(nil, obj, s.schemaValidator)
	valid := s.schemaCheck.valid(obj)
	if valid != (len(errs) == 0) {
		t.Errorf("%s: the check says valid=%v, the server's validator finds %d errors: %v", name, valid, len(errs), errs.ToAggregate())
	}
	return len(errs) == 0
}

// agreeUpdate checks that where the check says obj is valid, the server's update validation of
// obj over old, with ratcheting, finds no error either.
func agreeUpdate(t *testing.T, s *strategy, name string, obj, old map[string]interface{}) {
	t.Helper()
	if !s.schemaCheck.valid(obj) {
		return
	}
	c := common.NewCorrelatedObject(obj, old, &model.Structural{Structural: s.structural})
	errs := apiservervalidation.ValidateCustomResourceUpdate(nil, obj, old, s.schemaValidator, apiservervalidation.WithRatcheting(c))
	if len(errs) > 0 {
		t.Errorf("%s: the check says valid, the server's update validation finds %v", name, errs.ToAggregate())
	}
}

// mutate changes one value of obj at random (a random path into it, the schema followed where
// there is one) and says what it did.
func mutate(rng *rand.Rand, obj map[string]interface{}, root *schemaCheck) string {
	type place struct {
		path   string
		parent interface{} // map[string]interface{} or []interface{}
		key    string
		index  int
		check  *schemaCheck
	}
	var places []place
	var walk func(path string, v interface{}, c *schemaCheck)
	walk = func(path string, v interface{}, c *schemaCheck) {
		switch v := v.(type) {
		case map[string]interface{}:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				var sub *schemaCheck
				if c != nil {
					if sub = c.properties[k]; sub == nil {
						sub = c.additional
					}
				}
				places = append(places, place{path + "." + k, v, k, 0, sub})
				walk(path+"."+k, v[k], sub)
			}
		case []interface{}:
			var sub *schemaCheck
			if c != nil {
				sub = c.items
			}
			for i := range v {
				places = append(places, place{fmt.Sprintf("%s[%d]", path, i), v, "", i, sub})
				walk(fmt.Sprintf("%s[%d]", path, i), v[i], sub)
			}
		}
	}
	walk("", obj, root)
	if len(places) == 0 {
		return "nothing to change"
	}
	p := places[rng.Intn(len(places))]
	set := func(v interface{}) {
		switch parent := p.parent.(type) {
		case map[string]interface{}:
			parent[p.key] = v
		case []interface{}:
			parent[p.index] = v
		}
	}
	switch r := rng.Intn(12); {
	case r == 0:
		if m, ok := p.parent.(map[string]interface{}); ok {
			delete(m, p.key)
			return "removed " + p.path
		}
		l := p.parent.([]interface{})
		set(l[(p.index+1)%len(l)])
		return "repeated an item at " + p.path
	case r == 1:
		if m, ok := p.parent.(map[string]interface{}); ok {
			m["zzUnknown"] = "x"
			return "added a field beside " + p.path
		}
		set(nil)
		return "null at " + p.path
	case r <= 4 && p.check != nil && len(p.check.schema.Enum) > 0:
		e := p.check.schema.Enum[rng.Intn(len(p.check.schema.Enum))]
		if s, ok := e.(string); ok && rng.Intn(2) == 0 {
			e = s + "x"
		}
		set(e)
		return fmt.Sprintf("%v (enum) at %s", e, p.path)
	case r <= 6 && p.check != nil && (p.check.schema.MaxLength != nil || p.check.schema.MaxItems != nil || p.check.schema.Maximum != nil):
		sc := p.check.schema
		switch {
		case sc.MaxLength != nil:
			n := int(*sc.MaxLength) + rng.Intn(2)
			set(strings.Repeat("a", n))
			return fmt.Sprintf("a string of %d at %s", n, p.path)
		case sc.Maximum != nil:
			v := int64(*sc.Maximum) + int64(rng.Intn(3)) - 1
			set(v)
			return fmt.Sprintf("%d (maximum %v) at %s", v, *sc.Maximum, p.path)
		default:
			var l []interface{}
			for i := 0; i <= int(*sc.MaxItems); i++ {
				l = append(l, fmt.Sprintf("i%d", i))
			}
			set(l)
			return fmt.Sprintf("%d items at %s", len(l), p.path)
		}
	default:
		values := []interface{}{nil, "", "a", "Not A Name!", "2001:db8::1", "10.0.0.1", "http://example.com/x", "-", strings.Repeat("b", 300),
			int64(0), int64(-1), int64(80), int64(1 << 40), float64(1.5), float64(3), float64(-0.5), true, false,
			[]interface{}{}, []interface{}{"a"}, []interface{}{int64(1)}, map[string]interface{}{}, map[string]interface{}{"name": "x"}}
		v := values[rng.Intn(len(values))]
		set(v)
		return fmt.Sprintf("%#v at %s", v, p.path)
	}
}
