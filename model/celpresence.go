package model

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// celIdent matches the property names a CEL rule can select without escaping.
var celIdent = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// celReserved are the words CEL reserves, which a rule cannot select without escaping.
var celReserved = map[string]bool{
	"true": true, "false": true, "null": true, "in": true, "as": true, "break": true, "const": true, "continue": true,
	"else": true, "for": true, "function": true, "if": true, "import": true, "let": true, "loop": true, "package": true,
	"namespace": true, "return": true, "var": true, "void": true, "while": true,
}

// CELSelectable reports whether a rule can select a property by its JSON name as written
// (self.name), without the API server's escaping.
func CELSelectable(name string) bool { return celIdent.MatchString(name) && !celReserved[name] }

// CELIsSet is the CEL test of property p of obj ("self", "oldSelf") being set as the generated Go
// validators and apimachinery's validate functions see it: a pointer when present, any other
// value when present and not its zero value (an empty list, map or []byte counts as unset). ok is
// false for a property a rule cannot select (CELSelectable) and for a value that has no such
// test (a non-pointer struct is always set in Go, and a rule cannot tell a zero one).
func CELIsSet(obj string, p *Property) (expr string, ok bool) {
	if p == nil || !CELSelectable(p.Name) {
		return "", false
	}
	field := obj + "." + p.Name
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
		if !ok || !CELSelectable(k.Name) {
			return "", false
		}
		f := x + "." + k.Name
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
