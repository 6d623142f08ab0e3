package generators

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kversion "k8s.io/apimachinery/pkg/version"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

// customResourceNameFormat is the format the API server requires of every custom resource's name
// (apimachinery's NameIsDNSSubdomain).
const customResourceNameFormat = "k8s-long-name"

var kubeVersion = regexp.MustCompile(`^v\d+((alpha|beta)\d+)?$`)

// inline spells a referenced definition in place (CRD schemas have no references), merging the
// validations of the definition and of the place. A definition that contains itself cannot be
// inlined and is reported with its cycle.
func (e *schemaEmitter) inline(n *model.Node) spec.Schema {
	def := n.Ref
	var s spec.Schema
	if def.GoPackage == metaV1Path && def.GoName == "ObjectMeta" {
		// The API server owns metadata: a CRD describes it as a plain object, and nested object
		// metadata (in templates) is kept as it is. At the root only name and generateName may
		// be constrained, which is where +nameFormat's rules go.
		s.Type = spec.StringOrArray{"object"}
		if len(e.stack) > 1 {
			s.AddExtension(ExtPreserve, true)
		} else if nf := n.V.NameFormat; nf != nil {
			// The API server checks the name and generateName of every custom resource as a
			// DNS-1123 subdomain; repeating that as rules would report each bad name twice.
			if f, _ := formats.Lookup(nf.Name); f.Name != customResourceNameFormat {
				nr, gr := NameFormatRules(f, "self", "self")
				s.Properties = map[string]spec.Schema{"name": stringWithRule(nr), "generateName": stringWithRule(gr)}
			}
		}
		return s
	}
	for i, d := range e.stack {
		if d == def {
			var names []string
			for _, x := range append(e.stack[i:], def) {
				names = append(names, x.GoName)
			}
			if e.lenient {
				s.AddExtension(ExtPreserve, true)
				return s
			}
			// Reported at the field that closes the cycle, the place to break it.
			e.diags.Add(n.Pos, "", "type %s is recursive (%s); CRD schemas cannot express recursion",
				def.GoName, strings.Join(names, " -> "))
			return s
		}
	}
	e.stack = append(e.stack, def)
	defer func() { e.stack = e.stack[:len(e.stack)-1] }()
	merged := effective(n)
	e.shape(&s, merged)
	e.validations(&s, merged)
	s.Description = def.Description
	return s
}

// listMapKeysRequired reports list-map keys that are neither required nor defaulted: the API
// server rejects such a CRD schema. (The OpenAPI of built-in APIs has no such rule, and
// Kubernetes' own types have optional keys, so Check does not require it.)
func (e *schemaEmitter) listMapKeysRequired(n *model.Node) {
	v := &n.V
	if v.ListType == nil || v.ListType.Value != "map" || n.Items == nil {
		return
	}
	props := n.Items.Properties
	if n.Items.Ref != nil {
		props = n.Items.Ref.Node.Properties
	}
	for _, k := range v.ListMapKeys {
		for _, p := range props {
			if p.Name == k.Value && !p.Required && p.Node.V.Default == nil {
				e.diags.Add(k.Pos, k.Tag, "key field %q is optional; map keys must be required (or have a +default)", k.Value)
			}
		}
	}
}

func stringWithRule(r model.Rule) spec.Schema {
	s := spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}}}
	s.AddExtension(ExtValidations, []any{RuleExtension(r)})
	return s
}

// CRDs returns one CustomResourceDefinition per root kind of the input packages, named
// <group>_<plural>.yaml, with every version of the kind.
func CRDs(u *Universe, opts Options) ([]File, model.Diagnostics, error) {
	type key struct{ group, kind string }
	byKind := map[key][]*model.Definition{}
	var diags model.Diagnostics
	for _, p := range u.Packages {
		if !kubeVersion.MatchString(p.Name) {
			continue // internal (hub) packages are not served
		}
		for _, d := range p.Definitions {
			if d.Root == nil {
				continue
			}
			if p.GroupName == "" {
				diags.Add(d.Pos, "", "root kind %s has no API group: add +groupName=<group> to the package doc comment of %s", d.GoName, p.Path)
				continue
			}
			k := key{p.GroupName, d.Root.Kind}
			byKind[k] = append(byKind[k], d)
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
	var files []File
	for _, k := range keys {
		defs := byKind[k]
		crd, ds := buildCRD(k.group, defs, opts)
		diags = append(diags, ds...)
		if crd == nil {
			continue
		}
		y, err := crdYAML(crd)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, File{Path: k.group + "_" + crd.Spec.Names.Plural + ".yaml", Content: y})
	}
	return files, diags, nil
}

// CRD builds the CustomResourceDefinition object for the versions of one kind.
func buildCRD(group string, defs []*model.Definition, opts Options) (*apiextv1.CustomResourceDefinition, model.Diagnostics) {
	var diags model.Diagnostics
	sort.Slice(defs, func(i, j int) bool {
		return kversion.CompareKubeAwareVersionStrings(defs[i].Package.Name, defs[j].Package.Name) > 0
	})
	storage := defs[0]
	var marked []*model.Definition
	for _, d := range defs {
		if d.Root.StorageVersion != nil {
			marked = append(marked, d)
		}
	}
	if len(marked) > 1 {
		diags.Add(marked[1].Root.StorageVersion.Pos, "storageversion", "kind %s is marked +storageversion in both %s and %s; exactly one version "+
			"is stored, so keep the tag on one of them", marked[0].GoName, marked[0].Package.Name, marked[1].Package.Name)
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
	for _, d := range defs {
		if d.Root.Plural != root.Plural || d.Root.ClusterScoped != root.ClusterScoped {
			diags.Add(d.Pos, "", "version %s of %s disagrees with version %s on its plural or scope", d.Package.Name, d.GoName, storage.Package.Name)
		}
		e := &schemaEmitter{opts: opts, crd: true, deps: map[string]bool{}, diags: &diags, stack: []*model.Definition{d}}
		s := e.node(d.Node, false)
		s.Description = d.Description
		props, err := toJSONSchemaProps(s)
		if err != nil {
			diags.Add(d.Pos, "", "cannot express %s as a CRD schema: %v", d.GoName, err)
			continue
		}
		v := apiextv1.CustomResourceDefinitionVersion{
			Name: d.Package.Name, Served: true, Storage: d == storage,
			Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: props},
		}
		if _, ok := props.Properties["status"]; ok {
			v.Subresources = &apiextv1.CustomResourceSubresources{Status: &apiextv1.CustomResourceSubresourceStatus{}}
		}
		crd.Spec.Versions = append(crd.Spec.Versions, v)
	}
	if len(diags) > 0 {
		return nil, diags
	}
	return crd, nil
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
	return append([]byte("# "+GeneratedComment+"\n"), y...), nil
}
