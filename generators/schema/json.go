package schema

import (
	"bytes"
	"encoding/json"
)

// SortedJSON marshals v as indented JSON with every object's keys sorted, whatever v's own marshalers do, by
// decoding it into plain maps first (numbers kept as written).
func SortedJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	first := json.NewEncoder(&buf)
	first.SetEscapeHTML(false)
	if err := first.Encode(v); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(&buf)
	dec.UseNumber()
	var plain any
	if err := dec.Decode(&plain); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // CEL rules are full of < and &&; keep them readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(plain); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
