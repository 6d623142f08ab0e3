package openapi

import (
	"fmt"
	"sort"

	"k8s.io/kube-openapi/pkg/builder3"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/model"
)

// JSONDocument renders one OpenAPI v3 document ({"components":{"schemas":{...}}}) with every
// definition of the universe. The v3 spelling (references under #/components/schemas, references
// with siblings wrapped in allOf) is produced by kube-openapi's own v3 builder, so the document
// reads like an API server's /openapi/v3. Keys are sorted and the output ends with a newline.
func JSONDocument(defs []*model.Definition, opts model.Options) ([]byte, error) {
	var names []string
	for _, d := range defs {
		names = append(names, d.Name)
	}
	sort.Strings(names)
	cfg := &common.OpenAPIV3Config{
		Info: &spec.Info{InfoProps: spec.InfoProps{Title: "validation-gen", Version: "unversioned"}},
		GetDefinitions: func(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
			return schema.Definitions(defs, opts, ref)
		},
		GetDefinitionName: func(name string) (string, spec.Extensions) { return name, nil },
	}
	schemas, err := builder3.BuildOpenAPIDefinitionsForResources(cfg, names...)
	if err != nil {
		return nil, fmt.Errorf("building OpenAPI v3 schemas: %w", err)
	}
	doc := map[string]any{"components": map[string]any{"schemas": schemas}}
	return schema.SortedJSON(doc)
}
