package tags

import (
	"go/token"
	"regexp"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// Reasons a rule may report, as field.ErrorType names; OpenAPI spells them FieldValue<Reason>.
var Reasons = []string{"Required", "Forbidden", "Invalid", "Duplicate"}

var fieldPathPattern = regexp.MustCompile(`^\.?[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*|\[('[^']*'|[0-9]+)\])*$`)

func init() {
	Register(&Def{
		Name: "validationRule", Scopes: ScopeType | ScopeField,
		Value: Arg{Kind: ArgString, Doc: "a CEL expression over self (and oldSelf for transition rules)"},
		Params: []Param{
			{Key: "message", Arg: Arg{Kind: ArgString}, Doc: "the error message when the rule is false"},
			{Key: "messageExpression", Arg: Arg{Kind: ArgString}, Doc: "a CEL expression producing the message; takes precedence over message"},
			{Key: "reason", Arg: Arg{Kind: ArgWord, Words: Reasons}, Doc: "the error type (default Invalid)"},
			{Key: "field", Arg: Arg{Kind: ArgString}, Doc: "path below self that the error is reported at, e.g. spec.replicas"},
			{Key: "optionalOldSelf", Doc: "run the transition rule on create too, with oldSelf an optional"},
		},
		Repeatable: true,
		Doc: "A CEL rule the value must satisfy. A rule that uses oldSelf is a transition rule, checked only on update. " +
			"Quote the expression with back-quotes to use double quotes inside and to continue it on the following comment lines. " +
			"On a type embedded inline in a struct, the rule applies to that struct too (the embedded fields are its own in JSON), as controller-gen applies its XValidation markers.",
		OpenAPI: "x-kubernetes-validations (on an inline-embedded type: on the embedding struct too, guarded in +k8s:validation-gen packages for an embedded pointer by one of its fields being present)", Example: "+validationRule=`self.minReplicas <= self.maxReplicas`,message=\"min must not exceed max\"",
		Apply: func(c *Context) error {
			r := model.Rule{Rule: c.Value, RulePos: c.Raw.Posn(c.ValueOff), Origin: c.Origin(), Lines: verbatimLines(c, c.Value, c.ValueOff)}
			if strings.TrimSpace(r.Rule) == "" {
				return c.ErrorAt(c.ValueOff, "empty rule")
			}
			if err := checkTypographic(c, r.Rule, c.ValueOff); err != nil {
				return err
			}
			if p, ok := c.Params["message"]; ok {
				if err := checkTypographic(c, p.Value, p.Off); err != nil {
					return err
				}
				if strings.TrimSpace(p.Value) == "" {
					return c.ErrorAt(p.Off, "message must not be empty")
				}
				if strings.ContainsAny(p.Value, "\n") {
					return c.ErrorAt(p.Off, "message must be a single line")
				}
				r.Message = p.Value
			}
			if p, ok := c.Params["messageExpression"]; ok {
				if err := checkTypographic(c, p.Value, p.Off); err != nil {
					return err
				}
				r.MessageExpression = p.Value
				r.MessageExpressionLines = verbatimLines(c, p.Value, p.Off)
			}
			if p, ok := c.Params["reason"]; ok {
				r.Reason = p.Value
			}
			if p, ok := c.Params["field"]; ok {
				if !fieldPathPattern.MatchString(p.Value) {
					return c.ErrorAt(p.Off, "field %q is not a path such as spec.replicas or items['key']", p.Value)
				}
				r.FieldPath = p.Value
				if !strings.HasPrefix(r.FieldPath, ".") {
					r.FieldPath = "." + r.FieldPath
				}
			}
			if _, ok := c.Params["optionalOldSelf"]; ok {
				r.OptionalOldSelf = true
			}
			c.V.Rules = append(c.V.Rules, r)
			return nil
		},
	})
}

// verbatimLines returns the source position of the first character of each line of a CEL
// expression that starts at byte offset off of the tag's value, when it is written verbatim there
// (back-quoted, or quoted without escapes), so that CEL errors can point inside it; else nil.
func verbatimLines(c *Context, expr string, off int) []token.Position {
	if !strings.HasPrefix(c.Raw.Value[off:], expr) {
		return nil
	}
	var lines []token.Position
	for i := 0; i <= len(expr); i++ {
		if i == 0 || expr[i-1] == '\n' {
			lines = append(lines, c.Raw.Posn(off+i))
		}
	}
	return lines
}
