package tags

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"
)

// Line is one line of a // comment with the comment marker removed. Pos is the position of the
// first character of Text.
type Line struct {
	Text string
	Pos  token.Position
}

// Raw is a tag as found in a comment, before its arguments are checked against its definition.
type Raw struct {
	// Name as written, without '+' and without function-style arguments: "k8s:alpha" for
	// "+k8s:alpha(since:"1.37")=...". Markers of other tools in controller-tools' syntax put
	// their first argument after a ':' (see markerName): "kubebuilder:printcolumn" for
	// "+kubebuilder:printcolumn:name="Age",type=date", with Value `name="Age",type=date`.
	Name string
	// NameArgs holds the text inside parentheses after the name, for tags of other tools.
	NameArgs string
	// HasValue is set when '=' follows the name; Value is everything after it, continuation lines
	// of a multi-line back-quoted string included (joined with "\n").
	HasValue bool
	Value    string
	// Pos is the position of '+'; ValuePos maps each line of Value to the position of its first
	// character (one entry per line).
	Pos      token.Position
	ValuePos []token.Position
	// Text is the tag's first line as written, from '+' on: what controller-tools' marker
	// parser reads for the kubebuilder dialect, and (without the '+') what codetags parses for
	// tags in Kubernetes' grammar ("+k8s:eachVal=+k8s:minimum=1").
	Text string
	// Note is a warning about the spelling, reported when the tag applies: a spelling that
	// controller-gen reads, but not as it seems to (+listType:x=set is +listType=set).
	Note string
}

// Posn returns the source position of byte offset off in r.Value.
func (r *Raw) Posn(off int) token.Position {
	if len(r.ValuePos) == 0 {
		return r.Pos
	}
	line := 0
	start := 0
	for i := 0; i < off && i < len(r.Value); i++ {
		if r.Value[i] == '\n' {
			line++
			start = i + 1
		}
	}
	if line >= len(r.ValuePos) {
		line = len(r.ValuePos) - 1
	}
	p := r.ValuePos[line]
	p.Column += off - start
	p.Offset += off - start
	return p
}

