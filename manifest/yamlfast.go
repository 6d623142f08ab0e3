package manifest

import "strings"

// plainYAML reads the plainest YAML documents, those of block mappings and sequences of
// single-line scalars that most manifests are, straight to the object yamlObject makes of them,
// without go-yaml v2's scanner, parser and decoder (a fifth of validate's time). It accepts only
// what it reads exactly as YAML 1.1 and go-yaml v2 do, and says no (ok false, and yamlObject
// parses the document with go-yaml v2) on anything else:
//
//   - bytes other than printable ASCII and line feeds (tabs, carriage returns, Unicode line
//     breaks), comments but for whole-line ones, directives and document markers;
//   - flow collections (but for a sequence of words on one line), anchors, aliases, tags, block scalars, complex keys, merge keys,
//     multi-line scalars, nested sequences on one line, and lines whose indentation is not that of
//     a mapping or sequence being read;
//   - double-quoted scalars with escapes, and keys that are not strings (or contain ':');
//   - plain scalars that YAML 1.1 could read as anything but a string, except decimal integers
//     without sign or leading zero (int64), and true, false, null and their spellings (bool, nil);
//   - duplicate keys, and a document that is not a mapping.
//
// TestYAMLObjectIsTheServers and TestPlainYAMLIsGoYAMLs hold it to the server's path.
func plainYAML(data []byte) (map[string]interface{}, bool) {
	p := plainParser{}
	if !p.split(data) || len(p.lines) == 0 || p.lines[0].indent != 0 || isItem(p.lines[0].text) {
		return nil, false
	}
	m, ok := p.mapping(0)
	if !ok || p.i != len(p.lines) {
		return nil, false
	}
	return m, true
}

type plainLine struct {
	indent int
	text   string // after the indentation, without trailing spaces; never empty
}

type plainParser struct {
	lines []plainLine
	i     int
}

// split cuts the document into its lines, skipping blank lines and whole-line comments.
func (p *plainParser) split(bytes []byte) bool {
	data := string(bytes) // one copy: lines, keys and values are its substrings
	p.lines = make([]plainLine, 0, strings.Count(data, "\n")+1)
	for start := 0; start < len(data); {
		end := start
		for end < len(data) && data[end] != '\n' {
			c := data[end]
			if c < 0x20 || c > 0x7e {
				return false
			}
			end++
		}
		line := data[start:end]
		start = end + 1
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		text := strings.TrimRight(line[indent:], " ")
		switch {
		case text == "" || text[0] == '#':
			continue
		case strings.Contains(text, "#"), indent == 0 && (strings.HasPrefix(text, "---") || strings.HasPrefix(text, "...") || text[0] == '%'):
			return false
		}
		p.lines = append(p.lines, plainLine{indent, text})
	}
	return true
}

func isItem(text string) bool { return text == "-" || strings.HasPrefix(text, "- ") }

// value reads the block value of a key or item whose line ends without one: a mapping or a
// sequence below it (a key's sequence may be at the key's own indentation), or null.
func (p *plainParser) value(indent int, ofKey bool) (interface{}, bool) {
	if p.i == len(p.lines) {
		return nil, true
	}
	next := p.lines[p.i]
	switch {
	case next.indent > indent && isItem(next.text), ofKey && next.indent == indent && isItem(next.text):
		return p.sequence(next.indent)
	case next.indent > indent:
		return p.mapping(next.indent)
	}
	return nil, true
}

// mapping reads the keys at indent, from the current line.
func (p *plainParser) mapping(indent int) (map[string]interface{}, bool) {
	m := map[string]interface{}{}
	for p.i < len(p.lines) && p.lines[p.i].indent == indent && !isItem(p.lines[p.i].text) {
		key, rest, ok := splitKey(p.lines[p.i].text)
		if !ok {
			return nil, false
		}
		if _, dup := m[key]; dup {
			return nil, false
		}
		p.i++
		var v interface{}
		if rest == "" {
			v, ok = p.value(indent, true)
		} else {
			v, ok = p.scalarOf(rest, indent)
		}
		if !ok {
			return nil, false
		}
		m[key] = v
	}
	return m, true
}

// sequence reads the items at indent, from the current line.
func (p *plainParser) sequence(indent int) ([]interface{}, bool) {
	l := []interface{}{}
	for p.i < len(p.lines) && p.lines[p.i].indent == indent && isItem(p.lines[p.i].text) {
		text := p.lines[p.i].text[1:]
		rest := strings.TrimLeft(text, " ")
		var v interface{}
		var ok bool
		switch {
		case rest == "":
			p.i++
			v, ok = p.value(indent, false)
		case isItem(rest):
			return nil, false
		default:
			if _, _, isKey := splitKey(rest); isKey {
				// "- key: value": a mapping at the key's column.
				p.lines[p.i] = plainLine{indent + 1 + len(text) - len(rest), rest}
				v, ok = p.mapping(p.lines[p.i].indent)
			} else {
				p.i++
				v, ok = p.scalarOf(rest, indent)
			}
		}
		if !ok {
			return nil, false
		}
		l = append(l, v)
	}
	return l, true
}

// scalarOf is the scalar that ends a line of a node at indent: the next line must not be
// indented more (it would continue the scalar).
func (p *plainParser) scalarOf(text string, indent int) (interface{}, bool) {
	if p.i < len(p.lines) && p.lines[p.i].indent > indent {
		return nil, false
	}
	return scalar(text)
}

