package celnative

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Lists: equality as the API server's values define it, the Kubernetes lists library and cel-go's
// lists and sets extension libraries, over Go slices. Items are compared through functions of
// their indexes (eq(i, j): item i of the first list equals item j of the second), which compiled
// code writes without captured state that would allocate.

// ListEqual is a == b of lists compared in order.
func ListEqual(n, m int, eq func(i, j int) bool) bool {
	if n != m {
		return false
	}
	for i := 0; i < n; i++ {
		if !eq(i, i) {
			return false
		}
	}
	return true
}

// distinct counts the distinct items of a list of n items, by eq.
func distinct(n int, eq func(i, j int) bool) int {
	d := 0
	for i := 0; i < n; i++ {
		dup := false
		for k := 0; k < i; k++ {
			if eq(k, i) {
				dup = true
				break
			}
		}
		if !dup {
			d++
		}
	}
	return d
}

// SetListEqual is a == b where a is a list of x-kubernetes-list-type set: the same length, and
// the same distinct items (aa, ab and bb compare items of a with a, a with b, b with b).
func SetListEqual(n, m int, aa, ab, bb func(i, j int) bool) bool {
	if n != m {
		return false
	}
	seen := 0
	for j := 0; j < m; j++ {
		found := false
		for i := 0; i < n; i++ {
			if ab(i, j) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
		first := true
		for k := 0; k < j; k++ {
			if bb(k, j) {
				first = false
				break
			}
		}
		if first {
			seen++
		}
	}
	return seen == distinct(n, aa)
}

// MapListEqual is a == b where a is a list of x-kubernetes-list-type map: the same length, every
// item of b equal to the (last) item of a with its key, and as many distinct keys. keyAA, keyAB
// and keyBB compare keys, eq whole items (of a and b).
func MapListEqual(n, m int, keyAA, keyAB, keyBB, eq func(i, j int) bool) bool {
	if n != m {
		return false
	}
	seen := 0
	for j := 0; j < m; j++ {
		idx := -1
		for i := n - 1; i >= 0; i-- {
			if keyAB(i, j) {
				idx = i
				break
			}
		}
		if idx < 0 || !eq(idx, j) {
			return false
		}
		first := true
		for k := 0; k < j; k++ {
			if keyBB(k, j) {
				first = false
				break
			}
		}
		if first {
			seen++
		}
	}
	return seen == distinct(n, keyAA)
}

// SetsContains is sets.contains(a, b): every item of b is in a (eq(i, j): a[i] == b[j]).
func SetsContains(n, m int, eq func(i, j int) bool) bool {
	for j := 0; j < m; j++ {
		found := false
		for i := 0; i < n; i++ {
			if eq(i, j) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// SetsEquivalent is sets.equivalent(a, b) (ab: a[i] == b[j], ba: b[i] == a[j]).
func SetsEquivalent(n, m int, ab, ba func(i, j int) bool) bool {
	return SetsContains(n, m, ab) && SetsContains(m, n, ba)
}

// SetsIntersects is sets.intersects(a, b).
func SetsIntersects(n, m int, eq func(i, j int) bool) bool {
	for i := 0; i < n; i++ {
		for j := 0; j < m; j++ {
			if eq(i, j) {
				return true
			}
		}
	}
	return false
}

// JoinStrings is join() of a list of a string type.
func JoinStrings[S ~[]E, E ~string](s S, sep string) string {
	var b strings.Builder
	for i, x := range s {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(string(x))
	}
	return b.String()
}

// IsSortedBools is isSorted() of a list of bools (false before true).
func IsSortedBools[S ~[]E, E ~bool](s S) bool {
	for i := 1; i < len(s); i++ {
		if s[i-1] && !s[i] {
			return false
		}
	}
	return true
}

// SumDurations is sum() of a list of durations.
func SumDurations[S ~[]E, E ~int64](s S) (time.Duration, error) {
	var acc int64
	for _, x := range s {
		var err error
		if acc, err = AddInt(acc, int64(x)); err != nil {
			return 0, err
		}
	}
	return time.Duration(acc), nil
}

// SumDoubles is sum() of a list of doubles.
func SumDoubles[S ~[]E, E ~float64](s S) float64 {
	var acc float64
	for _, x := range s {
		acc += float64(x)
	}
	return acc
}

// Slice is l.slice(start, end).
func Slice[S ~[]E, E any](s S, start, end int64) (S, error) {
	switch {
	case start < 0 || end < 0:
		return nil, &evalError{fmt.Sprintf("cannot slice(%d, %d), negative indexes not supported", start, end)}
	case start > end:
		return nil, &evalError{fmt.Sprintf("cannot slice(%d, %d), start index must be less than or equal to end index", start, end)}
	case int64(len(s)) < end:
		return nil, &evalError{fmt.Sprintf("cannot slice(%d, %d), list is length %d", start, end, len(s))}
	}
	return s[start:end], nil
}

// ReverseList is l.reverse().
func ReverseList[S ~[]E, E any](s S) S {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// Distinct is l.distinct(): the first of equal items, in order.
func Distinct[S ~[]E, E comparable](s S) S {
	var out S
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	if out == nil {
		return s[:0:0]
	}
	return out
}

// Sort is l.sort().
func Sort[S ~[]E, E cmp.Ordered](s S) S {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// Range is lists.range(n): 0 to n-1.
func Range(n int64) ([]int64, error) {
	if n < 0 {
		return nil, &evalError{fmt.Sprintf("lists.range: size must be non-negative, got %d", n)}
	}
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i)
	}
	return out, nil
}

// EmptyList is the error of min() or max() of an empty list.
func EmptyList(fn string) error { return &evalError{fn + " called on empty list"} }
