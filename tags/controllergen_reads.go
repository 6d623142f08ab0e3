package tags

import "strings"

// controllerGenReadsK8s are the +k8s: tags controller-gen (controller-tools v0.21) reads.
var controllerGenReadsK8s = map[string]bool{"k8s:optional": true, "k8s:required": true, "k8s:immutable": true}

// IgnoredByControllerGen reports whether controller-gen ignores a validation tag, as written,
// that types of other modules carry (k8s.io/api's): openapi-gen's +enum, +default=ref(...) (it
// reads +default with a JSON value only) and Kubernetes' +k8s: tags other than +k8s:optional,
// +k8s:required and +k8s:immutable. A controller-gen project that embeds such a type gets none of
// them in its CRDs. Tags that do not validate (+patchStrategy, +listType, ...) are not concerned.
func IgnoredByControllerGen(r *Raw) bool {
	switch {
	case r.Name == "enum":
		return true
	case r.Name == "default":
		return strings.HasPrefix(strings.TrimSpace(r.Value), "ref(")
	case strings.HasPrefix(r.Name, "k8s:"):
		return !controllerGenReadsK8s[r.Name]
	}
	return false
}
