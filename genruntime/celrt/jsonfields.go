package celrt

import (
	"reflect"
	"slices"
	"strings"
)

// The fields of a struct as encoding/json writes them, for values.go.

// jsonField is one field of a struct as encoding/json writes it.
type jsonField struct {
	name      string
	index     []int // through embedded structs (and pointers to them)
	omitEmpty bool
	omitZero  bool
	asString  bool
	typ       reflect.Type
}

type jsonFieldSet struct {
	byName map[string]*jsonField
}

var fieldCache = newTypeCache[*jsonFieldSet]()

func jsonFieldsOf(t reflect.Type) *jsonFieldSet {
	return fieldCache.get(t, func() *jsonFieldSet { return buildJSONFields(t) })
}

// value is the field's value in the struct v, false when encoding/json leaves it out: behind a nil
// embedded pointer, or empty (omitempty) or zero (omitzero).
func (f *jsonField) value(v reflect.Value) (reflect.Value, bool) {
	for i, x := range f.index {
		if i > 0 {
			for v.Kind() == reflect.Pointer {
				if v.IsNil() {
					return reflect.Value{}, false
				}
				v = v.Elem()
			}
		}
		v = v.Field(x)
	}
	if f.omitEmpty && isEmptyValue(v) || f.omitZero && isZeroValue(v) {
		return reflect.Value{}, false
	}
	return v, true
}

// isEmptyValue is encoding/json's omitempty test.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

type isZeroer interface{ IsZero() bool }

var isZeroerType = reflect.TypeFor[isZeroer]()

// isZeroValue is encoding/json's omitzero test: the type's IsZero method, or the zero value.
func isZeroValue(v reflect.Value) bool {
	t := v.Type()
	switch {
	case t.Implements(isZeroerType):
		if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
			return true
		}
		return v.Interface().(isZeroer).IsZero()
	case v.CanAddr() && reflect.PointerTo(t).Implements(isZeroerType):
		return v.Addr().Interface().(isZeroer).IsZero()
	}
	return v.IsZero()
}

// buildJSONFields lists the fields encoding/json writes for struct type t, with its rules for
// embedded structs: their fields are promoted; of several fields with one name, the shallowest
// wins, then the one with a json tag, and when that leaves more than one, none is written.
func buildJSONFields(t reflect.Type) *jsonFieldSet {
	type candidate struct {
		f      jsonField
		tagged bool
	}
	var all []candidate
	type level struct {
		t     reflect.Type
		index []int
	}
	current := []level{{t: t}}
	visited := map[reflect.Type]bool{}
	for len(current) > 0 {
		var next []level
		var found []candidate
		for _, lv := range current {
			if visited[lv.t] {
				continue
			}
			visited[lv.t] = true
			for i := 0; i < lv.t.NumField(); i++ {
				sf := lv.t.Field(i)
				ft := sf.Type
				if sf.Anonymous {
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := cutComma(tag)
				index := append(slices.Clone(lv.index), i)
				if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
					next = append(next, level{t: ft, index: index})
					continue
				}
				tagged := name != ""
				if name == "" {
					name = sf.Name
				}
				f := jsonField{name: name, index: index, typ: sf.Type}
				for opts != "" {
					var o string
					o, opts, _ = cutComma(opts)
					switch o {
					case "omitempty":
						f.omitEmpty = true
					case "omitzero":
						f.omitZero = true
					case "string":
						switch k := derefType(sf.Type).Kind(); {
						case k == reflect.Bool, k == reflect.String, k >= reflect.Int && k <= reflect.Float64:
							f.asString = true
						}
					}
				}
				found = append(found, candidate{f: f, tagged: tagged})
			}
		}
		// Of the names found at this depth, those not already taken by a shallower field.
		byName := map[string][]candidate{}
		for _, c := range found {
			byName[c.f.name] = append(byName[c.f.name], c)
		}
		for name, cs := range byName {
			if slices.ContainsFunc(all, func(c candidate) bool { return c.f.name == name }) {
				continue
			}
			var tagged []candidate
			for _, c := range cs {
				if c.tagged {
					tagged = append(tagged, c)
				}
			}
			switch {
			case len(cs) == 1:
				all = append(all, cs[0])
			case len(tagged) == 1:
				all = append(all, tagged[0])
			default:
				all = append(all, candidate{f: jsonField{name: name}}) // hidden: none is written
			}
		}
		current = next
	}
	set := &jsonFieldSet{byName: map[string]*jsonField{}}
	for i := range all {
		if all[i].f.index != nil {
			set.byName[all[i].f.name] = &all[i].f
		}
	}
	return set
}

func derefType(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return t
}

func cutComma(s string) (before, after string, found bool) {
	if i := strings.IndexByte(s, ','); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}
