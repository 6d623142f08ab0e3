// Package diff compares the validation of two revisions of an API (two review.Surfaces) and
// classifies every change: what it does to the set of valid objects (the verdict) and what that
// means for objects already stored (the effect), as the API server validates updates, ratcheting
// included (KEP-4008). It is the logic of `validation-gen diff`.
package diff

import (
	"sort"
	"strings"

	"github.com/validation-gen/validation-gen/review"
)

// Verdict is what a change does to the set of valid objects.
type Verdict string

const (
	// Tightened: some objects valid before are invalid now.
	Tightened Verdict = "tightened"
	// Loosened: some objects invalid before are valid now, and none the other way.
	Loosened Verdict = "loosened"
	// Neutral: the same objects are valid (a message, an equivalent rewrite, a cost).
	Neutral Verdict = "neutral"
	// Added and Removed: a field or a version that is new or gone.
	Added   Verdict = "added"
	Removed Verdict = "removed"
	// Changed: different, neither provably tighter nor looser (a CEL rule rewritten, a pattern);
	// a reviewer must look, and the effect is judged as if it tightened.
	Changed Verdict = "changed"
)

// Effect is what a change means for objects already stored.
type Effect string

const (
	// Ratcheted: existing objects may be invalid now, but the API server keeps accepting updates
	// that leave the offending value unchanged (KEP-4008 for CRDs; Go validators of native types
	// skip unchanged values).
	Ratcheted Effect = "ratcheted"
	// Gated: the change is behind a stability level (+k8s:alpha, +k8s:beta) or a validation option
	// or feature gate.
	Gated Effect = "gated"
	// Breaking: the change breaks the API's compatibility policy (see Change.Effect).
	Breaking Effect = "breaking"
	// None: nothing stored or relied on is affected.
	None Effect = "none"
)

// Change is one difference between two revisions. Its JSON form is a contract that tools and tests
// read (docs/guides/reviewing-changes.md, "validation-gen diff"): keep field names and meanings stable.
type Change struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
	// Path is the field path as the API server spells it (spec.rules[*].matches), "" for the kind
	// version itself or the object's root.
	Path string `json:"path"`
	// What is the keyword concerned (maxLength, rule, required, field, version, ...; review.Whats).
	What   string `json:"what"`
	Before string `json:"before"`
	After  string `json:"after"`
	// Verdict and Effect classify the change; Why says why, in words.
	Verdict Verdict `json:"verdict"`
	Effect  Effect  `json:"effect"`
	Why     string  `json:"why"`
	// EnforcedBy is who checks the fact after the change (before, for a removal): schema, go or
	// both.
	EnforcedBy string `json:"enforcedBy,omitempty"`
}

// Breaks reports whether the change breaks the policy: its effect is breaking.
func (c Change) Breaks() bool { return c.Effect == Breaking }

// Report is every change between two surfaces, sorted by group, kind, version (as in the
// surfaces), then in field order.
type Report struct {
	Changes []Change `json:"changes"`
}

// Breaking returns the changes that break the policy.
func (r *Report) Breaking() []Change {
	var out []Change
	for _, c := range r.Changes {
		if c.Breaks() {
			out = append(out, c)
		}
	}
	return out
}

// Compare returns the changes from old to new.
func Compare(old, new *review.Surface) *Report {
	r := &Report{}
	keys := map[string]bool{}
	var order []*review.KindVersion
	for _, k := range old.Kinds {
		keys[k.Key()] = true
		order = append(order, k)
	}
	for _, k := range new.Kinds {
		if !keys[k.Key()] {
			order = append(order, k)
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		return a.Kind < b.Kind
	})
	done := map[string]bool{}
	for _, k := range order {
		if done[k.Key()] {
			continue
		}
		done[k.Key()] = true
		o, n := old.Lookup(k.Key()), new.Lookup(k.Key())
		switch {
		case o == nil:
			r.add(n, "", Change{What: "version", After: n.Version, Verdict: Added, Effect: None,
				Why: "a new version of the kind: no object is stored in it yet"})
		case n == nil:
			r.add(o, "", Change{What: "version", Before: o.Version, Verdict: Removed, Effect: Breaking,
				Why: "the version is no longer served: clients using it fail, and it must not be a stored version of existing objects"})
		default:
			r.kind(o, n)
		}
	}
	return r
}

