package openapi

import (
	"sort"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/model"
)

// What controller-gen's CRD markers (model.CRDTags) add to a CRD. A kind of a package written for
// controller-gen, or marked +kubebuilder:object:root (model.Definition.ControllerGenCRD), gets
// controller-gen's CRD: descriptions as it writes them, and a status subresource only when
// +kubebuilder:subresource:status says so.

// kubebuilderVersions drops the versions marked +kubebuilder:skipversion.
func kubebuilderVersions(defs []*model.Definition) []*model.Definition {
	var out []*model.Definition
	for _, d := range defs {
		if d.Root.CRD.Skip == nil {
			out = append(out, d)
		}
	}
	return out
}

// crdEmitter returns the schema emitter for one version of a kind.
func crdEmitter(d *model.Definition, opts model.Options, diags *model.Diagnostics) *schema.Emitter {
	e := schema.NewCRD(opts, diags, false, d)
	if d.ControllerGenCRD() {
		e.ControllerGen()
	}
	return e
}

// kubebuilderNames fills the names and the object metadata from the markers of every version.
func kubebuilderNames(crd *apiextv1.CustomResourceDefinition, storage *model.Definition, defs []*model.Definition) {
	if r := storage.Root.CRD.Resource; r != nil {
		crd.Spec.Names.ShortNames = r.ShortNames
		crd.Spec.Names.Categories = r.Categories
		if r.Singular != "" {
			crd.Spec.Names.Singular = r.Singular
		}
	}
	for _, d := range defs {
		for _, kv := range d.Root.CRD.Annotations {
			if crd.Annotations == nil {
				crd.Annotations = map[string]string{}
			}
			crd.Annotations[kv.Key] = kv.Value
		}
		for _, kv := range d.Root.CRD.Labels {
			if crd.Labels == nil {
				crd.Labels = map[string]string{}
			}
			crd.Labels[kv.Key] = kv.Value
		}
	}
}

// kubebuilderVersion fills what the markers say about one version; status reports whether the
// schema has a status property.
func kubebuilderVersion(v *apiextv1.CustomResourceDefinitionVersion, d *model.Definition, status bool) {
	t := &d.Root.CRD
	// controller-gen writes the status subresource its marker asks for, with or without a status
	// field (Cluster API's v1beta1 ClusterResourceSetBinding has none).
	if d.ControllerGenCRD() && t.Status != nil || !d.ControllerGenCRD() && status {
		v.Subresources = &apiextv1.CustomResourceSubresources{Status: &apiextv1.CustomResourceSubresourceStatus{}}
	}
	if t.Scale != nil {
		if v.Subresources == nil {
			v.Subresources = &apiextv1.CustomResourceSubresources{}
		}
		v.Subresources.Scale = &apiextv1.CustomResourceSubresourceScale{
			SpecReplicasPath: t.Scale.SpecPath, StatusReplicasPath: t.Scale.StatusPath, LabelSelectorPath: t.Scale.SelectorPath,
		}
	}
	v.Served = t.Unserved == nil
	if t.Deprecated != nil {
		v.Deprecated = true
		v.DeprecationWarning = t.Deprecated.Warning
	}
	if len(t.PrintColumns) > 0 && v.Subresources == nil && d.ControllerGenCRD() {
		// controller-gen's printcolumn marker makes the version's subresources object, empty
		// when there is no subresource.
		v.Subresources = &apiextv1.CustomResourceSubresources{}
	}
	for _, c := range t.PrintColumns {
		v.AdditionalPrinterColumns = append(v.AdditionalPrinterColumns, apiextv1.CustomResourceColumnDefinition{
			Name: c.Name, Type: c.Type, Format: c.Format, Description: c.Description, Priority: c.Priority, JSONPath: c.JSONPath,
		})
	}
	for _, f := range t.SelectableFields {
		v.SelectableFields = append(v.SelectableFields, apiextv1.SelectableField{JSONPath: f.Value})
	}
}

// kubebuilderOrder finishes a kubebuilder-dialect CRD as controller-gen writes it: versions in
// name order.
func kubebuilderOrder(crd *apiextv1.CustomResourceDefinition, storage *model.Definition) {
	if !storage.ControllerGenCRD() {
		return
	}
	sort.Slice(crd.Spec.Versions, func(i, j int) bool { return crd.Spec.Versions[i].Name < crd.Spec.Versions[j].Name })
}
