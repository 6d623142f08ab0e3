package openapi

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kversion "k8s.io/apimachinery/pkg/version"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/model"
)

// CRDs returns one CustomResourceDefinition per root kind of the input packages, named
// <group>_<plural>.yaml, with every version of the kind.
func CRDs(u *model.Universe, opts model.Options) ([]output.File, model.Diagnostics, error) {
	type key struct{ group, kind string }
	byKind := map[key][]*model.Definition{}
	var diags model.Diagnostics
	var unserved []*model.Definition // root kinds of packages that are not served versions
	for _, p := range u.Packages {
		if !model.IsServedVersion(p.Version()) && !(p.ControllerGen && p.GroupName != "") {
			// (controller-gen serves the kinds of any package with a +groupName, under the
			// package's name or +versionName: Gatekeeper's match.gatekeeper.sh/match.)
			// Internal (hub) packages are not served.
			for _, d := range p.Definitions {
				switch {
				case d.Root != nil && p.GroupName != "" && p.Input && !p.ReadOnly:
					unserved = append(unserved, d)
				case d.Root != nil && p.ControllerGen && p.Input && !p.ReadOnly && p.Kubebuilder.SkipCRDs == nil:
					// controller-gen writes _<plural>.yaml, with an empty group the API server refuses
					// (Gatekeeper's unversioned packages).
					noGroup(&diags, d)
				}
			}
			continue
		}
		if p.Kubebuilder.SkipCRDs != nil {
			continue
		}
		for _, d := range p.Definitions {
			if d.Root == nil {
				continue
			}
			if p.GroupName == "" {
				// controller-gen writes _<plural>.yaml then, with an empty group the API server refuses.
				noGroup(&diags, d)
				continue
			}
			k := key{p.GroupName, d.Root.Kind}
			byKind[k] = append(byKind[k], d)
		}
	}
	// A kind with no served version at all gets no CRD: say so, rather than write nothing silently
	// (an internal version beside served ones is the usual layout, and says nothing).
	for _, d := range unserved {
		if _, ok := byKind[key{d.Package.GroupName, d.Root.Kind}]; !ok {
			diags.Warn(d.Pos, "", "root kind %s gets no CRD: its package %s is not a served version (named like v1, v1beta1, v2alpha3, or given such a name by +versionName)",
				d.GoName, d.Package.Version())
		}
	}
	var keys []key
	for k := range byKind {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].group != keys[j].group {
			return keys[i].group < keys[j].group
		}
		return keys[i].kind < keys[j].kind
	})
	var crds []namedCRD
	for _, k := range keys {
		defs := byKind[k]
		crd, ds := buildCRD(k.group, defs, opts)
		diags = append(diags, ds...)
		if crd == nil {
			continue
		}
		for _, d := range defs {
			if v := storageVersion(crd); d.Package.Version() == v {
				crds = append(crds, namedCRD{crd, d})
				break
			}
		}
	}
	diags = append(diags, refusedNames(crds)...)
	if diags = append(diags, nameClashes(crds)...); diags.HasErrors() {
		return nil, diags, nil
	}
	var files []output.File
	for _, c := range crds {
		y, err := crdYAML(c.crd)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, output.File{Path: c.crd.Spec.Group + "_" + c.crd.Spec.Names.Plural + ".yaml", Content: y})
	}
	return files, diags, nil
}

// noGroup warns that a root kind gets no CRD for want of a +groupName, where controller-gen writes
// _<plural>.yaml with an empty group, which the API server refuses.
func noGroup(diags *model.Diagnostics, d *model.Definition) {
	if !d.Package.ControllerGen {
		diags.Warn(d.Pos, "", "root kind %s gets no CRD: it has no API group; add +groupName=<group> to the package doc comment of %s",
			d.GoName, d.Package.Path)
		return
	}
	diags.Warn(d.Pos, "", "root kind %s gets no CRD: it has no API group (controller-gen writes _%s.yaml, with an empty group the API "+
		"server refuses); add +groupName=<group> to the package doc comment of %s, or +kubebuilder:skip if it serves no API",
		d.GoName, d.Root.Plural, d.Package.Path)
}

