package apiserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/internal/crserver"
	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/manifest"
)

// gatewayAPI is the Gateway API release whose CRDs and example manifests (valid ones in
// examples/standard, invalid ones in hack/invalid-examples/standard) are part of the corpus.
const gatewayAPI, gatewayAPIVersion = "sigs.k8s.io/gateway-api", "v1.6.3"

// minDocuments is the least the corpus must hold, as the issue asks.
const minDocuments = 300

// TestServerAgreement sends every document of the corpus to a real apiextensions-apiserver with
// fieldValidation=Strict (dry-run creates, and dry-run updates of the objects in testdata/old) and
// requires validation-gen validate to give the same verdict, the same errors (field, reason and
// message; strict decoding errors by their text) and the same warnings on every document.
func TestServerAgreement(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_APISERVER") != "1" {
		t.Skip("starts apiextensions-apiserver with an embedded etcd and fetches gateway-api through the module proxy; " +
			"run it with: VALIDATION_GEN_APISERVER=1 go test ./test/apiserver/ -count=1 -v")
	}
	gw := tempmod.Download(t, t.TempDir(), gatewayAPI, gatewayAPIVersion)
	crdPaths := []string{"testdata/crds", "../../examples/api/crds", filepath.Join(gw, "config/crd/standard")}

	s := startServer(t)
	crds := readCRDs(t, crdPaths...)
	for _, crd := range crds {
		s.installCRD(t, crd)
	}

	// The old objects are created under crds-before (looser than crds), then crds is installed
	// again: the updates ratchet what the tightened schema rejects.
	before := readCRDs(t, "testdata/crds-before")
	for _, crd := range before {
		s.installCRD(t, crd)
	}
	s.waitForSchema(t, 201)
	oldDir := t.TempDir()
	s.createOld(t, crds, "testdata/old", oldDir)
	for _, crd := range before {
		s.installCRD(t, crds[crd.Name])
	}
	s.waitForSchema(t, 422)

	schemas := manifest.NewSchemas()
	if err := schemas.AddCRDs(crdPaths...); err != nil {
		t.Fatal(err)
	}
	v, err := manifest.New(schemas, manifest.Options{FieldValidation: manifest.Strict, Old: []string{oldDir}})
	if err != nil {
		t.Fatal(err)
	}

	files := corpusFiles(t, "testdata/corpus", filepath.Join(gw, "examples/standard"), filepath.Join(gw, "hack/invalid-examples/standard"))
	files = append(files, generateVariants(t, v, files, t.TempDir())...)
	stats := &agreement{}
	for _, f := range files {
		s.compareFile(t, v, crds, f, stats)
	}
	t.Logf("%d documents sent to the server (%d creates, %d updates; %d valid, %d invalid), %d of other kinds skipped; %d disagreements",
		stats.documents, stats.documents-stats.updates, stats.updates, stats.valid, stats.documents-stats.valid, stats.skipped, stats.disagreements)
	if stats.documents < minDocuments {
		t.Errorf("the corpus has %d documents the server serves; want at least %d", stats.documents, minDocuments)
	}
}

type agreement struct {
	documents, updates, valid, skipped, disagreements int
}

