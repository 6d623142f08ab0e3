package tags

import (
	"go/token"
	"strconv"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// kbXValidation is +kubebuilder:validation:XValidation's arguments.
type kbXValidation struct {
	Rule              string
	Message           string `marker:",optional"`
	MessageExpression string `marker:"messageExpression,optional"`
	Reason            string `marker:"reason,optional"`
	FieldPath         string `marker:"fieldPath,optional"`
	OptionalOldSelf   *bool  `marker:"optionalOldSelf,optional"`
}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:XValidation", Scopes: ScopeType | ScopeField, Repeatable: true,
		Doc: "controller-gen's spelling of +validationRule: a CEL rule the value must satisfy. " +
			"validation-gen compiles and cost-checks it at generation, and generated validators run it.",
		OpenAPI: "x-kubernetes-validations",
		Example: `+kubebuilder:validation:XValidation:rule="self.min <= self.max",message="min must not exceed max"`,
		Apply: func(c *Context) error {
			x := c.Marker.(kbXValidation)
			r := model.Rule{Rule: x.Rule, Message: x.Message, MessageExpression: x.MessageExpression,
				FieldPath: x.FieldPath, Origin: c.Origin()}
			r.RulePos, r.Lines = markerStringPos(c, "rule", x.Rule)
			_, r.MessageExpressionLines = markerStringPos(c, "messageExpression", x.MessageExpression)
			if strings.TrimSpace(r.Rule) == "" {
				return c.Errorf("empty rule")
			}
			if err := checkTypographic(c, r.Rule, 0); err != nil {
				return err
			}
			if x.OptionalOldSelf != nil && *x.OptionalOldSelf {
				r.OptionalOldSelf = true
			}
			if x.Reason != "" {
				reason, ok := strings.CutPrefix(x.Reason, "FieldValue")
				known := false
				for _, w := range Reasons {
					known = known || ok && reason == w
				}
				if !known {
					return c.Errorf("reason %q is not one of FieldValueRequired, FieldValueForbidden, FieldValueInvalid, FieldValueDuplicate", x.Reason)
				}
				r.Reason = reason
			}
			if r.FieldPath != "" {
				if !fieldPathPattern.MatchString(r.FieldPath) {
					return c.Errorf("fieldPath %q is not a path such as .spec.replicas or .items['key']", r.FieldPath)
				}
			}
			addMarkerRule(c.V, r)
			return nil
		},
	}, kbXValidation{}, false,
		markerDoc{"rule", "the CEL expression, over self (and oldSelf for transition rules)"},
		markerDoc{"message", "the error message when the rule is false"},
		markerDoc{"messageExpression", "a CEL expression producing the message"},
		markerDoc{"reason", "FieldValueInvalid (default), FieldValueRequired, FieldValueForbidden or FieldValueDuplicate"},
		markerDoc{"fieldPath", "JSON path below self that the error is reported at, e.g. .spec.replicas"},
		markerDoc{"optionalOldSelf", "run the transition rule on create too, with oldSelf an optional"})
}

// markerStringPos finds the string argument key=... in the marker's text and returns the position
// of its value's first character and, when the value is written verbatim there (back-quoted, or
// quoted without escapes), the position of its first line, so that CEL errors point inside it.
func markerStringPos(c *Context, key, value string) (token.Position, []token.Position) {
	text := c.Raw.Text
	at := func(off int) token.Position {
		p := c.Raw.Pos
		p.Column += off
		p.Offset += off
		return p
	}
	for i := 0; i < len(text); {
		j := strings.Index(text[i:], key+"=")
		if j < 0 {
			break
		}
		j += i
		if j > 0 && (text[j-1] == ',' || text[j-1] == ':') {
			off := j + len(key) + 1
			if off < len(text) && (text[off] == '"' || text[off] == '`') {
				if lit, err := strconv.QuotedPrefix(text[off:]); err == nil && lit[1:len(lit)-1] == value {
					return at(off + 1), []token.Position{at(off + 1)}
				}
				return at(off + 1), nil
			}
			return at(off), nil
		}
		i = j + 1
	}
	return c.Raw.Pos, nil
}
