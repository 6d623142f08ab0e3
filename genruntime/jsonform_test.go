package genruntime

import (
	"encoding/json"
	"testing"
)

// rawJSON writes its bytes as they are, as apiextensionsv1.JSON does.
type rawJSON []byte

func (r rawJSON) MarshalJSON() ([]byte, error) { return r, nil }

// TestFreeFormCorrelates: only an object with fields escapes the API server's correlation.
func TestFreeFormCorrelates(t *testing.T) {
	for in, want := range map[string]bool{
		`null`: true, `"x"`: true, `1`: true, `[{"a":1}]`: true, `{}`: true, " { \n\t} ": true,
		`{"a":1}`: false, ` {"a":{}}`: false,
	} {
		if got := FreeFormCorrelates(rawJSON(in)); got != want {
			t.Errorf("FreeFormCorrelates(%s) = %v, want %v", in, got, want)
		}
	}
	var m any = map[string]any{"a": 1}
	if FreeFormCorrelates(&m) {
		t.Error("an interface{} holding a map with a key correlates")
	}
	if !FreeFormCorrelates(json.RawMessage(`{`)) {
		t.Error("a value that cannot be written does not correlate")
	}
}
