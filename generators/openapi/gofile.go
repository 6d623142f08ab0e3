// Package openapi emits the published schema: kube-openapi Go definitions for each input package
// (GoFile), one OpenAPI v3 JSON document (JSONDocument) and one CustomResourceDefinition per root
// kind (CRDs). The schemas themselves come from package schema.
package openapi

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/generators/output/goheader"
	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/model"
)

const (
	pkgCommon = "k8s.io/kube-openapi/pkg/common"
	pkgSpec   = "k8s.io/kube-openapi/pkg/validation/spec"
	pkgPtr    = "k8s.io/utils/ptr"
	refPrefix = "#/definitions/"
)

// GoFile renders the kube-openapi definitions of one package's types (Package.GoDefinitions) as
// Go: GetOpenAPIDefinitions(ref) returning the same map that Definitions computes in memory.
func GoFile(p *model.Package, opts model.Options, header []byte) ([]byte, error) {
	f := jen.NewFile(p.Name)
	f.HeaderComment(output.GeneratedComment)
	defs := p.GoDefinitions(opts)
	var entries []jen.Code
	for _, d := range defs {
		entries = append(entries, jen.Lit(d.Name).Op(":").Id(defFuncName(d)).Call(jen.Id("ref")))
	}
	f.Comment("GetOpenAPIDefinitions returns the OpenAPI definitions of the package's types, keyed by model name.")
	f.Func().Id("GetOpenAPIDefinitions").Params(jen.Id("ref").Qual(pkgCommon, "ReferenceCallback")).
		Map(jen.String()).Qual(pkgCommon, "OpenAPIDefinition").Block(
		jen.Return(jen.Map(jen.String()).Qual(pkgCommon, "OpenAPIDefinition").Values(multiline(entries)...)),
	)
	for _, d := range defs {
		def := schema.Definition(d, opts, schema.DefinitionsRef)
		f.Line()
		f.Func().Id(defFuncName(d)).Params(jen.Id("ref").Qual(pkgCommon, "ReferenceCallback")).
			Qual(pkgCommon, "OpenAPIDefinition").Block(jen.Return(definitionCode(def)))
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("rendering OpenAPI definitions for %s: %w", p.Path, err)
	}
	return goheader.WithHeader(header, buf.Bytes()), nil
}

func defFuncName(d *model.Definition) string { return "schema_" + d.GoName }

func multiline(items []jen.Code) []jen.Code {
	out := make([]jen.Code, 0, len(items)+1)
	for _, it := range items {
		out = append(out, jen.Line().Add(it))
	}
	if len(out) > 0 {
		out = append(out, jen.Line())
	}
	return out
}

func definitionCode(d common.OpenAPIDefinition) jen.Code {
	fields := []jen.Code{jen.Id("Schema").Op(":").Add(schemaCode(d.Schema))}
	if len(d.Dependencies) > 0 {
		var deps []jen.Code
		for _, dep := range d.Dependencies {
			deps = append(deps, jen.Lit(dep))
		}
		fields = append(fields, jen.Id("Dependencies").Op(":").Index().String().Values(multiline(deps)...))
	}
	return jen.Qual(pkgCommon, "OpenAPIDefinition").Values(multiline(fields)...)
}

