package equivalence

import (
	"math/rand"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
)

// candidates are the values MakeValid tries for a value of schema sc, in random order within each
// group: enum values first; for a string, then values of its format and pattern; for an object,
// then objects with values in them (an empty one is a zero value, which is unset where the Go
// field is omitempty or omitzero: a required map or struct must hold something).
func candidates(sc *structuralschema.Structural, r *rand.Rand, c Candidates) []any {
	var out []any
	vv := sc.ValueValidation
	if vv != nil && len(vv.Enum) > 0 {
		for _, e := range vv.Enum {
			out = append(out, e.Object)
		}
	}
	switch sc.Type {
	case "string":
		out = append(out, stringCandidates(sc, r, c)...)
	case "integer", "number":
		for _, i := range r.Perm(len(c.Numbers)) {
			out = append(out, c.Numbers[i])
		}
	case "boolean":
		out = append(out, true, false)
	case "object":
		out = append(out, map[string]any{})
		for range 2 {
			if m, ok := seed(sc, r, c, seedDepth).(map[string]any); ok && len(m) > 0 {
				out = append(out, m)
			}
		}
	case "array":
		// One item (filled in by later rounds), or none.
		if it := sc.Items; it != nil {
			if it.Type == "object" {
				out = append(out, []any{map[string]any{}})
				if m, ok := seed(it, r, c, seedDepth).(map[string]any); ok && len(m) > 0 {
					out = append(out, []any{m})
				}
			} else {
				items := candidates(it, r, c)
				for _, v := range items[:min(3, len(items))] {
					out = append(out, []any{v})
				}
			}
		}
		out = append(out, []any{})
	}
	if sc.XIntOrString && sc.Type == "" {
		for _, i := range r.Perm(len(c.Numbers)) {
			out = append(out, c.Numbers[i])
		}
		out = append(out, stringCandidates(sc, r, c)...)
	}
	return out
}

// stringCandidates are the strings tried for a string of schema sc: a date-time for that format;
// where there is a pattern, the given strings that match it and strings made from it (the others
// cannot be valid), and then the given strings.
func stringCandidates(sc *structuralschema.Structural, r *rand.Rand, c Candidates) []any {
	var out []any
	vv := sc.ValueValidation
	if vv != nil && vv.Format == "date-time" {
		out = append(out, "2024-01-01T00:00:00Z")
	}
	var re *regexp.Regexp
	if vv != nil && vv.Pattern != "" {
		re, _ = regexp.Compile(vv.Pattern)
	}
	var rest []any
	for _, i := range r.Perm(len(c.Strings)) {
		if re == nil || re.MatchString(c.Strings[i]) {
			out = append(out, c.Strings[i])
		} else {
			rest = append(rest, c.Strings[i])
		}
	}
	if re != nil {
		for _, s := range matching(vv.Pattern, r, 3) {
			if !slices.Contains(out, any(s)) {
				out = append(out, s)
			}
		}
	}
	return append(out, rest...)
}

// seedDepth bounds how deep seed fills objects.
const seedDepth = 4

// seed is a value of schema sc with something in it: an object has its required properties, or
// (without any) one property at random, a map one entry, a list one item, each a seed too (down to
// depth levels); a string is one of the candidates that is not empty. Later rounds of MakeValid fix
// what the seed gets wrong, one error at a time.
func seed(sc *structuralschema.Structural, r *rand.Rand, c Candidates, depth int) any {
	switch sc.Type {
	case "object":
		m := map[string]any{}
		if depth == 0 {
			return m
		}
		var names []string
		if sc.ValueValidation != nil {
			names = slices.Clone(sc.ValueValidation.Required)
		}
		if len(names) == 0 && len(sc.Properties) > 0 {
			all := make([]string, 0, len(sc.Properties))
			for name := range sc.Properties {
				all = append(all, name)
			}
			slices.Sort(all)
			names = []string{all[r.Intn(len(all))]}
		}
		for _, name := range names {
			if prop, ok := sc.Properties[name]; ok {
				m[name] = seed(&prop, r, c, depth-1)
			}
		}
		if len(sc.Properties) == 0 && sc.AdditionalProperties != nil && sc.AdditionalProperties.Structural != nil {
			if key, ok := nonEmpty(c.Strings, r); ok {
				m[key] = seed(sc.AdditionalProperties.Structural, r, c, depth-1)
			}
		}
		return m
	case "array":
		if sc.Items == nil || depth == 0 {
			return []any{}
		}
		return []any{seed(sc.Items, r, c, depth-1)}
	}
	for _, v := range candidates(sc, r, c) {
		if s, ok := v.(string); !ok || s != "" {
			return v
		}
	}
	return nil
}

