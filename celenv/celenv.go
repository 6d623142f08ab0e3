// Package celenv is the one constructor of the CEL environment that validation-gen uses, both when
// it compiles rules at generation time and when generated validators run them: the Kubernetes API
// server's own base environment (k8s.io/apiserver/pkg/cel/environment) at a compatibility
// version, so a rule that compiles here is a rule the API server, and the runtime, accepts.
package celenv

import (
	"sort"
	"sync"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/apiserver/pkg/cel/environment"
	basever "k8s.io/component-base/version"
)

// DefaultVersion is the Kubernetes version of the pinned k8s.io/apiserver.
func DefaultVersion() *version.Version {
	return version.MustParse(basever.DefaultKubeBinaryVersion)
}

var (
	mu   sync.Mutex
	sets = map[string]*environment.EnvSet{}
)

// CELVersion is the CEL compatibility version with which an API server of version server compiles
// new expressions: its minimum compatibility version, one minor below its own, so that a rule it
// accepts keeps working after a rollback (k8s.io/apiserver's environment.DefaultCompatibilityVersion).
func CELVersion(server *version.Version) *version.Version {
	if server.Minor() == 0 {
		return version.MajorMinor(server.Major(), 0)
	}
	return version.MajorMinor(server.Major(), server.Minor()-1)
}

// EnvSet returns the API server's base CEL environment set for an API server of version server
// (the --compatibility-version). New expressions are compiled with its NewExpressionsEnv at
// CELVersion(server): functions introduced later are unknown, as they are to that API server.
// Environments are built once per version.
func EnvSet(server *version.Version) *environment.EnvSet {
	v := CELVersion(server)
	key := v.String()
	mu.Lock()
	defer mu.Unlock()
	if s, ok := sets[key]; ok {
		return s
	}
	s := environment.MustBaseEnvSet(version.MajorMinor(v.Major(), v.Minor()))
	sets[key] = s
	return s
}

// Function is one CEL function (or operator) with its overloads, for documentation.
type Function struct {
	Name      string
	Overloads []string
}

// Functions lists the functions a new expression may call on an API server of version v, sorted by
// name.
// Operators and internal helpers (_+_, @in, cel.@mapInsert) are left out.
func Functions(v *version.Version) []Function {
	env := EnvSet(v).NewExpressionsEnv()
	var out []Function
	for name, decl := range env.Functions() {
		if !isIdent(name) {
			continue
		}
		f := Function{Name: name}
		for _, o := range decl.OverloadDecls() {
			f.Overloads = append(f.Overloads, o.ID())
		}
		sort.Strings(f.Overloads)
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// isIdent reports whether name is callable by name (not an operator such as _+_ or @in).
func isIdent(s string) bool {
	if s == "" || s[0] == '_' {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
