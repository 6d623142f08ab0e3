package diff_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/pmezard/go-difflib/difflib"
	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/review"
	"github.com/validation-gen/validation-gen/review/diff"
)

// The golden tests compare the old/ and new/ packages of every folder of ../../testdata/review/diff
// (one folder per dialect and verdict class) and compare the report with want.txt and want.json
// beside them. Regenerate with
//
//	go test ./review/diff -run Golden -update     (or UPDATE_GOLDEN=1)
//
// and review the diff; golden files are never edited by hand.
var update = flag.Bool("update", false, "rewrite the golden files instead of comparing")

const casesDir = "../../testdata/review/diff"

func TestGolden(t *testing.T) {
	entries, err := os.ReadDir(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir, _ := filepath.Abs(filepath.Join(casesDir, e.Name()))
		t.Run(e.Name(), func(t *testing.T) {
			t.Parallel()
			rep := diff.Compare(surface(t, filepath.Join(dir, "old")), surface(t, filepath.Join(dir, "new")))
			var text, js bytes.Buffer
			rep.WriteText(&text)
			if err := rep.WriteJSON(&js); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join(dir, "want.txt"), text.Bytes())
			golden(t, filepath.Join(dir, "want.json"), js.Bytes())
		})
	}
}

// surface loads dir/... through the pipeline's checks, as validation-gen diff does.
func surface(t *testing.T, dir string) *review.Surface {
	t.Helper()
	c, diags, err := generators.Model(generators.Config{Dir: dir, Patterns: []string{"./..."},
		Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: true}})
	if err != nil {
		t.Fatal(err)
	}
	if c == nil {
		t.Fatalf("%s:\n%s", dir, diags.Error(dir))
	}
	return review.Build(c.Universe, c.Costs.Of)
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update || os.Getenv("UPDATE_GOLDEN") == "1" {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		d, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{A: difflib.SplitLines(string(want)), B: difflib.SplitLines(string(got)),
			FromFile: path, ToFile: "got", Context: 3})
		t.Errorf("%s is stale (-update rewrites it):\n%s", path, d)
	}
}
