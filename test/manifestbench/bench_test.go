package manifestbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/manifest"
)

// The tools compared, at pinned versions, installed with go install from the module proxy.
const (
	kubeconform     = "github.com/yannh/kubeconform/cmd/kubeconform@v0.8.0"
	kubectlValidate = "sigs.k8s.io/kubectl-validate@v0.0.4"
	gatewayAPI      = "sigs.k8s.io/gateway-api"
	gatewayVersion  = "v1.6.3"
)

// documents is the size of the corpus; files is how many files it is written into.
const documents, files = 10000, 100

// setup is what every benchmark shares: the corpus, the CRDs, their JSON Schemas for kubeconform,
// and the three binaries. It is built once per process.
type setup struct {
	root                 string // everything below is in root, removed when the process ends
	dir, crds, schemas   string
	validationGen        string
	kubeconform, kubectl string
	err                  error
}

var (
	once   sync.Once
	shared setup
)

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.root != "" {
		os.RemoveAll(shared.root)
	}
	os.Exit(code)
}

func prepare(b *testing.B) *setup {
	b.Helper()
	if os.Getenv("VALIDATION_GEN_MANIFEST_BENCH") != "1" {
		b.Skip("installs kubeconform and kubectl-validate and fetches gateway-api through the module proxy; run it with: " +
			"VALIDATION_GEN_MANIFEST_BENCH=1 flock /work/heavy.lock go test ./test/manifestbench/ -run '^$' -bench . -benchtime 1x")
	}
	once.Do(func() { shared.err = shared.build(b) })
	if shared.err != nil {
		b.Fatal(shared.err)
	}
	return &shared
}

func (s *setup) build(b *testing.B) error {
	root, err := os.MkdirTemp("", "manifestbench")
	if err != nil {
		return err
	}
	s.root = root
	s.dir = filepath.Join(root, "manifests")
	s.crds = filepath.Join(root, "crds")
	s.schemas = filepath.Join(root, "schemas")
	gw := tempmod.Download(b, root, gatewayAPI, gatewayVersion)
	tempmod.CopyFiles(b, filepath.Join(gw, "config/crd/standard"), s.crds, func(path string, d os.DirEntry) bool {
		return d.IsDir() || (strings.HasSuffix(path, ".yaml") && !strings.Contains(path, "vap_") && !strings.Contains(path, "kustomization"))
	})
	if err := writeJSONSchemas(s.crds, s.schemas); err != nil {
		return err
	}
	docs := Corpus(documents)
	per := documents / files
	for f := 0; f < files; f++ {
		tempmod.WriteFile(b, filepath.Join(s.dir, fmt.Sprintf("manifests-%03d.yaml", f)), []byte(strings.Join(docs[f*per:(f+1)*per], "---\n")))
	}
	bin := filepath.Join(root, "bin")
	repo, err := filepath.Abs("../..")
	if err != nil {
		return err
	}
	s.validationGen = filepath.Join(bin, "validation-gen")
	build := exec.Command("go", "build", "-o", s.validationGen, "./cmd/validation-gen")
	build.Dir = repo
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	for _, tool := range []string{kubeconform, kubectlValidate} {
		// Each tool builds with its own go.mod (go install pkg@version), outside this module.
		install := exec.Command("go", "install", tool)
		install.Dir = root
		install.Env = append(os.Environ(), "GOBIN="+bin, "GOFLAGS=", "GOWORK=off")
		if out, err := install.CombinedOutput(); err != nil {
			return fmt.Errorf("go install %s: %v\n%s", tool, err, out)
		}
	}
	s.kubeconform = filepath.Join(bin, "kubeconform")
	s.kubectl = filepath.Join(bin, "kubectl-validate")
	return nil
}

