package tags

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// What openapi-gen's own tags share (+patchStrategy, +patchMergeKey, +k8s:openapi-gen and the
// union tags): their values are recorded at the declaration (Context.OpenAPIGen), not merged
// along type chains, since openapi-gen reads a field's comment for its extensions and a type's
// comment for its definition's. openapi-gen never fails on these tags' values, so neither does
// validation-gen: what looks wrong is a warning, and published as openapi-gen publishes it.

// extension records an extension openapi-gen writes verbatim from a tag.
func (c *Context) extension(name string, value any) {
	if c.OpenAPIGen == nil {
		c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "openapi-gen reads this tag on fields and types only; ignored")
		return
	}
	c.OpenAPIGen.Extensions = append(c.OpenAPIGen.Extensions, model.Extension{Name: name, Value: value, Origin: c.Origin()})
}

// patchTag records +patchStrategy or +patchMergeKey. A value whose comma-separated parts are not
// among known (when given) gets a warning: strategic merge patch would not know it.
func patchTag(c *Context, ext string, known ...string) error {
	if len(known) > 0 {
		for _, part := range strings.Split(c.Value, ",") {
			if !contains(known, part) {
				msg := fmt.Sprintf("strategy %q is none of %s, which strategic merge patch knows; published as written", part, strings.Join(known, ", "))
				if s := closest(part, known); s != "" {
					msg += fmt.Sprintf("; did you mean %q?", s)
				}
				c.Diags.Warn(c.Raw.Posn(c.ValueOff), c.Raw.Name, "%s", msg)
			}
		}
	}
	c.extension(ext, c.Value)
	return nil
}

// misplacedExtension records a list, map or struct type tag written on a value of another kind
// (+listType=atomic on a []byte or a string): it means nothing there, but openapi-gen publishes
// it, so the kube-openapi definitions do too. The schema's own list or map semantics ignore it.
func misplacedExtension(c *Context) {
	ext := map[string]string{
		"listType": "x-kubernetes-list-type", "listMapKey": "x-kubernetes-list-map-keys",
		"mapType": "x-kubernetes-map-type", "structType": "x-kubernetes-map-type",
	}[c.Raw.Name]
	value := any(strings.TrimSpace(c.Raw.Value))
	if c.Raw.Name == "listMapKey" {
		value = []any{value}
		for i, e := range c.OpenAPIGen.Extensions {
			if e.Name == ext { // repeated: openapi-gen lists every key
				c.OpenAPIGen.Extensions[i].Value = append(e.Value.([]any), value.([]any)...)
				return
			}
		}
	}
	c.extension(ext, value)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// inDocGo reports whether a package tag is in the package's doc.go, the only file whose package
// comment openapi-gen (gengo) reads.
func inDocGo(c *Context) bool { return filepath.Base(c.Raw.Pos.Filename) == "doc.go" }
