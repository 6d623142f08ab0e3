package tags

import (
	"fmt"

	"github.com/validation-gen/validation-gen/model"
)

// controller-gen reads a field marked both optional and required without a word, and settles it
// by spelling: +kubebuilder:validation:Optional, then +kubebuilder:validation:Required, then
// +optional (+k8s:optional), then +required (+k8s:required); the first present wins. Real input
// has such fields: k8s.io/api's PortStatus.Error says +optional and +kubebuilder:validation:Required,
// so every CRD embedding a ServiceStatus has it. Where one of the two is a +kubebuilder:validation:
// marker, or the two are +optional and +required as controller-gen reads them (Envoy Gateway's
// EnvoyProxyAncestorStatus.Conditions), this generator takes what controller-gen takes, with a
// warning; in the +k8s: dialect (+k8s:optional with +k8s:required or +required) they conflict.

// presenceRank is a presence tag's place in controller-gen's order; -1 outside it.
func presenceRank(tag string) int {
	switch tag {
	case "kubebuilder:validation:Optional":
		return 0
	case "kubebuilder:validation:Required":
		return 1
	case "optional":
		return 2
	case "required":
		return 3
	}
	return -1
}

// settlePresence is called by a presence tag (c) on a field that already has other, the flag of
// the opposite presence. It reports whether controller-gen's order settles the conflict (one of
// the two is a +kubebuilder:validation: marker) and, if so, whether c wins; either way it records
// the warning. When it does not settle, the caller reports the conflict as an error.
func settlePresence(c *Context, other *model.Flag) (settled, wins bool) {
	mine, theirs := presenceRank(c.Def.Name), presenceRank(other.Tag)
	if mine < 0 || theirs < 0 || mine > 1 && theirs > 1 && (other.K8s != nil || c.Origin().K8s != nil) {
		return false, false
	}
	winner, loser := c.Def.Name, other.Tag
	if theirs < mine {
		winner, loser = other.Tag, c.Def.Name
	}
	c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "%s", fmt.Sprintf("conflicts with +%s at line %d; controller-gen takes +%s over +%s, and so does this generator: drop +%s",
		other.Tag, other.Pos.Line, winner, loser, loser))
	return true, mine < theirs
}