// schemaCode renders a spec.Schema literal with only the fields the emitter sets.
func schemaCode(s spec.Schema) jen.Code {
	var props []jen.Code
	field := func(name string, c jen.Code) { props = append(props, jen.Id(name).Op(":").Add(c)) }
	if s.Description != "" {
		field("Description", jen.Lit(s.Description))
	}
	if len(s.Type) > 0 {
		var ts []jen.Code
		for _, t := range s.Type {
			ts = append(ts, jen.Lit(t))
		}
		field("Type", jen.Index().String().Values(ts...))
	}
	if s.Format != "" {
		field("Format", jen.Lit(s.Format))
	}
	if s.Default != nil {
		field("Default", valueCode(s.Default))
	}
	if len(s.Enum) > 0 {
		field("Enum", valueCode(s.Enum))
	}
	if s.Ref.String() != "" {
		field("Ref", jen.Id("ref").Call(jen.Lit(strings.TrimPrefix(s.Ref.String(), refPrefix))))
	}
	if s.Maximum != nil {
		field("Maximum", ptrCode(jen.Float64(), jen.Lit(*s.Maximum)))
	}
	if s.ExclusiveMaximum {
		field("ExclusiveMaximum", jen.True())
	}
	if s.Minimum != nil {
		field("Minimum", ptrCode(jen.Float64(), jen.Lit(*s.Minimum)))
	}
	if s.ExclusiveMinimum {
		field("ExclusiveMinimum", jen.True())
	}
	for _, x := range []struct {
		name string
		v    *int64
	}{{"MaxLength", s.MaxLength}, {"MinLength", s.MinLength}} {
		if x.v != nil {
			field(x.name, ptrCode(jen.Int64(), jen.Lit(int(*x.v))))
		}
	}
	if s.Pattern != "" {
		field("Pattern", jen.Lit(s.Pattern))
	}
	for _, x := range []struct {
		name string
		v    *int64
	}{{"MaxItems", s.MaxItems}, {"MinItems", s.MinItems}} {
		if x.v != nil {
			field(x.name, ptrCode(jen.Int64(), jen.Lit(int(*x.v))))
		}
	}
	if s.MultipleOf != nil {
		field("MultipleOf", ptrCode(jen.Float64(), jen.Lit(*s.MultipleOf)))
	}
	for _, x := range []struct {
		name string
		v    *int64
	}{{"MaxProperties", s.MaxProperties}, {"MinProperties", s.MinProperties}} {
		if x.v != nil {
			field(x.name, ptrCode(jen.Int64(), jen.Lit(int(*x.v))))
		}
	}
	if len(s.Required) > 0 {
		var rs []jen.Code
		for _, r := range s.Required {
			rs = append(rs, jen.Lit(r))
		}
		field("Required", jen.Index().String().Values(rs...))
	}
	if s.Items != nil && s.Items.Schema != nil {
		field("Items", jen.Op("&").Qual(pkgSpec, "SchemaOrArray").Values(jen.Line().Id("Schema").Op(":").Op("&").Add(schemaCode(*s.Items.Schema)), jen.Line()))
	}
	if len(s.OneOf) > 0 {
		var os []jen.Code
		for _, o := range s.OneOf {
			os = append(os, schemaCode(o))
		}
		field("OneOf", jen.Index().Qual(pkgSpec, "Schema").Values(multiline(os)...))
	}
	if len(s.Properties) > 0 {
		var names []string
		for n := range s.Properties {
			names = append(names, n)
		}
		sort.Strings(names)
		var ps []jen.Code
		for _, n := range names {
			ps = append(ps, jen.Lit(n).Op(":").Add(schemaCode(s.Properties[n])))
		}
		field("Properties", jen.Map(jen.String()).Qual(pkgSpec, "Schema").Values(multiline(ps)...))
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		field("AdditionalProperties", jen.Op("&").Qual(pkgSpec, "SchemaOrBool").Values(
			jen.Line().Id("Allows").Op(":").True(),
			jen.Line().Id("Schema").Op(":").Op("&").Add(schemaCode(*s.AdditionalProperties.Schema)), jen.Line()))
	}
	fields := []jen.Code{jen.Id("SchemaProps").Op(":").Qual(pkgSpec, "SchemaProps").Values(multiline(props)...)}
	if len(s.Extensions) > 0 {
		var keys []string
		for k := range s.Extensions {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var es []jen.Code
		for _, k := range keys {
			es = append(es, jen.Lit(k).Op(":").Add(valueCode(s.Extensions[k])))
		}
		fields = append(fields, jen.Id("VendorExtensible").Op(":").Qual(pkgSpec, "VendorExtensible").Values(
			jen.Line().Id("Extensions").Op(":").Qual(pkgSpec, "Extensions").Values(multiline(es)...), jen.Line()))
	}
	return jen.Qual(pkgSpec, "Schema").Values(multiline(fields)...)
}

func ptrCode(t *jen.Statement, v jen.Code) jen.Code {
	return jen.Qual(pkgPtr, "To").Types(t).Call(v)
}

// valueCode renders a JSON-like value (defaults, enums, extensions) as a Go literal.
func valueCode(v any) jen.Code {
	switch x := v.(type) {
	case nil:
		return jen.Nil()
	case string, bool, float64:
		return jen.Lit(x)
	case int64:
		return jen.Lit(int(x))
	case int:
		return jen.Lit(x)
	case []any:
		var items []jen.Code
		for _, e := range x {
			items = append(items, valueCode(e))
		}
		return jen.Index().Interface().Values(multiline(items)...)
	case map[string]any:
		var keys []string
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var items []jen.Code
		for _, k := range keys {
			items = append(items, jen.Lit(k).Op(":").Add(valueCode(x[k])))
		}
		return jen.Map(jen.String()).Interface().Values(items...)
	case spec.Schema:
		return schemaCode(x)
	}
	panic(fmt.Sprintf("generators: cannot render %T as Go", v))
}
