package openapi

import (
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/validation"

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

// refusedNames reports the CRDs whose group or names the API server refuses (apiextensions'
// validation): a group that is no lower-case DNS subdomain with at least one dot, names (plural,
// singular, kind and list kind lower-cased, short names, categories) that are no DNS-1035 labels.
// controller-gen writes them; the API server refuses the CRD. A group is reported once, at the
// first of its kinds. With valid names, <group>_<plural>.yaml names one CRD only.
func refusedNames(crds []namedCRD) model.Diagnostics {
	var diags model.Diagnostics
	groups := map[string]bool{}
	for _, c := range crds {
		spec := c.crd.Spec
		if !groups[spec.Group] {
			groups[spec.Group] = true
			errs := validation.IsDNS1123Subdomain(spec.Group)
			if len(errs) == 0 && !strings.Contains(spec.Group, ".") {
				errs = []string{"should be a domain with at least one dot"}
			}
			if len(errs) > 0 {
				diags.Add(c.def.Pos, "", "the CRD of kind %s has group %q, which the API server refuses (%s): give package %s a "+
					"+groupName that is a lower-case DNS name with at least one dot, such as %s", spec.Names.Kind, spec.Group,
					strings.Join(errs, "; "), c.def.Package.Path, groupHint(spec.Group))
			}
		}
		n := spec.Names
		names := []struct{ what, value string }{{"plural", n.Plural}, {"singular", n.Singular},
			{"kind (lower-cased)", strings.ToLower(n.Kind)}, {"list kind (lower-cased)", strings.ToLower(n.ListKind)}}
		for _, x := range n.ShortNames {
			names = append(names, struct{ what, value string }{"short name", x})
		}
		for _, x := range n.Categories {
			names = append(names, struct{ what, value string }{"category", x})
		}
		for _, x := range names {
			if x.value == "" {
				continue
			}
			if errs := validation.IsDNS1035Label(x.value); len(errs) > 0 {
				diags.Add(c.def.Pos, "", "the CRD of kind %s has %s %q, which the API server refuses (%s); give it another "+
					"(+kubebuilder:resource, +plural)", n.Kind, x.what, x.value, strings.Join(errs, "; "))
			}
		}
	}
	return diags
}

// groupHint is a group the API server takes, for the example of refusedNames' message: the group
// lower-cased, or its first label made a DNS label under example.com.
func groupHint(group string) string {
	lower := strings.ToLower(group)
	if len(validation.IsDNS1123Subdomain(lower)) == 0 && strings.Contains(lower, ".") {
		return lower
	}
	label, _, _ := strings.Cut(lower, ".")
	label = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, label)
	if label = strings.Trim(label, "-"); label == "" {
		label = "mygroup"
	}
	return label + ".example.com"
}
