package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenAPIGenSelection: the kube-openapi Go definitions hold the types +k8s:openapi-gen selects,
// as openapi-gen writes them: none without the tag in doc.go (not even from the tag in another
// file's package comment, which openapi-gen does not read), a type's own =true, every type of a
// package whose doc.go says true but those that say false; --openapi-all-types writes every
// exported struct.
func TestOpenAPIGenSelection(t *testing.T) {
	const types = "package api\n\n// Alpha is one.\ntype Alpha struct {\n\tName string `json:\"name\"`\n}\n\n" +
		"// Beta is one.\n//\n// +k8s:openapi-gen=true\ntype Beta struct {\n\tName string `json:\"name\"`\n}\n\n" +
		"// Gamma is one.\n//\n// +k8s:openapi-gen=false\ntype Gamma struct {\n\tName string `json:\"name\"`\n}\n"
	for _, tc := range []struct {
		name, doc string
		args      []string
		want      []string // definitions, by Go name; nil: no file
		warning   string
	}{
		{name: "no tag", doc: "package api\n"},
		{name: "no tag, all types", doc: "package api\n", args: []string{"--openapi-all-types"}, want: []string{"Alpha", "Beta"}},
		{name: "type tag", doc: "package api\n", want: []string{"Beta"}},
		{name: "package tag", doc: "// +k8s:openapi-gen=true\npackage api\n", want: []string{"Alpha", "Beta"}},
		{name: "package tag outside doc.go", doc: "package api\n", want: []string{"Beta"},
			warning: "openapi-gen reads package tags from doc.go only, so it writes no definitions for example.com/m/api"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := types
			if tc.name == "no tag" || tc.name == "no tag, all types" {
				src = strings.ReplaceAll(src, "// +k8s:openapi-gen=true\n", "")
			}
			if tc.warning != "" {
				src = "// +k8s:openapi-gen=true\n" + src
			}
			dir := module(t, src)
			write(t, filepath.Join(dir, "api", "doc.go"), tc.doc) // in place of module's
			_, stderr, code := runIn(t, dir, append(tc.args, "./...")...)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, stderr)
			}
			if tc.warning != "" && !strings.Contains(stderr, tc.warning) {
				t.Errorf("stderr lacks %q:\n%s", tc.warning, stderr)
			}
			b, err := os.ReadFile(filepath.Join(dir, "api", "zz_generated.openapi.go"))
			if tc.want == nil {
				if err == nil {
					t.Errorf("zz_generated.openapi.go written:\n%s", b)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range []string{"Alpha", "Beta", "Gamma"} {
				has := strings.Contains(string(b), "func schema_"+n+"(")
				if want := contains(tc.want, n); has != want {
					t.Errorf("definition of %s: %v, want %v", n, has, want)
				}
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
