package lookup

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/validation-gen/validation-gen/internal/fspath"
)

// GoEnv is the go command's environment for a directory, as go env reports it: what decides
// which files make a package (GOOS, GOARCH, GOFLAGS' -tags, CGO_ENABLED), which toolchain
// compiles the export data (GOROOT, GOVERSION, GOTOOLCHAIN) and where modules come from
// (GOMODCACHE, GOWORK, GOFLAGS' -mod).
type GoEnv struct {
	Vars map[string]string
	// Digest covers Vars and the sources of the variables Vars leaves out (costlyEnv).
	Digest []byte
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

// ReadGoEnv runs go env -json in dir. go env is the same throughout a module: callers may keep
// its result per directory of the go.mod or go.work that applies (Scope).
func ReadGoEnv(dir string) (GoEnv, error) {
	out, stderr, err := runGo(dir, append([]string{"env", "-json"}, goEnvVars...))
	if err != nil {
		return GoEnv{}, fmt.Errorf("go env: %v: %s", err, strings.TrimSpace(string(stderr)))
	}
	var vars map[string]string
	if err := json.Unmarshal(out, &vars); err != nil {
		return GoEnv{}, fmt.Errorf("go env: %v", err)
	}
	return digestGoEnv(vars)
}

// digestGoEnv returns the GoEnv of go env's output vars, with its digest.
func digestGoEnv(vars map[string]string) (GoEnv, error) {
	env := GoEnv{Vars: vars}
	names := make([]string, 0, len(env.Vars))
	for k := range env.Vars {
		names = append(names, k)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, k := range names {
		fmt.Fprintf(h, "env %s=%q\n", k, env.Vars[k])
	}
	for _, k := range costlyEnv {
		v, ok := os.LookupEnv(k)
		fmt.Fprintf(h, "environ %s=%v,%q\n", k, ok, v)
	}
	for _, f := range []string{env.Vars["GOENV"], fspath.Join(env.Vars["GOROOT"], "go.env")} {
		if f == "" || f == "off" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil && !os.IsNotExist(err) {
			return GoEnv{}, err
		}
		fmt.Fprintf(h, "file %q %d %s\n", f, len(data), data)
	}
	env.Digest = h.Sum(nil)
	return env, nil
}

// runGo runs the go command found on PATH in dir and returns its output. It starts the process
// with package os rather than os/exec, which would have the command's fast path initialised only
// after most of the pipeline's packages (see cmd/validation-gen/internal/fastpath); like os/exec,
// it never runs a go found through a relative PATH entry.
func runGo(dir string, args []string) (stdout, stderr []byte, err error) {
	path, err := lookPath(goName())
	if err != nil {
		return nil, nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, nil, err
	}
	p, err := os.StartProcess(path, append([]string{"go"}, args...), &os.ProcAttr{Dir: dir, Files: []*os.File{nil, outW, errW}})
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return nil, nil, err
	}
	errc := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(errR)
		errR.Close()
		errc <- b
	}()
	stdout, _ = io.ReadAll(outR)
	outR.Close()
	stderr = <-errc
	st, err := p.Wait()
	if err == nil && !st.Success() {
		err = fmt.Errorf("%s", st)
	}
	return stdout, stderr, err
}

// Scope returns the directory whose go.mod or go.work applies to dir (its nearest directory with
// one of them), or dir when there is none.
func Scope(dir string) string {
	for d := dir; ; {
		if exists(fspath.Join(d, "go.mod")) || exists(fspath.Join(d, "go.work")) {
			return d
		}
		parent := fspath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// Fixed reports whether a directory holds files that cannot change without go env or a go.mod
// changing: the module cache (each version's files are fixed, and read-only) and GOROOT (its
// version is GOVERSION).
func (e GoEnv) Fixed(dir string) bool {
	for _, root := range []string{e.Vars["GOMODCACHE"], e.Vars["GOROOT"]} {
		if root != "" && within(dir, root) {
			return true
		}
	}
	return false
}

func within(path, dir string) bool {
	rel, err := fspath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(fspath.Separator))
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
