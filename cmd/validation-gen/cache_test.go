package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestValidationGenArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
		ok   bool
	}{
		{[]string{"validation-gen", "--strict", "."}, []string{"--strict", "."}, true},
		{[]string{"/home/me/bin/validation-gen", "."}, []string{"."}, true},
		{[]string{"go", "tool", "validation-gen", "."}, []string{"."}, true},
		{[]string{"go", "tool", "github.com/validation-gen/validation-gen/cmd/validation-gen", "."}, []string{"."}, true},
		{[]string{"go", "run", "-mod=mod", "github.com/validation-gen/validation-gen/cmd/validation-gen@v1.0.0", "."}, []string{"."}, true},
		{[]string{"go", "run", "./cmd/validation-gen", "./..."}, []string{"./..."}, true},
		{[]string{"go", "tool", "deepcopy-gen", "."}, nil, false},
		{[]string{"go", "run", "./gen", "validation-gen"}, nil, false},
		{[]string{"validation-gen-wrapper", "."}, nil, false},
	} {
		got, ok := validationGenArgs(c.args)
		if ok != c.ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("validationGenArgs(%q) = %q, %v; want %q, %v", c.args, got, ok, c.want, c.ok)
		}
	}
}

// TestGoGenerateOneLoad runs go generate ./... over a module whose packages each have a
// validation-gen directive: the first directive loads every package at once, the others find their
// results in the cache, and every package gets what a run over all of them writes. A second go
// generate loads nothing.
func TestGoGenerateOneLoad(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module example.com/m\n\ngo 1.22\n")
	pkgs := []string{"a", "b", "c/v1"}
	for _, p := range pkgs {
		name := filepath.Base(p)
		write(t, filepath.Join(dir, p, "doc.go"), "// +groupName=example.com\npackage "+name+"\n\n//go:generate validation-gen -v=1 .\n")
		write(t, filepath.Join(dir, p, "types.go"), strings.Replace(good, "package api", "package "+name, 1))
	}
	backdate(t, dir) // files changed less than 2 s before a run are not trusted to be what it read
	// The joint run's outputs, for comparison.
	joint := t.TempDir()
	copyTree(t, dir, joint)
	if _, stderr, code := runIn(t, joint, "./..."); code != 0 {
		t.Fatalf("joint run: %s", stderr)
	}
	t.Setenv("PATH", filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("VALIDATION_GEN_CACHE", t.TempDir())
	generate := func() string {
		t.Helper()
		cmd := exec.Command("go", "generate", "./...")
		cmd.Dir = dir
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("go generate: %v\n%s", err, out.String())
		}
		return out.String()
	}
	log := generate()
	if n := strings.Count(log, "loading them together"); n != 1 {
		t.Errorf("%d joint loads, want 1:\n%s", n, log)
	}
	if n := strings.Count(log, "result cache: hit"); n != len(pkgs)-1 {
		t.Errorf("%d cache hits, want %d:\n%s", n, len(pkgs)-1, log)
	}
	outputs := 0
	for _, p := range pkgs {
		for _, f := range []string{"zz_generated.openapi.go", "zz_generated.validations.go"} {
			got, gerr := os.ReadFile(filepath.Join(dir, p, f))
			want, werr := os.ReadFile(filepath.Join(joint, p, f))
			if (gerr == nil) != (werr == nil) || !bytes.Equal(got, want) {
				t.Errorf("%s/%s: the per-package output differs from the joint run's", p, f)
			}
			if werr == nil {
				outputs++
			}
		}
	}
	if outputs < len(pkgs) {
		t.Errorf("the joint run wrote %d outputs for %d packages", outputs, len(pkgs))
	}
	if log := generate(); strings.Count(log, "result cache: hit") != len(pkgs) {
		t.Errorf("a second go generate did not hit for every package:\n%s", log)
	}
}

// backdate sets the times of every file below dir an hour back.
func backdate(t *testing.T, dir string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	err := filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, old, old)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.Walk(from, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		write(t, filepath.Join(to, rel), string(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
