package generators

import (
	"fmt"
	"strings"
	"testing"
)

func TestCheckFileName(t *testing.T) {
	for _, tc := range []struct{ name, err string }{
		{"", ""},
		{"zz_generated.openapi.go", ""},
		{"zz_generated.validations_test.go", ""},
		{"zz_generated_v1.go", ""},
		{"../zz.go", "a file name is expected, not a path"},
		{"gen/x.go", "a file name is expected, not a path"},
		{`gen\x.go`, "a file name is expected, not a path"},
		{"/tmp/x.go", "a file name is expected, not a path"},
		{"..", "a file name is expected, not a directory"},
		{".", "a file name is expected, not a directory"},
		{"zz_generated.openapi", "the go command compiles only files ending in .go"},
		{"_zz.go", "the go command ignores files whose names begin with '_' or '.'"},
		{".zz.go", "the go command ignores files whose names begin with '_' or '.'"},
		{"zz_linux.go", "its _GOOS or _GOARCH suffix makes the go command compile it for that platform only"},
		{"zz_windows_arm64_test.go", "its _GOOS or _GOARCH suffix makes the go command compile it for that platform only"},
		{"zz_wasm.go", "its _GOOS or _GOARCH suffix makes the go command compile it for that platform only"},
	} {
		err := checkFileName("output-file", tc.name)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), fmt.Sprintf("--output-file %q: %s; ", tc.name, tc.err))):
			t.Errorf("%q: got %v, want %s", tc.name, err, tc.err)
		}
	}
}
