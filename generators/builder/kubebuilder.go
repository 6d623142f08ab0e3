package builder

import "github.com/validation-gen/validation-gen/model"

// kubebuilderNode finishes what controller-gen's markers declared about a value: the allowed
// values of +kubebuilder:validation:Enum lists, and the item validations written on a list
// (+kubebuilder:validation:items:...), which become the items' own.
func (b *builder) kubebuilderNode(n *model.Node) {
	if f := n.V.Schema.TypeFormat; f != nil {
		format := n.Format
		if n.Ref != nil {
			format = n.Ref.Node.Format
		}
		if format != f.Name {
			b.diags.Add(f.Pos, f.Tag, "not supported on Go type %s: its schema has format %q, and generated validators "+
				"cannot check another format on its Go value; use a +kubebuilder:validation:XValidation rule", typeString(n.GoType), format)
		}
	}
	if lists := n.V.Schema.Enums; len(lists) > 0 {
		vals := model.EnumIntersection(lists)
		if len(vals) == 0 {
			b.diags.Add(lists[0].Pos, lists[0].Tag, "no value is allowed by every enum of this value's declarations")
		}
		n.Enum = nil
		for _, v := range vals {
			n.Enum = append(n.Enum, model.EnumValue{Value: v})
		}
	}
	if it := n.V.Schema.Items; it != nil && n.Items != nil {
		merged := model.MergeValidations([]*model.Validations{it, &n.Items.V}, &b.diags)
		n.Items.V = merged
		b.kubebuilderNode(n.Items)
	}
}

// kubebuilderRoot copies controller-gen's CRD markers of a root kind's declaration into the kind.
func kubebuilderRoot(rk *model.RootKind, tt *model.TypeTags) {
	rk.CRD = tt.CRD
	if r := tt.CRD.Resource; r != nil {
		if r.Path != "" {
			rk.Plural = r.Path
		}
		if r.Scope == "Cluster" {
			rk.ClusterScoped = true
		}
	}
}
