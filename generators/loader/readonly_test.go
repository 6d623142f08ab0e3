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

// TestMatchPatternWalk: ... reaches where the go command walks, and nowhere else: not into
// testdata, vendor, directories starting with . or _, or another module.
func TestMatchPatternWalk(t *testing.T) {
	dir := filepath.FromSlash("/m")
	mod := &packages.Module{Path: "example.com/m", Dir: dir}
	nested := &packages.Module{Path: "example.com/m/tools", Dir: filepath.FromSlash("/m/tools")}
	for _, c := range []struct {
		pattern, path string
		module        *packages.Module
		want          bool
	}{
		{"./...", "api/testdata/x", mod, false},
		{"./api/...", "api/vendor/x", mod, false},
		{"./...", "_old/x", mod, false},
		{"./...", ".hidden/x", mod, false},
		{"./...", "api/v1", mod, true},
		{"./testdata/...", "testdata/x", mod, true}, // below the pattern's root only
		{"./testdata/x", "testdata/x", mod, true},
		{"./...", "tools/gen", nested, false},
		{"./tools/...", "tools/gen", nested, true},
		{"example.com/m/...", "api/testdata/x", mod, false},
		{"example.com/m/...", "api/v1", mod, true},
		{"example.com/m/testdata/...", "testdata/x", mod, true},
	} {
		pkg := &packages.Package{PkgPath: "example.com/m/" + c.path, Module: c.module,
			GoFiles: []string{filepath.Join(dir, filepath.FromSlash(c.path), "types.go")}}
		if got := matchPattern(dir, c.pattern, pkg); got != c.want {
			t.Errorf("matchPattern(%q, %s) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}