// CRD builds the CustomResourceDefinition object for the versions of one kind.
func buildCRD(group string, defs []*model.Definition, opts model.Options) (*apiextv1.CustomResourceDefinition, model.Diagnostics) {
	var diags model.Diagnostics
	if defs = kubebuilderVersions(defs); len(defs) == 0 {
		return nil, nil
	}
	sort.Slice(defs, func(i, j int) bool {
		return kversion.CompareKubeAwareVersionStrings(defs[i].Package.Version(), defs[j].Package.Version()) > 0
	})
	if ds := sameVersion(group, defs); len(ds) > 0 {
		return nil, ds
	}
	storage := defs[0]
	var marked []*model.Definition
	for _, d := range defs {
		if d.Root.StorageVersion != nil {
			marked = append(marked, d)
		}
	}
	if len(marked) > 1 {
		diags.Add(marked[1].Root.StorageVersion.Pos, "storageversion", "kind %s is marked +storageversion in both %s and %s; exactly one version "+
			"is stored, so keep the tag on one of them", marked[0].GoName, marked[0].Package.Version(), marked[1].Package.Version())
	} else if len(marked) == 1 {
		storage = marked[0]
	}
	root := storage.Root
	crd := &apiextv1.CustomResourceDefinition{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"},
		ObjectMeta: metav1.ObjectMeta{Name: root.Plural + "." + group},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: group,
			Names: apiextv1.CustomResourceDefinitionNames{
				Kind: root.Kind, ListKind: root.Kind + "List", Plural: root.Plural, Singular: strings.ToLower(root.Kind),
			},
			Scope: apiextv1.NamespaceScoped,
		},
	}
	if root.ClusterScoped {
		crd.Spec.Scope = apiextv1.ClusterScoped
	}
	kubebuilderNames(crd, storage, defs)
	for _, d := range defs {
		if d.Root.Plural != root.Plural || d.Root.ClusterScoped != root.ClusterScoped {
			diags.Add(d.Pos, "", "version %s of %s disagrees with version %s on its plural or scope", d.Package.Version(), d.GoName, storage.Package.Version())
		}
		s := crdEmitter(d, opts, &diags).Node(d.Node, false)
		s.Description = d.Description
		if d.ControllerGenCRD() {
			s.Description = d.Doc
		}
		props, err := toJSONSchemaProps(s)
		if err != nil {
			diags.Add(d.Pos, "", "cannot express %s as a CRD schema: %v", d.GoName, err)
			continue
		}
		if n := opts.CRD.MaxDescLen; n != nil {
			truncateDescriptions(props, *n)
		}
		v := apiextv1.CustomResourceDefinitionVersion{
			Name: d.Package.Version(), Served: true, Storage: d == storage,
			Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: props},
		}
		_, status := props.Properties["status"]
		kubebuilderVersion(&v, d, status)
		crd.Spec.Versions = append(crd.Spec.Versions, v)
	}
	if diags.HasErrors() {
		return nil, diags
	}
	kubebuilderOrder(crd, storage)
	return crd, diags
}

// storageVersion is the name of a CRD's stored version.
func storageVersion(crd *apiextv1.CustomResourceDefinition) string {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

// sameVersion reports two packages that declare the same version of a kind: the CRD would list
// the version twice, which the API server refuses. Each of the two declarations is told about the
// other. defs are sorted by version.
func sameVersion(group string, defs []*model.Definition) model.Diagnostics {
	var diags model.Diagnostics
	for i := 1; i < len(defs); i++ {
		a, b := defs[i-1], defs[i]
		if a.Package.Version() != b.Package.Version() {
			continue
		}
		for _, x := range [][2]*model.Definition{{a, b}, {b, a}} {
			diags.Add(x[0].Pos, "", "kind %s of group %s, version %s, is also declared by package %s (%s): its CRD would list version "+
				"%s twice, which the API server refuses; give one package another +groupName or version, or generate the two apart",
				x[0].Root.Kind, group, x[0].Package.Version(), x[1].Package.Path, model.ShortPos(x[1].Pos), x[0].Package.Version())
		}
	}
	return diags
}

// toJSONSchemaProps converts through JSON with unknown fields rejected, so that anything a CRD
// schema cannot carry is an error rather than silently dropped.
func toJSONSchemaProps(s spec.Schema) (*apiextv1.JSONSchemaProps, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	return celenv.DecodeSchema(raw)
}

// crdYAML renders a CRD without the empty status and creation timestamp that the Go type carries.
func crdYAML(crd *apiextv1.CustomResourceDefinition) ([]byte, error) {
	raw, err := json.Marshal(crd)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	delete(m, "status")
	if md, ok := m["metadata"].(map[string]any); ok {
		delete(md, "creationTimestamp")
	}
	y, err := yaml.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("rendering CRD %s: %w", crd.Name, err)
	}
	return append([]byte("# "+output.GeneratedComment+"\n"), y...), nil
}
