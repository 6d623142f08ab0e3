package tags

import (
	"encoding/json"
	"fmt"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The syntax of kube-openapi's markers, +k8s:validation:<key>=<JSON> (see k8s_validation.go), read
// as openapi-gen reads a declaration's comment (k8s.io/kube-openapi/pkg/generators, markers.go):
//
//   - a key is made of letters, digits, '_', '-', ':', '[' and ']'; ':' nests (items:maxLength),
//     [i] indexes a list (cel[0]:rule);
//   - +key=<JSON> assigns a JSON value, once per key; +key alone is true;
//   - +key>text assigns text as a string; the same key on the lines right after it adds lines
//     (joined with "\n");
//   - an index other than 0 must follow the same list's index or the one before it, on the line
//     right before;
//   - a key whose first part is no property openapi-gen knows is skipped (+k8s:validation:Required),
//     and so is a ref(...) value.
//
// openapi-gen fails on anything else; so does validation-gen, at the line.

// oaLine is one +k8s:validation: line of a declaration.
type oaLine struct {
	raw *Raw
	key string
	// op is '=', '>' or 0 (no value); text is what follows it (for '>', without surrounding blanks),
	// off its byte offset in raw.Text.
	op   byte
	text string
	off  int
	// cont are the lines that continue a > value.
	cont []*oaLine
}

// oaEntry is one key's value once the lines are read: JSON text, the line that assigned it, and
// for a raw string the lines it spans.
type oaEntry struct {
	key   string
	json  string
	line  *oaLine
	lines []*oaLine
}

var oaKeyChar = regexp.MustCompile(`^[:_a-zA-Z0-9\[\]\-]*`)

// markerPrefix is the prefix of kube-openapi's markers, as written after '+'.
const markerPrefix = "k8s:validation:"

// isOpenAPIMarker reports whether a tag is one of kube-openapi's +k8s:validation: markers.
func isOpenAPIMarker(r *Raw) bool { return strings.HasPrefix(r.Text, "+"+markerPrefix) }

// splitMarkerLine reads a line's key, operator and value.
func splitMarkerLine(r *Raw) (*oaLine, error) {
	start := 1 + len(markerPrefix)
	rest := r.Text[start:]
	key := oaKeyChar.FindString(rest)
	l := &oaLine{raw: r, key: key, off: start + len(key)}
	after := rest[len(key):]
	switch {
	case after == "":
	case after[0] == '=':
		l.op, l.text, l.off = '=', after[1:], l.off+1
	case after[0] == '>':
		text := after[1:]
		trimmed := strings.TrimLeft(text, " ")
		l.op, l.text, l.off = '>', strings.TrimRight(trimmed, " "), l.off+1+len(text)-len(trimmed)
	default:
		return nil, fmt.Errorf("does not match openapi-gen's +k8s:validation:<key>=<JSON value> (or <key>>text) syntax at %q; openapi-gen fails on it", after)
	}
	return l, nil
}

// readMarkerLines reads a declaration's +k8s:validation: lines into one entry per key, in the order
// the keys first appear. Problems are reported into errs, at their line.
func readMarkerLines(raws []*Raw, errs func(pos token.Position, name, msg string)) []*oaEntry {
	var out []*oaEntry
	byKey := map[string]*oaEntry{}
	var prev *oaLine
	prevIndex, prevList := -1, ""
	for _, r := range raws {
		l, err := splitMarkerLine(r)
		if err != nil {
			errs(r.Pos, r.Name, err.Error())
			prev, prevIndex, prevList = nil, -1, ""
			continue
		}
		// openapi-gen compares each line with the comment line right before it.
		adjacent := prev != nil && prev.raw.Pos.Filename == r.Pos.Filename && prev.raw.Pos.Line == r.Pos.Line-1
		if !adjacent {
			prevIndex, prevList = -1, ""
		}
		e, seen := byKey[l.key]
		switch {
		case l.op == '>' && seen && (!adjacent || prev.key != l.key || e.lines == nil):
			errs(at(r, l.off), r.Name, fmt.Sprintf("adds a line to %s, which is not the key of the line right before "+
				"(a > value continues on consecutive lines only); openapi-gen fails on it", l.key))
		case l.op == '>' && seen:
			var s string
			_ = json.Unmarshal([]byte(e.json), &s)
			b, _ := json.Marshal(s + "\n" + l.text)
			e.json = string(b)
			e.lines = append(e.lines, l)
		case seen && l.op == '=':
			errs(r.Pos, r.Name, fmt.Sprintf("%s is assigned twice (first at line %d); openapi-gen fails on it", l.key, e.line.raw.Pos.Line))
		case seen:
			// +key twice: true twice, as openapi-gen reads it.
		default:
			e = &oaEntry{key: l.key, line: l}
			switch l.op {
			case '=':
				e.json = l.text
			case '>':
				b, _ := json.Marshal(l.text)
				e.json = string(b)
				e.lines = []*oaLine{l}
			}
			byKey[l.key] = e
			out = append(out, e)
		}
		if list, index, ok, err := subscript(l.key); ok {
			switch {
			case err != nil:
				errs(r.Pos, r.Name, err.Error()+"; openapi-gen fails on it")
			case list != prevList && index != 0 || index != prevIndex+1 && index != prevIndex:
				errs(r.Pos, r.Name, fmt.Sprintf("index %d of %s does not follow index %d or %d of it on the line right before "+
					"(openapi-gen's rule: indices count up from 0, one list at a time); openapi-gen fails on it", index, list, index-1, index))
			}
			prevIndex, prevList = index, list
		} else {
			prevIndex, prevList = -1, ""
		}
		prev = l
	}
	return out
}

// subscript reads the first [i] of a key: the key before it and i.
func subscript(key string) (string, int, bool, error) {
	i := strings.IndexByte(key, '[')
	if i < 0 {
		return "", -1, false, nil
	}
	sub, _, _ := strings.Cut(key[i+1:], "]")
	if sub == "" {
		return key[:i], -1, true, fmt.Errorf("empty index in %s", key)
	}
	n, err := strconv.Atoi(sub)
	if err != nil || n < 0 {
		return key[:i], -1, true, fmt.Errorf("index %q in %s is not a non-negative integer", sub, key)
	}
	return key[:i], n, true, nil
}

// at is the position of byte offset off of a tag's text.
func at(r *Raw, off int) token.Position { return advance(r.Pos, off) }

// oaProps are the properties openapi-gen reads at each level (kube-openapi's commentTags), and
// the kind of value each takes.
var oaProps = map[string]string{
	"nullable": "bool", "format": "string", "maximum": "number", "exclusiveMaximum": "bool", "minimum": "number",
	"exclusiveMinimum": "bool", "maxLength": "int", "minLength": "int", "pattern": "string", "maxItems": "int",
	"minItems": "int", "uniqueItems": "bool", "multipleOf": "number", "enum": "array", "maxProperties": "int",
	"minProperties": "int", "items": "level", "properties": "levels", "additionalProperties": "level", "cel": "cel",
}

// oaCELProps are the fields of one cel entry and the kind of value each takes.
var oaCELProps = map[string]string{
	"rule": "string", "message": "string", "messageExpression": "string", "optionalOldSelf": "bool", "reason": "string",
	"fieldPath": "string",
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// foldKey finds the property a nested key names. Nested keys are matched as encoding/json matches
// struct fields, ignoring case (openapi-gen decodes them so); the first key of a marker must be
// written exactly.
func foldKey(key string, known map[string]string) (string, bool) {
	if _, ok := known[key]; ok {
		return key, true
	}
	for k := range known {
		if strings.EqualFold(k, key) {
			return k, true
		}
	}
	return "", false
}

// onlyAllowed reports whether the markers are all allow-listed ones (+k8s:validation:Required),
// which are no properties of kube-openapi's.
func onlyAllowed(raws []*Raw) bool {
	for _, r := range raws {
		if !allowed[r.Name] {
			return false
		}
	}
	return true
}
