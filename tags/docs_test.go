package tags_test

import (
	"os"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	basever "k8s.io/component-base/version"

	"github.com/validation-gen/validation-gen/tags"
)

const (
	beginTags = "<!-- BEGIN GENERATED TAGS -->\n"
	endTags   = "<!-- END GENERATED TAGS -->"
)

// TestREADME keeps the README's tag reference equal to --docs at the default compatibility
// version. UPDATE_GOLDEN=1 rewrites it.
func TestREADME(t *testing.T) {
	const path = "../README.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i, j := strings.Index(s, beginTags), strings.Index(s, endTags)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the %q ... %q markers", beginTags, endTags)
	}
	want := s[:i+len(beginTags)] + tags.Markdown(version.MustParse(basever.DefaultKubeBinaryVersion)) + s[j:]
	if s == want {
		return
	}
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md tag reference is stale; run UPDATE_GOLDEN=1 go test ./tags -run TestREADME")
}
