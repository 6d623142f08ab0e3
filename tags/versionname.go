package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "versionName", ControllerGen: true, Scopes: ScopePackage, Info: true,
		Value:   Arg{Kind: ArgString},
		Doc:     "The API version of the package's kinds, when it is not the package's name (controller-gen's package marker).",
		OpenAPI: "CRD spec.versions[].name", Example: "+versionName=v1beta1",
		Apply: func(c *Context) error {
			if !model.IsServedVersion(c.Value) {
				return c.ErrorAt(c.ValueOff, "%q is not a Kubernetes API version such as v1, v1beta1 or v2alpha3", c.Value)
			}
			c.Pkg.Kubebuilder.VersionName = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
