package tags

import (
	"go/types"
	"strings"
)

// upstreamPresence refuses +k8s:required, +k8s:optional and +k8s:forbidden on a non-pointer
// struct in a package written for Kubernetes' validation-gen, as upstream does: such a value is
// always set, so the tag could check nothing. (Elsewhere +required and +optional still say whether
// the schema lists the field as required.)
func upstreamPresence(c *Context) error {
	if c.Origin().K8s == nil || c.Lookup == nil || !c.Lookup.Upstream() || c.GoType == nil {
		return nil
	}
	if _, ok := types.Unalias(c.GoType).Underlying().(*types.Struct); ok {
		return c.Errorf("a non-pointer struct is always set, so Kubernetes' validation-gen does not accept +k8s:%s on it: make the field a pointer, or drop the tag",
			strings.TrimPrefix(c.Def.Name, "k8s:"))
	}
	return nil
}
