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

// volatileEnv are go env variables whose value changes from one go env to the next without
// changing anything the generator reads (a temporary directory in the C compiler's flags).
var volatileEnv = map[string]bool{"GOGCCFLAGS": true}

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
	cmd := exec.Command("go", "env", "-json")
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
		if !volatileEnv[k] {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	h := sha256.New()
	for _, k := range names {
		fmt.Fprintf(h, "env %s=%q\n", k, env.vars[k])
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
