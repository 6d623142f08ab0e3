package genruntime

import (
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/go-openapi/swag/conv"
	"k8s.io/apimachinery/pkg/api/operation"
	apimachineryvalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// DisableRatcheting is the operation option that turns ratcheting off: with
// op.Options[DisableRatcheting] true, an update validates unchanged values as strictly as new ones.
// scheme.ValidateUpdate(ctx, map[string]bool{genruntime.DisableRatcheting: true}, obj, old) sets it.
const DisableRatcheting = "DisableValidationRatcheting"

// Ratcheting reports whether an update may skip the validations of values that did not change
// (KEP-4008): it is on by default for updates.
func Ratcheting(op operation.Operation) bool {
	return op.Type == operation.Update && !op.Options[DisableRatcheting]
}

// At places an error built by an apimachinery constructor (with a nil path) at a relative field
// and records the tag that produced it. It is only called on the error path.
func At(e *field.Error, fld, origin string) *field.Error {
	e.Field = fld
	e.Origin = origin
	return e
}

// NameFormat checks +nameFormat: metadata.name must have the format and metadata.generateName
// too, with a trailing '-' masked, exactly as apimachinery's ValidateObjectMeta does with
// NameIsDNSSubdomain, NameIsDNSLabel or NameIsDNS1035Label. meta is the field holding the
// ObjectMeta (JSON name metaField, usually "metadata"); errors are relative to the object.
func NameFormat(meta *metav1.ObjectMeta, metaField, format string) field.ErrorList {
	var fn apimachineryvalidation.ValidateNameFunc
	switch format {
	case "k8s-short-name":
		fn = apimachineryvalidation.NameIsDNSLabel
	case "dns1035label":
		fn = apimachineryvalidation.NameIsDNS1035Label
	default:
		fn = apimachineryvalidation.NameIsDNSSubdomain
	}
	if nameFormatValid(meta.Name, false, format) && nameFormatValid(meta.GenerateName, true, format) {
		return nil // the common case, without regular expressions
	}
	var errs field.ErrorList
	if meta.Name != "" {
		for _, msg := range fn(meta.Name, false) {
			errs = append(errs, At(field.Invalid(nil, meta.Name, msg), metaField+".name", "nameFormat"))
		}
	}
	if meta.GenerateName != "" {
		for _, msg := range fn(meta.GenerateName, true) {
			errs = append(errs, At(field.Invalid(nil, meta.GenerateName, msg), metaField+".generateName", "nameFormat"))
		}
	}
	return errs
}

// SetDuplicates returns the indexes of list items that repeat an earlier item, in O(n) (pairwise
// for lists of up to smallList items, which is faster there). On
// update (old non-nil), a value that was already duplicated in the old list is not reported:
// the duplicate ratchets.
func SetDuplicates[T comparable](list, old []T) []int {
	return KeyDuplicates(list, old, func(x *T) T { return *x })
}

// KeyDuplicates is SetDuplicates for +listType=map lists: items are compared by key.
func KeyDuplicates[T any, K comparable](list, old []T, key func(*T) K) []int {
	if len(list) < 2 {
		return nil
	}
	var dups []int
	if len(list) <= smallList {
		// Few items: comparing each with those before it is cheaper than hashing them all.
		for i := 1; i < len(list); i++ {
			k := key(&list[i])
			for j := 0; j < i; j++ {
				if key(&list[j]) == k {
					dups = append(dups, i)
					break
				}
			}
		}
	} else {
		dups = hashDuplicates(list, key)
	}
	if len(dups) == 0 || len(old) < 2 {
		return dups
	}
	oldCount := make(map[K]int, len(old))
	for i := range old {
		oldCount[key(&old[i])]++
	}
	kept := dups[:0]
	for _, i := range dups {
		if oldCount[key(&list[i])] < 2 {
			kept = append(kept, i)
		}
	}
	return kept
}

// smallList is the length up to which KeyDuplicates compares items pairwise.
const smallList = 8

// hashDuplicates is KeyDuplicates' search of the new list, for long lists, in O(n).
func hashDuplicates[T any, K comparable](list []T, key func(*T) K) []int {
	seen := make(map[K]struct{}, len(list))
	var dups []int
	for i := range list {
		k := key(&list[i])
		if _, ok := seen[k]; ok {
			dups = append(dups, i)
			continue
		}
		seen[k] = struct{}{}
	}
	return dups
}

// NullItems reports the nil items of a list of pointers: JSON nulls, which the API server rejects
// where the items' schema has a type (typ) and is neither nullable nor defaulted, as TypeInvalid
// at the item. Errors are relative to the list; nothing is allocated when there is none.
func NullItems[L ~[]*T, T any](list L, typ string) field.ErrorList {
	return nullItems(len(list), func(i int) bool { return list[i] == nil }, typ)
}

// NullMapItems is NullItems for a list of maps, whose nil items are null in JSON too.
func NullMapItems[L ~[]M, M ~map[K]V, K comparable, V any](list L, typ string) field.ErrorList {
	return nullItems(len(list), func(i int) bool { return list[i] == nil }, typ)
}

// NullSliceItems is NullItems for a list of slices ([]byte included), whose nil items are null in
// JSON too.
func NullSliceItems[L ~[]S, S ~[]E, E any](list L, typ string) field.ErrorList {
	return nullItems(len(list), func(i int) bool { return list[i] == nil }, typ)
}

// nullItems reports the n items of a list for which isNil holds: null in JSON, which the API server
// rejects as not of the item schema's type.
func nullItems(n int, isNil func(int) bool, typ string) field.ErrorList {
	var errs field.ErrorList
	for i := 0; i < n; i++ {
		if isNil(i) {
			errs = append(errs, At(field.TypeInvalid(nil, nil, "must be of type "+typ), "["+strconv.Itoa(i)+"]", ""))
		}
	}
	return errs
}

// PtrKeyDuplicates is KeyDuplicates for a list of pointers: nil items are skipped (upstream's
// validate.PtrSliceNoNils reports them).
func PtrKeyDuplicates[T any, K comparable](list, old []*T, key func(*T) K) []int {
	if len(list) < 2 {
		return nil
	}
	seen := make(map[K]struct{}, len(list))
	var dups []int
	for i, x := range list {
		if x == nil {
			continue
		}
		k := key(x)
		if _, ok := seen[k]; ok {
			dups = append(dups, i)
			continue
		}
		seen[k] = struct{}{}
	}
	if len(dups) == 0 || len(old) < 2 {
		return dups
	}
	oldCount := make(map[K]int, len(old))
	for _, x := range old {
		if x != nil {
			oldCount[key(x)]++
		}
	}
	kept := dups[:0]
	for _, i := range dups {
		if oldCount[key(list[i])] < 2 {
			kept = append(kept, i)
		}
	}
	return kept
}

// PtrMapKeyDuplicates is PtrKeyDuplicates for a +listType=map list as the API server checks it: a
// nil item (null) has no keys, so nil items are duplicates of one another and, where zeroAbsent
// (every key of a zero item is absent from its JSON: a nil pointer or an omitted zero value), of an
// item whose keys are all absent, which key reads as the zero item's key. It is KeyDuplicates over
// those keys.
func PtrMapKeyDuplicates[T any, K comparable](list, old []*T, key func(*T) K, zeroAbsent bool) []int {
	type nk struct {
		k    K
		null bool
	}
	return KeyDuplicates(list, old, func(p **T) nk {
		switch x := *p; {
		case x != nil:
			return nk{k: key(x)}
		case zeroAbsent:
			var zero T
			return nk{k: key(&zero)}
		}
		return nk{null: true}
	})
}

// PtrKeyValue is the bad value of a duplicate item of a list of pointers: its key (value reads
// it), or for a nil item an empty object, as the API server reports a null item's duplicate.
func PtrKeyValue[T any, V any](x *T, value func(*T) V) any {
	if x == nil {
		return map[string]any{}
	}
	return value(x)
}

// EqualDuplicates is SetDuplicates for items that Go's == does not compare by value (structs
// holding slices, maps or pointers): items are compared with eq, in O(n²), as apimachinery's
// validate.ValSliceUnique compares them.
func EqualDuplicates[T any](list, old []T, eq func(a, b *T) bool) []int {
	return equalDuplicates(len(list), len(old), func(i, j int) bool { return eq(&list[i], &list[j]) },
		func(i, j int) bool { return eq(&list[i], &old[j]) }, func(int) bool { return true }, func(int) bool { return true })
}

// PtrEqualDuplicates is EqualDuplicates for a list of pointers: nil items are skipped.
func PtrEqualDuplicates[T any](list, old []*T, eq func(a, b *T) bool) []int {
	return equalDuplicates(len(list), len(old), func(i, j int) bool { return eq(list[i], list[j]) },
		func(i, j int) bool { return eq(list[i], old[j]) }, func(i int) bool { return list[i] != nil }, func(j int) bool { return old[j] != nil })
}

// equalDuplicates finds the items (of n) equal to an earlier one; on update, an item the old list
// (of m) already held twice is not reported.
func equalDuplicates(n, m int, same, sameOld func(i, j int) bool, ok, okOld func(int) bool) []int {
	var dups []int
	for i := 0; i < n; i++ {
		if !ok(i) {
			continue
		}
		for j := 0; j < i; j++ {
			if ok(j) && same(j, i) {
				dups = append(dups, i)
				break
			}
		}
	}
	if len(dups) == 0 || m < 2 {
		return dups
	}
	kept := dups[:0]
	for _, i := range dups {
		count := 0
		for j := 0; j < m && count < 2; j++ {
			if okOld(j) && sameOld(i, j) {
				count++
			}
		}
		if count < 2 {
			kept = append(kept, i)
		}
	}
	return kept
}

// IndexByKey maps the keys of a +listType=map list to their first index, to correlate new items
// with old ones in O(n). It returns nil for an empty list.
func IndexByKey[T any, K comparable](list []T, key func(*T) K) map[K]int {
	if len(list) == 0 {
		return nil
	}
	m := make(map[K]int, len(list))
	for i := range list {
		k := key(&list[i])
		if _, ok := m[k]; !ok {
			m[k] = i
		}
	}
	return m
}

// PtrIndexByKey is IndexByKey for a list of pointers: nil items are skipped.
func PtrIndexByKey[T any, K comparable](list []*T, key func(*T) K) map[K]int {
	if len(list) == 0 {
		return nil
	}
	m := make(map[K]int, len(list))
	for i, x := range list {
		if x == nil {
			continue
		}
		k := key(x)
		if _, ok := m[k]; !ok {
			m[k] = i
		}
	}
	return m
}

// IndexByPresentKey is IndexByKey for lists whose items can lack a key in JSON (a nil pointer or
// an omitted zero value): such items have no key, so no new item correlates with them, as the
// API server correlates list-map items. (IndexByKey keeps its own loop: calling this one from it
// makes the map escape to the heap, which TestValidBucketDoesNotAllocate catches.)
func IndexByPresentKey[T any, K comparable](list []T, key func(*T) K, present func(*T) bool) map[K]int {
	if len(list) == 0 {
		return nil
	}
	m := make(map[K]int, len(list))
	for i := range list {
		if !present(&list[i]) {
			continue
		}
		k := key(&list[i])
		if _, ok := m[k]; !ok {
			m[k] = i
		}
	}
	return m
}

// Correlatable reports whether the API server correlates every item of a +listType=map list
// with an equal old item, given that the old list equals the list item by item: it does unless
// an item lacks a key in JSON (present reports whether it has them all; nil when keys are never
// omitted), or repeats an earlier item's keys without equaling that item, which is then its old
// item. Small lists are scanned without allocating.
func Correlatable[T any, K comparable](list []T, key func(*T) K, present func(*T) bool, equal func(a, b *T) bool) bool {
	if present != nil {
		for i := range list {
			if !present(&list[i]) {
				return false
			}
		}
	}
	if len(list) < 2 {
		return true
	}
	if len(list) <= 16 {
		for j := 1; j < len(list); j++ {
			kj := key(&list[j])
			for i := 0; i < j; i++ {
				if key(&list[i]) == kj {
					if !equal(&list[i], &list[j]) {
						return false
					}
					break
				}
			}
		}
		return true
	}
	first := make(map[K]int, len(list))
	for j := range list {
		k := key(&list[j])
		if i, ok := first[k]; ok {
			if !equal(&list[i], &list[j]) {
				return false
			}
			continue
		}
		first[k] = j
	}
	return true
}

// PtrCorrelatable is Correlatable for a +listType=map list of pointers: a nil item (null in JSON)
// has no keys, so the API server correlates it with no old item.
func PtrCorrelatable[T any, K comparable](list []*T, key func(*T) K, present func(*T) bool, equal func(a, b *T) bool) bool {
	for _, x := range list {
		if x == nil || present != nil && !present(x) {
			return false
		}
	}
	if len(list) < 2 {
		return true
	}
	if len(list) <= 16 {
		for j := 1; j < len(list); j++ {
			kj := key(list[j])
			for i := 0; i < j; i++ {
				if key(list[i]) == kj {
					if !equal(list[i], list[j]) {
						return false
					}
					break
				}
			}
		}
		return true
	}
	first := make(map[K]int, len(list))
	for j, x := range list {
		k := key(x)
		if i, ok := first[k]; ok {
			if !equal(list[i], x) {
				return false
			}
			continue
		}
		first[k] = j
	}
	return true
}

// PtrIndexByPresentKey is IndexByPresentKey for a list of pointers: nil items and items without
// their keys are no old items.
func PtrIndexByPresentKey[T any, K comparable](list []*T, key func(*T) K, present func(*T) bool) map[K]int {
	if len(list) == 0 {
		return nil
	}
	m := make(map[K]int, len(list))
	for i, x := range list {
		if x == nil || !present(x) {
			continue
		}
		k := key(x)
		if _, ok := m[k]; !ok {
			m[k] = i
		}
	}
	return m
}

// SortByField orders errors from a map walk by field, so output does not depend on map order.
func SortByField(errs field.ErrorList) field.ErrorList {
	if len(errs) > 1 {
		sort.SliceStable(errs, func(i, j int) bool { return errs[i].Field < errs[j].Field })
	}
	return errs
}

// Old passes an old value to CEL: a nil pointer becomes a nil interface (no old value).
func Old[T any](p *T) any {
	if p == nil {
		return nil
	}
	return p
}

// Deref returns the list p points to, or nil.
func Deref[S ~[]E, E any](p *S) S {
	if p == nil {
		return nil
	}
	return *p
}

// Value returns *p, or the zero value for a nil p (a list-map key that is not set).
func Value[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// PtrKey is a list-map key field that is a pointer, as upstream's validators compare it: a nil key
// is a key of its own, not the same as a pointer to the zero value.
type PtrKey[T comparable] struct {
	Set   bool
	Value T
}

// PtrKeyOf reads a pointer key field.
func PtrKeyOf[T comparable](p *T) PtrKey[T] {
	if p == nil {
		return PtrKey[T]{}
	}
	return PtrKey[T]{Set: true, Value: *p}
}

// nameFormatValid recognizes valid names (and generateName prefixes, masked as apimachinery
// masks them) for the two common formats; it is false when in doubt.
func nameFormatValid(name string, prefix bool, format string) bool {
	if name == "" {
		return true
	}
	if prefix && len(name) > 1 && strings.HasSuffix(name, "-") {
		name = name[:len(name)-2] + "a" // apimachinery's maskTrailingDash
	}
	switch format {
	case "k8s-short-name":
		return isDNS1123Label(name)
	case "k8s-long-name":
		return isDNS1123Subdomain(name, false)
	}
	return false
}

// RatchetOld returns the old list for duplicate ratcheting: nil unless ratchet is set.
func RatchetOld[S ~[]E, E any](ratchet bool, p *S) S {
	if !ratchet || p == nil {
		return nil
	}
	return *p
}

// IsMultipleOf reports whether v is a multiple of f exactly as the API server's OpenAPI validation
// (kube-openapi's MultipleOf) decides it for numbers: v/f (or 1/f*v for f < 1) must be an integer
// within JSON float precision, so 1.5 is a multiple of 0.3.
func IsMultipleOf(v, f float64) bool {
	m := v / f
	if f < 1 {
		m = 1 / f * v
	}
	return conv.IsFloat64AJSONInteger(m)
}

// IsZero reports whether *v is its type's zero value, as encoding/json's omitzero tests a struct
// without an IsZero method (generated code tests comparable structs with ==).
func IsZero[T any](v *T) bool {
	return reflect.ValueOf(v).Elem().IsZero()
}

// CountTrue is how many of bs are true: the number of a union's members that are set.
func CountTrue(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// TooFewProperties is field.TooFew for +minProperties on a map or a struct: the same error type
// and bad value (the number of entries or of set fields), with a detail that counts properties,
// the keyword's unit, where field.TooFew counts items.
func TooFewProperties(actual, min int) *field.Error {
	unit := "properties"
	if min == 1 {
		unit = "property"
	}
	return &field.Error{Type: field.ErrorTypeTooFew, BadValue: actual, Detail: "must have at least " + strconv.Itoa(min) + " " + unit}
}
