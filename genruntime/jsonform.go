package genruntime

import "encoding/json"

// JSONString is the string a value that marshals itself (MarshalJSON, MarshalText) writes, as the
// API server receives it: what a string schema's length and pattern apply to. ok is false when its
// JSON is not a string (the server refuses such a value for its type; that is not this check's to
// report) or cannot be written.
func JSONString(v any) (s string, ok bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", false
	}
	return s, json.Unmarshal(b, &s) == nil
}
