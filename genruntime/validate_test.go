package genruntime

import (
	"strconv"
	"testing"
)

type item struct {
	Key   *string
	Value int
}

func ptr(s string) *string { return &s }

func itemKey(x *item) string   { return Value(x.Key) }
func itemPresent(x *item) bool { return x.Key != nil }
func itemEqual(a, b *item) bool {
	return itemPresent(a) == itemPresent(b) && itemKey(a) == itemKey(b) && a.Value == b.Value
}
func items(kv ...any) (out []item) {
	for i := 0; i < len(kv); i += 2 {
		it := item{Value: kv[i+1].(int)}
		if k, ok := kv[i].(string); ok {
			it.Key = ptr(k)
		}
		out = append(out, it)
	}
	return out
}

func TestCorrelatable(t *testing.T) {
	long := func(extra ...item) []item { // more than 16 items: the map path
		var l []item
		for i := 0; i < 20; i++ {
			l = append(l, item{Key: ptr("k" + strconv.Itoa(i)), Value: i})
		}
		return append(l, extra...)
	}
	for _, tc := range []struct {
		name    string
		list    []item
		present bool
		want    bool
	}{
		{"empty", nil, true, true},
		{"distinct keys", items("a", 1, "b", 2), true, true},
		{"an item without its key", items("a", 1, nil, 2), true, false},
		{"keys never omitted", items("a", 1, nil, 2), false, true},
		{"a repeated key, a different item", items("a", 1, "b", 2, "a", 3), true, false},
		{"a repeated key, an equal item", items("a", 1, "b", 2, "a", 1), true, true},
		{"long, distinct keys", long(), true, true},
		{"long, a repeated key, a different item", long(item{Key: ptr("k3"), Value: 4}), true, false},
		{"long, a repeated key, an equal item", long(item{Key: ptr("k3"), Value: 3}), true, true},
		{"long, an item without its key", long(item{Value: 1}), true, false},
	} {
		var present func(*item) bool
		if tc.present {
			present = itemPresent
		}
		if got := Correlatable(tc.list, itemKey, present, itemEqual); got != tc.want {
			t.Errorf("%s: Correlatable = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestPtrCorrelatable: a list of pointers correlates as the same list of values does, and not
// with a nil item (null, which has no keys), short or long.
func TestPtrCorrelatable(t *testing.T) {
	ptrs := func(l []item) []*item {
		out := make([]*item, len(l))
		for i := range l {
			out[i] = &l[i]
		}
		return out
	}
	var long []item
	for i := 0; i < 20; i++ {
		long = append(long, item{Key: ptr("k" + strconv.Itoa(i)), Value: i})
	}
	for _, l := range [][]item{nil, items("a", 1, "b", 2), items("a", 1, nil, 2), items("a", 1, "b", 2, "a", 3),
		items("a", 1, "b", 2, "a", 1), long, append(long[:20:20], item{Key: ptr("k3"), Value: 4})} {
		for _, present := range []func(*item) bool{itemPresent, nil} {
			if got, want := PtrCorrelatable(ptrs(l), itemKey, present, itemEqual), Correlatable(l, itemKey, present, itemEqual); got != want {
				t.Errorf("%v (present %v): PtrCorrelatable = %v, Correlatable = %v", l, present != nil, got, want)
			}
		}
	}
	for _, l := range [][]*item{{nil}, append(ptrs(items("a", 1)), nil), append(ptrs(long), nil)} {
		if PtrCorrelatable(l, itemKey, nil, itemEqual) {
			t.Errorf("a list of %d with a nil item correlates", len(l))
		}
	}
}

func TestPtrIndexByPresentKey(t *testing.T) {
	l := items(nil, 0, "a", 1, "", 2, "a", 3)
	got := PtrIndexByPresentKey([]*item{nil, &l[0], &l[1], &l[2], &l[3]}, itemKey, itemPresent)
	want := map[string]int{"a": 2, "": 3}
	if len(got) != len(want) || got["a"] != 2 || got[""] != 3 {
		t.Errorf("PtrIndexByPresentKey = %v, want %v", got, want)
	}
}

func TestIndexByPresentKey(t *testing.T) {
	// The keyless item reads as key "" and must not be found; a repeated key maps to its first item.
	got := IndexByPresentKey(items(nil, 0, "a", 1, "", 2, "a", 3), itemKey, itemPresent)
	want := map[string]int{"a": 1, "": 2}
	if len(got) != len(want) {
		t.Fatalf("IndexByPresentKey = %v, want %v", got, want)
	}
	for k, i := range want {
		if got[k] != i {
			t.Errorf("IndexByPresentKey[%q] = %d, want %d", k, got[k], i)
		}
	}
}

func TestCorrelatableSmallDoesNotAllocate(t *testing.T) {
	list := items("a", 1, "b", 2, "a", 1)
	if n := testing.AllocsPerRun(100, func() { Correlatable(list, itemKey, itemPresent, itemEqual) }); n != 0 {
		t.Errorf("Correlatable allocates %v times on a short list, want 0", n)
	}
}
