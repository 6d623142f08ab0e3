package upstream

import (
	"encoding/json"
	"os"
	"os/exec"
	"testing"

	"github.com/validation-gen/validation-gen/tags"
)

// TestEveryUpstreamTag checks that the tag registry knows every tag upstream's validation-gen
// lists (validation-gen --docs, at the k8s.io/code-generator version go.mod pins), so that a new
// upstream tag fails here rather than as "unknown tag" in a user's package. It builds upstream's
// generator, so it runs with the suite (VALIDATION_GEN_UPSTREAM=1).
func TestEveryUpstreamTag(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_UPSTREAM") != "1" {
		t.Skip("builds upstream's validation-gen; run it with: VALIDATION_GEN_UPSTREAM=1 go test ./test/upstream/ -run TestEveryUpstreamTag")
	}
	cmd := exec.CommandContext(t.Context(), "go", "run", "k8s.io/code-generator/cmd/validation-gen", "--docs")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("upstream's validation-gen --docs: %v", err)
	}
	var docs []struct{ Tag string }
	if err := json.Unmarshal(out, &docs); err != nil {
		t.Fatalf("upstream's validation-gen --docs is not the JSON list it was: %v", err)
	}
	if len(docs) == 0 {
		t.Fatal("upstream's validation-gen --docs lists no tag")
	}
	known := map[string]bool{}
	for _, d := range tags.Defs() {
		known[d.Name] = true
		for _, a := range d.Aliases {
			known[a] = true
		}
	}
	for _, d := range docs {
		if !known[d.Tag] {
			t.Errorf("upstream's tag +%s is not in the registry", d.Tag)
		}
	}
	t.Logf("upstream lists %d tags; the registry knows them all", len(docs))
}
