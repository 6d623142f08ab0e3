package generators_test

import (
	"os"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
)

func TestProfK8sAPI(t *testing.T) {
	if os.Getenv("PROF") == "" {
		t.Skip()
	}
	dir, _ := os.Getwd()
	_, diags, err := generators.Run(generators.Config{Dir: dir + "/..", Patterns: []string{"k8s.io/api/...", "k8s.io/apimachinery/pkg/apis/meta/v1"},
		OpenAPIJSON: "/tmp/prof.json", Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}})
	t.Log(len(diags), err)
}
