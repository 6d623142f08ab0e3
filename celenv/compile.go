package celenv

import (
	"bytes"
	"encoding/json"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celmodel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/util/version"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
)

// Generation-time checks and generated validators compile rules through these two functions, so
// that a rule compiles at run time exactly when it compiled at generation time.

// DecodeSchema decodes a CRD-style schema (apiextensions v1 JSONSchemaProps JSON), rejecting
// unknown fields so that nothing a CRD schema cannot carry is silently dropped.
func DecodeSchema(schema []byte) (*apiextv1.JSONSchemaProps, error) {
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.DisallowUnknownFields()
	var p apiextv1.JSONSchemaProps
	if err := dec.Decode(&p); err != nil {
		return nil, err
	}
	return &p, nil
}

// Structural turns a CRD-style schema into the API server's structural schema.
func Structural(schema []byte) (*structuralschema.Structural, error) {
	v1, err := DecodeSchema(schema)
	if err != nil {
		return nil, err
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v1, &internal, nil); err != nil {
		return nil, err
	}
	return structuralschema.NewStructural(&internal)
}

// Compile compiles the x-kubernetes-validations of ss as an API server of version server compiles
// the rules of a CRD: self typed from ss by apiextensions' own adapter (with apiVersion, kind and
// metadata at a resource root), its environment for new expressions, the per-call cost limit.
func Compile(ss *structuralschema.Structural, resourceRoot bool, server *version.Version) ([]cel.CompilationResult, error) {
	declType := celmodel.SchemaDeclType(ss, resourceRoot)
	return cel.Compile(ss, declType, celconfig.PerCallLimit, EnvSet(server), cel.NewExpressionsEnvLoader())
}
