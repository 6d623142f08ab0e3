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
const (
	// KnownCELEvalUnchanged: the API server evaluates the CEL rules of unchanged values too,
	// demotes the rules that evaluate to false to warnings, and keeps evaluation errors (no such
	// key, a failed conversion, the cost limit) as errors. Generated validators do not evaluate
	// the rules of unchanged values: doing so would cost, on every update, the CEL evaluation
	// that ratcheting saves, to reject only objects whose rules cannot be evaluated and that the
	// server already stores.
	KnownCELEvalUnchanged = "CEL evaluation error at an unchanged value: the API server keeps it, the generated validators do not evaluate the rules of unchanged values"
	// KnownUncorrelated: the API server correlates list-map items by their keys only; an item
	// without its key has no old item, one that repeats an earlier item's key gets that item as
	// its old item, and the values holding either count as changed, though they equal their old
	// values (the schema forbids both, so only a stored object that predates it has one).
	// Generated validators compare values as Go values and ratchet them.
	KnownUncorrelated = "value the API server cannot correlate with its equal old value (a list-map item without its key or with a repeated one, or a value holding one)"
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
	corr := common.NewCorrelatedObject(res.obj, res.old, &model.Structural{Structural: res.structural})
	var kept []Mismatch
	for _, m := range r.Mismatches {
		reason := ""
		if m.Kind == OnlySchema {
			reason = ratchetReason(corr, parsePath(m.Field), m.Declarative)
		}
		if reason == "" {
			kept = append(kept, m)
			continue
		}
		r.Known = append(r.Known, Known{Mismatch: m, Reason: reason})
	}
	r.Mismatches = kept
}

// ratchetReason says which known difference, if any, an error at path with detail is. The
// generated validators skip every check below the shallowest value on path that equals its old
// value (at the root, for an unchanged object); the API server keeps an evaluation error there
// anyway, and ratchets the others only where its correlation (by list-map keys) reaches the
// error's value, or its nearest correlated holder, and finds it unchanged.
func ratchetReason(corr *common.CorrelatedObject, path []string, detail string) string {
	// Does the generated code ratchet the error: is some value on path equal to its old value,
	// correlated as the generated validators correlate (list items by position here, which is
	// what an equal holder gives)?
	newV, oldV := corr.Value, corr.OldValue
	ratcheted := false
	for depth := 0; depth <= len(path) && !ratcheted; depth++ {
		if newV != nil && reflect.DeepEqual(newV, oldV) {
			ratcheted = true
			break
		}
		if depth == len(path) {
			break
		}
		switch x := newV.(type) {
		case []any:
			i, err := strconv.Atoi(path[depth])
			if err != nil || i >= len(x) {
				return ""
			}
			old, _ := oldV.([]any)
			newV, oldV = x[i], nil
			if i < len(old) {
				oldV = old[i]
			}
		case map[string]any:
			old, _ := oldV.(map[string]any)
			newV, oldV = x[path[depth]], old[path[depth]]
		default:
			return ""
		}
	}
	if !ratcheted {
		return ""
	}
	if evalError(detail) {
		return KnownCELEvalUnchanged
	}
	// The server: the deepest node its correlation reaches on path.
	node, broken := corr, false
	for _, step := range path {
		var next *common.CorrelatedObject
		if list, ok := node.Value.([]any); ok {
			i, err := strconv.Atoi(step)
			if err != nil || i >= len(list) {
				break
			}
			next = node.Index(i)
			broken = next == nil && node.Schema.XListType() == "map"
		} else {
			next = node.Key(step)
		}
		if next == nil {
			break
		}
		node = next
	}
	if broken || !node.CachedDeepEqual() {
		return KnownUncorrelated
	}
	return ""
}