// readCRDs reads the CRDs of files and directories, by name.
func readCRDs(t *testing.T, paths ...string) map[string]*apiextv1.CustomResourceDefinition {
	t.Helper()
	out := map[string]*apiextv1.CustomResourceDefinition{}
	for _, f := range corpusFiles(t, paths...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs, err := manifest.SplitDocuments(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, d := range docs {
			var crd apiextv1.CustomResourceDefinition
			if err := sigsyaml.UnmarshalStrict(d.Data, &crd); err != nil || crd.Kind != "CustomResourceDefinition" {
				continue
			}
			out[crd.Name] = &crd
		}
	}
	if len(out) == 0 {
		t.Fatalf("no CRDs in %v", paths)
	}
	return out
}

// corpusFiles lists the manifests under paths, sorted.
func corpusFiles(t *testing.T, paths ...string) []string {
	t.Helper()
	var out []string
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if ext := filepath.Ext(path); !d.IsDir() && (ext == ".yaml" || ext == ".yml" || ext == ".json") && filepath.Base(path) != "kustomization.yaml" {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(out)
	return out
}

// served is how the server serves a kind: its resource and scope.
type served struct {
	plural     string
	namespaced bool
}

func servedKinds(crds map[string]*apiextv1.CustomResourceDefinition) map[string]served {
	out := map[string]served{}
	for _, crd := range crds {
		for _, v := range crd.Spec.Versions {
			if v.Served {
				out[crd.Spec.Group+"/"+v.Name+"/"+crd.Spec.Names.Kind] = served{crd.Spec.Names.Plural, crd.Spec.Scope == apiextv1.NamespaceScoped}
			}
		}
	}
	return out
}

// request is one document as kubectl would send it.
type request struct {
	body        []byte
	contentType string
	apiVersion  string
	kind        string
	namespace   string
	name        string
	// generateName is metadata.generateName, when the server generates the name.
	generateName string
}

// requests are the requests for a file's documents, in the order validate reports them: one per
// document, one per item of a List.
func requests(t *testing.T, file string) []request {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	docs, err := manifest.SplitDocuments(data)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var out []request
	for _, d := range docs {
		j := d.Data
		if d.YAML {
			if j, err = sigsyaml.YAMLToJSON(d.Data); err != nil {
				out = append(out, request{body: d.Data, contentType: "application/yaml"})
				continue
			}
		}
		var tm struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Metadata   struct {
				Name         string `json:"name"`
				Namespace    string `json:"namespace"`
				GenerateName string `json:"generateName"`
			} `json:"metadata"`
			Items []json.RawMessage `json:"items"`
		}
		_ = json.Unmarshal(j, &tm)
		if tm.Kind == "List" || (strings.HasSuffix(tm.Kind, "List") && tm.Items != nil) {
			for _, item := range tm.Items {
				r := request{body: item, contentType: "application/json"}
				var itm struct {
					APIVersion string `json:"apiVersion"`
					Kind       string `json:"kind"`
					Metadata   struct {
						Name      string `json:"name"`
						Namespace string `json:"namespace"`
					} `json:"metadata"`
				}
				_ = json.Unmarshal(item, &itm)
				r.apiVersion, r.kind, r.namespace, r.name = itm.APIVersion, itm.Kind, itm.Metadata.Namespace, itm.Metadata.Name
				out = append(out, r)
			}
			continue
		}
		r := request{body: d.Data, contentType: "application/json", apiVersion: tm.APIVersion, kind: tm.Kind,
			namespace: tm.Metadata.Namespace, name: tm.Metadata.Name, generateName: tm.Metadata.GenerateName}
		if d.YAML {
			r.contentType = "application/yaml"
		}
		out = append(out, r)
	}
	return out
}

// createOld creates the old objects for real and writes each, as the server then returns it, into
// dir (what kubectl get -o yaml gives a pre-submit).
func (s *server) createOld(t *testing.T, crds map[string]*apiextv1.CustomResourceDefinition, from, dir string) {
	t.Helper()
	kinds := servedKinds(crds)
	for _, f := range corpusFiles(t, from) {
		for i, r := range requests(t, f) {
			k, ok := kinds[r.apiVersion+"/"+r.kind]
			if !ok {
				t.Fatalf("%s: old object %d: no CRD serves %s %s", f, i, r.apiVersion, r.kind)
			}
			ns := ""
			if k.namespaced {
				ns = r.namespace
				if ns == "" {
					ns = "default"
				}
			}
			resp := s.send(t, "POST", "/apis/"+r.apiVersion+pathNamespace(ns)+"/"+k.plural+"?fieldValidation=Strict", r.contentType, r.body)
			if resp.code != 201 {
				t.Fatalf("%s: creating old object %s: %d %s", f, r.name, resp.code, resp.body)
			}
			got := s.send(t, "GET", "/apis/"+r.apiVersion+pathNamespace(ns)+"/"+k.plural+"/"+r.name, "", nil)
			if got.code != 200 {
				t.Fatalf("%s: reading old object %s: %d %s", f, r.name, got.code, got.body)
			}
			tempmod.WriteFile(t, filepath.Join(dir, fmt.Sprintf("%s-%s-%s.json", strings.ToLower(r.kind), ns, r.name)), got.body)
		}
	}
}

func pathNamespace(ns string) string {
	if ns == "" {
		return ""
	}
	return "/namespaces/" + ns
}

// waitForSchema waits until the server serves the Widget schema of crds-before (code 201) or of
// crds (422): its handler is rebuilt when the CRD changes, a moment after the update is
// acknowledged. A Widget of size 50 is valid under crds-before only.
func (s *server) waitForSchema(t *testing.T, code int) {
	t.Helper()
	body := []byte(`{"apiVersion":"corpus.example.com/v1","kind":"Widget","metadata":{"name":"probe"},"spec":{"size":50}}`)
	err := wait.PollUntilContextTimeout(context.Background(), 100*time.Millisecond, time.Minute, true, func(context.Context) (bool, error) {
		r := s.send(t, "POST", "/apis/corpus.example.com/v1/namespaces/default/widgets?dryRun=All", "application/json", body)
		return r.code == code, nil
	})
	if err != nil {
		t.Fatalf("the server does not serve the expected Widget schema (a probe should get %d): %v", code, err)
	}
}

// compareFile sends each document of a file that the server serves and compares the verdicts.
func (s *server) compareFile(t *testing.T, v *manifest.Validator, crds map[string]*apiextv1.CustomResourceDefinition, file string, stats *agreement) {
	t.Helper()
	report, err := v.ValidatePaths(file)
	if err != nil {
		t.Fatal(err)
	}
	reqs := requests(t, file)
	if len(reqs) != len(report.Documents) {
		t.Errorf("%s: %d requests, %d documents in the report", file, len(reqs), len(report.Documents))
		return
	}
	kinds := servedKinds(crds)
	for i, r := range reqs {
		d := report.Documents[i]
		k, ok := kinds[r.apiVersion+"/"+r.kind]
		if !ok {
			stats.skipped++
			continue
		}
		ns := ""
		if k.namespaced {
			ns = r.namespace
			if ns == "" {
				ns = "default"
			}
		}
		collection := "/apis/" + r.apiVersion + pathNamespace(ns) + "/" + k.plural
		var resp response
		if d.Operation == "update" {
			stats.updates++
			resp = s.update(t, collection, r)
		} else {
			resp = s.send(t, "POST", collection+"?fieldValidation=Strict&dryRun=All", r.contentType, r.body)
		}
		stats.documents++
		if resp.code < 300 {
			stats.valid++
		}
		where := fmt.Sprintf("%s:%d (%s %s %s)", file, d.Line, d.Operation, r.kind, r.name)
		if r.generateName != "" && r.name == "" {
			resp = sameGeneratedName(resp, r.generateName)
		}
		if problems := compare(resp, d); len(problems) > 0 {
			stats.disagreements++
			t.Errorf("%s: validate and the server disagree:\n  %s\nserver: %d %s\nvalidate: %s",
				where, strings.Join(problems, "\n  "), resp.code, resp.body, jsonOf(d))
		}
	}
}

// sameGeneratedName respells the name the server generated from generateName as validate
// generates it: the server's suffix is random, validate's is fixed (crserver.GeneratedNameSuffix).
func sameGeneratedName(resp response, generateName string) response {
	re := regexp.MustCompile(regexp.QuoteMeta(generateName) + "[a-z0-9]{5}")
	fix := func(s string) string { return re.ReplaceAllString(s, generateName+crserver.GeneratedNameSuffix) }
	if resp.status != nil {
		st := *resp.status
		st.Message = fix(st.Message)
		if st.Details != nil {
			det := *st.Details
			det.Causes = append([]metav1.StatusCause(nil), det.Causes...)
			for i := range det.Causes {
				det.Causes[i].Message = fix(det.Causes[i].Message)
			}
			st.Details = &det
		}
		resp.status = &st
	}
	return resp
}

// update sends an update as kubectl replace would: the manifest with the live resourceVersion.
func (s *server) update(t *testing.T, collection string, r request) response {
	t.Helper()
	live := s.send(t, "GET", collection+"/"+r.name, "", nil)
	if live.code != 200 {
		t.Fatalf("GET %s/%s: %d %s", collection, r.name, live.code, live.body)
	}
	var meta struct {
		Metadata struct {
			ResourceVersion string `json:"resourceVersion"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(live.body, &meta); err != nil {
		t.Fatal(err)
	}
	body := r.body
	if r.contentType == "application/yaml" {
		var err error
		if body, err = sigsyaml.YAMLToJSON(body); err != nil {
			t.Fatal(err)
		}
	}
	var obj map[string]interface{}
	if err := json.Unmarshal(body, &obj); err != nil {
		t.Fatal(err)
	}
	m, _ := obj["metadata"].(map[string]interface{})
	m["resourceVersion"] = meta.Metadata.ResourceVersion
	body, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return s.send(t, "PUT", collection+"/"+r.name+"?fieldValidation=Strict&dryRun=All", "application/json", body)
}

func jsonOf(d manifest.Document) string {
	b, _ := json.MarshalIndent(d, "", "  ")
	return string(b)
}

// compare lists how the server's response and validate's verdict on one document differ.
func compare(resp response, d manifest.Document) []string {
	var problems []string
	serverValid := resp.code < 300
	if serverValid != d.Valid {
		problems = append(problems, fmt.Sprintf("verdict: server valid=%v, validate valid=%v", serverValid, d.Valid))
	}
	want := serverErrors(resp)
	var got []string
	for _, e := range d.Errors {
		if e.AfterDecodingError {
			continue
		}
		got = append(got, validateError(e))
	}
	problems = append(problems, diff("error", want, got)...)
	var gotWarnings []string
	for _, w := range d.Warnings {
		gotWarnings = append(gotWarnings, w.Message)
	}
	problems = append(problems, diff("warning", resp.warnings, gotWarnings)...)
	return problems
}

// serverErrors spells the server's errors as validateError spells validate's: a 422's causes by
// reason, field and message; a strict decoding error's parts by their text; any other failure by
// its message.
func serverErrors(resp response) []string {
	if resp.status == nil {
		return nil
	}
	if resp.code == 422 && resp.status.Details != nil {
		var out []string
		for _, c := range resp.status.Details.Causes {
			out = append(out, string(c.Type)+"|"+c.Field+"|"+c.Message)
		}
		return out
	}
	const strictMark = "strict decoding error: "
	if i := strings.Index(resp.status.Message, strictMark); i >= 0 && resp.code == 400 {
		var out []string
		for _, part := range splitStrict(resp.status.Message[i+len(strictMark):]) {
			out = append(out, "strict|"+part)
		}
		return out
	}
	return []string{fmt.Sprintf("%d|%s", resp.code, resp.status.Message)}
}

// splitStrict splits the list of strict decoding errors the server joins with ", ": unknown and
// duplicate fields, and YAML's one error for all duplicate keys, one line each.
func splitStrict(s string) []string {
	var parts []string
	starts := []string{`unknown field "`, `duplicate field "`, "yaml: "}
	cur := ""
	for _, p := range strings.Split(s, ", ") {
		isStart := false
		for _, st := range starts {
			if strings.HasPrefix(p, st) {
				isStart = true
			}
		}
		if isStart && cur != "" {
			parts = append(parts, cur)
			cur = p
			continue
		}
		if cur != "" {
			cur += ", "
		}
		cur += p
	}
	if cur != "" {
		parts = append(parts, cur)
	}
	var out []string
	for _, p := range parts {
		if strings.HasPrefix(p, "yaml: unmarshal errors:") {
			for _, l := range strings.Split(p, "\n")[1:] {
				if l = strings.TrimSpace(l); l != "" {
					out = append(out, l)
				}
			}
			continue
		}
		out = append(out, p)
	}
	return out
}

func validateError(e manifest.Issue) string {
	switch e.Type {
	case manifest.TypeUnknownField, manifest.TypeDuplicateField:
		return "strict|" + e.Message
	case manifest.TypeDecoding, manifest.TypeRequest:
		if e.Type == manifest.TypeDecoding && !strings.Contains(e.Message, " cannot be handled as ") {
			return "strict|" + e.Message
		}
		return "400|" + e.Message
	}
	return e.Reason + "|" + e.Field + "|" + e.Message
}

// diff compares two multisets of strings.
func diff(what string, want, got []string) []string {
	count := map[string]int{}
	for _, w := range want {
		count[w]++
	}
	for _, g := range got {
		count[g]--
	}
	var keys []string
	for k, n := range count {
		if n != 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		if count[k] > 0 {
			out = append(out, fmt.Sprintf("%s only from the server: %s", what, k))
		} else {
			out = append(out, fmt.Sprintf("%s only from validate: %s", what, k))
		}
	}
	return out
}
