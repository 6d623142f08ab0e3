package diff

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/validation-gen/validation-gen/review"
)

// kindCtx is one kind version being compared.
type kindCtx struct {
	// native: the API server runs the Go validators (a +k8s:validation-gen package); otherwise the
	// kind is a CRD and its published schema is what the server enforces.
	native bool
	// builtIn: a kind of k8s.io/api outside a +k8s:validation-gen package, whose validation is
	// handwritten: the server enforces none of its tags.
	builtIn  bool
	old, new map[string]*review.Field
}

// serverEnforces reports whether the API server enforces a fact: for native types the Go
// validators, for CRDs the schema.
func (k *kindCtx) serverEnforces(f review.Fact) bool {
	if k.builtIn {
		return false
	}
	if k.native {
		return f.By&review.Go != 0
	}
	return f.By&review.Schema != 0
}

// addedField classifies a field that is new in an existing kind version.
func (k *kindCtx) addedField(f *review.Field) Change {
	c := Change{What: "field", After: f.Type, Verdict: Added, Effect: None, Why: "a new optional field: existing objects do not set it"}
	if len(f.FeatureGates) > 0 {
		c.Effect, c.Why = Gated, "a new field behind feature gate "+strings.Join(f.FeatureGates, ", ")+": the server drops it while the gate is off"
		return c
	}
	if k.builtIn {
		c.Why = "a new field of a built-in kind: its validation is handwritten, and not visible here"
		return c
	}
	for _, x := range f.Facts {
		if x.What == "required" && k.serverEnforces(x) {
			def := false
			for _, y := range f.Facts {
				def = def || y.What == "default"
			}
			c.EnforcedBy = x.By.String()
			switch {
			case def:
				c.Why = "a new required field with a default: the server fills it in objects that lack it"
			case x.Gated():
				c.Effect, c.Why = Gated, "a new required field, required only "+x.Lifecycle.String()
			case f.Status():
				c.Why = "a new required field in status: the kind's controllers must write it (the policy covers spec)"
			default:
				c.Effect = Breaking
				c.Why = "a new required field without a default: existing objects lack it, and an update of the object that holds it fails " +
					"(required is checked on the holding object, which ratchets only when it is unchanged as a whole)"
				if k.native {
					c.Why = "a new required field without a default: existing objects lack it, and clients that do not know it cannot create objects"
				}
			}
		}
	}
	return c
}

