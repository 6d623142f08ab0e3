package genruntime

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestDuplicatesThroughPointersAndEquality(t *testing.T) {
	s := func(x string) *string { return &x }
	deref := func(x *string) string { return *x }
	eq := func(a, b *[]string) bool { return slices.Equal(*a, *b) }
	ptrEq := func(a, b *string) bool { return *a == *b }
	for _, c := range []struct {
		name string
		got  []int
		want []int
	}{
		{"pointers by value, nils skipped", PtrKeyDuplicates([]*string{s("a"), nil, s("a"), nil, s("b")}, nil, deref), []int{2}},
		{"a duplicate the old list had ratchets", PtrKeyDuplicates([]*string{s("a"), s("a")}, []*string{s("a"), s("a")}, deref), nil},
		{"by equality", EqualDuplicates([][]string{{"a"}, {"b"}, {"a"}, {"a"}}, nil, eq), []int{2, 3}},
		{"by equality, ratcheted", EqualDuplicates([][]string{{"a"}, {"a"}, {"b"}, {"b"}}, [][]string{{"a"}, {"a"}}, eq), []int{3}},
		{"pointers by equality", PtrEqualDuplicates([]*string{nil, s("x"), nil, s("x")}, nil, ptrEq), []int{3}},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	idx := PtrIndexByKey([]*string{nil, s("a"), s("a")}, deref)
	if len(idx) != 1 || idx["a"] != 1 {
		t.Errorf("PtrIndexByKey: %v", idx)
	}
}

// Short lists are compared pairwise, long ones hashed: both find what the other does, on lists
// around the length where KeyDuplicates switches.
func TestKeyDuplicatesShortAndLong(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	key := func(x *[2]int) int { return x[0] }
	for range 2000 {
		list := make([][2]int, r.IntN(2*smallList+2))
		for i := range list {
			list[i] = [2]int{r.IntN(6), i}
		}
		var want []int
		for i := range list {
			if slices.ContainsFunc(list[:i], func(x [2]int) bool { return x[0] == list[i][0] }) {
				want = append(want, i)
			}
		}
		if got := KeyDuplicates(list, nil, key); !slices.Equal(got, want) {
			t.Fatalf("KeyDuplicates(%v) = %v, want %v", list, got, want)
		}
		if got := hashDuplicates(list, key); !slices.Equal(got, want) && len(list) > 1 {
			t.Fatalf("hashDuplicates(%v) = %v, want %v", list, got, want)
		}
	}
}

// TestPtrMapKeyDuplicates: a nil item has no keys, as the API server reads null: nil items are
// duplicates of one another, and of an item at the zero key only where that key is absent from
// the item's JSON; on update, a nil item the old list already had twice is not reported again.
func TestPtrMapKeyDuplicates(t *testing.T) {
	key := func(x *string) string { return *x }
	s := func(v string) *string { return &v }
	for _, c := range []struct {
		name       string
		list, old  []*string
		zeroAbsent bool
		want       []int
	}{
		{"nil items", []*string{nil, s("a"), nil}, nil, false, []int{2}},
		{"a nil item and a zero key, present", []*string{s(""), nil}, nil, false, nil},
		{"a nil item and a zero key, absent", []*string{s(""), nil}, nil, true, []int{1}},
		{"keys", []*string{s("a"), s("a"), nil}, nil, false, []int{1}},
		{"nil items the old list had twice", []*string{nil, nil}, []*string{nil, s("b"), nil}, false, nil},
		{"nil items the old list had once", []*string{nil, nil}, []*string{nil, s("b")}, false, []int{1}},
	} {
		got := PtrMapKeyDuplicates(c.list, c.old, key, c.zeroAbsent)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
