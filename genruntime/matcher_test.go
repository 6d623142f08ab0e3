package genruntime

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// matcherPatterns are the patterns of the examples and testdata, the shapes of Kubernetes' own
// (names, quantities, durations, label values) and the corners of the automaton: anchors alone or
// in alternatives, empty matches, case folding (the Kelvin sign folds to k, ſ to s), any rune with
// and without a newline, classes with non-ASCII ranges and the replacement rune, bounded
// repetitions, and expressions that keep regexp (word boundaries, multi-line anchors).
var matcherPatterns = []string{
	`^[^\s]+$`, `^[a-z0-9]+$`, `^[a-z]([-a-z0-9]*[a-z0-9])?$`, `^[0-9]+%?$`, `^[0-9]+Gi$`, `^[A-Za-z0-9-]+$`,
	`^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$`, `^(\d+|\d+%|)$`, `^/`, `^v`, `^x-`, `^(\w[\w.-]{0,127})?$`,
	`^[a-z0-9]+(\.[a-z0-9]+)*(/[a-z0-9]+)*$`, `^[‘a-z’]+$`, `^[0-9a-f]+$`,
	`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`, `^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$`,
	`^[-+]?[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$`, `^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$`,
	``, `^`, `$`, `^$`, `a`, `ab|cd`, `a|^b`, `a$|b`, `^a|b$`, `x*`, `x+y`, `^a{2,5}$`, `a{3}`, `.`, `^.$`, `(?s)^.$`,
	`^.*$`, `(?s).+`, `(?i)k`, `(?i)^straße$`, `(?i)^[a-c]+$`, `(?i)s`, `\pL+`, `^\p{Greek}+$`, `^[^a]$`,
	`[\x{D7FF}-\x{E000}]`, `\x{FFFD}`, `^[\x{80}-\x{10FFFF}]+$`, `^\x{10FFFF}$`, `^(a|ab)(c|bcd)(d*)$`,
	`(a*)*`, `(a|b)*abb`, `^(?:(?:a+)+)+$`, `\A\z`, `a\z`, `\Aa`, `^$|x`,
	`\bfoo\b`, `(?m)^a$`, `\B`,
}

// matcherRunes are what random inputs are made of: letters that fold, digits, separators, a
// newline, non-ASCII runes, the replacement rune, and invalid UTF-8 (lone bytes, a surrogate).
var matcherRunes = []string{
	"a", "b", "c", "d", "k", "K", "\u212a", "s", "S", "ſ", "ß", "ẞ", "x", "y", "z", "A", "Z", "0", "1", "9",
	"-", ".", "/", "%", "_", "+", "e", " ", "\t", "\n", "‘", "’", "α", "Ω", "日", "\uFFFD", "\U0010FFFF",
	"\xff", "\xc3", "\xed\xa0\x80", "\x80", "m", "h", "G", "i", "v", "f", "o",
}

func randomInput(r *rand.Rand, pattern string) string {
	var b strings.Builder
	n := r.IntN(9)
	for range n {
		if r.IntN(4) == 0 && pattern != "" { // pieces of the pattern itself, for longer matches
			i := r.IntN(len(pattern))
			b.WriteString(pattern[i : i+1+r.IntN(min(3, len(pattern)-i))])
			continue
		}
		b.WriteString(matcherRunes[r.IntN(len(matcherRunes))])
	}
	return b.String()
}

func TestMatcherAgreesWithRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	automata := 0
	for _, p := range matcherPatterns {
		m, re := MustMatcher(p), regexp.MustCompile(p)
		m.MatchString("")
		if m.dfa != nil {
			automata++
		}
		inputs := []string{"", strings.Repeat("a", 200), strings.Repeat("a", 62), strings.Repeat("a", 63), "a.b/c", "10ms", "1.5h"}
		for range 3000 {
			inputs = append(inputs, randomInput(r, p))
		}
		for _, s := range inputs {
			if got, want := m.MatchString(s), re.MatchString(s); got != want {
				t.Errorf("MustMatcher(%q).MatchString(%q) = %v, regexp says %v", p, s, got, want)
			}
		}
	}
	if automata < len(matcherPatterns)-3 {
		t.Errorf("%d of %d patterns run as automata: only the 3 with word boundaries or (?m) should keep regexp", automata, len(matcherPatterns))
	}
}

// A pattern past the automaton's limits keeps regexp's MatchString, and still answers alike.
func TestMatcherLimits(t *testing.T) {
	p := `^(a|b)*a(a|b){12}$` // 2^13 states
	m := MustMatcher(p)
	m.MatchString("")
	if m.dfa != nil {
		t.Fatalf("%q: %d states, past the limit of %d", p, len(m.dfa.flags), dfaMaxStates)
	}
	if !m.MatchString("ba"+strings.Repeat("b", 12)) || m.MatchString(strings.Repeat("b", 13)) {
		t.Errorf("%q: the regexp fallback answers wrongly", p)
	}
}

func FuzzMatcher(f *testing.F) {
	for i, p := range matcherPatterns {
		f.Add(p, matcherRunes[i%len(matcherRunes)])
	}
	f.Fuzz(func(t *testing.T, p, s string) {
		re, err := regexp.Compile(p)
		if err != nil || !utf8.ValidString(p) {
			return
		}
		if got, want := MustMatcher(p).MatchString(s), re.MatchString(s); got != want {
			t.Errorf("MustMatcher(%q).MatchString(%q) = %v, regexp says %v", p, s, got, want)
		}
	})
}

func BenchmarkMatcher(b *testing.B) {
	const p, s = `^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`, "registry.example.com"
	m, re := MustMatcher(p), regexp.MustCompile(p)
	b.Run("automaton", func(b *testing.B) {
		for b.Loop() {
			m.MatchString(s)
		}
	})
	b.Run("regexp", func(b *testing.B) {
		for b.Loop() {
			re.MatchString(s)
		}
	})
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			MustMatcher(p).MatchString("")
		}
	})
}

// The automaton is built at the first MatchString, whichever goroutines call it first (go test
// -race checks the build is published safely).
func TestMatcherConcurrentFirstUse(t *testing.T) {
	m := MustMatcher(`^[a-z]+$`)
	done := make(chan bool)
	for range 4 {
		go func() { done <- m.MatchString("abc") && !m.MatchString("a1") }()
	}
	for range 4 {
		if !<-done {
			t.Error("a concurrent first use answered wrongly")
		}
	}
}
