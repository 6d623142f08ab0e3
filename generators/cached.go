package generators

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"time"

	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/generators/cache"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/review/lint"
)

// RunCached is Run with a result cache (see package cache): a run whose inputs are those of a
// previous run with the same settings returns that run's outputs and diagnostics without loading
// anything. A nil cache runs Run.
//
// siblings returns the other runs of the same `go generate` (the go:generate directives of the
// module that run validation-gen, see internal/gogenerate): when this run misses, the siblings
// that miss too are computed with it from one load (loader.LoadJoint) and stored for their own
// runs to find, so that N directives cost about one load instead of N. Each sibling's result is
// the one its own run would compute; a sibling that a joint load cannot serve (a package it knows
// has errors) is left to its own run.
//
// The key is the run's first key when the cache was used (nil otherwise): after a hit or a
// store, cache.Remember records the command line for the command's fast path.
func RunCached(cfg Config, c *cache.Cache, siblings func() []Config) (*Outputs, model.Diagnostics, *cache.Key, error) {
	if c == nil {
		out, diags, err := Run(cfg)
		return out, diags, nil, err
	}
	dir, err := prepare(cfg)
	if err != nil {
		return nil, nil, nil, err
	}
	// The lookup allocates a few megabytes at most (a manifest, a result's outputs) and a hit ends
	// the process soon after: collecting garbage meanwhile is time a hit does not need.
	gc := debug.SetGCPercent(-1)
	k, err := cacheKey(c, cfg, dir)
	if err != nil {
		debug.SetGCPercent(gc)
		klog.V(1).Infof("result cache: not used: %v", err)
		out, diags, err := Run(cfg)
		return out, diags, nil, err
	}
	if e, ok := c.Get(k); ok {
		klog.V(1).Infof("result cache: hit")
		defer debug.SetGCPercent(gc)
		out, diags, err := restore(e)
		return out, diags, k, err
	}
	debug.SetGCPercent(gc)
	runs := []cachedRun{{cfg, dir, k}}
	if siblings != nil && !c.Unbatchable(k) {
		seen := map[string]bool{k.String(): true}
		for _, s := range siblings() {
			sdir, err := prepare(s)
			if err != nil {
				continue
			}
			sk, err := cacheKey(c, s, sdir)
			if err != nil || seen[sk.String()] || c.Unbatchable(sk) {
				continue
			}
			seen[sk.String()] = true
			if _, ok := c.Get(sk); !ok {
				runs = append(runs, cachedRun{s, sdir, sk})
			}
		}
	}
	if len(runs) > 1 {
		if out, diags, err, ok := runJoint(c, runs); ok {
			return out, diags, k, err
		}
	}
	out, diags, err := runStored(c, runs[0])
	return out, diags, k, err
}

// cachedRun is one run of RunCached: its configuration, directory and first key.
type cachedRun struct {
	cfg Config
	dir string
	key *cache.Key
}

// runStored runs alone and stores the result.
func runStored(c *cache.Cache, r cachedRun) (*Outputs, model.Diagnostics, error) {
	start := time.Now()
	lap := stopwatch()
	prog, diags, err := loader.LoadReadOnly(r.dir, r.cfg.Patterns, r.cfg.ReadOnly)
	lap("load")
	if err != nil || diags.HasErrors() {
		return finish(r.cfg, nil, diags, err)
	}
	out, diags, err := generate(r.cfg, r.dir, prog, diags)
	out, diags, err = finish(r.cfg, out, diags, err)
	store(c, r, prog, start, out, diags, err)
	return out, diags, err
}

// runJoint computes several runs from one load (RunJoint) and stores each one's result. It
// returns the first run's result, or ok false when the joint load cannot serve it.
func runJoint(c *cache.Cache, runs []cachedRun) (_ *Outputs, _ model.Diagnostics, _ error, ok bool) {
	klog.V(1).Infof("result cache: %d runs miss, loading them together", len(runs))
	start := time.Now()
	cfgs := make([]Config, len(runs))
	for i, r := range runs {
		cfgs[i] = r.cfg
		cfgs[i].Dir = r.dir
	}
	results, err := RunJoint(cfgs)
	if err != nil {
		klog.V(1).Infof("result cache: joint load: %v", err)
		return nil, nil, nil, false
	}
	for i, r := range runs {
		if res := results[i]; res.Served {
			store(c, r, res.prog, start, res.Out, res.Diags, res.Err)
		} else {
			c.MarkUnbatchable(r.key)
		}
	}
	first := results[0]
	return first.Out, first.Diags, first.Err, first.Served
}

// JointResult is one run's result from RunJoint.
type JointResult struct {
	// Out, Diags and Err are what Run would have returned.
	Out   *Outputs
	Diags model.Diagnostics
	Err   error
	// Served is false when the joint load could not stand in for the run's own (see
	// loader.LoadJoint): Run must compute it.
	Served bool
	prog   *loader.Program
}

// RunJoint computes several runs from one load of all their packages (loader.LoadJoint): each
// result is the one Run would return for that run alone, without the cost of one load per run.
// The runs must be in one module (their directories resolve the same go.mod). An error is the
// joint load's: then none is served.
func RunJoint(cfgs []Config) ([]JointResult, error) {
	out := make([]JointResult, len(cfgs))
	var specs []loader.Spec
	var index []int // of each spec, in cfgs
	dirs := make([]string, len(cfgs))
	for i, cfg := range cfgs {
		dir, err := prepare(cfg)
		if err != nil {
			out[i] = JointResult{Err: err, Served: true} // refused before loading, as Run refuses
			continue
		}
		dirs[i] = dir
		specs = append(specs, loader.Spec{Dir: dir, Patterns: cfg.Patterns, ReadOnly: cfg.ReadOnly})
		index = append(index, i)
	}
	if len(specs) == 0 {
		return out, nil
	}
	lap := stopwatch()
	progs, err := loader.LoadJoint(specs[0].Dir, specs)
	lap("joint load")
	if err != nil {
		return nil, err
	}
	for j, prog := range progs {
		i := index[j]
		if prog == nil {
			continue
		}
		o, diags, err := generate(cfgs[i], dirs[i], prog, nil)
		o, diags, err = finish(cfgs[i], o, diags, err)
		out[i] = JointResult{Out: o, Diags: diags, Err: err, Served: true, prog: prog}
	}
	return out, nil
}

// store puts a run's result into the cache: outputs and diagnostics, or diagnostics alone for a
// run the input stopped. A run that failed otherwise (an output that would overwrite a file it
// does not own: the disk, not the input, decides) is not stored.
func store(c *cache.Cache, r cachedRun, prog *loader.Program, start time.Time, out *Outputs, diags model.Diagnostics, err error) {
	if err != nil || prog == nil {
		return
	}
	e := &cache.Entry{Diags: diags}
	if out != nil {
		s := out.Snapshot()
		e.Outputs = &s
	}
	in := cache.Inputs{Program: prog, Dir: r.dir, Patterns: append(slices.Clone(r.cfg.Patterns), r.cfg.ReadOnly...),
		Files: otherInputs(r.cfg, r.dir, prog), Start: start}
	if err := c.Put(r.key, in, e); err != nil {
		klog.V(1).Infof("result cache: not stored: %v", err)
	}
}

// otherInputs are the files a run reads besides its packages' (TestFileReadsKnownToCache keeps
// this list complete): with --lint, the exceptions files it is given and those it looks for next
// to each group (lint.Discover), whether they exist or not.
func otherInputs(cfg Config, dir string, prog *loader.Program) []string {
	if !cfg.Lint {
		return nil
	}
	var out []string
	for _, f := range cfg.LintExceptions {
		out = append(out, abs(dir, f))
	}
	for _, pkg := range prog.Inputs {
		if len(pkg.GoFiles) > 0 {
			out = append(out, filepath.Join(filepath.Dir(filepath.Dir(pkg.GoFiles[0])), lint.FileName))
		}
	}
	return out
}

// restore returns a cached result as Run returned it.
func restore(e *cache.Entry) (*Outputs, model.Diagnostics, error) {
	if e.Outputs == nil {
		return nil, e.Diags, nil
	}
	return e.Outputs.Restore(), e.Diags, nil
}

// metaPatterns are patterns that the go command expands from more than the file tree (the build
// list, GOROOT): their packages can change without any file the cache lists changing.
var metaPatterns = []string{"all", "std", "cmd", "tool", "work", "..."}

// cacheKey returns a run's first key: its configuration, every field of Config (so that a setting
// added later is part of the key without anyone remembering to add it), in dir.
func cacheKey(c *cache.Cache, cfg Config, dir string) (*cache.Key, error) {
	for _, p := range append(slices.Clone(cfg.Patterns), cfg.ReadOnly...) {
		if slices.Contains(metaPatterns, p) {
			return nil, fmt.Errorf("pattern %s", p)
		}
	}
	cfg.Dir = dir
	var b bytes.Buffer
	if err := encodeKey(&b, reflect.ValueOf(cfg)); err != nil {
		return nil, err
	}
	return c.Key(dir, b.Bytes())
}

// encodeKey writes a value, every field of it exported or not, in a canonical form; values it
// cannot write (a writer such as CELReport, a function) make the run uncacheable.
func encodeKey(b *bytes.Buffer, v reflect.Value) error {
	switch v.Kind() {
	case reflect.Bool:
		fmt.Fprintf(b, "%t", v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fmt.Fprintf(b, "%d", v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		fmt.Fprintf(b, "%d", v.Uint())
	case reflect.Float32, reflect.Float64:
		fmt.Fprintf(b, "%v", v.Float())
	case reflect.String:
		fmt.Fprintf(b, "%q", v.String())
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return nil
		}
		if v.Kind() == reflect.Interface {
			return fmt.Errorf("%s is set", v.Type())
		}
		return encodeKey(b, v.Elem())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			b.WriteString("nil")
			return nil
		}
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			fmt.Fprintf(b, "%x", v.Bytes())
			return nil
		}
		fmt.Fprintf(b, "[%d:", v.Len())
		for i := 0; i < v.Len(); i++ {
			if err := encodeKey(b, v.Index(i)); err != nil {
				return err
			}
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case reflect.Map:
		var enc []string
		for _, mk := range v.MapKeys() {
			var kb bytes.Buffer
			if err := encodeKey(&kb, mk); err != nil {
				return err
			}
			kb.WriteByte(':')
			if err := encodeKey(&kb, v.MapIndex(mk)); err != nil {
				return err
			}
			enc = append(enc, kb.String())
		}
		sort.Strings(enc)
		fmt.Fprintf(b, "map%q", enc)
	case reflect.Struct:
		fmt.Fprintf(b, "%s{", v.Type())
		for i := 0; i < v.NumField(); i++ {
			fmt.Fprintf(b, "%s:", v.Type().Field(i).Name)
			if err := encodeKey(b, v.Field(i)); err != nil {
				return err
			}
			b.WriteByte(',')
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("a %s setting", v.Type())
	}
	return nil
}
