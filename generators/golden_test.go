package generators_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pmezard/go-difflib/difflib"
	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/openapi"
	"github.com/validation-gen/validation-gen/internal/crdcheck"
	"github.com/validation-gen/validation-gen/tags"
)

// The golden tests run the generator over every folder of ../testdata/tags and ../testdata/errors
// and compare the result with the files beside the input. ../testdata/README.md describes the
// layout. Regenerate with
//
//	go test ./generators/ -run Golden -update     (or UPDATE_GOLDEN=1 go test ./generators/)
//
// and review the diff; golden files are never edited by hand.
var update = flag.Bool("update", false, "rewrite the golden files under testdata/ instead of comparing")

func updating() bool { return *update || os.Getenv("UPDATE_GOLDEN") == "1" }

const (
	tagsDir   = "../testdata/tags"
	errorsDir = "../testdata/errors"
)

// TestGoldenTags runs every folder of testdata/tags and compares openapi.json and crd.yaml.
func TestGoldenTags(t *testing.T) {
	for _, name := range caseDirs(t, tagsDir) {
		dir := absDir(t, filepath.Join(tagsDir, name))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			opts := generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: true}
			if s, ok := readOptional(t, filepath.Join(dir, "compat.txt")); ok {
				v, err := version.ParseMajorMinor(strings.TrimSpace(s))
				if err != nil {
					t.Fatalf("compat.txt: %v", err)
				}
				opts.Compat = v
			}
			if s, ok := readOptional(t, filepath.Join(dir, "flags.txt")); ok {
				applyFlags(t, s, &opts)
			}
			out, diags, err := generators.Run(config(t, dir, opts))
			if err != nil {
				t.Fatal(err)
			}
			if out == nil {
				t.Fatalf("unexpected diagnostics:\n%s", diags.Error(dir))
			}
			// Warnings (only with strict=false in flags.txt: goldens run with --strict).
			golden(t, filepath.Join(dir, "warnings.txt"), []byte(diags.Error(dir)))
			var doc []byte
			var crds [][]byte
			for _, f := range out.Files() {
				switch {
				case filepath.Base(f.Path) == "openapi.json":
					if doc, err = caseSchemas(f.Content); err != nil {
						t.Fatal(err)
					}
				case strings.HasSuffix(f.Path, ".yaml"):
					// Every CRD must be one that an API server accepts.
					if _, err := crdcheck.Validate(f.Content); err != nil {
						t.Errorf("%s: the API server would reject this CRD: %v", filepath.Base(f.Path), err)
					}
					crds = append(crds, f.Content)
				default:
					t.Fatalf("unexpected output %s", f.Path)
				}
			}
			golden(t, filepath.Join(dir, "openapi.json"), doc)
			golden(t, filepath.Join(dir, "crd.yaml"), bytes.Join(crds, []byte("---\n")))
		})
	}
}

// TestGoldenErrors runs every folder of testdata/errors and compares the diagnostics with
// expected.txt. A run with diagnostics must produce no outputs.
func TestGoldenErrors(t *testing.T) {
	for _, name := range caseDirs(t, errorsDir) {
		dir := absDir(t, filepath.Join(errorsDir, name))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			opts := generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: true}
			flags, _ := readOptional(t, filepath.Join(dir, "flags.txt"))
			applyFlags(t, flags, &opts)
			cfg := config(t, dir, opts)
			fileFlags(t, flags, dir, &cfg) // problems only the Go emitters find, and refused output flags
			out, diags, err := generators.Run(cfg)
			if out != nil && len(out.Files()) > 0 {
				t.Errorf("a run with diagnostics produced %d outputs", len(out.Files()))
			}
			if len(diags) == 0 && err == nil {
				t.Errorf("no diagnostics")
			}
			expected := diags.Error(dir)
			if err != nil { // as the command prints it
				expected += "validation-gen: " + err.Error() + "\n"
			}
			if mc := modCache(); mc != "" { // positions in other modules (k8s.io/api's), machine-independent
				expected = strings.ReplaceAll(expected, mc+string(filepath.Separator), "$GOMODCACHE/")
			}
			golden(t, filepath.Join(dir, "expected.txt"), []byte(expected))
		})
	}
}

// modCache is the Go module cache directory (go env GOMODCACHE), "" when go env fails.
var modCache = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
})

// TestGoldenEveryTag makes a tag without a golden folder fail the build. A tag that always fails
// generation (+k8s:validateError) has its folder in testdata/errors instead.
func TestGoldenEveryTag(t *testing.T) {
	for _, d := range tags.Defs() {
		dir := filepath.Join(tagsDir, tagFolder(d.Name))
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			continue
		}
		if fi, err := os.Stat(filepath.Join(errorsDir, tagFolder(d.Name))); err == nil && fi.IsDir() {
			continue
		}
		t.Errorf("tag +%s has no golden folder %s", d.Name, dir)
	}
}

