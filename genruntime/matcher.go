package genruntime

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Matcher is a compiled regular expression whose MatchString runs a deterministic automaton built
// from the expression's program once, at its first use (a binary that links API packages without
// validating pays only regexp.MustCompile at initialisation): a byte or a rune per step and
// no allocation, where regexp's MatchString runs its one-pass or backtracking machine (most of a
// valid object's validation time, before). It accepts exactly what regexp.MatchString accepts on
// every input, invalid UTF-8 included (matcher_test.go checks that and fuzzes it). Every other
// method is the embedded Regexp's.
//
// Expressions the automaton does not cover (word boundaries, multi-line anchors) or whose
// automaton would be large (long bounded repetitions) keep regexp's MatchString.
type Matcher struct {
	*regexp.Regexp
	once sync.Once
	dfa  *dfa
}

// MustMatcher compiles pattern as regexp.MustCompile does (and panics where it panics).
func MustMatcher(pattern string) *Matcher {
	return &Matcher{Regexp: regexp.MustCompile(pattern)}
}

func (m *Matcher) build() {
	if re, err := syntax.Parse(m.String(), syntax.Perl); err == nil {
		if prog, err := syntax.Compile(re.Simplify()); err == nil {
			m.dfa = buildDFA(prog)
		}
	}
}

// MatchString reports whether s contains any match of the expression, as regexp's does.
func (m *Matcher) MatchString(s string) bool {
	m.once.Do(m.build)
	d := m.dfa
	if d == nil {
		return m.Regexp.MatchString(s)
	}
	st := 0
	if f := d.flags[0]; f&dfaMatch != 0 {
		return true
	}
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			st = int(d.asciiNext[st<<7|int(b)])
			i++
		} else {
			r, n := utf8.DecodeRuneInString(s[i:])
			st = int(d.next[st*d.classes+int(d.classOf(r))])
			i += n
		}
		if f := d.flags[st]; f&(dfaMatch|dfaDead) != 0 {
			return f&dfaMatch != 0
		}
	}
	return d.flags[st]&dfaFinal != 0
}

// The limits past which an expression keeps regexp's MatchString: instructions of its program,
// states of the automaton, classes of runes it tells apart, and transitions (which bound the time
// spent building it at initialisation).
const (
	dfaMaxInsts       = 1000
	dfaMaxStates      = 512
	dfaMaxClasses     = 255
	dfaMaxTransitions = 1 << 15
)

const (
	dfaMatch = 1 << iota // a match ends here: the answer is true whatever follows
	dfaDead              // no match can start or continue: the answer is false
	dfaFinal             // a match ends here if the input does ($ satisfied)
)

// dfa is the automaton of one expression. Runes are mapped to classes (runes every instruction
// treats alike) by the interval they fall in; ASCII bytes go straight to the next state.
type dfa struct {
	starts  []rune  // sorted starts of the rune intervals (the first is 0)
	ofStart []uint8 // the class of each interval
	classes int
	next    []uint16 // state*classes + class → state
	flags   []uint8
	// asciiNext is next for ASCII bytes without the class: state<<7 | byte → state.
	asciiNext []uint16
}

func (d *dfa) classOf(r rune) uint8 {
	i, found := slices.BinarySearch(d.starts, r)
	if !found {
		i--
	}
	return d.ofStart[i]
}

// buildDFA runs the subset construction over prog's instructions, or returns nil where the
// expression is outside what the automaton covers or past its limits. A state is the set of
// instructions threads wait at (rune instructions, Match, and $ not yet satisfied); the start
// instruction joins every state after the first, as regexp's unanchored search starts a thread
// at every position (a ^ then blocks it).
func buildDFA(prog *syntax.Prog) *dfa {
	if len(prog.Inst) > dfaMaxInsts {
		return nil
	}
	var runeInsts []int
	for pc, in := range prog.Inst {
		switch in.Op {
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
				return nil
			}
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			runeInsts = append(runeInsts, pc)
		}
	}
	starts, ofStart, reps := runeClasses(prog, runeInsts)
	if starts == nil {
		return nil
	}
	d := &dfa{starts: starts, ofStart: ofStart, classes: len(reps)}
	b := &dfaBuilder{prog: prog, mark: make([]uint32, len(prog.Inst))}

	type state struct {
		set   []uint32
		begin bool
	}
	var states []state
	index := map[string]int{}
	add := func(set []uint32, begin bool) (int, bool) {
		set = b.waiting(set)
		key := make([]byte, 0, 1+4*len(set))
		if begin {
			key = append(key, '^')
		}
		for _, pc := range set {
			key = append(key, byte(pc>>24), byte(pc>>16), byte(pc>>8), byte(pc))
		}
		if i, ok := index[string(key)]; ok {
			return i, true
		}
		if len(states) == dfaMaxStates || (len(states)+1)*d.classes > dfaMaxTransitions {
			return 0, false
		}
		index[string(key)] = len(states)
		states = append(states, state{set, begin})
		var f uint8
		switch {
		case b.hasMatch(set):
			f = dfaMatch
		case len(set) == 0:
			f = dfaDead
		default:
			b.gen++
			var end []uint32
			for _, pc := range set {
				end = b.closure(end, pc, begin, true)
			}
			if b.hasMatch(end) {
				f = dfaFinal
			}
		}
		d.flags = append(d.flags, f)
		return len(states) - 1, true
	}
	b.gen++
	add(b.closure(nil, uint32(prog.Start), true, false), true)
	for s := 0; s < len(states); s++ {
		if d.flags[s]&(dfaMatch|dfaDead) != 0 {
			d.next = append(d.next, make([]uint16, d.classes)...) // never left
			continue
		}
		for _, r := range reps {
			b.gen++
			var set []uint32
			for _, pc := range states[s].set {
				if in := &prog.Inst[pc]; consumes(in, r) {
					set = b.closure(set, in.Out, false, false)
				}
			}
			set = b.closure(set, uint32(prog.Start), false, false)
			t, ok := add(set, false)
			if !ok {
				return nil
			}
			d.next = append(d.next, uint16(t))
		}
	}
	d.asciiNext = make([]uint16, len(states)<<7)
	for st := range states {
		for b := range utf8.RuneSelf {
			d.asciiNext[st<<7|b] = d.next[st*d.classes+int(d.classOf(rune(b)))]
		}
	}
	return d
}