// nonEmpty is one of l that is not empty, at random.
func nonEmpty(l []string, r *rand.Rand) (string, bool) {
	for _, i := range r.Perm(len(l)) {
		if l[i] != "" {
			return l[i], true
		}
	}
	return "", false
}

// matching makes up to n distinct strings that the regular expression pattern matches: the
// shortest its parse tree spells (no optional parts, the fewest repeats, the first alternative),
// and random ones. A pattern Go cannot parse, or strings that do not match after all (an empty
// class), give none.
func matching(pattern string, r *rand.Rand, n int) []string {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil
	}
	tree, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	tree = tree.Simplify()
	var out []string
	for i := 0; i < 3*n && len(out) < n; i++ {
		var b strings.Builder
		spellRegexp(&b, tree, r, i == 0)
		if s := b.String(); re.MatchString(s) && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// spellRegexp writes a string that re matches: the shortest when short, else a random one.
func spellRegexp(b *strings.Builder, re *syntax.Regexp, r *rand.Rand, short bool) {
	repeat := func(lo, hi int) int {
		if short || hi == lo {
			return lo
		}
		if hi < 0 || hi > lo+2 {
			hi = lo + 2
		}
		return lo + r.Intn(hi-lo+1)
	}
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		b.WriteRune(classRune(re.Rune, r, short))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteRune('a')
	case syntax.OpCapture:
		spellRegexp(b, re.Sub[0], r, short)
	case syntax.OpStar:
		for range repeat(0, -1) {
			spellRegexp(b, re.Sub[0], r, short)
		}
	case syntax.OpPlus:
		for range repeat(1, -1) {
			spellRegexp(b, re.Sub[0], r, short)
		}
	case syntax.OpQuest:
		for range repeat(0, 1) {
			spellRegexp(b, re.Sub[0], r, short)
		}
	case syntax.OpRepeat:
		for range repeat(re.Min, re.Max) {
			spellRegexp(b, re.Sub[0], r, short)
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			spellRegexp(b, sub, r, short)
		}
	case syntax.OpAlternate:
		i := 0
		if !short {
			i = r.Intn(len(re.Sub))
		}
		spellRegexp(b, re.Sub[i], r, short)
	}
	// Anchors, word boundaries and the empty match spell nothing.
}

// classRune is a rune of a character class (pairs of lo, hi): a lower-case letter or digit when
// the class has one (first the letter a, when short), else a printable ASCII one, else its first.
func classRune(ranges []rune, r *rand.Rand, short bool) rune {
	var nice []rune
	for i := 0; i+1 < len(ranges); i += 2 {
		for c := max(ranges[i], 0x21); c <= min(ranges[i+1], 0x7e); c++ {
			nice = append(nice, c)
		}
	}
	var best []rune
	for _, c := range nice {
		if unicode.IsLower(c) || unicode.IsDigit(c) {
			best = append(best, c)
		}
	}
	switch {
	case short && slices.Contains(best, 'a'):
		return 'a'
	case len(best) > 0 && short:
		return best[0]
	case len(best) > 0:
		return best[r.Intn(len(best))]
	case len(nice) > 0:
		return nice[r.Intn(len(nice))]
	case len(ranges) > 0:
		return ranges[0]
	}
	return 'a'
}
