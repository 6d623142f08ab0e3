package generators

import (
	"bytes"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"

	"github.com/validation-gen/validation-gen/generators/validators"
	"github.com/validation-gen/validation-gen/model"
)

// apimachinery is the module whose version decides whether the generated validators build: they
// and the runtime they call (genruntime, genruntime/celnative) use its api/operation,
// api/validate and util/validation/field as they are in validators.MinAPIMachinery and later.
const apimachinery = "k8s.io/apimachinery"

// checkRuntimeVersion reports, at the first type that gets validators, a module whose
// k8s.io/apimachinery is older than the generated validators need: the file written would not
// build there, and the go get that makes it build raises k8s.io/apimachinery, and with it every
// k8s.io module that must stay at the same minor (k8s.io/api, k8s.io/client-go, the
// controller-runtime that matches them). A controller-gen project on an older Kubernetes asks for
// CRDs only; --output-file "" gives it those and leaves its go.mod alone. A version that cannot be
// told (no module, a replacement by a directory, as Kubernetes' own tree has, apimachinery as the
// main module) is not reported.
//
// It warns, there too, about a module that does not require the modules the validators import
// (this generator's, for genruntime, and k8s.io/apimachinery), as a generator run with go run or
// from another module's tools leaves it: go build would stop at "no required module provides
// package", without saying which go get is missing. go get (or go mod tidy) mends it, and the
// file is right as written, so it is a warning.
func checkRuntimeVersion(dir string, typesPkg *model.Package, opts model.Options, outputFile string) model.Diagnostics {
	mods := moduleStates(dir, apimachinery, ownModule)
	pos := token.Position{Filename: typesPkg.Dir}
	if tagged := validators.Tagged(typesPkg, opts); len(tagged) > 0 {
		pos = tagged[0].Pos
	} else if len(typesPkg.Definitions) > 0 {
		pos = typesPkg.Definitions[0].Pos
	}
	var diags model.Diagnostics
	var missing []string
	for _, m := range []string{ownModule, apimachinery} {
		if mods[m].missing {
			missing = append(missing, m)
		}
	}
	if len(missing) > 0 {
		own := ownVersion()
		var get []string
		for _, m := range missing {
			switch {
			case m == apimachinery:
				get = append(get, m+"@"+validators.MinAPIMachinery)
			case own != "":
				get = append(get, m+"@"+own)
			}
		}
		hint := "run go get " + strings.Join(get, " ")
		if own == "" && missing[0] == ownModule { // a build of this generator that go get cannot fetch
			hint = "require it as docs/getting-started/own-module.md does: go mod edit -require " + ownModule + "@v0.0.0 -replace " +
				ownModule + "=<the generator's source directory>"
			if len(get) > 0 {
				hint += ", and go get " + strings.Join(get, " ")
			}
			hint += ", then go mod tidy"
		}
		diags.Warn(pos, "", missingModuleMsg, outputFile, strings.Join(missing, " and "), hint)
	}
	have := mods[apimachinery].version
	if have == "" || !semver.IsValid(have) || semver.Compare(have, validators.MinAPIMachinery) >= 0 {
		return diags
	}
	diags.Add(pos, "", runtimeVersionMsg, outputFile, have, validators.MinAPIMachinery)
	return diags
}

// ownModule is this generator's module, which holds the runtime (genruntime) that generated
// validators import.
const ownModule = "github.com/validation-gen/validation-gen"

// ownVersion is the version of this generator's module as built, when it is one that go get can
// fetch (a tagged release), or "".
func ownVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Path != ownModule {
		return ""
	}
	v := bi.Main.Version
	if !semver.IsValid(v) || semver.Build(v) != "" || module.IsPseudoVersion(v) {
		return ""
	}
	return v
}

const missingModuleMsg = "the generated validators (%[1]s) import %[2]s, which this module does not require: go build would " +
	"stop at \"no required module provides package\"; %[3]s"

const runtimeVersionMsg = "the generated validators (%[1]s) need k8s.io/apimachinery %[3]s or later, and this module builds " +
	"with %[2]s: they would not build here. To write only CRDs and OpenAPI, as controller-gen does, and leave go.mod " +
	"as it is, pass --output-file \"\"; to keep the validators, first raise k8s.io/apimachinery to %[3]s or later, " +
	"with k8s.io/api, k8s.io/client-go and the controller-runtime of that Kubernetes version " +
	"(see docs/getting-started/from-controller-gen.md#your-modules-dependencies)"

// moduleVersion is the version of module path in the build list of the module at dir, as the go
// command selects it, or "" when it cannot be told: no module there, the module not in its graph,
// a replacement by a directory or by another module, or the go command failing.
func moduleVersion(dir, path string) string {
	return moduleStates(dir, path)[path].version
}

// moduleState is what the go command says of a module in the build list of the module at a
// directory: its version (as moduleVersion) and whether it is missing from that build list.
// Neither is known when the go command fails (no module there).
type moduleState struct {
	version string
	missing bool
}

// moduleStates asks the go command, once, about the modules paths in the build list of the
// module at dir.
func moduleStates(dir string, paths ...string) map[string]moduleState {
	// One process may run many times over the packages of one module (tests, go generate's
	// batches): the answer is kept for as long as the go.mod and go.work that decide it, and the
	// environment, are the same.
	key := strings.Join(paths, " ") + "\x00" + os.Getenv("GOFLAGS") + "\x00" + os.Getenv("GOWORK")
	for _, name := range []string{"go.mod", "go.work"} {
		if f := findUp(dir, name); f != "" {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil
			}
			key += "\x00" + f + "\x00" + string(data)
		}
	}
	if v, ok := versions.Load(key); ok {
		return v.(map[string]moduleState)
	}
	v := listModules(dir, paths)
	versions.Store(key, v)
	return v
}

// versions holds moduleStates' answers, by what decides them.
var versions sync.Map

// findUp returns the file name in dir or its nearest parent that has it, or "".
func findUp(dir, name string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return filepath.Join(dir, name)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// listModules asks the go command (go list -m -e: a module outside the build list is an error of
// its own line, not of the command).
func listModules(dir string, paths []string) map[string]moduleState {
	cmd := exec.Command("go", append([]string{"list", "-m", "-e", "-f", "{{with .Error}}!{{end}}" + listFormat}, paths...)...)
	cmd.Dir = dir
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Run(); err != nil {
		return nil
	}
	states := map[string]moduleState{}
	for _, line := range strings.Split(stdout.String(), "\n") {
		missing := strings.HasPrefix(line, "!")
		line = strings.TrimPrefix(line, "!")
		path, _, _ := strings.Cut(line, "|")
		if !slices.Contains(paths, path) {
			continue
		}
		states[path] = moduleState{version: selectedVersion(path, line), missing: missing}
	}
	return states
}

// listFormat is go list -m's template for selectedVersion.
const listFormat = "{{.Path}}|{{.Version}}|{{.Main}}{{with .Replace}}|{{.Path}}|{{.Version}}{{end}}"

// selectedVersion reads the line go list -m -f listFormat printed for path.
func selectedVersion(path, out string) string {
	f := strings.Split(strings.TrimSpace(out), "|")
	switch {
	case len(f) == 3 && f[0] == path && f[2] == "false":
		return f[1]
	case len(f) == 5 && f[0] == path && f[2] == "false" && f[3] == path:
		return f[4] // replaced by another version of itself; a directory has none
	}
	return ""
}