// writeJSONSchemas converts each served version of each CRD into the JSON Schema kubeconform
// reads, <group>/<kind>_<version>.json, as kubeconform's openapi2jsonschema.py does: objects
// with properties get additionalProperties false (unless they preserve unknown fields), and
// int-or-string is oneOf string and integer.
func writeJSONSchemas(crdDir, out string) error {
	entries, err := os.ReadDir(crdDir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(crdDir, e.Name()))
		if err != nil {
			return err
		}
		var crd apiextv1.CustomResourceDefinition
		if err := sigsyaml.Unmarshal(data, &crd); err != nil {
			return err
		}
		for _, v := range crd.Spec.Versions {
			if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
				continue
			}
			raw, err := json.Marshal(v.Schema.OpenAPIV3Schema)
			if err != nil {
				return err
			}
			var sc map[string]interface{}
			if err := json.Unmarshal(raw, &sc); err != nil {
				return err
			}
			jsonSchema(sc)
			raw, err = json.Marshal(sc)
			if err != nil {
				return err
			}
			p := filepath.Join(out, crd.Spec.Group, strings.ToLower(crd.Spec.Names.Kind)+"_"+v.Name+".json")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, raw, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

func jsonSchema(sc map[string]interface{}) {
	if sc["x-kubernetes-int-or-string"] == true {
		delete(sc, "anyOf")
		sc["oneOf"] = []interface{}{map[string]interface{}{"type": "string"}, map[string]interface{}{"type": "integer"}}
	}
	if _, ok := sc["properties"]; ok && sc["x-kubernetes-preserve-unknown-fields"] != true {
		if _, ok := sc["additionalProperties"]; !ok {
			sc["additionalProperties"] = false
		}
	}
	for _, v := range sc {
		switch v := v.(type) {
		case map[string]interface{}:
			jsonSchema(v)
			for _, p := range v {
				if m, ok := p.(map[string]interface{}); ok {
					jsonSchema(m)
				}
			}
		case []interface{}:
			for _, e := range v {
				if m, ok := e.(map[string]interface{}); ok {
					jsonSchema(m)
				}
			}
		}
	}
}

// run runs a tool over the corpus b.N times and reports documents per second of wall time and
// per second of CPU time (the tool's user and system time: on a shared machine the wall time
// varies with the load, the CPU time much less). A tool's exit status 1 (some document invalid)
// is expected; its output must name the invalid documents.
func run(b *testing.B, name string, args ...string) {
	b.Helper()
	var out []byte
	var cpu time.Duration
	b.ResetTimer()
	for range b.N {
		cmd := exec.Command(name, args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
			b.Fatalf("%s: %v\n%s%s", filepath.Base(name), err, stdout.Bytes(), stderr.Bytes())
		}
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		out = stdout.Bytes()
	}
	b.StopTimer()
	b.ReportMetric(float64(documents)*float64(b.N)/b.Elapsed().Seconds(), "docs/s")
	b.ReportMetric(float64(documents)*float64(b.N)/cpu.Seconds(), "docs/cpu-s")
	b.ReportMetric(0, "ns/op")
	if len(out) == 0 {
		b.Errorf("%s printed nothing; expected the invalid documents", filepath.Base(name))
	}
}

// BenchmarkValidate is validation-gen validate as a pre-submit runs it: the binary, over the
// corpus directory, schemas compiled from the CRDs in the same run (CEL rules, strict fields).
func BenchmarkValidate(b *testing.B) {
	s := prepare(b)
	run(b, s.validationGen, "validate", "--crd-dir", s.crds, s.dir)
}

// BenchmarkKubeconform is kubeconform with the CRDs' JSON Schemas, strict (unknown fields and
// duplicate keys), on every core (its default -n is 4; this is GOMAXPROCS).
func BenchmarkKubeconform(b *testing.B) {
	s := prepare(b)
	run(b, s.kubeconform, "-strict", "-summary", "-n", fmt.Sprint(runtime.GOMAXPROCS(0)),
		"-schema-location", filepath.Join(s.schemas, "{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json"), s.dir)
}

// BenchmarkKubectlValidate is kubectl-validate with the CRDs as local CRDs.
func BenchmarkKubectlValidate(b *testing.B) {
	s := prepare(b)
	run(b, s.kubectl, s.dir, "--local-crds", s.crds, "--version", "1.30")
}

// BenchmarkValidateLibrary is package manifest in this process, schemas loaded once: what the
// binary spends on the documents themselves (go test -cpuprofile profiles it).
func BenchmarkValidateLibrary(b *testing.B) {
	s := prepare(b)
	schemas := manifest.NewSchemas()
	if err := schemas.AddCRDs(s.crds); err != nil {
		b.Fatal(err)
	}
	v, err := manifest.New(schemas, manifest.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		r, err := v.ValidatePaths(s.dir)
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Documents) != documents {
			b.Fatalf("%d documents, want %d", len(r.Documents), documents)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(documents)*float64(b.N)/b.Elapsed().Seconds(), "docs/s")
}
