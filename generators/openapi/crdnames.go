package openapi

import (
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/validation-gen/validation-gen/model"
)

// namedCRD is a CRD with the declaration of its storage version, for positions.
type namedCRD struct {
	crd *apiextv1.CustomResourceDefinition
	def *model.Definition
}

// nameClashes reports CRDs of one group that share a name: the API server accepts only the first
// of them (NamesAccepted), so the second kind would not be served. Its resource names (plural,
// singular, short names) are one name space and its kinds (kind, list kind) another, as the API
// server's naming controller sees them. Each of the two declarations is told about the other.
func nameClashes(crds []namedCRD) model.Diagnostics {
	type owner struct {
		i    int
		what string
	}
	var diags model.Diagnostics
	resources, kinds := map[[2]string]owner{}, map[[2]string]owner{}
	type pair struct {
		a, b int
		name string
	}
	reported := map[pair]bool{}
	for i, c := range crds {
		n := c.crd.Spec.Names
		claims := []struct {
			space      map[[2]string]owner
			name, what string
		}{{resources, n.Plural, "plural"}, {resources, n.Singular, "singular"}, {kinds, n.Kind, "kind"}, {kinds, n.ListKind, "list kind"}}
		for _, s := range n.ShortNames {
			claims = append(claims, struct {
				space      map[[2]string]owner
				name, what string
			}{resources, s, "short name"})
		}
		for _, cl := range claims {
			k := [2]string{c.crd.Spec.Group, cl.name}
			o, taken := cl.space[k]
			if !taken {
				cl.space[k] = owner{i, cl.what}
				continue
			}
			if o.i == i || reported[pair{o.i, i, cl.name}] {
				continue
			}
			reported[pair{o.i, i, cl.name}] = true
			first := crds[o.i]
			diags.Add(c.def.Pos, "", "the CRD of kind %s takes %q as its %s, which the CRD of kind %s (%s, package %s) has as its %s: "+
				"the API server would serve only one of them; give one another name (+plural, +kubebuilder:resource)",
				n.Kind, cl.name, cl.what, first.crd.Spec.Names.Kind, model.ShortPos(first.def.Pos), first.def.Package.Path, o.what)
			diags.Add(first.def.Pos, "", "the CRD of kind %s has %q as its %s, which the CRD of kind %s (%s, package %s) takes as its %s: "+
				"the API server would serve only one of them; give one another name (+plural, +kubebuilder:resource)",
				first.crd.Spec.Names.Kind, cl.name, o.what, n.Kind, model.ShortPos(c.def.Pos), c.def.Package.Path, cl.what)
		}
	}
	return diags
}