// dfaBuilder holds what the subset construction reuses: mark[pc] == gen once pc is in the set
// being built.
type dfaBuilder struct {
	prog *syntax.Prog
	mark []uint32
	gen  uint32
}

// closure adds to set the instructions reached from pc without consuming a rune, at the start of
// the input or not, at its end or not.
func (b *dfaBuilder) closure(set []uint32, pc uint32, atBegin, atEnd bool) []uint32 {
	for {
		if b.mark[pc] == b.gen {
			return set
		}
		b.mark[pc] = b.gen
		in := &b.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			set = append(set, pc)
			set = b.closure(set, in.Out, atBegin, atEnd)
			pc = in.Arg
		case syntax.InstCapture, syntax.InstNop:
			set = append(set, pc)
			pc = in.Out
		case syntax.InstEmptyWidth:
			op := syntax.EmptyOp(in.Arg)
			if op&syntax.EmptyBeginText != 0 && !atBegin {
				return set // never satisfied later
			}
			set = append(set, pc)
			if op&syntax.EmptyEndText != 0 && !atEnd {
				return set // waits for the end of the input
			}
			pc = in.Out
		case syntax.InstFail:
			return set
		default:
			return append(set, pc)
		}
	}
}

// waiting keeps, sorted, what a state is made of: rune instructions, Match and the $ that wait.
func (b *dfaBuilder) waiting(set []uint32) []uint32 {
	out := set[:0]
	for _, pc := range set {
		in := &b.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch, syntax.InstCapture, syntax.InstNop, syntax.InstFail:
			continue
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&syntax.EmptyEndText == 0 {
				continue
			}
		}
		out = append(out, pc)
	}
	slices.Sort(out)
	return out
}

func (b *dfaBuilder) hasMatch(set []uint32) bool {
	return slices.ContainsFunc(set, func(pc uint32) bool { return b.prog.Inst[pc].Op == syntax.InstMatch })
}

// consumes reports whether in is a rune instruction that accepts r.
func consumes(in *syntax.Inst, r rune) bool {
	switch in.Op {
	case syntax.InstRuneAny:
		return true
	case syntax.InstRuneAnyNotNL:
		return r != '\n'
	case syntax.InstRune, syntax.InstRune1:
		return in.MatchRune(r)
	}
	return false
}

// runeClasses splits the runes into intervals inside which every rune instruction answers alike,
// and groups intervals that all instructions answer alike into classes: the sorted interval starts
// (the first 0), the class of each, and one representative rune per class; nil past dfaMaxClasses.
func runeClasses(prog *syntax.Prog, runeInsts []int) (starts []rune, ofStart []uint8, reps []rune) {
	cuts := []rune{0}
	cut := func(lo, hi rune) {
		cuts = append(cuts, lo)
		if hi < unicode.MaxRune {
			cuts = append(cuts, hi+1)
		}
	}
	for _, pc := range runeInsts {
		in := &prog.Inst[pc]
		switch in.Op {
		case syntax.InstRuneAnyNotNL:
			cut('\n', '\n')
		case syntax.InstRune, syntax.InstRune1:
			if len(in.Rune) == 1 {
				r := in.Rune[0]
				cut(r, r)
				if syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
					for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
						cut(f, f)
					}
				}
				continue
			}
			for i := 0; i+1 < len(in.Rune); i += 2 {
				cut(in.Rune[i], in.Rune[i+1])
			}
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	classOf := map[string]uint8{}
	sig := make([]byte, len(runeInsts))
	for _, lo := range cuts {
		for i, pc := range runeInsts {
			sig[i] = 0
			if consumes(&prog.Inst[pc], lo) {
				sig[i] = 1
			}
		}
		c, ok := classOf[string(sig)]
		if !ok {
			if len(reps) == dfaMaxClasses {
				return nil, nil, nil
			}
			c = uint8(len(reps))
			classOf[string(sig)] = c
			reps = append(reps, lo)
		}
		starts = append(starts, lo)
		ofStart = append(ofStart, c)
	}
	return starts, ofStart, reps
}
