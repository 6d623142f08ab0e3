package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// TestValidateCommand runs validate through the command line: exit statuses, formats and usage
// errors.
func TestValidateCommand(t *testing.T) {
	dir := t.TempDir()
	tempmod.CopyTree(t, "../../examples/api/crds", filepath.Join(dir, "crds"))
	valid := "apiVersion: workloads.example.com/v1\nkind: WorkerClass\nmetadata: {name: large}\ncpu: 4\nmemory: 8Gi\n"
	invalid := "apiVersion: workloads.example.com/v1\nkind: WorkerClass\nmetadata: {name: tiny}\ncpu: 0\nmemory: 1Gi\n"
	unknown := "apiVersion: example.com/v1\nkind: Nothing\nmetadata: {name: x}\n"
	tempmod.WriteFile(t, filepath.Join(dir, "valid.yaml"), []byte(valid))
	tempmod.WriteFile(t, filepath.Join(dir, "invalid.yaml"), []byte(invalid))
	tempmod.WriteFile(t, filepath.Join(dir, "unknown.yaml"), []byte(unknown))
	pool := "apiVersion: workloads.example.com/v1\nkind: WorkerPool\nmetadata: {name: web, namespace: prod, resourceVersion: \"7\"}\n" +
		"spec:\n  selector: {matchLabels: {app: %s}}\n  template: {containers: [{name: web, image: \"example.com/web:1\"}]}\n"
	tempmod.WriteFile(t, filepath.Join(dir, "live/pool.yaml"), []byte(fmt.Sprintf(pool, "web")))
	tempmod.WriteFile(t, filepath.Join(dir, "changed.yaml"), []byte(strings.Replace(fmt.Sprintf(pool, "api"), "resourceVersion: \"7\"", "labels: {a: b}", 1)))
	tempmod.WriteFile(t, filepath.Join(dir, "same.yaml"), []byte(fmt.Sprintf(pool, "web")))
	t.Chdir(dir)
	for _, c := range []struct {
		args  []string
		stdin string
		code  int
		out   string // a substring of standard output
		err   string // a substring of standard error
	}{
		{[]string{"--crd-dir", "crds", "valid.yaml"}, "", 0, "", "1 document(s): 1 valid"},
		{[]string{"--crd-dir", "crds", "invalid.yaml"}, "", 1, "invalid.yaml:4:1: cpu: Invalid value: 0: cpu in body should be greater than or equal to 1", ""},
		{[]string{"--crd-dir", "crds", "unknown.yaml"}, "", 2, "no schema for example.com/v1, Kind=Nothing", ""},
		{[]string{"--crd-dir", "crds", "-"}, invalid, 1, "-:4:1: cpu", ""},
		{[]string{"--crd-dir", "crds", "-o", "json", "invalid.yaml"}, "", 1, `"type": "Invalid value"`, ""},
		{[]string{"--crd-dir", "crds", "-o", "junit", "invalid.yaml"}, "", 1, `<failure message="1 error(s)" type="invalid">`, ""},
		{[]string{"--crd-dir", "crds", "-o", "sarif", "invalid.yaml"}, "", 1, `"ruleId": "FieldValueInvalid"`, ""},
		{[]string{"--crd-dir", "crds", "-o", "yaml", "valid.yaml"}, "", 2, "", `-o: unknown format "yaml"`},
		{[]string{"--crd-dir", "crds", "--field-validation", "Loose", "valid.yaml"}, "", 2, "", "--field-validation"},
		{[]string{"valid.yaml"}, "", 2, "", "no schemas"},
		{[]string{"--crd-dir", "crds"}, "", 2, "", "no manifests given"},
		{[]string{"--crd-dir", "crds", "missing.yaml"}, "", 2, "", "missing.yaml"},
		{[]string{"--crd-dir", "nowhere", "valid.yaml"}, "", 2, "", "nowhere"},
		{[]string{"--crd-dir", "crds", "--old", "live", "changed.yaml"}, "", 1, "changed.yaml:5:3: spec.selector: Invalid value: field is immutable", ""},
		{[]string{"--crd-dir", "crds", "--old", "live", "-o", "json", "same.yaml"}, "", 0, `"operation": "update"`, ""},
		{[]string{"--crd-dir", "crds", "changed.yaml"}, "", 0, "", "1 valid"},
		{[]string{"--help"}, "", 0, "Usage:\n  validation-gen validate [flags] FILE|DIR|- ...", ""},
	} {
		var stdout, stderr bytes.Buffer
		code := runValidate(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
		if code != c.code || !strings.Contains(stdout.String(), c.out) || !strings.Contains(stderr.String(), c.err) {
			t.Errorf("validate %s: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, %q in stdout and %q in stderr",
				strings.Join(c.args, " "), code, stdout.String(), stderr.String(), c.code, c.out, c.err)
		}
		if len(c.args) > 3 && c.args[2] == "-o" && c.args[3] == "json" {
			var r struct {
				Documents []map[string]interface{} `json:"documents"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &r); err != nil || len(r.Documents) != 1 {
				t.Errorf("-o json: %v %s", err, stdout.String())
			}
		}
	}
}