// Extract finds the tags in a comment. A tag is a line whose text starts with '+' followed by a
// letter, right after the comment marker and one optional space: indented lines are code blocks
// and lists in Go doc comments, so "//   +maxItems means ..." is prose, not a tag. multiline reports whether a tag name may continue a back-quoted
// value on the following lines; only our own tags do, so that other tools' tags never swallow
// lines.
func Extract(lines []Line, multiline func(name string) bool) []Raw {
	var out []Raw
	for i := 0; i < len(lines); i++ {
		text := lines[i].Text
		trimmed := text
		if len(trimmed) < 2 || trimmed[0] != '+' || !isLetter(trimmed[1]) {
			continue
		}
		indent := len(text) - len(trimmed)
		pos := advance(lines[i].Pos, indent)
		r := Raw{Pos: pos, Text: strings.TrimRight(trimmed, " \t")}
		j := 1
		for j < len(trimmed) && isNameChar(trimmed[j]) {
			j++
		}
		r.Name = trimmed[1:j]
		if j < len(trimmed) && trimmed[j] == '(' {
			end := strings.IndexByte(trimmed[j:], ')')
			if end < 0 {
				r.NameArgs = trimmed[j+1:]
				j = len(trimmed)
			} else {
				r.NameArgs = trimmed[j+1 : j+end]
				j += end + 1
			}
		}
		if n := markerName(r.Name); n != r.Name && r.NameArgs == "" && strings.TrimSpace(trimmed[j:]) == "" && valueOptional(n) {
			// +kubebuilder:validation:items:XIntOrString: a marker without a value under a prefix.
			r.Name = n
			out = append(out, r)
			continue
		}
		if n := markerName(r.Name); n != r.Name && r.NameArgs == "" && strings.HasPrefix(trimmed[j:], "=") {
			// controller-tools' reading of +a:b:c=x when a:b:c is no marker: the marker a:b, whose
			// arguments start at c. +kubebuilder:printcolumn:name="Age",type=date has the named
			// arguments name="Age",type=date.
			seg := r.Name[len(n)+1:]
			r.Name = n
			j = 1 + len(n)
			r.HasValue = true
			switch {
			case seg == "":
				// An empty last segment (+listType:=set, +kubebuilder:validation:Minimum:=1) is no
				// argument name: the marker's value follows.
				j++
			case !namedArgs(n):
				// A marker with one value takes what follows '='; controller-tools drops the segment
				// (which only +default:value=..., the name of controller-gen's field, documents).
				j += len(seg) + 1
				if n != "default" || seg != "value" {
					r.Note = fmt.Sprintf("controller-gen reads this as +%s=%s, without %q; write it so", n, strings.TrimSpace(trimmed[j+1:]), seg+":")
				}
			}
			r.Value = strings.TrimRight(trimmed[j+1:], " \t")
			r.ValuePos = []token.Position{advance(lines[i].Pos, indent+j+1)}
			out = append(out, r)
			continue
		}
		if n := markerName(r.Name); n != r.Name && strings.HasSuffix(r.Name, ":") && r.NameArgs == "" && namedArgs(n) {
			// controller-tools' reading of "+a:b: key=x,...": the blanks after the last ':' are
			// nothing, and key is the first of a:b's named arguments (Envoy Gateway writes
			// "+kubebuilder:validation:XValidation: message=...,rule=...").
			rest := trimmed[j:]
			if v := strings.TrimLeft(rest, " \t"); v != rest && firstArgName(v) {
				r.Name = n
				r.HasValue = true
				r.Value = strings.TrimRight(v, " \t")
				r.ValuePos = []token.Position{advance(lines[i].Pos, indent+j+len(rest)-len(v))}
				r.Note = fmt.Sprintf("controller-gen reads the blank after %q as nothing; write it without", "+"+n+":")
				out = append(out, r)
				continue
			}
		}
		rest := trimmed[j:]
		if strings.HasPrefix(rest, "=") {
			r.HasValue = true
			valueStart := indent + j + 1
			r.Value = strings.TrimRight(rest[1:], " \t")
			r.ValuePos = []token.Position{advance(lines[i].Pos, valueStart)}
			if multiline != nil && multiline(r.Name) {
				for openBackquote(r.Value) && i+1 < len(lines) {
					i++
					next := lines[i]
					r.Value += "\n" + next.Text
					r.ValuePos = append(r.ValuePos, next.Pos)
				}
			}
		} else if strings.HasPrefix(strings.TrimLeft(rest, " \t"), "#") {
			// "+name # comment": a trailing comment, as Kubernetes' tag parser allows.
		} else if rest != "" {
			// "+name trailing words": keep the words so that the registry can say what is wrong.
			r.Value = rest
			r.ValuePos = []token.Position{advance(lines[i].Pos, indent+j)}
		}
		out = append(out, r)
	}
	return out
}

// firstArgName reports whether s starts with an argument name followed by '=' (key=...).
func firstArgName(s string) bool {
	k, _, ok := strings.Cut(s, "=")
	if !ok || k == "" || !isLetter(k[0]) {
		return false
	}
	for i := 0; i < len(k); i++ {
		if !isLetter(k[i]) && (k[i] < '0' || k[i] > '9') {
			return false
		}
	}
	return true
}

// openBackquote reports whether s ends inside a back-quoted string.
func openBackquote(s string) bool {
	inDouble, inBack := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inBack:
			if c == '`' {
				inBack = false
			}
		case inDouble:
			if c == '\\' {
				i++
			} else if c == '"' {
				inDouble = false
			}
		case c == '"':
			inDouble = true
		case c == '`':
			inBack = true
		}
	}
	return inBack
}