func (r *Report) add(k *review.KindVersion, path string, c Change) {
	c.Group, c.Version, c.Kind, c.Path = k.Group, k.Version, k.Kind, path
	r.Changes = append(r.Changes, c)
}

// kind compares one kind version's fields.
func (r *Report) kind(o, n *review.KindVersion) {
	if o.ClusterScoped != n.ClusterScoped {
		scope := func(c bool) string {
			if c {
				return "Cluster"
			}
			return "Namespaced"
		}
		r.add(n, "", Change{What: "scope", Before: scope(o.ClusterScoped), After: scope(n.ClusterScoped), Verdict: Changed, Effect: Breaking,
			Why: "the scope of a kind cannot change: existing objects and every client's URLs depend on it"})
	}
	oldF := map[string]*review.Field{}
	for _, f := range o.Fields {
		oldF[f.Path] = f
	}
	newF := map[string]*review.Field{}
	for _, f := range n.Fields {
		newF[f.Path] = f
	}
	ctx := &kindCtx{native: n.Native, builtIn: n.BuiltIn && !n.Native, old: oldF, new: newF}
	// Fields in the new order, removed ones where they were in the old one.
	var paths []string
	seen := map[string]bool{}
	oi := 0
	for _, f := range n.Fields {
		if _, was := oldF[f.Path]; was {
			for oi < len(o.Fields) && o.Fields[oi].Path != f.Path {
				if p := o.Fields[oi].Path; newF[p] == nil && !seen[p] {
					paths, seen[p] = append(paths, p), true
				}
				oi++
			}
		}
		if !seen[f.Path] {
			paths, seen[f.Path] = append(paths, f.Path), true
		}
	}
	for ; oi < len(o.Fields); oi++ {
		if p := o.Fields[oi].Path; newF[p] == nil && !seen[p] {
			paths, seen[p] = append(paths, p), true
		}
	}
	for _, p := range paths {
		of, nf := oldF[p], newF[p]
		switch {
		case of == nil:
			if parentIn(p, newF, oldF) {
				continue // below a field that is new itself
			}
			r.add(n, p, ctx.addedField(nf))
		case nf == nil:
			if parentIn(p, oldF, newF) {
				continue
			}
			c := Change{What: "field", Before: of.Type, Verdict: Removed, Effect: Breaking,
				Why: "the field is gone: values stored in it are dropped (pruned) and clients that set it are refused or lose it"}
			if len(of.FeatureGates) > 0 {
				c.Effect = Gated
				c.Why = "a field behind feature gate " + strings.Join(of.FeatureGates, ", ") + " is gone: only clusters that enabled the gate stored it"
			}
			r.add(o, p, c)
		default:
			for _, c := range ctx.field(of, nf) {
				r.add(n, p, c)
			}
		}
	}
}

// parentIn reports whether a field above path is in a and not in b (so path is implied).
func parentIn(path string, a, b map[string]*review.Field) bool {
	for p := parent(path); p != ""; p = parent(p) {
		if a[p] != nil && b[p] == nil {
			return true
		}
	}
	return false
}

// parent is the path one step up: spec.rules[*].matches → spec.rules[*] → spec.rules → spec.
func parent(path string) string {
	if strings.HasSuffix(path, "]") {
		if i := strings.LastIndex(path, "["); i > 0 {
			return path[:i]
		}
	}
	if i := strings.LastIndexAny(path, "."); i > 0 {
		return path[:i]
	}
	return ""
}

// Kinds returns the changes from one kind version to another, whatever their versions (the drift
// lint compares the served versions of one kind so).
func Kinds(o, n *review.KindVersion) []Change {
	r := &Report{}
	r.kind(o, n)
	return r.Changes
}
