package schema

import (
	"go/types"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/model"
)

// openAPIGenExtensions writes what openapi-gen's own tags publish at a declaration (see
// model.OpenAPIGenTags): the extensions it copies from tags, and a struct's unions. Only the
// kube-openapi definitions (and the JSON document) carry them, never CRDs. Keys are set as written
// (spec.Schema.AddExtension would lower-case them; openapi-gen writes them as the tag does).
func openAPIGenExtensions(s *spec.Schema, o model.OpenAPIGenTags, unions []model.OpenAPIUnion) {
	for _, x := range o.Extensions {
		setExtension(s, x.Name, x.Value)
	}
	if len(unions) == 0 {
		return
	}
	var list []any
	for _, u := range unions {
		members := map[string]any{}
		for k, v := range u.Members {
			members[k] = v
		}
		m := map[string]any{"fields-to-discriminateBy": members}
		if u.Discriminator != "" {
			m["discriminator"] = u.Discriminator
		}
		list = append(list, m)
	}
	setExtension(s, "x-kubernetes-unions", list)
}

func setExtension(s *spec.Schema, key string, value any) {
	if s.Extensions == nil {
		s.Extensions = spec.Extensions{}
	}
	s.Extensions[key] = value
}

// emptyInterface reports whether a Go type is interface{} (or any), through pointers and aliases:
// openapi-gen spells it as type object, though it holds any JSON value, and the kube-openapi
// definitions do the same. A named interface type gets no type from openapi-gen, nor here.
func emptyInterface(t types.Type) bool {
	for {
		switch x := t.(type) {
		case *types.Pointer:
			t = x.Elem()
		case *types.Alias:
			t = x.Rhs()
		case *types.Interface:
			return x.Empty()
		default:
			return false
		}
	}
}
