// Package cache is validation-gen's result cache: the outputs and diagnostics of a run, stored
// under a key of everything that can change them, so that a run whose inputs have not changed
// since a previous one (a `go generate ./...` that changes nothing, the second of two CI steps)
// does not load anything, and so that a run can compute its siblings' results (see
// generators.RunCached) for them to find.
//
// A run is looked up in two steps, as the go command's test cache and ccache's direct mode do.
// The first key is known before loading: the generator's own build (its Go build ID), the run's
// configuration (flags, header, working directory), the go command's environment (go env:
// toolchain, GOFLAGS, GOOS, ...) and the custom plurals gobuffalo/flect read when the process
// started (inflections.json, acronyms.json: lookup.FlectFiles). It names a manifest, written by the previous run with that
// key, which lists the files and directories that run depended on: the input packages and every
// local package they import (their directories: the Go files and the other files the go command
// builds with), the go.mod, go.sum, go.work and vendor/modules.txt files of local modules, and
// the directory trees that ... patterns walk, and the +k8s:validation-gen-input tags of the main
// modules' packages (loader.ModuleOutputs: an output package elsewhere in the module that names a
// package of the run changes what the run generates). The second key is the first with a digest of each
// of those, read now: it names the result. Packages in the module cache and in GOROOT are not
// listed: their content is fixed by the module versions (go.mod, go.sum) and the toolchain
// (go env). Any change of a listed file, a file added to or removed from a listed directory, a
// new package under a ... pattern, another flag, header, toolchain or generator build misses.
//
// A run that the cache served or stored also records its command line (Remember: the build,
// the working directory and the arguments name a lookup.Call, which holds the first key, the
// result, the go env digest and what the run printed), so that the same command line run again is
// answered before the command initialises its pipeline (lookup.Recall, from
// cmd/validation-gen/internal/fastpath) after the same checks as Get's.
//
// This generator's own previous outputs are not inputs (the loader reads only their package
// clause), so writing them does not invalidate the result that made them.
//
// The cache lives in the user's cache directory (os.UserCacheDir()/validation-gen), or where
// VALIDATION_GEN_CACHE points; VALIDATION_GEN_CACHE=off turns it off. Entries unused for a week
// are removed, and the oldest ones beyond MaxBytes.
package cache

import (
	"bytes"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/generators/cache/lookup"
	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/model"
)

// EnvVar names the cache directory, or turns the cache off ("off").
const EnvVar = lookup.EnvVar

const (
	// MaxBytes bounds the cache's size: beyond it, the least recently used entries are removed.
	MaxBytes = 512 << 20
	// maxAge is how long an unused entry is kept.
	maxAge = 7 * 24 * time.Hour
	// trimEvery is how often a run that stores something trims the cache.
	trimEvery = time.Hour
)

// Cache is a result cache in one directory.
type Cache struct {
	dir   string
	build string

	mu   sync.Mutex
	envs map[string]lookup.GoEnv // go env, by the directory of the go.mod or go.work that applies
}

// Open returns the cache that setting (the value of VALIDATION_GEN_CACHE) names: a directory,
// "" for the default one, or "off" for none (nil, nil). The generator's build must be known
// (BuildID), or the cache is off with an error saying why.
func Open(setting string) (*Cache, error) {
	dir, err := lookup.Dir(setting)
	if dir == "" || err != nil {
		return nil, err
	}
	build, err := BuildID()
	if err != nil {
		return nil, err
	}
	return OpenFor(dir, build)
}

// BuildID identifies the generator's own build (lookup.BuildID).
func BuildID() (string, error) { return lookup.BuildID() }

// OpenFor returns the cache in dir for a generator whose build is identified by build (tests
// use it to stand for different builds).
func OpenFor(dir, build string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	readme := filepath.Join(dir, "README")
	if _, err := os.Stat(readme); err != nil {
		_ = os.WriteFile(readme, []byte("This directory holds cached results of validation-gen; removing it is safe.\n"+
			"Set "+EnvVar+"=off to run without it.\n"), 0o666)
	}
	return &Cache{dir: dir, build: build, envs: map[string]lookup.GoEnv{}}, nil
}

// Key is a run's first key (see the package documentation) with what computing the second needs.
type Key struct {
	id    string
	env   lookup.GoEnv
	flect map[string]string // the digests of lookup.FlectFiles
	// result is the second key of the result Get found or Put stored, for Remember.
	result string
}

// String returns the key as hex.
func (k *Key) String() string { return k.id }

// Key returns the first key of a run in dir (absolute) with the given configuration (every
// setting that changes a run's result, encoded by the caller). It runs go env once per module.
func (c *Cache) Key(dir string, config []byte) (*Key, error) {
	if d := os.Getenv("GOPACKAGESDRIVER"); d != "" && d != "off" {
		return nil, errors.New("GOPACKAGESDRIVER is set: packages come from a driver the cache cannot see into")
	}
	env, err := c.goEnv(dir)
	if err != nil {
		return nil, err
	}
	flect, err := lookup.FileDigests(lookup.FlectFiles())
	if err != nil {
		return nil, err
	}
	return &Key{id: lookup.KeyID(c.build, dir, config, env.Digest, flect), env: env, flect: flect}, nil
}

// goEnv returns go env for dir, running it once per go.mod or go.work that applies.
func (c *Cache) goEnv(dir string) (lookup.GoEnv, error) {
	scope := lookup.Scope(dir)
	c.mu.Lock()
	env, ok := c.envs[scope]
	c.mu.Unlock()
	if ok {
		return env, nil
	}
	env, err := lookup.ReadGoEnv(dir)
	if err != nil {
		return env, err
	}
	c.mu.Lock()
	c.envs[scope] = env
	c.mu.Unlock()
	return env, nil
}

