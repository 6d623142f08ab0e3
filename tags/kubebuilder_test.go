package tags

import (
	"reflect"
	"testing"
)

func TestAnyValue(t *testing.T) {
	in := []map[string]any{{"path": map[string]any{"type": "PathPrefix", "value": "/"}, "n": 3}}
	want := []any{map[string]any{"path": map[string]any{"type": "PathPrefix", "value": "/"}, "n": int64(3)}}
	if got := anyValue(in); !reflect.DeepEqual(got, want) {
		t.Errorf("anyValue(%#v) = %#v, want %#v", in, got, want)
	}
}
