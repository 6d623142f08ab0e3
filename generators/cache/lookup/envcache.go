package lookup

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/validation-gen/validation-gen/internal/fspath"
)

// The fast path's go env: a go env -json costs a process of the go command per run, which was a
// fifth of a hit's time. CachedGoEnv keeps its output in the cache directory, keyed by what go env
// reads: the environment (but for the variables go generate sets per directive), the working
// directory, the go.mod and go.work files that apply there (and their absence from the directories
// between), and the go command found on PATH; and it checks, before answering, the files that
// output names as its own inputs: the go env file (GOENV), $GOROOT/go.env, and the C compiler
// (CC) on PATH, whose presence decides CGO_ENABLED's default.

// perDirective are variables that go generate sets for each directive and go env does not read,
// or that shells set for each command; the working directory is part of the key on its own.
var perDirective = []string{"GOFILE", "GOLINE", "GOPACKAGE", "DOLLAR", "PWD", "OLDPWD", "_", "SHLVL"}

// envSnapshot is a stored go env: its output, and the files it depends on with their state.
type envSnapshot struct {
	Vars  map[string]string
	Files map[string]string // path -> fileState
}

// CachedGoEnv returns go env for dir, from the snapshot in the cache directory cacheDir when one
// was taken with the same inputs, else by running go env (ReadGoEnv) and storing a snapshot.
func CachedGoEnv(cacheDir, dir string) (GoEnv, error) {
	key, err := envKey(dir)
	if err != nil {
		return ReadGoEnv(dir)
	}
	path := Path(cacheDir, key, "e")
	if data, err := os.ReadFile(path); err == nil {
		var s envSnapshot
		if json.Unmarshal(data, &s) == nil && s.current() {
			return digestGoEnv(s.Vars)
		}
	}
	start := time.Now()
	env, err := ReadGoEnv(dir)
	if err != nil {
		return env, err
	}
	// Stored only when nothing it depends on may have changed while go env ran.
	s := envSnapshot{Vars: env.Vars, Files: map[string]string{}}
	for _, f := range envFiles(env.Vars) {
		if fi, err := os.Stat(f); err == nil && !fi.ModTime().Before(start.Add(-2*time.Second)) {
			return env, nil
		}
		s.Files[f] = fileState(f)
	}
	if after, err := envKey(dir); err != nil || after != key {
		return env, nil
	}
	if data, err := json.Marshal(s); err == nil {
		_ = Write(path, data)
	}
	return env, nil
}

// current reports whether the files a snapshot depends on are as they were.
func (s envSnapshot) current() bool {
	if len(s.Files) == 0 {
		return false
	}
	for f, st := range s.Files {
		if fileState(f) != st {
			return false
		}
	}
	return true
}

// envKey is the key of go env's snapshot for dir (see CachedGoEnv).
func envKey(dir string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%sgo env\ndir %s\n", Format, dir)
	environ := os.Environ()
	sort.Strings(environ)
	for _, kv := range environ {
		k, _, _ := strings.Cut(kv, "=")
		if !contains(perDirective, k) {
			fmt.Fprintf(h, "environ %q\n", kv)
		}
	}
	gobin, err := lookPath(goName())
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "go %q %s\n", gobin, fileState(gobin))
	// go.mod: the nearest one applies; go.work: the nearest one, whatever the go.mod.
	mod := false
	for d := dir; ; {
		if !mod {
			st := fileState(fspath.Join(d, "go.mod"))
			fmt.Fprintf(h, "go.mod %q %s\n", d, st)
			mod = st != "absent"
		}
		fmt.Fprintf(h, "go.work %q %s\n", d, fileState(fspath.Join(d, "go.work")))
		parent := fspath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// envFiles are the files that a go env output names as its inputs beyond the key's: the go env
// file, the toolchain's go.env, and the C compiler as PATH finds it (or not).
func envFiles(vars map[string]string) []string {
	var out []string
	if f := vars["GOENV"]; f != "" && f != "off" {
		out = append(out, f)
	}
	if root := vars["GOROOT"]; root != "" {
		out = append(out, fspath.Join(root, "go.env"))
	}
	if cc := strings.Fields(vars["CC"]); len(cc) > 0 {
		if fspath.IsAbs(cc[0]) {
			out = append(out, cc[0])
		} else if p, err := lookPath(cc[0]); err == nil {
			out = append(out, p)
		} else {
			out = append(out, "PATH:"+cc[0]) // absent: a C compiler installed later changes CGO_ENABLED
		}
	}
	return out
}

// fileState is a file's content digest, or "absent"; for a program on PATH ("PATH:name") where
// PATH finds it now.
func fileState(path string) string {
	if name, ok := strings.CutPrefix(path, "PATH:"); ok {
		p, err := lookPath(name)
		if err != nil {
			return "absent"
		}
		return "at " + p
	}
	fi, err := os.Stat(path)
	if err != nil {
		return "absent"
	}
	if fi.Size() > 1<<20 { // an executable: its identity, not its bytes
		return fmt.Sprintf("%d %d %v", fi.Size(), fi.ModTime().UnixNano(), fi.Mode())
	}
	d, err := FileDigest(path, time.Time{})
	if err != nil {
		return "unreadable"
	}
	return d
}

func goName() string {
	if runtime.GOOS == "windows" {
		return "go.exe"
	}
	return "go"
}

// lookPath finds a program on PATH as os/exec does, never through a relative PATH entry.
func lookPath(name string) (string, error) {
	if runtime.GOOS == "windows" && !strings.HasSuffix(name, ".exe") {
		name += ".exe"
	}
	for _, d := range fspath.SplitList(os.Getenv("PATH")) {
		if !fspath.IsAbs(d) {
			continue
		}
		p := fspath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && (runtime.GOOS == "windows" || fi.Mode()&0o111 != 0) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found on PATH", name)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