// tagFolder is the golden folder name of a tag: the name after its last ':' (k8s:, genclient:),
// lower-cased, without '-'.
func tagFolder(tag string) string {
	if rest, ok := strings.CutPrefix(tag, "kubebuilder:"); ok {
		// controller-gen's markers: kubebuilder-minimum/, kubebuilder-subresource-status/.
		rest = strings.TrimPrefix(rest, "validation:")
		return "kubebuilder-" + strings.ToLower(strings.ReplaceAll(rest, ":", "-"))
	}
	if i := strings.LastIndex(tag, ":"); i >= 0 {
		tag = tag[i+1:]
	}
	return strings.ReplaceAll(strings.ToLower(tag), "-", "")
}

// config runs the case folder: its own package when it has types.go, else every package below it
// (cases that need several API versions keep them in subfolders such as v1/ and v1beta1/).
func config(t *testing.T, dir string, opts generators.Options) generators.Config {
	pattern := "./..."
	if _, err := os.Stat(filepath.Join(dir, "types.go")); err == nil {
		pattern = "."
	}
	tmp := t.TempDir()
	return generators.Config{
		Dir: dir, Patterns: []string{pattern},
		OpenAPIJSON: filepath.Join(tmp, "openapi.json"), CRDDir: filepath.Join(tmp, "crds"),
		Options: opts,
	}
}

// applyFlags reads flags.txt: one name=value per line, spelled like the command-line flags.
func applyFlags(t *testing.T, s string, opts *generators.Options) {
	if err := parseFlags(s, opts); err != nil {
		t.Fatalf("flags.txt: %v", err)
	}
}

// fileFlags applies the file options of a flags.txt to cfg: output-file=NAME and
// openapi-output-file=NAME (which turn the Go emitters on), go-header-file=FILE (relative to the
// case folder).
func fileFlags(t *testing.T, s, dir string, cfg *generators.Config) {
	for _, line := range strings.Split(s, "\n") {
		k, v, _ := strings.Cut(strings.TrimSpace(line), "=")
		switch k {
		case "output-file":
			cfg.OutputFile = v
		case "openapi-output-file":
			cfg.OpenAPIOutputFile = v
		case "go-header-file":
			h, err := os.ReadFile(filepath.Join(dir, v))
			if err != nil {
				t.Fatal(err)
			}
			cfg.Header = h
		}
	}
}

// parseFlags applies the options of a flags.txt.
func parseFlags(s string, opts *generators.Options) error {
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, _ := strings.Cut(line, "=")
		switch k {
		case "compatibility-version":
			cv, err := version.ParseMajorMinor(v)
			if err != nil {
				return err
			}
			opts.Compat = cv
		case "format-fallback":
			opts.FormatFallback = v == "true"
		case "test-tags":
			opts.TestTags = v == "true"
		case "strict":
			opts.Strict = v == "true"
		case "native-validation":
			opts.NativeValidation = v == "true"
		case "generate-embedded-object-meta":
			opts.EmbeddedObjectMeta = v == "true"
		case "crd-options":
			if err := openapi.ParseCRDOptions(v, opts); err != nil {
				return err
			}
		case "output-file", "openapi-output-file", "go-header-file": // read by fileFlags
		default:
			return fmt.Errorf("unknown flag %q", k)
		}
	}
	return nil
}

// caseSchemas keeps the schemas of the case's own packages: it drops those of k8s.io packages
// (io.k8s.*, reached through metav1.ObjectMeta and friends), which would repeat in every folder.
// References to them remain. The layout is the generator's: sorted keys, two-space indent.
func caseSchemas(doc []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	if c, ok := m["components"].(map[string]any); ok {
		if s, ok := c["schemas"].(map[string]any); ok {
			for k := range s {
				if strings.HasPrefix(k, "io.k8s.") {
					delete(s, k)
				}
			}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// golden compares got with the file, or rewrites it with -update. Empty got means the file must
// not exist.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	want, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if updating() {
		if len(got) == 0 {
			if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			return
		}
		if !bytes.Equal(want, got) {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	if bytes.Equal(want, got) {
		return
	}
	rel := filepath.ToSlash(path)
	if i := strings.LastIndex(rel, "/testdata/"); i >= 0 {
		rel = rel[i+1:]
	}
	diff, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: difflib.SplitLines(string(want)), B: difflib.SplitLines(string(got)),
		FromFile: "want " + rel, ToFile: "got " + rel, Context: 3,
	})
	if want == nil {
		diff = "(" + rel + " does not exist)\n" + diff
	}
	t.Errorf("%s differs; rerun with -update (or UPDATE_GOLDEN=1) if the change is intended:\n%s", rel, diff)
}

func caseDirs(t *testing.T, root string) []string {
	t.Helper()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	if len(out) == 0 {
		t.Fatalf("no cases in %s", root)
	}
	return out
}

func absDir(t *testing.T, dir string) string {
	t.Helper()
	a, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func readOptional(t *testing.T, path string) (string, bool) {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b), true
}