// splitKey splits "key: value" or "key:" into its string key and the value's text.
func splitKey(text string) (key, rest string, ok bool) {
	var after string
	if text[0] == '"' || text[0] == '\'' {
		k, n, ok := quoted(text)
		if !ok || n > 1000 {
			return "", "", false
		}
		key, after = k, text[n:]
		if !strings.HasPrefix(after, ":") {
			return "", "", false
		}
	} else {
		i := strings.Index(text, ": ")
		if i < 0 {
			if !strings.HasSuffix(text, ":") {
				return "", "", false
			}
			i = len(text) - 1
		}
		key, after = text[:i], text[i:]
		// A key that is not a string (yes, 1, null), has a colon or is longer than YAML's
		// implicit keys may be (1024 characters) is go-yaml's.
		if k, _ := resolvePlain(key); k != plainString || strings.Contains(key, ":") || len(key) > 1000 {
			return "", "", false
		}
	}
	if len(after) > 1 && after[1] != ' ' {
		return "", "", false
	}
	return key, strings.TrimLeft(after[1:], " "), true
}

// scalar reads a scalar that is the rest of a line, or a flow sequence of plain words.
func scalar(text string) (interface{}, bool) {
	if text[0] == '[' {
		return flowWords(text)
	}
	if text[0] == '"' || text[0] == '\'' {
		s, n, ok := quoted(text)
		if !ok || n != len(text) {
			return nil, false
		}
		return s, true
	}
	return plain(text)
}

// flowWords reads a flow sequence on one line whose items are words: letters, digits and
// "_./-", not starting with "-" or ".", each read as plain reads it ([x-debug, 80, true]).
func flowWords(text string) (interface{}, bool) {
	if text[len(text)-1] != ']' {
		return nil, false
	}
	inner := strings.TrimSpace(text[1 : len(text)-1])
	l := []interface{}{}
	if inner == "" {
		return l, true
	}
	for _, item := range strings.Split(inner, ",") {
		item = strings.TrimSpace(item)
		if item == "" || item[0] == '-' || item[0] == '.' {
			return nil, false
		}
		for i := 0; i < len(item); i++ {
			c := item[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '/' || c == '-') {
				return nil, false
			}
		}
		v, ok := plain(item)
		if !ok {
			return nil, false
		}
		l = append(l, v)
	}
	return l, true
}

// quoted reads a quoted scalar at the start of text, and how many bytes it took: single-quoted
// (two single quotes are one), or double-quoted without escapes.
func quoted(text string) (string, int, bool) {
	q := text[0]
	if q == '"' {
		end := strings.IndexByte(text[1:], '"')
		if end < 0 || strings.IndexByte(text[1:end+1], '\\') >= 0 {
			return "", 0, false
		}
		return text[1 : end+1], end + 2, true
	}
	var b strings.Builder
	for i := 1; i < len(text); i++ {
		if text[i] != '\'' {
			b.WriteByte(text[i])
			continue
		}
		if i+1 < len(text) && text[i+1] == '\'' {
			b.WriteByte('\'')
			i++
			continue
		}
		return b.String(), i + 1, true
	}
	return "", 0, false
}

// plain reads a plain scalar as go-yaml v2 resolves it (resolve.go), where that is unambiguous.
func plain(text string) (interface{}, bool) {
	switch k, n := resolvePlain(text); k {
	case plainString:
		return text, true
	case plainInt:
		return n, true
	case plainTrue:
		return true, true
	case plainFalse:
		return false, true
	case plainNull:
		return nil, true
	}
	return nil, false
}

// What resolvePlain reads a plain scalar as (plainNone: go-yaml's to read).
type plainKind uint8

const (
	plainNone plainKind = iota
	plainString
	plainInt
	plainTrue
	plainFalse
	plainNull
)

func resolvePlain(text string) (plainKind, int64) {
	if text == "" || text[len(text)-1] == ' ' || strings.Contains(text, ": ") || strings.HasSuffix(text, ":") || strings.Contains(text, " #") {
		return plainNone, 0
	}
	switch c := text[0]; {
	case strings.IndexByte("-?:,[]{}#&*!|>'\"%@`<", c) >= 0:
		return plainNone, 0 // indicators (and the merge key)
	case c == '+' || c == '.':
		return plainNone, 0 // signed numbers, floats, infinities, NaN
	case c >= '0' && c <= '9':
		return digits(text)
	}
	switch text {
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return plainTrue, 0
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return plainFalse, 0
	case "~", "null", "Null", "NULL":
		return plainNull, 0
	}
	return plainString, 0
}

// digits reads a plain scalar that starts with a digit. go-yaml tries it as a timestamp, an
// integer (base prefixes, underscores), an unsigned one, a float and a binary number, and else
// takes it as a string. Decimal integers of at most 18 digits, without leading zero, are int64;
// a scalar with a letter that none of those forms can hold (not a hexadecimal digit, a base
// prefix, an exponent or a timestamp's T or Z) is a string (10s, 5m, 2Gi); anything else is
// go-yaml's to read.
func digits(text string) (plainKind, int64) {
	decimal := len(text) <= 18 && (text[0] != '0' || len(text) == 1)
	n := int64(0)
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= '0' && c <= '9' {
			n = n*10 + int64(c-'0')
			continue
		}
		decimal = false
		if strings.IndexByte("ghijklmnpqrsuvwyGHIJKLMNPQRSUVWY", c) >= 0 {
			return plainString, 0
		}
	}
	if decimal {
		return plainInt, n
	}
	return plainNone, 0
}
