package celnative

import (
	"encoding/base64"
	"math/rand"
	"testing"

	"github.com/google/cel-go/common/types"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/cel/openapi"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// TestBytes reads []byte values as the API server reads their JSON (standard base64) at a place
// of format byte: the same bytes, or the same error, for every value up to 4 bytes long with the
// bytes that spell '+', '/' and their neighbours, and random longer ones.
func TestBytes(t *testing.T) {
	schema := &openapi.Schema{Schema: &spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}, Format: "byte"}}}
	edge := []byte{0x00, 0x01, 0x3e, 0x3f, 0x40, 0x7f, 0xf8, 0xfb, 0xfc, 0xfe, 0xff}
	var values [][]byte
	var build func(prefix []byte)
	build = func(prefix []byte) {
		values = append(values, append([]byte{}, prefix...))
		if len(prefix) == 4 {
			return
		}
		for _, b := range edge {
			build(append(prefix, b))
		}
	}
	build([]byte{})
	r := rand.New(rand.NewSource(1))
	for range 2000 {
		b := make([]byte, r.Intn(40))
		r.Read(b)
		values = append(values, b)
	}
	errors := 0
	for _, b := range values {
		want := common.UnstructuredToVal(base64.StdEncoding.EncodeToString(b), schema)
		got, err := Bytes(b)
		if wantErr, ok := want.(*types.Err); ok {
			errors++
			if err == nil || err.Error() != wantErr.Error() {
				t.Fatalf("Bytes(%x) = %x, %v; the API server: %v", b, got, err, wantErr)
			}
			continue
		}
		if err != nil || string(got) != string(want.(types.Bytes)) {
			t.Fatalf("Bytes(%x) = %x, %v; the API server: %x", b, got, err, want)
		}
	}
	if errors == 0 || errors == len(values) {
		t.Fatalf("%d of %d values are errors: the test needs both", errors, len(values))
	}
	if _, err := Bytes([]byte(nil)); err != ErrNull {
		t.Errorf("Bytes(nil) = %v, want ErrNull (a null item)", err)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Bytes([]byte("valid bytes, no plus or slash")) }); n != 0 {
		t.Errorf("Bytes allocates %v times on a valid value", n)
	}
}

// TestFormatBytes reads strings of format byte as the API server does.
func TestFormatBytes(t *testing.T) {
	schema := &openapi.Schema{Schema: &spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}, Format: "byte"}}}
	for _, s := range []string{"", "aGk=", "aGk", "/wP4", "_wP4", "-w==", "+w==", "a b", "aGk=aGk=", "YQ==\n", "YQ"} {
		want := common.UnstructuredToVal(s, schema)
		got, err := FormatBytes(s)
		if wantErr, ok := want.(*types.Err); ok {
			if err == nil || err.Error() != wantErr.Error() {
				t.Errorf("FormatBytes(%q) = %x, %v; the API server: %v", s, got, err, wantErr)
			}
			continue
		}
		if err != nil || string(got) != string(want.(types.Bytes)) {
			t.Errorf("FormatBytes(%q) = %x, %v; the API server: %x", s, got, err, want)
		}
	}
}
