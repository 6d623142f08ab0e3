package openapi

import (
	"fmt"
	"strings"
	"unicode"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-tools/pkg/markers"

	"github.com/validation-gen/validation-gen/model"
)

// crdGenerator holds controller-gen's crd generator options as controller-gen declares them, so
// that controller-tools' marker parser reads --crd-options exactly as controller-gen reads the
// arguments of crd:... on its command line (crd:maxDescLen=0,crdVersions={v1}).
type crdGenerator struct {
	IgnoreUnexportedFields     *bool    `marker:",optional"`
	AllowDangerousTypes        *bool    `marker:",optional"`
	MaxDescLen                 *int     `marker:",optional"`
	CRDVersions                []string `marker:"crdVersions,optional"`
	GenerateEmbeddedObjectMeta *bool    `marker:",optional"`
	// Options of controller-gen that validation-gen does not take, refused by name.
	HeaderFile                                          string `marker:",optional"`
	Year                                                string `marker:",optional"`
	DeprecatedV1beta1CompatibilityPreserveUnknownFields *bool  `marker:",optional"`
}

var crdOptionsDef = func() *markers.Definition {
	d, err := markers.MakeDefinition("crd", markers.DescribesPackage, crdGenerator{})
	if err != nil {
		panic(err)
	}
	return d
}()

// ParseCRDOptions reads --crd-options into o: controller-gen's crd generator arguments, as written
// after crd: on its command line (maxDescLen=0,generateEmbeddedObjectMeta=true; the crd: prefix
// may be kept). crdVersions may only name v1, as controller-gen allows; generateEmbeddedObjectMeta
// is Options.EmbeddedObjectMeta (--generate-embedded-object-meta), the others Options.CRD.
func ParseCRDOptions(s string, o *model.Options) error {
	s = strings.TrimPrefix(strings.TrimSpace(s), "crd:")
	if s == "" {
		return nil
	}
	v, err := crdOptionsDef.Parse("+crd:" + s)
	if err != nil {
		return fmt.Errorf("controller-gen's crd options: %v", err)
	}
	g := v.(crdGenerator)
	for _, ver := range g.CRDVersions {
		if ver != "v1" {
			return fmt.Errorf("crdVersions: %q is not supported; CRDs are apiextensions.k8s.io/v1 (as controller-gen writes them)", ver)
		}
	}
	switch {
	case g.HeaderFile != "" || g.Year != "":
		return fmt.Errorf("headerFile and year are controller-gen's; validation-gen writes its own header on CRDs")
	case g.DeprecatedV1beta1CompatibilityPreserveUnknownFields != nil:
		return fmt.Errorf("deprecatedV1beta1CompatibilityPreserveUnknownFields is not supported: CRDs are apiextensions.k8s.io/v1 and structural")
	}
	o.CRD.MaxDescLen = g.MaxDescLen
	if g.GenerateEmbeddedObjectMeta != nil {
		o.EmbeddedObjectMeta = *g.GenerateEmbeddedObjectMeta
	}
	o.CRD.AllowDangerousTypes = g.AllowDangerousTypes != nil && *g.AllowDangerousTypes
	o.CRD.IgnoreUnexportedFields = g.IgnoreUnexportedFields != nil && *g.IgnoreUnexportedFields
	return nil
}

// truncateDescriptions applies crd:maxDescLen to every description of a CRD schema, as
// controller-gen does: 0 drops them, a longer one is cut to max bytes and then back to its last
// sentence end, else to its last blank with "...", else kept at max bytes with "..."; a negative
// max changes nothing.
func truncateDescriptions(s *apiextv1.JSONSchemaProps, max int) {
	if s == nil || max < 0 {
		return
	}
	if max == 0 {
		s.Description = ""
	} else if len(s.Description) > max {
		d := s.Description[:max]
		if i := strings.LastIndexFunc(d, func(r rune) bool { return unicode.Is(unicode.STerm, r) }); i > 0 {
			d = d[:i+1]
		} else if i := strings.LastIndexFunc(d, func(r rune) bool { return unicode.Is(unicode.White_Space, r) }); i > 0 {
			d = d[:i] + "..."
		} else {
			d += "..."
		}
		s.Description = d
	}
	each := func(m map[string]apiextv1.JSONSchemaProps) {
		for k, v := range m {
			truncateDescriptions(&v, max)
			m[k] = v
		}
	}
	if s.Items != nil {
		truncateDescriptions(s.Items.Schema, max)
		for i := range s.Items.JSONSchemas {
			truncateDescriptions(&s.Items.JSONSchemas[i], max)
		}
	}
	for _, l := range [][]apiextv1.JSONSchemaProps{s.AllOf, s.OneOf, s.AnyOf} {
		for i := range l {
			truncateDescriptions(&l[i], max)
		}
	}
	truncateDescriptions(s.Not, max)
	each(s.Properties)
	if s.AdditionalProperties != nil {
		truncateDescriptions(s.AdditionalProperties.Schema, max)
	}
	each(s.PatternProperties)
	for k, dep := range s.Dependencies {
		truncateDescriptions(dep.Schema, max)
		s.Dependencies[k] = dep
	}
	if s.AdditionalItems != nil {
		truncateDescriptions(s.AdditionalItems.Schema, max)
	}
	each(s.Definitions)
}