func advance(p token.Position, n int) token.Position {
	p.Column += n
	p.Offset += n
	return p
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isNameChar(c byte) bool {
	return isLetter(c) || c >= '0' && c <= '9' || c == ':' || c == '.' || c == '-' || c == '_'
}

// Item is one comma-separated element of a tag's value: a positional value or key=value.
type Item struct {
	Key      string // empty for the positional value
	HasValue bool   // false for a bare key (a flag)
	Value    string // unquoted
	Quoted   bool
	// Off is the byte offset of the value (after any opening quote) in Raw.Value, KeyOff of the key.
	Off, KeyOff int
}

// SplitError is a syntax error at byte offset Off of a tag's value.
type SplitError struct {
	Off int
	Msg string
}

func (e *SplitError) Error() string { return e.Msg }

// Split parses `value,key=value,key="value",flag`. Quoted parts are Go string literals, double- or
// back-quoted. When withKeys is false the first element may be a bare word; a bare element with
// '=' is always a key=value pair, except in the first (positional) position where the whole
// element is the value. Blanks and '#' after an element start a trailing comment
// (`+k8s:maximum=100 # why`), as in Kubernetes' tag parser.
func Split(s string) ([]Item, error) {
	var items []Item
	i := 0
	first := true
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			if !first {
				return nil, &SplitError{i, "expected a value after ','"}
			}
			return items, nil
		}
		it := Item{}
		// A key looks like an identifier followed by '=' or ',' or the end.
		if !first || !startsQuote(s[i]) {
			k := i
			for k < len(s) && (isLetter(s[k]) || s[k] >= '0' && s[k] <= '9' || s[k] == '_') {
				k++
			}
			if !first && k > i && (k == len(s) || s[k] == '=' || s[k] == ',' || s[k] == ' ') {
				it.Key = s[i:k]
				it.KeyOff = i
				i = k
				for i < len(s) && s[i] == ' ' {
					i++
				}
				if i < len(s) && s[i] == '=' {
					i++
					it.HasValue = true
				}
			} else if !first && k == i {
				return nil, &SplitError{i, "expected key=value after ','"}
			}
		}
		if first || it.HasValue {
			it.HasValue = true
			v, off, quoted, next, err := scanValue(s, i)
			if err != nil {
				return nil, err
			}
			it.Value, it.Off, it.Quoted = v, off, quoted
			i = next
		}
		items = append(items, it)
		first = false
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) || s[i] == '#' && (i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') || it.Quoted) {
			return items, nil
		}
		if s[i] != ',' {
			return nil, &SplitError{i, "expected ',' between arguments"}
		}
		i++
	}
}

func startsQuote(c byte) bool { return c == '"' || c == '`' }

// scanValue reads a quoted string or a bare word starting at s[i].
func scanValue(s string, i int) (val string, off int, quoted bool, next int, err error) {
	if i < len(s) && startsQuote(s[i]) {
		q := s[i]
		j := i + 1
		for j < len(s) && s[j] != q {
			if q == '"' && s[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(s) {
			return "", 0, false, 0, &SplitError{i, "unterminated quoted string"}
		}
		lit := s[i : j+1]
		v, uerr := strconv.Unquote(lit)
		if uerr != nil {
			return "", 0, false, 0, &SplitError{i, "invalid quoted string " + lit + ": " + uerr.Error()}
		}
		return v, i + 1, true, j + 1, nil
	}
	j := i
	for j < len(s) && s[j] != ',' && !commentAt(s, j) {
		j++
	}
	return strings.TrimRight(s[i:j], " \t"), i, false, j, nil
}

// commentAt reports whether a trailing comment starts at s[j]: blanks, then '#'.
func commentAt(s string, j int) bool {
	if s[j] != ' ' && s[j] != '\t' {
		return false
	}
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	return j < len(s) && s[j] == '#'
}

// valueOptional reports whether a registered tag may be written without a value.
func valueOptional(name string) bool {
	d, ok := registry[name]
	return ok && d.Value.Optional
}
