package gogenerate

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestFile(t *testing.T) {
	src := "// Package v1 is an API.\npackage v1\n\n" +
		"//go:generate go tool validation-gen --go-header-file \"../a b.txt\" .\n" +
		"//go:generate -command vg go tool validation-gen\n" +
		"//go:generate vg --openapi-json $GOPACKAGE.json ${GOFILE} $DOLLAR\n" +
		" //go:generate not at the start of a line\n" +
		"//go:generatex nor this\n" +
		"//go:generate\tvg \"tab\\tbefore\" x\n"
	got := File("/m/api/v1", "doc.go", []byte(src))
	want := []Directive{
		{"/m/api/v1", "doc.go", 4, []string{"go", "tool", "validation-gen", "--go-header-file", "../a b.txt", "."}},
		{"/m/api/v1", "doc.go", 6, []string{"go", "tool", "validation-gen", "--openapi-json", "v1.json", "doc.go", "$"}},
		{"/m/api/v1", "doc.go", 9, []string{"go", "tool", "validation-gen", "tab\tbefore", "x"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("File:\n got %+v\nwant %+v", got, want)
	}
}

func TestModule(t *testing.T) {
	root := t.TempDir()
	for path, src := range map[string]string{
		"go.mod":                 "module example.com/m\n",
		"api/v1/doc.go":          "package v1\n//go:generate a\n",
		"api/v1/types_test.go":   "package v1\n//go:generate b\n", // go generate reads test files too
		"api/v2/doc.go":          "package v2\n//go:generate c\n",
		"api/testdata/x/doc.go":  "package x\n//go:generate no\n",
		"api/_old/doc.go":        "package old\n//go:generate no\n",
		"tools/go.mod":           "module example.com/m/tools\n",
		"tools/doc.go":           "package tools\n//go:generate no\n",
		"api/v2/README.md":       "//go:generate no\n",
		"api/v2/.hidden/doc.go":  "package hidden\n//go:generate no\n",
		"api/vendor/x/y/doc.go":  "package y\n//go:generate no\n",
		"api/v1/nogenerate.go":   "package v1\n",
		"api/v2/zz_generated.go": "package v2\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ds, err := Module(root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range ds {
		rel, _ := filepath.Rel(root, d.Dir)
		got = append(got, filepath.ToSlash(rel)+"/"+d.File+":"+d.Args[0])
	}
	want := []string{"api/v1/doc.go:a", "api/v1/types_test.go:b", "api/v2/doc.go:c"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Module: got %q, want %q", got, want)
	}
}
