package openapi

import (
	"github.com/validation-gen/validation-gen/model"
)

// RefAllOfDropped warns about kube-openapi's nested markers (+k8s:validation:properties:...) on a
// field whose schema is a reference to its type's definition: openapi-gen writes them as an allOf
// beside the $ref, and kube-openapi's v3 builder (builder3, which writes --openapi-json as the API
// server writes /openapi/v3 from the Go definitions) wraps a $ref with siblings into
// allOf: [{$ref}], replacing that allOf. The v3 document keeps the field's own keywords and rules,
// and loses these; generated validators still check them. CRDs inline the type and keep them.
func RefAllOfDropped(u *model.Universe) model.Diagnostics {
	var diags model.Diagnostics
	for _, d := range u.Definitions {
		if !d.Input {
			continue
		}
		for _, p := range d.Node.Properties {
			n := p.Node
			a := n.V.Schema.AllOf
			if n.Ref == nil || a == nil || a.Nested {
				continue
			}
			diags.Warn(a.Pos, a.Tag, "field %s's schema is a reference to %s: kube-openapi's v3 builder (--openapi-json, and the "+
				"API server's /openapi/v3) replaces the allOf that these markers are published in with allOf: [{$ref}], so the "+
				"OpenAPI v3 document loses them, as it does openapi-gen's (the Go definitions keep them, generated validators "+
				"check them); to publish them in v3, write them on %s's fields", p.Name, n.Ref.GoName, n.Ref.GoName)
		}
	}
	return diags
}
