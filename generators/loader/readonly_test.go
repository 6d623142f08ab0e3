package loader

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"
)

func TestMatchPattern(t *testing.T) {
	dir := filepath.FromSlash("/m")
	pkg := &packages.Package{PkgPath: "example.com/m/api/v1", GoFiles: []string{filepath.FromSlash("/m/api/v1/types.go")}}
	for pattern, want := range map[string]bool{
		"example.com/m/api/v1":          true,
		"example.com/m/api":             false,
		"example.com/m/api/...":         true,
		"example.com/m/api/v1/...":      true,
		"example.com/m/ap/...":          false,
		"example.com/.../v1":            true,
		"example.com/.../v2":            false,
		"./api/v1":                      true,
		"./api":                         false,
		"./api/...":                     true,
		"./...":                         true,
		"./other/...":                   false,
		filepath.FromSlash("/m/api/v1"): true,
	} {
		if got := matchPattern(dir, pattern, pkg); got != want {
			t.Errorf("matchPattern(%q) = %v, want %v", pattern, got, want)
		}
	}
}
