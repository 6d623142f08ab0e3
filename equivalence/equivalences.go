package equivalence

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"

	"sigs.k8s.io/yaml"
)

// Equivalences is the checked-in equivalence file: the error details that may differ between the
// handwritten validation and a declarative backend, per field path. Details must otherwise match
// exactly. The file is YAML:
//
//	equivalences:
//	- field: spec.template.containers[*].name   # [*] matches any index or key
//	  versions: [v1beta1]                       # optional; all versions when left out
//	  backends: [schema]                        # optional: generated, schema; both when left out
//	  handwritten: '^a lowercase RFC 1123 label' # regular expression on the handwritten detail
//	  declarative: 'must be of type dns1123label' # regular expression on the backend's detail
//	  reason: why the two say the same thing
//
// Every entry needs a reason; entries that no comparison used are reported (Harness.Unused), so
// the file does not rot.
type Equivalences struct {
	Entries []*Equivalence `json:"equivalences"`

	mu   sync.Mutex
	used map[*Equivalence]bool
}

// Equivalence is one entry of the equivalence file.
type Equivalence struct {
	Field       string   `json:"field"`
	Versions    []string `json:"versions,omitempty"`
	Backends    []string `json:"backends,omitempty"`
	Handwritten string   `json:"handwritten"`
	Declarative string   `json:"declarative"`
	Reason      string   `json:"reason"`

	field       *regexp.Regexp
	handwritten *regexp.Regexp
	declarative *regexp.Regexp
}

// LoadEquivalences reads an equivalence file. A missing file is an empty one.
func LoadEquivalences(path string) (*Equivalences, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return ParseEquivalences(nil)
	}
	if err != nil {
		return nil, err
	}
	eq, err := ParseEquivalences(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return eq, nil
}

// ParseEquivalences parses the YAML of an equivalence file, strictly: unknown keys, entries
// without a reason and regular expressions that do not compile are errors.
func ParseEquivalences(data []byte) (*Equivalences, error) {
	eq := &Equivalences{used: map[*Equivalence]bool{}}
	if len(strings.TrimSpace(string(data))) == 0 {
		return eq, nil
	}
	if err := yaml.UnmarshalStrict(data, eq); err != nil {
		return nil, err
	}
	for i, e := range eq.Entries {
		where := fmt.Sprintf("equivalence %d (field %q)", i+1, e.Field)
		if e.Field == "" {
			return nil, fmt.Errorf("%s: field is required", where)
		}
		if strings.TrimSpace(e.Reason) == "" {
			return nil, fmt.Errorf("%s: reason is required", where)
		}
		for _, b := range e.Backends {
			if b != Generated && b != Schema {
				return nil, fmt.Errorf("%s: backend %q is not %q or %q", where, b, Generated, Schema)
			}
		}
		var err error
		if e.handwritten, err = regexp.Compile(e.Handwritten); err != nil {
			return nil, fmt.Errorf("%s: handwritten: %w", where, err)
		}
		if e.declarative, err = regexp.Compile(e.Declarative); err != nil {
			return nil, fmt.Errorf("%s: declarative: %w", where, err)
		}
		e.field = fieldPattern(e.Field)
	}
	return eq, nil
}

// fieldPattern turns a field path with [*] wildcards into an anchored regular expression.
func fieldPattern(f string) *regexp.Regexp {
	parts := strings.Split(f, "[*]")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, `\[[^\]]*\]`) + "$")
}

// allows reports whether an entry allows the handwritten detail hand and the backend's detail
// decl at field path, and records the entry as used.
func (eq *Equivalences) allows(backend, version, path, hand, decl string) *Equivalence {
	if eq == nil {
		return nil
	}
	for _, e := range eq.Entries {
		if !e.field.MatchString(path) || !matchesAny(e.Versions, version) || !matchesAny(e.Backends, backend) {
			continue
		}
		if e.handwritten.MatchString(hand) && e.declarative.MatchString(decl) {
			eq.mu.Lock()
			eq.used[e] = true
			eq.mu.Unlock()
			return e
		}
	}
	return nil
}

func matchesAny(list []string, s string) bool {
	if len(list) == 0 {
		return true
	}
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Unused returns the entries no comparison has used so far, as "field (reason)" lines, sorted.
func (eq *Equivalences) Unused() []string {
	if eq == nil {
		return nil
	}
	eq.mu.Lock()
	defer eq.mu.Unlock()
	var out []string
	for _, e := range eq.Entries {
		if !eq.used[e] {
			out = append(out, fmt.Sprintf("%s: %s", e.Field, e.Reason))
		}
	}
	sort.Strings(out)
	return out
}
