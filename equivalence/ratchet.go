package equivalence

import (
	"reflect"
	"strconv"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apiserver/pkg/cel/common"
)

// Known is a mismatch of the two-way harness that is a known, principled difference between the
// generated validators and the API server, with why.
type Known struct {
	Mismatch
	Reason string
}

// The known differences of the two-way harness. Both are ratcheting on update (KEP-4008) of a
// value the generated validators find unchanged, where they skip every check of the value.
//
// (There was a third: list-map items the API server cannot correlate, an item without its key or
// repeating an earlier item's key, and the values holding them. Generated validators correlate
// them as the server does: see generators/validators/correlate.go.)
const (
	// KnownCELEvalUnchanged: the API server evaluates the CEL rules of unchanged values too,
	// demotes the rules that evaluate to false to warnings, and keeps evaluation errors (no such
	// key, a failed conversion, the cost limit) as errors. Generated validators do not evaluate
	// the rules of unchanged values: doing so would cost, on every update, the CEL evaluation
	// that ratcheting saves, to reject only objects whose rules cannot be evaluated and that the
	// server already stores.
	//
	// The same holds for an unchanged value the server cannot correlate (a list-map item without
	// its key): the generated validators then evaluate its rules on the typed value, where a field
	// the server's copy lacks (a zero value stripped, x-kubernetes-strip-zero) reads as its zero
	// value, so the rule that fails to evaluate for the server evaluates for them.
	KnownCELEvalUnchanged = "CEL evaluation error at an unchanged value: the API server keeps it, the generated validators do not evaluate the rules of unchanged values"
	// KnownMetadataUnchanged: a CRD publishes object metadata as an object without the fields
	// it holds (the server validates metadata apart), and the server's correlation finds no
	// schema for them, so it never counts the object unchanged and keeps the errors of the
	// object itself (a required top-level field missing) on an update that changes nothing.
	// Generated validators never count a root object unchanged either (its values still ratchet
	// one by one), except in packages written for Kubernetes' validation-gen, which ratchet
	// Go-equal values as upstream's validators do, an unchanged object as a whole: this class is
	// theirs.
	KnownMetadataUnchanged = "error at an unchanged object: the API server cannot correlate its metadata and never finds the object unchanged, the generated validators ratchet it"
)

// evalError reports whether a schema-backend detail is the API server's CEL evaluation error.
func evalError(detail string) bool {
	return strings.Contains(detail, " evaluating rule: ") ||
		strings.Contains(detail, "call arguments did not match a supported operator") ||
		strings.Contains(detail, "no further validation rules will be run")
}

// classifyRatcheting moves from r.Mismatches to r.Known the errors only the schema backend
// reports on update that are one of the known ratcheting differences, decided with the API
// server's own correlation of res.obj with res.old (k8s.io/apiserver/pkg/cel/common).
func classifyRatcheting(r *Report, res *schemaResult) {
	if res.old == nil {
		return
	}
	sc := &model.Structural{Structural: res.structural}
	corr := common.NewCorrelatedObject(res.obj, res.old, sc)
	bare := common.NewCorrelatedObject(withoutMetadata(res.obj), withoutMetadata(res.old), sc)
	var kept []Mismatch
	for _, m := range r.Mismatches {
		reason := ""
		if m.Kind == OnlySchema {
			reason = ratchetReason(corr, bare, parsePath(m.Field), m.Declarative)
		}
		if reason == "" {
			kept = append(kept, m)
			continue
		}
		r.Known = append(r.Known, Known{Mismatch: m, Reason: reason})
	}
	r.Mismatches = kept
}

// withoutMetadata is a copy of an object without its metadata.
func withoutMetadata(obj map[string]any) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		if k != "metadata" {
			out[k] = v
		}
	}
	return out
}

// ratchetReason says which known difference, if any, an error at path with detail is. The
// generated validators skip every check below the shallowest value on path that they find
// unchanged: equal to its old value (correlated by position, which is what an equal holder gives)
// and correlated all through as the API server correlates (correlate.go), metadata aside, which
// they compare as a value (bare is the server's correlation of the objects without metadata).
func ratchetReason(corr, bare *common.CorrelatedObject, path []string, detail string) string {
	if evalError(detail) && unchangedAt(corr.Value, corr.OldValue, path) {
		return KnownCELEvalUnchanged
	}
	newV, oldV := corr.Value, corr.OldValue
	node, bareNode := corr, bare
	for depth := 0; ; depth++ {
		if newV != nil && reflect.DeepEqual(newV, oldV) && bareNode != nil && bareNode.CachedDeepEqual() {
			switch {
			case evalError(detail):
				return KnownCELEvalUnchanged
			case depth == 0 && !corr.CachedDeepEqual():
				return KnownMetadataUnchanged
			}
			return ""
		}
		if depth == len(path) {
			return ""
		}
		step := path[depth]
		switch x := newV.(type) {
		case []any:
			i, err := strconv.Atoi(step)
			if err != nil || i >= len(x) {
				return ""
			}
			old, _ := oldV.([]any)
			newV, oldV = x[i], nil
			if i < len(old) {
				oldV = old[i]
			}
			node, bareNode = node.Index(i), bareNode.Index(i)
		case map[string]any:
			old, _ := oldV.(map[string]any)
			newV, oldV = x[step], old[step]
			node, bareNode = node.Key(step), bareNode.Key(step)
		default:
			return ""
		}
	}
}

// unchangedAt reports whether the value at path (list items by position) is present and equal
// in the new and old objects.
func unchangedAt(newV, oldV any, path []string) bool {
	for _, step := range path {
		switch x := newV.(type) {
		case []any:
			i, err := strconv.Atoi(step)
			old, _ := oldV.([]any)
			if err != nil || i >= len(x) || i >= len(old) {
				return false
			}
			newV, oldV = x[i], old[i]
		case map[string]any:
			old, _ := oldV.(map[string]any)
			newV, oldV = x[step], old[step]
		default:
			return false
		}
	}
	return newV != nil && reflect.DeepEqual(newV, oldV)
}
