package generators_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// readers are the calls through which code reads the file system or the environment.
var readers = map[string][]string{
	"os":            {"ReadFile", "Open", "OpenFile", "ReadDir", "Stat", "Lstat", "DirFS", "Getenv", "LookupEnv", "Environ"},
	"io/ioutil":     {"ReadFile", "ReadDir"},
	"path/filepath": {"Walk", "WalkDir", "Glob"},
	"io/fs":         {"ReadFile", "ReadDir", "WalkDir", "Glob", "Stat"},
}

// inputsOutsideTheLoader are the project packages that may read files or the environment during
// a run, and how the result cache (generators/cache) knows what they read: a file read during a run
// that the cache does not know would make a cached result stale when that file changes.
var inputsOutsideTheLoader = map[string]string{
	"generators/loader": "the packages' sources and export data: the cache's manifest (loader.Program.SourceDigest, Packages)",
	"generators/output": "the outputs on disk, when writing or verifying: after the cache, never an input of a result",
	"generators/cache":  "the cache itself, and the files it keys results by",
	"generators/cache/lookup": "the cache itself, go env and the files it keys results by (flect's, the manifest's): " +
		"the half of generators/cache that a hit needs",
	"internal/gohead": "the headers of a module's Go files, for the loader's search for output packages: the manifest's " +
		"outputs digests (and lookup.HeaderDigest) cover them",
	"cmd/validation-gen/internal/fastpath": "the cache's and the profiler's settings, to answer a hit before the pipeline starts",
	"internal/fspath":                      "nothing of its own: path/filepath's walk, for gohead, output and the cache's lookup",
	"cmd/validation-gen":                   "the header file (Config.Header, in the key), the cache's and the profiler's settings",
	"internal/gogenerate":                  "go:generate directives, to know go generate's other runs: never an input of a result",
	"review/lint":                          "exceptions files: generators.otherInputs lists them for the cache",
	"generators": "the go.mod and go.work above a run's directory, GOFLAGS and GOWORK, for the k8s.io/apimachinery " +
		"version the module builds with (runtimeversion.go): the cache keys results by local modules' go.mod and go.work and by go env",
	"manifest": "validate's manifests, CRDs and OpenAPI documents: a command of its own, never part of a generation run",
}

// TestFileReadsKnownToCache finds every call that reads the file system or the environment in the
// project packages the generator links, and requires each package that makes one to be listed in
// inputsOutsideTheLoader, which says how the result cache knows what it reads. Adding such a read
// elsewhere fails here: tell the cache (generators.otherInputs, cache.Inputs.Files) and list it.
func TestFileReadsKnownToCache(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{.Dir}} {{join .GoFiles \",\"}}", module+"cmd/validation-gen").Output()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		rel, ok := strings.CutPrefix(f[0], module)
		if !ok || len(f) < 3 {
			continue
		}
		for _, name := range strings.Split(f[2], ",") {
			for _, call := range fileReads(t, filepath.Join(f[1], name)) {
				found[rel] = append(found[rel], name+": "+call)
			}
		}
	}
	var pkgs []string
	for p := range found {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		if _, ok := inputsOutsideTheLoader[p]; !ok {
			t.Errorf("%s reads files or the environment (%s), and the result cache does not know what: "+
				"list those inputs for it (generators.otherInputs) and the package in inputsOutsideTheLoader", p, strings.Join(found[p], "; "))
		}
	}
	if len(found) == 0 {
		t.Fatal("found no reads at all: the scan is broken")
	}
}

// fileReads returns the calls in a Go file to the functions of readers.
func fileReads(t *testing.T, path string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{} // local name -> import path
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if _, ok := readers[p]; !ok {
			continue
		}
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = p
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok || names[id.Name] == "" {
			return true
		}
		for _, fn := range readers[names[id.Name]] {
			if sel.Sel.Name == fn {
				out = append(out, id.Name+"."+fn)
			}
		}
		return true
	})
	return out
}
