package genruntime

import (
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
