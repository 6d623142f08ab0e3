package tags

import "strings"

// controllerGenReads are the tags other than its own +kubebuilder: markers that controller-gen
// (controller-tools v0.21) reads from any package, by spelling. A type of another module that a
// controller-gen project embeds (k8s.io/api's PodTemplateSpec, say) carries more: openapi-gen's
// +enum, +default=ref(...) and Kubernetes' +k8s: tags, which controller-gen does not publish.
var controllerGenReads = map[string]bool{
	"optional": true, "required": true, "k8s:optional": true, "k8s:required": true, "nullable": true,
	"listType": true, "listMapKey": true, "mapType": true, "structType": true, "k8s:immutable": true,
	"default": true,
}

// ReadByControllerGen reports whether controller-gen reads the tag as written: its markers, the
// tags of controllerGenReads, and +default only with a JSON value (it skips +default=ref(...)).
func ReadByControllerGen(d *Def, r *Raw) bool {
	if IsMarker(d) {
		return true
	}
	if !controllerGenReads[r.Name] {
		return false
	}
	return r.Name != "default" || !strings.HasPrefix(strings.TrimSpace(r.Value), "ref(")
}
