package lint_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/review"
	"github.com/validation-gen/validation-gen/review/lint"
)

// TestGolden lints every folder of ../../testdata/review/lint (a group's versions and its
// exceptions file) and compares the findings with want.txt. Regenerate with -update (or
// UPDATE_GOLDEN=1) and review the diff.
var update = flag.Bool("update", false, "rewrite the golden files instead of comparing")

func TestGolden(t *testing.T) {
	root := "../../testdata/review/lint"
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		dir, _ := filepath.Abs(filepath.Join(root, e.Name()))
		t.Run(e.Name(), func(t *testing.T) {
			c, diags, err := generators.Model(generators.Config{Dir: dir, Patterns: []string{"./..."},
				Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: true}})
			if err != nil || c == nil {
				t.Fatalf("%v\n%s", err, diags.Error(dir))
			}
			findings, err := lint.Run(review.Build(c.Universe, c.Costs.Of), nil)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, f := range findings {
				b.WriteString(f.Format(dir) + "\n")
			}
			path := filepath.Join(dir, "want.txt")
			if *update || os.Getenv("UPDATE_GOLDEN") == "1" {
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(want, []byte(b.String())) {
				t.Errorf("findings differ from %s (-update rewrites it):\n--- want\n%s--- got\n%s", path, want, b.String())
			}
		})
	}
}
