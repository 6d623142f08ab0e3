package model

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	apiservercel "k8s.io/apiserver/pkg/cel"
)

// CELName is how a CEL rule of the API server names an object's property whose JSON name is name:
// the name itself, or its escaped form (k8s.io/apiserver/pkg/cel.Escape: namespace is
// __namespace__, x-ref is x__dash__ref, a.b is a__dot__b, a__b is a__underscores__b), which the
// server and the CRD's structural schema use for every rule. ok is false for a name no rule can
// select (one that starts with a digit, or has a character other than letters, digits, '_', '-',
// '.' and '/').
func CELName(name string) (string, bool) { return apiservercel.Escape(name) }

// CELSelectable reports whether a rule can select a property by its JSON name (see CELName).
func CELSelectable(name string) bool {
	_, ok := CELName(name)
	return ok
}

// CELSelect is the CEL selection of property name of obj ("self", "oldSelf.value()"), the name
// escaped as the API server expects; ok as for CELName.
func CELSelect(obj, name string) (string, bool) {
	n, ok := CELName(name)
	if !ok {
		return "", false
	}
	return obj + "." + n, true
}

// MustCELSelect is CELSelect for a name already known to be selectable (CELSelectable).
func MustCELSelect(obj, name string) string {
	s, ok := CELSelect(obj, name)
	if !ok {
		panic("model: property " + strconv.Quote(name) + " cannot be selected in CEL")
	}
	return s
}

// FieldPathChild is the JSON path step (a rule's fieldPath, relative to the object) to property
// name: ".name", or "['name']" for a name with '.', '[', ']', quotes, spaces or other characters
// the server's path parser would split or reject.
func FieldPathChild(name string) string {
	if fieldPathName.MatchString(name) {
		return "." + name
	}
	return "['" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(name) + "']"
}

// fieldPathName matches the property names a fieldPath step can name after a dot.
var fieldPathName = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_-]*$`)

// CELIsSet is the CEL test of property p of obj ("self", "oldSelf") being set as the generated Go
// validators and apimachinery's validate functions see it: a pointer when present, any other
// value when present and not its zero value (an empty list, map or []byte counts as unset). ok is
// false for a property a rule cannot select (CELSelectable) and for a value that has no such
// test (a non-pointer struct is always set in Go, and a rule cannot tell a zero one).
func CELIsSet(obj string, p *Property) (expr string, ok bool) {
	if p == nil {
		return "", false
	}
	field, ok := CELSelect(obj, p.Name)
	if !ok {
		return "", false
	}
	has := "has(" + field + ")"
	if p.Node.Pointer {
		return has, true
	}
	set, ok := CELValueIsSet(field, p.Node)
	if !ok {
		return "", false
	}
	return has + " && " + set, true
}

// CELValueIsSet is CELIsSet for a value itself (expr: "self", "oldSelf"), not a property of one:
// its test of not being its zero value. ok is false for a pointer (null) and for a value that has
// no such test (a struct, a value of any type).
func CELValueIsSet(expr string, n *Node) (string, bool) {
	if n.Pointer {
		return "", false
	}
	switch n.Kind {
	case KindString:
		if n.Format == "byte" { // []byte: base64 in JSON, bytes in CEL
			return "size(" + expr + ") != 0", true
		}
		return expr + " != ''", true
	case KindInteger:
		return expr + " != 0", true
	case KindNumber:
		return expr + " != 0.0", true
	case KindBoolean:
		return expr, true
	case KindList, KindMap:
		return "size(" + expr + ") != 0", true
	}
	return "", false
}

// CELNot negates a CEL expression, parenthesised unless it is a single term.
func CELNot(expr string) string {
	if strings.Contains(expr, " ") {
		return "!(" + expr + ")"
	}
	return "!" + expr
}

// CELLiteral spells a tag's constant (a string, int64 or bool) as a CEL literal.
func CELLiteral(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(v) + "'", true
	case int64:
		return strconv.FormatInt(v, 10), true
	case bool:
		return strconv.FormatBool(v), true
	}
	return "", false
}

// CELMatch is the CEL test of item x being one that +k8s:item selects: each key field has its
// value, a non-pointer field that JSON leaves out counting as its zero value. ok is false when a
// key cannot be selected or spelled in CEL.
func (it *ItemSelector) CELMatch(x string) (string, bool) {
	var parts []string
	for _, k := range it.Keys {
		lit, ok := CELLiteral(k.Value)
		f, selectable := CELSelect(x, k.Name)
		if !ok || !selectable {
			return "", false
		}
		if zero, _ := CELLiteral(reflectZero(k.Value)); !k.Pointer && lit == zero {
			parts = append(parts, "(!has("+f+") || "+f+" == "+lit+")")
		} else {
			parts = append(parts, "has("+f+") && "+f+" == "+lit)
		}
	}
	return strings.Join(parts, " && "), true
}

// reflectZero is the zero value of a key's constant.
func reflectZero(v any) any {
	switch v.(type) {
	case string:
		return ""
	case int64:
		return int64(0)
	case bool:
		return false
	}
	return nil
}

// MemberName is how errors name the selected item of list (a field's JSON name) as a union
// member: list[{"key": value, ...}], strings quoted.
func (it *ItemSelector) MemberName(list string) string {
	var pairs []string
	for _, k := range it.Keys {
		v := fmt.Sprint(k.Value)
		if s, ok := k.Value.(string); ok {
			v = fmt.Sprintf("%q", s)
		}
		pairs = append(pairs, fmt.Sprintf("%q: %s", k.Name, v))
	}
	return list + "[{" + strings.Join(pairs, ", ") + "}]"
}
