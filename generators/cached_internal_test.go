package generators

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators/cache"
)

// TestCacheKeyCoversConfig changes each setting of a run, one at a time, and requires another
// cache key: every field of Config, the ones added after this test too (a field this test cannot
// vary fails it), is an input of the result.
func TestCacheKeyCoversConfig(t *testing.T) {
	c, err := cache.OpenFor(t.TempDir(), "build")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs("../examples/api")
	if err != nil {
		t.Fatal(err)
	}
	base := Config{Dir: dir, Patterns: []string{"./..."}, Header: []byte("// h\n"), OpenAPIOutputFile: "a.go", OutputFile: "b.go",
		OpenAPIJSON: "x.json", CRDDir: "crds", ReadOnly: []string{"./r"},
		Options: Options{Compat: version.MajorMinor(1, 33)}}
	key := func(cfg Config) string {
		k, err := cacheKey(c, cfg, dir)
		if err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
		return k.String()
	}
	want := key(base)
	if key(base) != want {
		t.Fatal("the same configuration has two keys")
	}
	var vary func(v reflect.Value, path string)
	vary = func(v reflect.Value, path string) {
		if v.Kind() == reflect.Struct {
			for i := 0; i < v.NumField(); i++ {
				vary(v.Field(i), path+"."+v.Type().Field(i).Name)
			}
			return
		}
		if !v.CanSet() {
			t.Errorf("%s: unexported; this test cannot vary it", path)
			return
		}
		old := reflect.New(v.Type()).Elem()
		old.Set(v)
		switch {
		case path == ".Dir":
			return // the directory is given apart (it is the key's dir)
		case v.Type() == reflect.TypeOf((*version.Version)(nil)):
			v.Set(reflect.ValueOf(version.MajorMinor(1, 34)))
		case v.Kind() == reflect.Bool:
			v.SetBool(!v.Bool())
		case v.Kind() == reflect.String:
			v.SetString(v.String() + "x")
		case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8:
			v.SetBytes(append(bytes.Clone(v.Bytes()), 'x'))
		case v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Int:
			n := 7
			if !v.IsNil() {
				n = int(v.Elem().Int()) + 1
			}
			v.Set(reflect.ValueOf(&n))
		case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.String:
			v.Set(reflect.Append(v, reflect.ValueOf("./more")))
		case v.Kind() == reflect.Interface:
			// A writer (CELReport): the run reports while it runs, so it is never cached.
			v.Set(reflect.ValueOf(os.Stderr))
			if _, err := cacheKey(c, base, dir); err == nil {
				t.Errorf("%s set: the run has a key; want it uncacheable", path)
			}
			v.Set(old)
			return
		default:
			t.Errorf("%s: a %s; this test cannot vary it, teach it", path, v.Type())
			return
		}
		if key(base) == want {
			t.Errorf("changing %s does not change the key", path)
		}
		v.Set(old)
	}
	vary(reflect.ValueOf(&base).Elem(), "")
	if key(base) != want {
		t.Error("the configuration was not restored")
	}
}

// TestRunCachedReproducesRun: a result from the cache is the result of a fresh run, outputs byte
// for byte and diagnostics (warnings and errors) included.
func TestRunCachedReproducesRun(t *testing.T) {
	c, err := cache.OpenFor(t.TempDir(), "build")
	if err != nil {
		t.Fatal(err)
	}
	cfgFor := func(dir string, strict bool) Config {
		abs, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		tmp := t.TempDir()
		return Config{Dir: abs, Patterns: []string{"."}, OpenAPIOutputFile: "zz_generated.openapi.go", OutputFile: "zz_generated.validations.go",
			OpenAPIJSON: filepath.Join(tmp, "openapi.json"), CRDDir: filepath.Join(tmp, "crds"),
			Options: Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: strict}}
	}
	for name, cfg := range map[string]Config{
		"outputs":  cfgFor("../examples/api/workloads/v1", true),
		"warnings": cfgFor("../testdata/tags/embedded", false),
		"errors":   cfgFor("../testdata/errors/badpattern", true),
	} {
		t.Run(name, func(t *testing.T) {
			out0, diags0, err0 := Run(cfg)
			if err0 != nil {
				t.Fatal(err0)
			}
			if name != "outputs" && len(diags0) == 0 {
				t.Fatal("the case has no diagnostics")
			}
			for round := range 2 { // a miss that stores, then a hit
				k, err := cacheKey(c, cfg, cfg.Dir)
				if err != nil {
					t.Fatal(err)
				}
				if _, hit := c.Get(k); hit != (round == 1) {
					t.Fatalf("round %d: hit = %v", round, hit)
				}
				out, diags, _, err := RunCached(cfg, c, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(diags.Sorted(), diags0.Sorted()) {
					t.Errorf("round %d: diagnostics\n%s\nwant\n%s", round, diags.Error(cfg.Dir), diags0.Error(cfg.Dir))
				}
				if (out == nil) != (out0 == nil) {
					t.Fatalf("round %d: outputs %v, want %v", round, out != nil, out0 != nil)
				}
				if out != nil && !reflect.DeepEqual(out.Snapshot(), out0.Snapshot()) {
					t.Errorf("round %d: outputs differ from a fresh run's", round)
				}
			}
		})
	}
}
