package equivalence

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The backends, as reports and the equivalence file name them.
const (
	Handwritten = "handwritten"
	Generated   = "generated"
	Schema      = "schema"
	// Expected is the case's own list of expected errors, compared with the handwritten result.
	Expected = "expected"
)

// Kinds of mismatch.
const (
	// OnlyHandwritten: the handwritten validation reports the error, the backend does not.
	OnlyHandwritten = "only-handwritten"
	// OnlyGenerated: the generated validators report an error the handwritten validation does not.
	OnlyGenerated = "only-generated"
	// OnlySchema: the schema backend reports an error the handwritten validation does not.
	OnlySchema = "only-schema"
	// OnlyExpected: the case expects an error the handwritten validation does not report.
	OnlyExpected = "only-expected"
	// Unexpected: the handwritten validation reports an error the case does not expect.
	Unexpected = "unexpected"
	// DetailDiffers: both report the error, with details that differ and that no equivalence
	// allows.
	DetailDiffers = "detail differs"
)

// Mismatch is one difference between the handwritten result and a backend (or the case's
// expectations), for one case and version.
type Mismatch struct {
	Case    string
	Version string // "" for the expectations, which are checked on the case's own object
	Kind    string
	Backend string // Generated, Schema or Expected
	Type    field.ErrorType
	Field   string
	// Handwritten and Declarative are the details on each side ("" on the side that lacks the error).
	Handwritten string
	Declarative string
}

// Report is the result of one case.
type Report struct {
	Case       string
	Mismatches []Mismatch
	// Normalizations names the normalisations that changed a comparison of this case, with the
	// version, as "v1: blocking-errors-skip-cel".
	Normalizations []string
	// Known holds the mismatches of the two-way harness that are known differences (TwoWay),
	// taken out of Mismatches.
	Known []Known
}

// OK reports whether every backend agreed.
func (r *Report) OK() bool { return len(r.Mismatches) == 0 }

// String renders the mismatches as one table per version and backend.
func (r *Report) String() string {
	if r.OK() {
		return fmt.Sprintf("case %q: all backends agree\n", r.Case)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "case %q:\n", r.Case)
	groups := map[string][]Mismatch{}
	var order []string
	for _, m := range r.Mismatches {
		g := m.Backend
		if m.Version != "" {
			g = m.Version + ", " + m.Backend
		}
		if _, ok := groups[g]; !ok {
			order = append(order, g)
		}
		groups[g] = append(groups[g], m)
	}
	sort.Strings(order)
	for _, g := range order {
		fmt.Fprintf(&b, "  %s vs %s:\n", g, Handwritten)
		w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintf(w, "    MISMATCH\tTYPE\tFIELD\tHANDWRITTEN DETAIL\tDECLARATIVE DETAIL\n")
		for _, m := range groups[g] {
			fmt.Fprintf(w, "    %s\t%s\t%s\t%s\t%s\n", m.Kind, m.Type, m.Field, quoteOrDash(m.Handwritten, m.Kind == OnlyGenerated || m.Kind == OnlySchema || m.Kind == OnlyExpected),
				quoteOrDash(m.Declarative, m.Kind == OnlyHandwritten || m.Kind == Unexpected))
		}
		w.Flush()
	}
	if len(r.Normalizations) > 0 {
		fmt.Fprintf(&b, "  normalisations applied: %s\n", strings.Join(r.Normalizations, ", "))
	}
	return b.String()
}

func quoteOrDash(s string, absent bool) string {
	if absent {
		return "-"
	}
	return fmt.Sprintf("%q", s)
}

type errKey struct {
	typ   field.ErrorType
	field string
}

// compare matches the reference errors (handwritten) with a backend's as multisets of (type,
// field path); matched pairs must have equal details unless eq allows the difference.
// onlyRef and onlyOther name the two kinds of one-sided mismatch.
func compare(ref, other field.ErrorList, backend, version string, eq *Equivalences, onlyRef, onlyOther string) []Mismatch {
	byKey := func(l field.ErrorList) map[errKey][]string {
		m := map[errKey][]string{}
		for _, e := range l {
			k := errKey{e.Type, e.Field}
			m[k] = append(m[k], e.Detail)
		}
		return m
	}
	r, o := byKey(ref), byKey(other)
	keys := map[errKey]bool{}
	for k := range r {
		keys[k] = true
	}
	for k := range o {
		keys[k] = true
	}
	sorted := make([]errKey, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Slice(sorted, func(i, j int) bool {
		if sorted[i].field != sorted[j].field {
			return sorted[i].field < sorted[j].field
		}
		return sorted[i].typ < sorted[j].typ
	})
	var out []Mismatch
	for _, k := range sorted {
		rd, od := append([]string(nil), r[k]...), append([]string(nil), o[k]...)
		// Pair equal details first.
		for i := 0; i < len(rd); i++ {
			for j := 0; j < len(od); j++ {
				if rd[i] == od[j] {
					rd = append(rd[:i], rd[i+1:]...)
					od = append(od[:j], od[j+1:]...)
					i--
					break
				}
			}
		}
		// Then pairs an equivalence allows.
		for i := 0; i < len(rd); i++ {
			for j := 0; j < len(od); j++ {
				if eq.allows(backend, version, k.field, rd[i], od[j]) != nil {
					rd = append(rd[:i], rd[i+1:]...)
					od = append(od[:j], od[j+1:]...)
					i--
					break
				}
			}
		}
		n := min(len(rd), len(od))
		for i := 0; i < n; i++ {
			out = append(out, Mismatch{Version: version, Kind: DetailDiffers, Backend: backend, Type: k.typ, Field: k.field, Handwritten: rd[i], Declarative: od[i]})
		}
		for _, d := range rd[n:] {
			out = append(out, Mismatch{Version: version, Kind: onlyRef, Backend: backend, Type: k.typ, Field: k.field, Handwritten: d})
		}
		for _, d := range od[n:] {
			out = append(out, Mismatch{Version: version, Kind: onlyOther, Backend: backend, Type: k.typ, Field: k.field, Declarative: d})
		}
	}
	return out
}

// compareExpected checks the handwritten result against the case's expectations: the same
// multiset of (type, field path), and, where an expectation gives a detail, that detail.
func compareExpected(expect []Error, hand field.ErrorList) []Mismatch {
	var want field.ErrorList
	for _, e := range expect {
		want = append(want, &field.Error{Type: e.Type, Field: e.Field, Detail: e.Detail})
	}
	// An expectation without a detail accepts any detail: give it the handwritten one.
	used := make([]bool, len(hand))
	for _, w := range want {
		if w.Detail != "" {
			continue
		}
		for i, h := range hand {
			if !used[i] && h.Type == w.Type && h.Field == w.Field {
				used[i] = true
				w.Detail = h.Detail
				break
			}
		}
	}
	// Expected plays the backend's side: only-handwritten is an error nobody expected.
	return compare(hand, want, Expected, "", nil, Unexpected, OnlyExpected)
}
