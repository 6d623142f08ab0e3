// Package lookup is the half of the result cache (generators/cache) that a hit needs: where the
// cache lives, the first key's parts that are not the configuration (the generator's build, go
// env), a manifest's check against the files as they are now, and the records of command lines
// (Call) through which the command answers a hit before its pipeline is initialised
// (cmd/validation-gen/internal/fastpath). It imports only the standard library and
// generators/output, which is what lets that fast path start without the ~560 packages the
// pipeline links (layers_test.go keeps it so).
package lookup

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"os"
	"time"

	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/internal/fspath"
	"github.com/validation-gen/validation-gen/internal/gohead"
)

// EnvVar names the cache directory, or turns the cache off ("off").
const EnvVar = "VALIDATION_GEN_CACHE"

// Format changes whenever what the cache stores or how keys are made changes.
const Format = "validation-gen result cache 3\n"

// touchAfter is how stale a used entry's time may be before a hit refreshes it.
const touchAfter = time.Hour

// Dir returns the cache directory that setting (the value of EnvVar) names: a directory, "" for
// the default one (os.UserCacheDir()/validation-gen), or "off" for none ("", nil).
func Dir(setting string) (string, error) {
	if setting == "off" {
		return "", nil
	}
	dir := setting
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no cache directory (%v); set %s to one, or to off", err, EnvVar)
		}
		dir = fspath.Join(base, "validation-gen")
	}
	if !fspath.IsAbs(dir) {
		return "", fmt.Errorf("%s=%s is not an absolute path", EnvVar, setting)
	}
	return dir, nil
}

// Path is the file of an entry of the given kind ("m" manifest, "r" result, "c" call, "u"
// unbatchable) in the cache directory dir.
func Path(dir, id, kind string) string {
	return fspath.Join(dir, id[:2], id+"-"+kind)
}

// Touch marks an entry as used now, at most once per touchAfter (as the go command's cache does).
func Touch(path string) {
	if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > touchAfter {
		now := time.Now()
		_ = os.Chtimes(path, now, now)
	}
}

