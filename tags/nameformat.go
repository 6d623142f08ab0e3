package tags

import "github.com/validation-gen/validation-gen/model"

// NameFormats maps the +nameFormat values to the format that name and generateName must have.
var NameFormats = map[string]string{
	"dns1123subdomain": "k8s-long-name",
	"dns1123label":     "k8s-short-name",
	"dns1035label":     "dns1035label",
}

func init() {
	Register(&Def{
		Name: "nameFormat", Scopes: ScopeField, Kinds: []model.Kind{model.KindObject},
		Value: Arg{Kind: ArgWord, Words: []string{"dns1035label", "dns1123label", "dns1123subdomain"}},
		Doc: "On the metav1.ObjectMeta field of a kind: metadata.name must have the format, and metadata.generateName " +
			"too once a trailing '-' is replaced by a letter (as Kubernetes' name validation does).",
		OpenAPI: "x-kubernetes-validations on the kind (name and generateName)", Example: "+nameFormat=dns1123subdomain",
		Apply: func(c *Context) error {
			if !c.IsObjectMeta {
				return c.Errorf("applies only to a metav1.ObjectMeta field, not to %s", typeString(c.GoType))
			}
			c.V.NameFormat = &model.Format{Name: NameFormats[c.Value], Origin: c.Origin()}
			return nil
		},
	})
}
