package generators

import (
	"fmt"
	"go/build"
	"io"
	"path/filepath"
	"strings"
)

// checkFileName refuses an output file flag (--output-file, --openapi-output-file) that does not
// name a Go file that every build of each package compiles. The flag names a file in each input
// package, as the flags of upstream's generators (gengo) do: a path would write outside the
// package (../x.go), into a folder that is a package of its own (gen/x.go), or below it (an
// absolute path joined to each package's directory), so any separator is refused. So are names
// the go command skips (a leading '_' or '.', no .go suffix) or compiles only for one platform
// (x_windows.go, x_arm64.go): the generated functions would be missing where they are called.
func checkFileName(flag, name string) error {
	if name == "" {
		return nil // the output is off
	}
	refuse := func(why string) error {
		return fmt.Errorf("--%s %q: %s; it names the file written into each input package, such as zz_generated.go", flag, name, why)
	}
	switch {
	case strings.ContainsAny(name, `/\`) || filepath.IsAbs(name) || filepath.VolumeName(name) != "":
		return refuse("a file name is expected, not a path")
	case name == "." || name == "..":
		return refuse("a file name is expected, not a directory")
	case !strings.HasSuffix(name, ".go"):
		return refuse("the go command compiles only files ending in .go")
	case strings.HasPrefix(name, "_") || strings.HasPrefix(name, "."):
		return refuse("the go command ignores files whose names begin with '_' or '.'")
	}
	if platformOnly(name) {
		return refuse("its _GOOS or _GOARCH suffix makes the go command compile it for that platform only")
	}
	return nil
}

// platformOnly reports whether the go command compiles a file of this name only for some
// platforms, as it reads names (x_linux.go, x_windows_arm64.go).
func platformOnly(name string) bool {
	for _, p := range []struct{ goos, goarch string }{{"linux", "amd64"}, {"windows", "arm64"}, {"darwin", "386"}, {"js", "wasm"}} {
		ctxt := build.Default
		ctxt.GOOS, ctxt.GOARCH = p.goos, p.goarch
		ctxt.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("package p\n")), nil }
		if ok, err := ctxt.MatchFile(".", name); err != nil || !ok {
			return true
		}
	}
	return false
}