// field compares the facts of one field in both revisions.
func (k *kindCtx) field(o, n *review.Field) []Change {
	var out []Change
	whats := map[string]bool{}
	var order []string
	for _, fs := range [][]review.Fact{o.Facts, n.Facts} {
		for _, f := range fs {
			if !whats[f.What] {
				whats[f.What] = true
				order = append(order, f.What)
			}
		}
	}
	slices.SortStableFunc(order, func(a, b string) int { return review.Order(a) - review.Order(b) })
	for _, w := range order {
		ofs, nfs := pick(o.Facts, w), pick(n.Facts, w)
		if w == "rule" {
			out = append(out, k.rules(n, ofs, nfs)...)
			continue
		}
		for _, p := range pair(ofs, nfs) {
			if c, ok := k.fact(n, w, p.old, p.new); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

func pick(fs []review.Fact, what string) []review.Fact {
	var out []review.Fact
	for _, f := range fs {
		if f.What == what {
			out = append(out, f)
		}
	}
	return out
}

type factPair struct{ old, new *review.Fact }

// pair matches the facts of one keyword: equal values and lifecycles first, then equal
// lifecycles, then what is left in order; the rest stand alone (added or removed).
func pair(o, n []review.Fact) []factPair {
	var out []factPair
	usedO, usedN := make([]bool, len(o)), make([]bool, len(n))
	match := func(eq func(a, b review.Fact) bool) {
		for i := range o {
			if usedO[i] {
				continue
			}
			for j := range n {
				if !usedN[j] && eq(o[i], n[j]) {
					usedO[i], usedN[j] = true, true
					out = append(out, factPair{&o[i], &n[j]})
					break
				}
			}
		}
	}
	match(func(a, b review.Fact) bool { return a.Value == b.Value && a.Lifecycle.String() == b.Lifecycle.String() })
	match(func(a, b review.Fact) bool { return a.Lifecycle.String() == b.Lifecycle.String() })
	match(func(a, b review.Fact) bool { return true })
	for i := range o {
		if !usedO[i] {
			out = append(out, factPair{&o[i], nil})
		}
	}
	for j := range n {
		if !usedN[j] {
			out = append(out, factPair{nil, &n[j]})
		}
	}
	return out
}

// fact classifies one keyword's change at a field; ok is false when nothing changed.
func (k *kindCtx) fact(f *review.Field, what string, o, n *review.Fact) (Change, bool) {
	c := Change{What: what}
	if o != nil {
		c.Before = o.Display()
		c.EnforcedBy = o.By.String()
	}
	if n != nil {
		c.After = n.Display()
		c.EnforcedBy = n.By.String()
	}
	if o != nil && n != nil && o.Value == n.Value && o.Lifecycle.String() == n.Lifecycle.String() {
		if k.serverEnforces(*o) == k.serverEnforces(*n) {
			return c, false
		}
		// Only who enforces it changed.
		if k.serverEnforces(*n) {
			c.Verdict, c.Why = Tightened, "now enforced by the API server ("+n.By.String()+"), where only "+o.By.String()+" checked it"
		} else {
			c.Verdict, c.Why = Loosened, "no longer enforced by the API server (only "+n.By.String()+" checks it)"
		}
		c.Before += " [" + o.By.String() + "]"
		c.After += " [" + n.By.String() + "]"
		return k.effect(c, f, o, n), true
	}
	if o != nil && n != nil && o.Value == n.Value {
		// Only the lifecycle moved: toward stable is tighter (enforced in more clusters).
		if rank(n.Lifecycle) > rank(o.Lifecycle) {
			c.Verdict, c.Why = Tightened, fmt.Sprintf("promoted from %s to %s: enforced where it was not", lifeName(o.Lifecycle), lifeName(n.Lifecycle))
		} else if rank(n.Lifecycle) < rank(o.Lifecycle) {
			c.Verdict, c.Why = Loosened, fmt.Sprintf("demoted from %s to %s", lifeName(o.Lifecycle), lifeName(n.Lifecycle))
		} else {
			c.Verdict, c.Why = Changed, fmt.Sprintf("gated differently: %s, now %s", lifeName(o.Lifecycle), lifeName(n.Lifecycle))
		}
		return k.effect(c, f, o, n), true
	}
	c.Verdict, c.Why = classify(what, o, n)
	return k.effect(c, f, o, n), true
}

// rank orders lifecycles from most gated to stable.
func rank(l review.Lifecycle) int {
	r := 3
	switch l.Level {
	case "Alpha":
		r = 1
	case "Beta":
		r = 2
	}
	if len(l.Gates) > 0 {
		r = min(r, 1)
	}
	return r
}

func lifeName(l review.Lifecycle) string {
	if s := l.String(); s != "" {
		return s
	}
	return "stable"
}

// lower are the keywords whose larger value is tighter.
var lower = map[string]bool{"minimum": true, "minLength": true, "minItems": true, "minProperties": true}

// classify decides a keyword's verdict from its values (either may be nil: added or removed).
func classify(what string, o, n *review.Fact) (Verdict, string) {
	switch {
	case o == nil:
		return addedFact(what, n)
	case n == nil:
		return removedFact(what, o)
	}
	switch what {
	case "type":
		return Changed, "the type changed: stored values and every client's decoding depend on it"
	case "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
		a, b := *o.Num, *n.Num
		tighter := b < a || b == a && n.Exclusive && !o.Exclusive
		if lower[what] {
			tighter = b > a || b == a && n.Exclusive && !o.Exclusive
		}
		if tighter {
			return Tightened, fmt.Sprintf("%s from %s to %s: values between are no longer valid", what, o.Value, n.Value)
		}
		return Loosened, fmt.Sprintf("%s from %s to %s: more values are valid", what, o.Value, n.Value)
	case "multipleOf":
		a, b := *o.Num, *n.Num
		switch {
		case isMultiple(b, a):
			return Tightened, fmt.Sprintf("multipleOf %s to %s: every multiple of %s is a multiple of %s, not the other way", o.Value, n.Value, n.Value, o.Value)
		case isMultiple(a, b):
			return Loosened, fmt.Sprintf("multipleOf %s to %s: every old multiple is still one", o.Value, n.Value)
		}
		return Changed, "multipleOf changed to a value that neither divides nor is divided by the old one"
	case "enum":
		switch {
		case subset(n.Values, o.Values):
			return Tightened, "values removed from the enum: " + strings.Join(minus(o.Values, n.Values), ", ")
		case subset(o.Values, n.Values):
			return Loosened, "values added to the enum: " + strings.Join(minus(n.Values, o.Values), ", ")
		}
		return Changed, "the enum both lost (" + strings.Join(minus(o.Values, n.Values), ", ") + ") and gained (" + strings.Join(minus(n.Values, o.Values), ", ") + ") values"
	case "update":
		ov, nv := strings.Split(o.Value, ", "), strings.Split(n.Value, ", ")
		switch {
		case subset(ov, nv):
			return Tightened, "more transitions are forbidden on update: " + strings.Join(minus(nv, ov), ", ")
		case subset(nv, ov):
			return Loosened, "fewer transitions are forbidden on update: " + strings.Join(minus(ov, nv), ", ") + " no longer"
		}
		return Changed, "the forbidden transitions changed"
	case "listType":
		return listType(o.Value, n.Value)
	case "default":
		return Changed, "the default changed from " + o.Value + " to " + n.Value + ": objects created without the field now get another value"
	case "pattern":
		return Changed, "the pattern changed; whether it accepts more or fewer values is not decided: review it"
	case "format":
		return Changed, "the format changed from " + o.Value + " to " + n.Value + ": review which values each accepts"
	}
	return Changed, fmt.Sprintf("%s changed from %s to %s", what, o.Value, n.Value)
}

func addedFact(what string, n *review.Fact) (Verdict, string) {
	switch what {
	case "featureGate":
		return Neutral, "the field is now behind feature gate " + n.Value
	case "default":
		return Neutral, "a default is set: objects created without the field get " + n.Value + " (validation is unchanged)"
	case "nullable", "preserveUnknownFields", "optional", "schemaless":
		return Loosened, what + " added: more values are accepted"
	case "listType":
		return listType("", n.Value)
	case "mapType", "structType":
		if n.Value == "granular" {
			return Neutral, what + "=granular is the default"
		}
		return Changed, what + "=" + n.Value + " changes how server-side apply merges the value"
	case "type":
		return Changed, "the field has a type now"
	case "opaque":
		return Loosened, "+k8s:opaqueType: the checks the value's type declares are skipped here"
	case "fixedResult":
		return Changed, "a test-only check was added"
	}
	return Tightened, what + " added: values it refuses were valid before"
}

func removedFact(what string, o *review.Fact) (Verdict, string) {
	switch what {
	case "featureGate":
		return Neutral, "the field is no longer behind feature gate " + o.Value + ": it is served whatever the gates"
	case "default":
		return Loosened, "the default " + o.Value + " is gone: objects created without the field no longer get a value, which readers may rely on"
	case "nullable", "preserveUnknownFields", "optional", "schemaless":
		return Tightened, what + " removed: values it let through are refused (or pruned)"
	case "listType":
		return listType(o.Value, "")
	case "mapType", "structType":
		if o.Value == "granular" {
			return Neutral, what + "=granular is the default"
		}
		return Changed, what + "=" + o.Value + " removed: server-side apply merges the value differently"
	case "type":
		return Changed, "the field has no type any more"
	case "opaque":
		return Tightened, "+k8s:opaqueType removed: the checks the value's type declares apply here now"
	case "fixedResult":
		return Changed, "a test-only check was removed"
	}
	return Loosened, what + " removed: values it refused are valid now"
}

// listType classifies a list type change ("" is atomic, the default).
func listType(o, n string) (Verdict, string) {
	if o == "" {
		o = "atomic"
	}
	if n == "" {
		n = "atomic"
	}
	switch {
	case o == n:
		return Neutral, "atomic is the default list type"
	case o == "atomic":
		return Tightened, "listType " + o + " to " + n + ": duplicate items are refused now, and server-side apply merges the list item by item"
	case n == "atomic":
		return Loosened, "listType " + o + " to " + n + ": duplicates are allowed now, and server-side apply replaces the list as a whole"
	}
	return Changed, "listType " + o + " to " + n + ": server-side apply merges the list differently"
}

func isMultiple(a, b float64) bool {
	if b == 0 {
		return false
	}
	q := a / b
	return math.Abs(q-math.Round(q)) < 1e-9
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
