package genruntime_test

import (
	"encoding/json"
	"strings"
	"testing"

	"k8s.io/kube-openapi/pkg/common"

	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/genruntime"
)

func dump(t *testing.T, defs map[string]common.OpenAPIDefinition) string {
	t.Helper()
	b, err := json.Marshal(defs)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestExtensionsGate(t *testing.T) {
	gateOn := true
	get := genruntime.WithExtensionsGate(v1.GetOpenAPIDefinitions, func() bool { return gateOn })

	on := dump(t, get(schema.DefinitionsRef))
	for _, ext := range genruntime.DeclarativeExtensions {
		if !strings.Contains(on, `"`+ext+`"`) {
			t.Errorf("gate on: %s missing from the example definitions", ext)
		}
	}
	if on != dump(t, v1.GetOpenAPIDefinitions(schema.DefinitionsRef)) {
		t.Error("gate on: definitions were changed")
	}

	gateOff := false
	gateOn = gateOff
	off := dump(t, get(schema.DefinitionsRef))
	for _, ext := range genruntime.DeclarativeExtensions {
		if strings.Contains(off, `"`+ext+`"`) {
			t.Errorf("gate off: %s still published", ext)
		}
	}
	for _, kept := range []string{"x-kubernetes-list-type", "x-kubernetes-list-map-keys", "x-kubernetes-map-type", `"maximum"`, `"pattern"`} {
		if !strings.Contains(off, kept) {
			t.Errorf("gate off: %s was removed too", kept)
		}
	}
}

func TestStripDoesNotModifyInput(t *testing.T) {
	defs := v1.GetOpenAPIDefinitions(schema.DefinitionsRef)
	before := dump(t, defs)
	genruntime.StripDeclarativeExtensions(defs)
	if dump(t, defs) != before {
		t.Error("StripDeclarativeExtensions modified its input")
	}
}