// Entry is a cached result: what generators.Run returned, outputs (nil for a run the input
// stopped) and diagnostics.
type Entry struct {
	Outputs *output.Snapshot
	Diags   model.Diagnostics
}

// Get returns the result stored for the run k identifies, if its inputs are as they were.
func (c *Cache) Get(k *Key) (*Entry, bool) {
	m, err := lookup.ReadManifest(c.path(k.id, "m"))
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			klog.V(1).Infof("result cache: %v", err)
		}
		return nil, false
	}
	digests, err := m.Current(outputsDigest)
	if err != nil {
		klog.V(1).Infof("result cache: %v", err)
		return nil, false
	}
	id := m.ResultKey(k.id, digests)
	path := c.path(id, "r")
	data, err := os.ReadFile(path)
	if err != nil {
		if klog.V(2).Enabled() {
			klog.Infof("result cache: miss, an input changed since the last run with these settings:\n%s", m.Changed(outputsDigest))
		}
		return nil, false
	}
	var e Entry
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&e); err != nil {
		klog.V(1).Infof("result cache: %s: %v", path, err)
		return nil, false
	}
	lookup.Touch(path)
	lookup.Touch(c.path(k.id, "m"))
	k.result = id
	return &e, true
}

// Put stores a run's result with the inputs it was computed from (see Inputs). It stores nothing,
// and says why, when an input may have changed during the run.
func (c *Cache) Put(k *Key, in Inputs, e *Entry) error {
	m, err := newManifest(k, in)
	if err != nil {
		return err
	}
	id := m.ResultKey(k.id, m.Digests)
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(e); err != nil {
		return err
	}
	if err := c.write(c.path(id, "r"), buf.Bytes()); err != nil {
		return err
	}
	mdata, err := json.MarshalIndent(m, "", "\t")
	if err != nil {
		return err
	}
	if err := c.write(c.path(k.id, "m"), mdata); err != nil {
		return err
	}
	k.result = id
	c.maybeTrim()
	return nil
}

// unbatchable is how long a run that a joint load could not serve is left out of joint loads.
const unbatchable = 10 * time.Minute

// MarkUnbatchable records that a joint load could not serve the run k identifies (a package it
// knows has errors), so that the runs after it do not try again for a while (Unbatchable).
func (c *Cache) MarkUnbatchable(k *Key) {
	_ = c.write(c.path(k.id, "u"), nil)
}

// Unbatchable reports whether a joint load could not serve the run k identifies lately.
func (c *Cache) Unbatchable(k *Key) bool {
	fi, err := os.Stat(c.path(k.id, "u"))
	return err == nil && time.Since(fi.ModTime()) < unbatchable
}

func (c *Cache) path(id, kind string) string { return lookup.Path(c.dir, id, kind) }

func (c *Cache) write(path string, data []byte) error { return lookup.Write(path, data) }

// Remember records the command line that made the run k identifies (lookup.CallKey of the
// generator's build, the working directory wd and the arguments args) with what it printed
// (stderr), whether its input stopped it and whether it verified rather than wrote, so that the
// command can answer it again without its pipeline (lookup.Recall). files are the files its
// configuration was read from besides flect's (the header), with the digests of the content
// used. k must have been found or stored (Get, Put). Nothing is recorded, with an error saying
// why, when the package headers that the manifest's outputs digests stand for are not those
// digests' now (both come from one read of the headers).
func (c *Cache) Remember(k *Key, wd string, args []string, files map[string]string, stderr string, stopped, verify bool) error {
	if k.result == "" {
		return errors.New("no result found or stored")
	}
	m, err := lookup.ReadManifest(c.path(k.id, "m"))
	if err != nil {
		return err
	}
	headers := map[string]string{}
	for _, root := range m.Outputs {
		d, hd, err := outputsAndHeaders(root)
		if err != nil {
			return err
		}
		if d != m.Digests["outputs:"+root] {
			return fmt.Errorf("the package headers of %s changed", root)
		}
		headers[root] = hd
	}
	all := maps.Clone(k.flect)
	maps.Copy(all, files)
	call := &lookup.Call{Key: k.id, Result: k.result, Env: hex.EncodeToString(k.env.Digest), Files: all, Headers: headers,
		Stderr: stderr, Stopped: stopped, Verify: verify}
	return lookup.Remember(c.dir, lookup.CallKey(c.build, wd, args), call)
}

// maybeTrim trims the cache if it was not trimmed within trimEvery: entries unused for maxAge
// go, then the least recently used until the cache holds at most MaxBytes.
func (c *Cache) maybeTrim() {
	marker := filepath.Join(c.dir, "trim.txt")
	if fi, err := os.Stat(marker); err == nil && time.Since(fi.ModTime()) < trimEvery {
		return
	}
	_ = c.write(marker, []byte(time.Now().UTC().Format(time.RFC3339)+"\n"))
	c.Trim(maxAge, MaxBytes)
}

// Trim removes the entries unused for longer than age, then the least recently used ones until
// the cache holds at most max bytes.
func (c *Cache) Trim(age time.Duration, max int64) {
	type entry struct {
		path string
		size int64
		used time.Time
	}
	var entries []entry
	var total int64
	_ = filepath.WalkDir(c.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(d.Name(), "-") || filepath.Dir(filepath.Dir(path)) != c.dir {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		if time.Since(fi.ModTime()) > age {
			os.Remove(path)
			return nil
		}
		entries = append(entries, entry{path, fi.Size(), fi.ModTime()})
		total += fi.Size()
		return nil
	})
	sort.Slice(entries, func(i, j int) bool { return entries[i].used.Before(entries[j].used) })
	for _, e := range entries {
		if total <= max {
			break
		}
		os.Remove(e.path)
		total -= e.size
	}
}
