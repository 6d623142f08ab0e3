package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// goEnv is the go command's environment for a directory, as go env reports it: what decides
// which files make a package (GOOS, GOARCH, GOFLAGS' -tags, CGO_ENABLED), which toolchain
// compiles the export data (GOROOT, GOVERSION, GOTOOLCHAIN) and where modules come from
// (GOMODCACHE, GOWORK, GOFLAGS' -mod).
type goEnv struct {
	vars   map[string]string
	digest []byte
}

// goEnvVars are the go env variables a key covers: every one go env -json lists (those of any
// GOARCH) but the costly ones (costlyEnv), whose values go env computes by running the C compiler
// (gcc -###, a process per run that was a tenth of a result-cache hit's time).
var goEnvVars = []string{
	"AR", "CC", "CGO_ENABLED", "CXX", "GCCGO", "GO111MODULE", "GOARCH", "GOAUTH", "GOBIN", "GOCACHE",
	"GOCACHEPROG", "GODEBUG", "GOENV", "GOEXE", "GOEXPERIMENT", "GOFIPS140", "GOFLAGS", "GOHOSTARCH",
	"GOHOSTOS", "GOINSECURE", "GOMOD", "GOMODCACHE", "GONOPROXY", "GONOSUMDB", "GOOS", "GOPATH",
	"GOPRIVATE", "GOPROXY", "GOROOT", "GOSUMDB", "GOTELEMETRY", "GOTELEMETRYDIR", "GOTMPDIR",
	"GOTOOLCHAIN", "GOTOOLDIR", "GOVCS", "GOVERSION", "GOWORK",
	"GO386", "GOAMD64", "GOARM", "GOARM64", "GOMIPS", "GOMIPS64", "GOPPC64", "GORISCV64", "GOWASM",
}

// costlyEnv are the go env variables left out of goEnvVars. The go command takes each from the
// environment, else the go env file (GOENV), else $GOROOT/go.env, else a default that depends on
// the toolchain only (GOVERSION): the key covers those sources instead of the values.
// GOGCCFLAGS, which holds a temporary directory, is not even that.
var costlyEnv = []string{"CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CGO_FFLAGS", "CGO_LDFLAGS", "PKG_CONFIG"}

// goEnv runs go env -json in dir, once per go.mod or go.work that applies to dir (its nearest
// directory with one of them: go env is the same throughout a module).
func (c *Cache) goEnv(dir string) (goEnv, error) {
	scope := dir
	for d := dir; ; {
		if exists(filepath.Join(d, "go.mod")) || exists(filepath.Join(d, "go.work")) {
			scope = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	c.mu.Lock()
	env, ok := c.envs[scope]
	c.mu.Unlock()
	if ok {
		return env, nil
	}
	cmd := exec.Command("go", append([]string{"env", "-json"}, goEnvVars...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return goEnv{}, fmt.Errorf("go env: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	if err := json.Unmarshal(out, &env.vars); err != nil {
		return goEnv{}, fmt.Errorf("go env: %v", err)
	}
	names := make([]string, 0, len(env.vars))
	for k := range env.vars {
		names = append(names, k)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, k := range names {
		fmt.Fprintf(h, "env %s=%q\n", k, env.vars[k])
	}
	for _, k := range costlyEnv {
		v, ok := os.LookupEnv(k)
		fmt.Fprintf(h, "environ %s=%v,%q\n", k, ok, v)
	}
	for _, f := range []string{env.vars["GOENV"], filepath.Join(env.vars["GOROOT"], "go.env")} {
		if f == "" || f == "off" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil && !os.IsNotExist(err) {
			return goEnv{}, err
		}
		fmt.Fprintf(h, "file %q %d %s\n", f, len(data), data)
	}
	env.digest = h.Sum(nil)
	c.mu.Lock()
	c.envs[scope] = env
	c.mu.Unlock()
	return env, nil
}

// fixed reports whether a directory holds files that cannot change without go env or a go.mod
// changing: the module cache (each version's files are fixed, and read-only) and GOROOT (its
// version is GOVERSION).
func (e goEnv) fixed(dir string) bool {
	for _, root := range []string{e.vars["GOMODCACHE"], e.vars["GOROOT"]} {
		if root != "" && within(dir, root) {
			return true
		}
	}
	return false
}

func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