// KeyID is the first key of a run in dir (absolute) with the given configuration (every setting
// that changes a run's result, encoded by the caller), by the generator build, for the go env
// digest env, and with the digests of the files the process read its plurals from (FlectFiles,
// by their content: a process in another directory without them computes the same plurals).
func KeyID(build, dir string, config, env []byte, flect map[string]string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%sbuild %s\ndir %s\n", Format, build, dir)
	fmt.Fprintf(h, "config %d\n", len(config))
	h.Write(config)
	h.Write(env)
	for i, f := range FlectFiles() {
		fmt.Fprintf(h, "flect %d %s\n", i, flect[f])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// FlectFiles are the files that gobuffalo/flect, which makes the plurals of CRD names (as
// controller-gen does), reads custom plurals and acronyms from when the process starts:
// $INFLECT_PATH, else inflections.json in the working directory, and $ACRONYMS_PATH, else
// acronyms.json there. Their content, or absence, is an input of every run.
func FlectFiles() []string {
	wd, _ := os.Getwd()
	var out []string
	for _, f := range []struct{ env, name string }{{"INFLECT_PATH", "inflections.json"}, {"ACRONYMS_PATH", "acronyms.json"}} {
		path, ok := os.LookupEnv(f.env)
		if !ok {
			path = fspath.Join(wd, f.name)
		}
		out = append(out, path)
	}
	return out
}

// FileDigests returns the digest of each file (FileDigest, "absent" for none).
func FileDigests(paths []string) (map[string]string, error) {
	out := map[string]string{}
	for _, p := range paths {
		d, err := FileDigest(p, time.Time{})
		if err != nil {
			return nil, err
		}
		out[p] = d
	}
	return out, nil
}

// inputTag is the tag of output packages that the loader searches a module for
// (loader.ModuleOutputs), and the marker of its walk.
const inputTag = "k8s:validation-gen-input"

// HeaderDigest is a digest of the headers of the Go files in the module at root that can carry
// +k8s:validation-gen-input (gohead.Walk): the text above the package clause of each file whose
// text there names the tag. It stands for the loader's search for output packages
// (loader.ModuleOutputs, generators/cache's outputs digest), which needs the tag parser, and is
// finer: any change of what that search finds changes it.
func HeaderDigest(root string) (string, error) {
	var d HeaderDigester
	if err := gohead.Walk(root, inputTag, d.Add); err != nil {
		return "", err
	}
	return d.Sum(), nil
}

// HeaderDigester computes HeaderDigest from the headers of a walk (gohead.Walk, with the tag
// +k8s:validation-gen-input as the marker), so that one walk can also serve the loader's search.
type HeaderDigester struct{ h hash.Hash }

// Add adds a header of the walk.
func (d *HeaderDigester) Add(dir string, hd gohead.Header) {
	if d.h == nil {
		d.h = sha256.New()
	}
	pre := hd.Pre()
	if !bytes.Contains(pre, []byte(inputTag)) {
		return
	}
	fmt.Fprintf(d.h, "%q %q %t %s\n", dir, fspath.Base(hd.Path), hd.OK, Digest(pre))
}

// Sum returns the digest of the headers added.
func (d *HeaderDigester) Sum() string {
	if d.h == nil {
		d.h = sha256.New()
	}
	return hex.EncodeToString(d.h.Sum(nil))
}

// Call records one command line that the cache served, so that the command can answer it again
// without its pipeline (Recall): the run's keys, and what the first key was made of beyond the
// command line (go env, the files its configuration was read from), what the manifest's outputs
// digests stood for, and what the command printed and did.
type Call struct {
	// Key is the run's first key, which names its manifest; Result is the second, which names the
	// result that the run's inputs had when the call was recorded.
	Key, Result string
	// Env is the go env digest in the first key (hex).
	Env string
	// Files are the files the configuration was read from (the header, flect's files) with the
	// digests of what the run used ("absent" for none).
	Files map[string]string
	// Headers are the HeaderDigest of each of the manifest's Outputs roots at a time its outputs
	// digest was that of the manifest.
	Headers map[string]string
	// Stderr is what the run printed before writing or verifying (its diagnostics); Stopped
	// whether its input stopped it (nothing to write; exit status 1); Verify whether it verifies
	// (--verify) rather than writes.
	Stderr  string
	Stopped bool
	Verify  bool
}

// CallKey names the Call of a command line: the generator's build, the working directory and the
// arguments (after the command's name).
func CallKey(build, wd string, args []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%scall\nbuild %s\ndir %s\n", Format, build, wd)
	for _, a := range args {
		fmt.Fprintf(h, "arg %q\n", a)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Remember stores the call record of a command line in the cache directory dir.
func Remember(dir, callKey string, c *Call) error {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return Write(Path(dir, callKey, "c"), data)
}

// Recall returns the call record of a command line and the outputs of its result, when every
// input of that result is as it was: the first key's (go env, the configuration's files), the
// manifest's, and the headers standing for its outputs digests. Anything else misses (the
// command then runs its pipeline, which looks the run up as the cache does).
func Recall(dir, build, wd string, args []string) (*Call, *output.Snapshot, error) {
	cpath := Path(dir, CallKey(build, wd, args), "c")
	data, err := os.ReadFile(cpath)
	if err != nil {
		return nil, nil, err
	}
	var c Call
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", cpath, err)
	}
	for f, d := range c.Files {
		if now, err := FileDigest(f, time.Time{}); err != nil || now != d {
			return nil, nil, fmt.Errorf("%s changed", f)
		}
	}
	env, err := CachedGoEnv(dir, wd)
	if err != nil {
		return nil, nil, err
	}
	if hex.EncodeToString(env.Digest) != c.Env {
		return nil, nil, errors.New("go env changed")
	}
	mpath := Path(dir, c.Key, "m")
	m, err := ReadManifest(mpath)
	if err != nil {
		return nil, nil, err
	}
	digests, err := m.Current(nil)
	if err != nil {
		return nil, nil, err
	}
	for _, root := range m.Outputs {
		d, err := HeaderDigest(root)
		if err != nil {
			return nil, nil, err
		}
		if d != c.Headers[root] {
			return nil, nil, fmt.Errorf("the package headers of %s changed", root)
		}
		digests["outputs:"+root] = m.Digests["outputs:"+root]
	}
	if m.ResultKey(c.Key, digests) != c.Result {
		return nil, nil, errors.New("an input changed")
	}
	rpath := Path(dir, c.Result, "r")
	s, err := ReadOutputs(rpath)
	if err != nil {
		return nil, nil, err
	}
	Touch(rpath)
	Touch(mpath)
	Touch(cpath)
	return &c, s, nil
}

// ReadOutputs reads the outputs of a stored result (the Outputs of generators/cache's Entry,
// whose diagnostics the call record has as text): nil for a run its input stopped.
func ReadOutputs(path string) (*output.Snapshot, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var e struct{ Outputs *output.Snapshot }
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&e); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return e.Outputs, nil
}

// Write writes a file atomically: other runs read either the old content or the new.
func Write(path string, data []byte) error {
	if err := os.MkdirAll(fspath.Dir(path), 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(fspath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(f.Name(), path)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}
