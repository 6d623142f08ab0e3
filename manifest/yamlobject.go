package manifest

import (
	"encoding/json"
	"math"
	"strings"
	"unicode/utf8"

	yamlv2 "go.yaml.in/yaml/v2"
	kjson "sigs.k8s.io/json"
)

// yamlObject decodes a YAML document straight to the object the server makes of it, for the
// common case, in one parse: the server's YAML serializer parses the document with go-yaml v2
// (YAML 1.1: yes is true, 0x64 is 100, merge keys), converts it to JSON text (sigs.k8s.io/yaml),
// then reads that text three times (its kind, then strictly into an object; validate read it once
// more for the kind to look up). Here go-yaml v2's value is converted as that round trip converts
// it: strings, bools and nulls as they are, integers to int64, floats through their JSON text
// (so 1.0 is the integer 1, as the server reads it).
//
// ok is false wherever the shortcut could differ from the server's path, and the caller takes
// that path: a duplicate key or any other YAML error (the strict conversion's message and the
// positions come from there), a document that is not a mapping, a key that is not a string,
// strings that are not valid UTF-8 (JSON text replaces their bytes), integers beyond int64,
// NaN and infinities (which JSON text cannot hold), or a top-level key that spells "kind" or
// "apiVersion" in other letter cases (which the serializer's kind sniffing, case-insensitive,
// would read).
//
// The plainest documents are read by plainYAML, without go-yaml (yamlfast.go); the others by
// go-yaml v2.
func yamlObject(data []byte) (obj map[string]interface{}, ok bool) {
	obj, ok = plainYAML(data)
	if !ok {
		obj, ok = goYAMLObject(data)
	}
	if !ok {
		return nil, false
	}
	for k := range obj {
		if (strings.EqualFold(k, "kind") && k != "kind") || (strings.EqualFold(k, "apiVersion") && k != "apiVersion") {
			return nil, false
		}
	}
	return obj, true
}

// goYAMLObject is go-yaml v2's value of a document that is a mapping, as the JSON round trip
// makes it.
func goYAMLObject(data []byte) (map[string]interface{}, bool) {
	var y interface{}
	if yamlv2.UnmarshalStrict(data, &y) != nil {
		return nil, false
	}
	top, isMap := y.(map[interface{}]interface{})
	if !isMap {
		return nil, false
	}
	v, ok := jsonValue(top)
	if !ok {
		return nil, false
	}
	return v.(map[string]interface{}), true
}

// jsonValue is go-yaml v2's value v as the JSON round trip makes it (see yamlObject). Maps and
// slices are new, so that a YAML alias gives two independent values, as the JSON text does.
func jsonValue(v interface{}) (interface{}, bool) {
	switch v := v.(type) {
	case nil, bool:
		return v, true
	case string:
		return v, utf8.ValidString(v)
	case int:
		return int64(v), true
	case int64:
		return v, true
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, false
		}
		text, err := json.Marshal(v)
		if err != nil {
			return nil, false
		}
		var n interface{}
		if err := kjson.UnmarshalCaseSensitivePreserveInts(text, &n); err != nil {
			return nil, false
		}
		return n, true
	case []interface{}:
		out := make([]interface{}, len(v))
		for i, e := range v {
			c, ok := jsonValue(e)
			if !ok {
				return nil, false
			}
			out[i] = c
		}
		return out, true
	case map[interface{}]interface{}:
		out := make(map[string]interface{}, len(v))
		for k, e := range v {
			key, isString := k.(string)
			if !isString || !utf8.ValidString(key) {
				return nil, false
			}
			c, ok := jsonValue(e)
			if !ok {
				return nil, false
			}
			out[key] = c
		}
		return out, true
	}
	return nil, false // uint64 beyond int64, and anything else go-yaml gives
}
