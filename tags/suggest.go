package tags

import "strings"

// suggest returns the registered tag name closest to name, or "" when none is close.
func suggest(name string) string {
	var names []string
	for n := range registry {
		names = append(names, n)
	}
	// Prefer the canonical name of a close alias.
	s := closest(name, names)
	if d, ok := registry[s]; ok && s != d.Name && strings.HasPrefix(s, "k8s:") && !strings.HasPrefix(name, "k8s:") {
		return d.Name
	}
	return s
}

// closest returns the candidate with the smallest edit distance to s (case-insensitive), if that
// distance is small enough to be a typo; ties go to the alphabetically first candidate.
func closest(s string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := distance(strings.ToLower(s), strings.ToLower(c))
		if d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	limit := len(s) / 3
	if limit < 2 {
		limit = 2
	}
	if bestD > limit {
		return ""
	}
	return best
}

// distance is the Levenshtein edit distance.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// spelling returns what an unknown tag was probably meant to be, as the tag to write: a registered
// tag followed by its value after a ':' where controller-tools wants '='
// (+kubebuilder:validation:UniqueItems:true), a registered tag with stray punctuation
// (+optional.), or the closest registered name.
// Misspelt reports whether an unknown tag looks like a misspelling of a known one (the warning
// for it says "did you mean").
func Misspelt(r *Raw) bool {
	if _, ok := Lookup(r.Name); ok || Allowed(r.Name) {
		return false
	}
	return spelling(r) != ""
}

func spelling(r *Raw) string {
	if i := strings.LastIndexByte(r.Name, ':'); i > 0 && i < len(r.Name)-1 {
		if _, ok := registry[r.Name[:i]]; ok && r.Value == "" && !r.HasValue {
			return "+" + r.Name[:i] + "=" + r.Name[i+1:]
		}
	}
	if t := strings.TrimRight(r.Name, ".:-_"); t != r.Name {
		if _, ok := registry[t]; ok {
			return "+" + t
		}
	}
	if s := suggest(r.Name); s != "" {
		return "+" + s
	}
	return ""
}
