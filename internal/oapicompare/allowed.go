package oapicompare

import (
	"fmt"
	"os"
	"path"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// Allowed is one entry of a differences file (test/k8sapi/differences.yaml): a difference that is
// expected, and why.
type Allowed struct {
	// Definition is a model name, or a pattern ('*' matches any run of characters, dots
	// included) for an entry that covers a class of definitions.
	Definition string `json:"definition"`
	// Property is the path in the definition (see Difference.Path), or a pattern; empty means the
	// definition itself.
	Property string `json:"property,omitempty"`
	Aspect   string `json:"aspect"`
	// Ours and Theirs, when set, are patterns that what each side has (as the test prints it,
	// e.g. "k8s-long-name" with its quotes, or (none)) must match: they keep a class entry from
	// allowing more than its reason explains.
	Ours   string `json:"ours,omitempty"`
	Theirs string `json:"theirs,omitempty"`
	Reason string `json:"reason"`
	// Class marks an entry whose patterns cover a whole class of differences with one reason.
	Class bool `json:"class,omitempty"`

	// Used counts the differences the entry matched.
	Used int
}

type differencesFile struct {
	Differences []*Allowed `json:"differences"`
}

// LoadAllowed reads and checks a differences file: every entry names an aspect that is
// compared and gives a reason, and only class entries use patterns.
func LoadAllowed(file string) ([]*Allowed, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var f differencesFile
	if err := yaml.UnmarshalStrict(raw, &f); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	var errs []string
	seen := map[string]bool{}
	for i, a := range f.Differences {
		where := fmt.Sprintf("%s: entry %d (%s %s %s)", file, i+1, a.Definition, a.Property, a.Aspect)
		if a.Definition == "" {
			errs = append(errs, where+": definition is missing")
		}
		if !slices.Contains(Aspects, a.Aspect) {
			errs = append(errs, fmt.Sprintf("%s: aspect %q is not one of %s", where, a.Aspect, strings.Join(Aspects, ", ")))
		}
		if strings.TrimSpace(a.Reason) == "" {
			errs = append(errs, where+": reason is missing")
		}
		for _, p := range []string{a.Definition, a.Property} {
			if strings.Contains(p, "*") && !a.Class {
				errs = append(errs, fmt.Sprintf("%s: pattern %q in an entry without class: true", where, p))
			}
		}
		key := strings.Join([]string{a.Definition, a.Property, a.Aspect, a.Ours, a.Theirs}, "\x00")
		if seen[key] {
			errs = append(errs, where+": listed twice")
		}
		seen[key] = true
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return f.Differences, nil
}

// Matches reports whether the entry allows the difference. "[]" in a property path is literal
// (list items), not a character class.
func (a *Allowed) Matches(d Difference) bool {
	return a.Aspect == d.Aspect && match(a.Definition, d.Definition) && match(a.Property, d.Path) &&
		(a.Ours == "" || match(a.Ours, d.Ours)) && (a.Theirs == "" || match(a.Theirs, d.Theirs))
}

func match(pattern, s string) bool {
	if pattern == s {
		return true
	}
	if !strings.Contains(pattern, "*") {
		return false
	}
	// '*' is the only special character: brackets (list items "[]", JSON arrays) and '?' are
	// literal, and '/' is hidden so that '*' matches any run of characters.
	p := strings.NewReplacer("[", `\[`, "]", `\]`, "?", `\?`, "\\", `\\`, "/", "\x00").Replace(pattern)
	ok, _ := path.Match(p, strings.ReplaceAll(s, "/", "\x00"))
	return ok
}

// Unexpected returns the differences that no entry allows, and counts in each entry's Used the
// differences it allows.
func Unexpected(diffs []Difference, allowed []*Allowed) []Difference {
	var out []Difference
	for _, d := range diffs {
		hit := false
		for _, a := range allowed {
			if a.Matches(d) {
				a.Used++
				hit = true
			}
		}
		if !hit {
			out = append(out, d)
		}
	}
	return out
}

// Report renders differences as entries of a differences file, each with what both sides have,
// to help write one.
func Report(diffs []Difference) string {
	var b strings.Builder
	b.WriteString("differences:\n")
	for _, d := range diffs {
		fmt.Fprintf(&b, "# validation-gen: %s\n# openapi-gen:    %s\n", oneLine(d.Ours), oneLine(d.Theirs))
		fmt.Fprintf(&b, "- definition: %s\n", d.Definition)
		if d.Path != "" {
			fmt.Fprintf(&b, "  property: %q\n", d.Path)
		}
		fmt.Fprintf(&b, "  aspect: %s\n  reason: TODO\n", d.Aspect)
	}
	return b.String()
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }
