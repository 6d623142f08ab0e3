package generators

import (
	"bytes"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

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
func checkRuntimeVersion(dir string, typesPkg *model.Package, opts model.Options, outputFile string) model.Diagnostics {
	have := moduleVersion(dir, apimachinery)
	if have == "" || !semver.IsValid(have) || semver.Compare(have, validators.MinAPIMachinery) >= 0 {
		return nil
	}
	pos := token.Position{Filename: typesPkg.Dir}
	if tagged := validators.Tagged(typesPkg, opts); len(tagged) > 0 {
		pos = tagged[0].Pos
	} else if len(typesPkg.Definitions) > 0 {
		pos = typesPkg.Definitions[0].Pos
	}
	var diags model.Diagnostics
	diags.Add(pos, "", runtimeVersionMsg, outputFile, have, validators.MinAPIMachinery)
	return diags
}

const runtimeVersionMsg = "the generated validators (%[1]s) need k8s.io/apimachinery %[3]s or later, and this module builds " +
	"with %[2]s: they would not build here. To write only CRDs and OpenAPI, as controller-gen does, and leave go.mod " +
	"as it is, pass --output-file \"\"; to keep the validators, first raise k8s.io/apimachinery to %[3]s or later, " +
	"with k8s.io/api, k8s.io/client-go and the controller-runtime of that Kubernetes version " +
	"(see docs/getting-started/from-controller-gen.md#your-modules-dependencies)"

// moduleVersion is the version of module path in the build list of the module at dir, as the go
// command selects it, or "" when it cannot be told: no module there, the module not in its graph,
// a replacement by a directory or by another module, or the go command failing.
func moduleVersion(dir, path string) string {
	// One process may run many times over the packages of one module (tests, go generate's
	// batches): the answer is kept for as long as the go.mod and go.work that decide it, and the
	// environment, are the same.
	key := path + "\x00" + os.Getenv("GOFLAGS") + "\x00" + os.Getenv("GOWORK")
	for _, name := range []string{"go.mod", "go.work"} {
		if f := findUp(dir, name); f != "" {
			data, err := os.ReadFile(f)
			if err != nil {
				return ""
			}
			key += "\x00" + f + "\x00" + string(data)
		}
	}
	if v, ok := versions.Load(key); ok {
		return v.(string)
	}
	v := listVersion(dir, path)
	versions.Store(key, v)
	return v
}

// versions holds moduleVersion's answers, by what decides them.
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

// listVersion asks the go command.
func listVersion(dir, path string) string {
	cmd := exec.Command("go", "list", "-m", "-f", listFormat, path)
	cmd.Dir = dir
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Run(); err != nil {
		return ""
	}
	return selectedVersion(path, stdout.String())
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
