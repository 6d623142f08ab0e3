package check

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/model"
)

// Defaults checks every +default against the validations of its own place, as the API server
// checks the defaults of a CRD schema (apiextensions' defaulting.ValidateDefaults: type, bounds,
// lengths, pattern, enum, format, and the CEL rules evaluated on the default). The server rejects
// a CRD whose default violates its schema, and a default that its own field rejects would make
// every object that omits the field invalid; so the generator refuses it first, at the tag.
//
// Each default is checked with the definition that declares it: a definition is checked when a
// default stands in its own schema, or in that of a referenced definition from a package that is not
// an input (which is not checked on its own). Checking every definition that merely refers to one
// with defaults checked the same defaults again in each (every kind with a pod template, in
// k8s.io/api), most of the time of a large run.
//
// Definitions with diagnostics of their own (found) are skipped, as for CEL.
func Defaults(u *model.Universe, opts model.Options, found model.Diagnostics) model.Diagnostics {
	var diags model.Diagnostics
	seen := map[string]bool{}
	skip := dirty(u, found)
	inCRD := crdReach(u)
	for _, d := range u.Definitions {
		if !d.Input || d.Special || skip[d] || !hasDefault(d.Node, map[*model.Definition]bool{}) {
			continue
		}
		var ignored model.Diagnostics // recursion and the like are reported elsewhere
		s := schema.NewCRD(opts, &ignored, true, d).Node(d.Node, false)
		raw, err := json.Marshal(s)
		if err != nil {
			continue
		}
		ss, err := celenv.Structural(raw)
		if err != nil {
			continue // not structural (reported by the CRD emitter when it matters)
		}
		errs, err := defaulting.ValidateDefaults(context.Background(), nil, ss, false, true) // pruned, as for v1 CRDs
		if err != nil {
			diags.Add(d.Pos, "", "checking the defaults of %s: %v", d.GoName, err)
			continue
		}
		for _, e := range errs {
			at, rest, ok := strings.Cut(e.Field, "default")
			if !ok {
				continue
			}
			n, def := defaultAt(d.Node, strings.TrimSuffix(at, "."))
			if def == nil {
				continue
			}
			detail := strings.Join(strings.Fields(strings.Replace(e.ErrorBody(), " in body ", " ", 1)), " ")
			if unknown := unknownFields(def.Value, n, ""); e.Detail == "must not have unknown fields" && len(unknown) > 0 {
				// The API server prunes what the schema does not describe: say what that is.
				detail = "the schema has no field " + strings.Join(unknown, ", ") +
					" (the API server refuses a default with unknown fields, as it would prune them)"
			}
			if rest = strings.TrimPrefix(rest, "."); rest != "" {
				detail = rest + ": " + detail
			}
			key := fmt.Sprint(def.Pos, detail)
			if seen[key] {
				continue
			}
			seen[key] = true
			if d.Package.ControllerGen && d.Package.GroupName != "" && !inCRD[d] {
				// controller-gen accepts it, and no CRD carries it: a type of an API group's
				// package that none of its kinds reaches (Envoy Gateway's configuration file type,
				// which has no ObjectMeta). Only the OpenAPI document publishes it.
				diags.Warn(def.Pos, def.Written(), "the default does not pass its own field's validation: %s; no CRD carries "+
					"it, so it is only published in the OpenAPI document, as written", detail)
				continue
			}
			diags.Add(def.Pos, def.Written(), "the default does not pass its own field's validation: %s", detail)
		}
	}
	return diags
}

// crdReach is the set of definitions that CRDs spell: those reachable from the root kinds of
// packages with a group name.
func crdReach(u *model.Universe) map[*model.Definition]bool {
	seen := map[*model.Definition]bool{}
	var node func(n *model.Node)
	var def func(d *model.Definition)
	def = func(d *model.Definition) {
		if d == nil || seen[d] {
			return
		}
		seen[d] = true
		node(d.Node)
	}
	node = func(n *model.Node) {
		if n == nil {
			return
		}
		def(n.Ref)
		node(n.Items)
		node(n.Values)
		for _, p := range n.Properties {
			node(p.Node)
		}
		for _, e := range n.Embedded {
			node(e.Node)
		}
	}
	for _, d := range u.Definitions {
		if d.Root != nil && d.Package.GroupName != "" {
			def(d)
		}
	}
	return seen
}

// hasDefault reports whether a +default stands in the node's inlined schema, looking into
// referenced definitions of input packages no further than their own tags (they are checked on
// their own).
func hasDefault(n *model.Node, visiting map[*model.Definition]bool) bool {
	if n.V.Default != nil {
		return true
	}
	if n.Ref != nil {
		if visiting[n.Ref] {
			return false
		}
		if n.Ref.Input {
			return model.Effective(n).V.Default != nil
		}
		visiting[n.Ref] = true
		defer delete(visiting, n.Ref)
		n = model.Effective(n)
		if n.V.Default != nil {
			return true
		}
	}
	for _, p := range n.Properties {
		if hasDefault(p.Node, visiting) {
			return true
		}
	}
	return n.Items != nil && hasDefault(n.Items, visiting) || n.Values != nil && hasDefault(n.Values, visiting)
}

// unknownFields lists the fields of a default value (JSON) that the schema of node n does not
// describe, as the API server's pruning finds them: object fields without a property, where no
// x-kubernetes-preserve-unknown-fields keeps them.
func unknownFields(v any, n *model.Node, prefix string) []string {
	if n == nil {
		return nil
	}
	n = model.Effective(n)
	if t := &n.V.Schema; t.PreserveUnknownFields != nil || t.Schemaless != nil || n.Kind == model.KindAny {
		return nil
	}
	var out []string
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if n.Kind == model.KindMap {
				out = append(out, unknownFields(x[k], n.Values, prefix+"["+strconv.Quote(k)+"]")...)
				continue
			}
			var p *model.Property
			for _, q := range n.Properties {
				if q.Name == k {
					p = q
				}
			}
			if p == nil {
				out = append(out, strconv.Quote(prefix+k))
				continue
			}
			out = append(out, unknownFields(x[k], p.Node, prefix+k+".")...)
		}
	case []any:
		for i, e := range x {
			out = append(out, unknownFields(e, n.Items, fmt.Sprintf("%s[%d].", strings.TrimSuffix(prefix, "."), i))...)
		}
	}
	return out
}

// defaultAt follows a schema path (properties[name].items.additionalProperties...) from n and
// returns the place it names and its +default.
func defaultAt(n *model.Node, path string) (*model.Node, *model.Default) {
	for path != "" {
		n = model.Effective(n)
		var step string
		step, path, _ = strings.Cut(path, ".")
		for strings.Count(step, "[") > strings.Count(step, "]") && path != "" { // a key holding '.'
			var more string
			more, path, _ = strings.Cut(path, ".")
			step += "." + more
		}
		switch {
		case step == "items" && n.Items != nil:
			n = n.Items
		case step == "additionalProperties" && n.Values != nil:
			n = n.Values
		case strings.HasPrefix(step, "properties[") && strings.HasSuffix(step, "]"):
			name := step[len("properties[") : len(step)-1]
			var next *model.Node
			for _, p := range n.Properties {
				if p.Name == name {
					next = p.Node
				}
			}
			if next == nil {
				return nil, nil
			}
			n = next
		default:
			return nil, nil
		}
	}
	if n.V.Default != nil {
		return n, n.V.Default
	}
	return n, model.Effective(n).V.Default
}
