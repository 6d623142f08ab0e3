package diff

import (
	"strings"

	"github.com/validation-gen/validation-gen/review"
)

// effect decides what a classified change means for stored objects, and so whether it breaks the
// policy:
//
//   - a tightening (or a change that may tighten: Changed) of an existing field breaks unless it is
//     gated or ratchets: the API server keeps accepting updates that leave the offending value as
//     it was (see ratchets);
//   - a loosening breaks when clients rely on what was guaranteed: a required field that may now be
//     missing, a default that is no longer set (a new enum value is not one: Kubernetes' API
//     conventions ask clients to handle values they do not know);
//   - a type, list-map keys or a default that changed break whatever the values (a default in
//     status excepted: it only seeds the status until the controller writes it);
//   - removals break (Compare decides those);
//   - everything else is reported with no effect.
//
// Status is written by controllers, not by the clients the policy protects: a tightening there
// that does not ratchet is reported with no effect (the policy covers spec), though a type or key
// change and a removal still break readers.
//
// A change the API server does not enforce (a check of the Go validators only, in a CRD; of the
// schema only, in a native type) has no effect on stored objects either way.
func (k *kindCtx) effect(c Change, f *review.Field, o, n *review.Fact) Change {
	cur := n
	if cur == nil {
		cur = o
	}
	enforced := (o != nil && k.serverEnforces(*o)) || (n != nil && k.serverEnforces(*n))
	switch c.Verdict {
	case Neutral, Added:
		c.Effect = None
		return c
	}
	if !enforced {
		c.Effect = None
		if k.builtIn {
			c.Why += " (a built-in kind whose package is not written for Kubernetes' validation-gen: its validation is handwritten, and the tag only describes it)"
		} else {
			c.Why += " (the API server does not check it: " + cur.By.String() + " only)"
		}
		return c
	}
	switch c.What {
	case "type", "listMapKeys":
		c.Effect = Breaking
		return c
	case "default":
		if f.Status() {
			c.Effect = None
			c.Why += " (a default in status only seeds it until the controller writes it)"
			return c
		}
		if c.Verdict == Changed || c.Verdict == Loosened {
			c.Effect = Breaking
			c.Why += " (Kubernetes' API conventions: a default may not change or go)"
			return c
		}
	case "mapType", "structType", "fixedResult":
		c.Effect = None
		return c
	}
	if c.Verdict == Loosened {
		c.Effect = None
		switch {
		case c.What == "required" && n == nil:
			c.Effect = Breaking
			c.Why = "the field is no longer required: readers that rely on it being set break"
		}
		return c
	}
	// Tightened, or Changed and so possibly tightened.
	if len(f.FeatureGates) > 0 {
		c.Effect = Gated
		c.Why += " (the field is behind feature gate " + strings.Join(f.FeatureGates, ", ") + ")"
		return c
	}
	if n != nil && n.Gated() {
		c.Effect = Gated
		c.Why += " (" + n.Lifecycle.String() + ")"
		return c
	}
	if ok, why := k.ratchets(c.What, f, cur); ok {
		c.Effect = Ratcheted
		c.Why += "; " + why
	} else if f.Status() {
		c.Effect = None
		c.Why += "; " + why + ", but status is written by the kind's controllers, which must write the new shape: the policy covers spec"
	} else {
		c.Effect = Breaking
		c.Why += "; " + why
	}
	return c
}

// ratchets reports whether the API server keeps accepting updates of objects that a tightened
// fact makes invalid, as long as the value concerned does not change, and says why.
//
// CRDs (apiextensions-apiserver, KEP-4008, on by default since Kubernetes 1.30 and GA in 1.33):
// errors of the schema's value keywords, and of CEL rules that do not read oldSelf, are dropped
// when the value at their place is unchanged (deep-equal to the correlated old value; items of
// list maps correlate by key, other items only through an unchanged list); x-kubernetes-list-type
// duplicates are checked only when the old object had none. required is checked on the holding
// object, which ratchets only when unchanged as a whole, and transition rules (oldSelf) never
// ratchet; nor does a rule on the object itself in practice (any change of the object re-runs it),
// nor metadata (ratcheted only when the whole metadata is unchanged).
//
// Native types (Go validators, upstream's semantics): every check of a value is skipped when the
// value is unchanged on update, presence included; checks of transitions (+k8s:update,
// +k8s:immutable, rules reading oldSelf, monotonic values) compare with the old value by design.
func (k *kindCtx) ratchets(what string, f *review.Field, x *review.Fact) (bool, string) {
	transition := what == "immutable" || what == "update" || (what == "call" && x.Value == "Monotonic") ||
		(x.Rule != nil && x.Rule.Transition)
	if transition {
		return false, "a transition check compares with the old value: it does not ratchet, so updates that change the value fail"
	}
	if k.native {
		return true, "the Go validators skip a value unchanged on update"
	}
	switch {
	case what == "required":
		return false, "required is checked on the holding object, which ratchets only when it is unchanged as a whole"
	case f.Path == "" || what == "nameFormat":
		return false, "a rule on the object itself ratchets only when nothing in the object changed"
	case f.Path == "metadata" || len(f.Path) > 9 && f.Path[:9] == "metadata.":
		return false, "metadata ratchets only when unchanged as a whole"
	case what == "listType":
		return true, "the API server checks duplicates only when the old object had none (KEP-4008)"
	}
	return true, "the API server ignores errors at an unchanged value on update (KEP-4008)"
}
