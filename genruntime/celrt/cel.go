package celrt

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	celgo "github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/interpreter"

	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/cel/openapi"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// CEL rules at run time.
//
// Generated validators evaluate the x-kubernetes-validations rules of a place (a type, a field) on
// the Go values themselves, the way the API server evaluates them on a custom resource:
//
//   - The rules are compiled as the API server compiles the rules of a CRD it has stored (see
//     compile.go): the place's CRD-style schema, read by the API server's kube-openapi adapter
//     (k8s.io/apiserver/pkg/cel/openapi), types self; the environment is the API server's
//     stored-expressions environment (celenv/stored), with the per-call cost limit on every
//     program. The generator checked the rules at its compatibility version in the environment for
//     new expressions (package celenv), which that one extends: what the generator accepts compiles.
//     Nothing here links apiextensions-apiserver or the API server's environment package, so an
//     API package with rules depends on cel-go and the Kubernetes CEL libraries only.
//   - Values reach CEL as the API server sees them (values.go): as the JSON of the Go value, decoded
//     and converted over the place's schema by the server's own UnstructuredToVal, so that the
//     schema decides the CEL value (formats duration, date, date-time and byte, int-or-string,
//     nullable, preserved unknown fields, embedded resources); structs, slices and maps are read
//     lazily by reflection, without a round trip through JSON, except for types that marshal
//     themselves.
//   - Errors are built as the API server's CRD validator builds them (see Validate), with paths
//     relative to self, as all generated validators report them (see errors.go).
//
// What that means for Go values (tested against the server's conversion in values_test.go):
//
//   - A field is absent (has() is false) when encoding/json leaves it out or writes null: a nil
//     pointer, slice, map or interface, a zero metav1.Time or MicroTime, an omitempty field holding
//     "" / 0 / false / an empty slice or map, an omitzero field at its zero value, the fields of a
//     nil embedded pointer. Zero-valued omitempty scalars behave as KEP-4153 "optional zero fields"
//     want: has(self.x) is false.
//   - A field WITHOUT omitempty is present at its zero value, as in encoding/json (and so in a CRD).
//     This is not KEP-4153's "zero means unset" of x-kubernetes-strip-zero, which the generator puts
//     on every non-pointer scalar, slice and map field whatever its json tag: a rule at a struct
//     sees has(self.mode) true and self.mode == "" for `Mode string json:"mode"` holding "".
//     Rules that must treat zero as unset compare with the zero value, or the field gets
//     omitempty (or omitzero). A non-pointer struct field is always present, as in JSON.
//   - A string of format duration is a duration, of format date or date-time a timestamp, of format
//     byte bytes ([]byte too), each parsed as the server parses it: a string that does not parse is
//     an evaluation error of the rules that read it. metav1.Time and MicroTime are timestamps (to
//     the second and the microsecond, as JSON has them), metav1.Duration a string (its schema has
//     no format), intstr.IntOrString an int or a string, resource.Quantity its canonical string.
//   - Unsigned integers are integers (one above 2^63-1 is an evaluation error, as JSON gives the
//     server a number it cannot read as an int); maps may have named or integer key types.

// CELRule is one x-kubernetes-validations rule, as generated code declares it.
type CELRule struct {
	Rule              string
	Message           string
	MessageExpression string
	Reason            string // "", "Required", "Forbidden", "Invalid", "Duplicate" (field.ErrorType names without the FieldValue prefix); "" means Invalid
	FieldPath         string // JSON path relative to self, e.g. ".spec.replicas" or ".items['k']"; "" for self
	OptionalOldSelf   bool
	Origin            string // the tag that produced the rule, copied into field.Error.Origin: "validationRule", "immutable", "nameFormat", "format=k8s-label-key"
}

// CELRules holds the rules declared at one place of a type. Generated code declares one package-level
// variable per place; rules are compiled on first use, once per process, safely for concurrent use.
type CELRules struct {
	compat       string
	schema       string
	resourceRoot bool
	rules        []CELRule

	once     sync.Once
	compiled *compiledRules
}

// NewCELRules declares the rules at one place. compat is the Kubernetes compatibility version the
// generator checked the rules at ("1.37"): it bounds which functions the rules may use, which the
// generator enforced, and is kept for the record (a malformed one is reported); schema is the JSON of the CRD-style schema (apiextensions v1
// JSONSchemaProps) of the value at this place, exactly as the generator spelled it; resourceRoot is
// true when the place is the root of a kind (self has apiVersion/kind/metadata).
//
// Nothing is compiled here: declaring rules costs nothing until the first Validate.
func NewCELRules(compat, schema string, resourceRoot bool, rules ...CELRule) *CELRules {
	return &CELRules{compat: compat, schema: schema, resourceRoot: resourceRoot, rules: rules}
}

// compiledRules is the outcome of compiling the rules of one place.
type compiledRules struct {
	err    error  // a compile failure: every Validate reports it
	origin string // the Origin of the rule that failed to compile, if one did

	valueSchema *schemaCache // what values are read with (values.go)
	schemaType  string       // the schema's type, the BadValue of evaluation errors (as the API server)
	omitValue   bool         // self is an object or array: the API server omits its value from errors
	rules       []compiledRule
	transitions bool // some rule uses oldSelf
}

type compiledRule struct {
	CELRule
	index       int // in the declared rules (empty rules are not compiled)
	program     celgo.Program
	message     celgo.Program // nil without messageExpression
	usesOldSelf bool
	field       string // the error's Field: the normalized fieldPath, relative to self
	reason      field.ErrorType
	errString   string // the rule as error messages name it: its message, or else its expression
}

func (r *CELRules) get() *compiledRules {
	r.once.Do(func() { r.compiled = r.compile() })
	return r.compiled
}

// parseReason maps a CELRule.Reason to the error type it reports. The FieldValue-prefixed spellings
// of x-kubernetes-validations are accepted too.
func parseReason(s string) (field.ErrorType, bool) {
	switch t := field.ErrorType("FieldValue" + strings.TrimPrefix(s, "FieldValue")); {
	case s == "":
		return field.ErrorTypeInvalid, true
	case t == field.ErrorTypeRequired, t == field.ErrorTypeForbidden,
		t == field.ErrorTypeInvalid, t == field.ErrorTypeDuplicate:
		return t, true
	}
	return "", false
}

// ruleErrorString is how the API server names a rule in messages: its message, else its expression.
func ruleErrorString(r CELRule) string {
	if m := strings.TrimSpace(r.Message); m != "" {
		return m
	}
	return strings.TrimSpace(r.Rule)
}

// Validate evaluates the rules against obj, the Go value at this place (a pointer to it; generated
// code never passes nil: it only calls Validate for values that are set), and oldObj, the correlated
// old value on update (a pointer of the same type), or nil on create or when no old value correlates.
// Rules that use oldSelf (transition rules) run only when oldObj is non-nil, except rules with
// OptionalOldSelf, which also run on create with oldSelf = optional.none(). With transitionOnly, only
// transition rules run (the value is unchanged and its other rules are ratcheted). Errors have Field
// relative to self ("" for self, or the rule's FieldPath without the leading dot, spelled as
// field.Path would spell it: "a.b", "items[k]", "list[2]"), their type from Reason, Origin from the rule.
//
// Errors are those of the API server's CRD validator (k8s.io/apiextensions-apiserver/pkg/apiserver/
// schema/cel/validation.go), except where noted:
//
//   - A rule that evaluates to false reports, at its fieldPath (self without one), an error of its
//     reason: Required and Forbidden carry the message; Invalid carries the message and a BadValue;
//     Duplicate carries only a BadValue (the API server drops the message there, and so do we).
//     The BadValue is the Go value at self (the pointer dereferenced) when the rule has no fieldPath
//     (where the API server reports the value for scalars and omits it, field.OmitValueType, for
//     objects and arrays); with a fieldPath, it is what the API server reports: OmitValueType.
//   - The message is the messageExpression's result when it evaluates to a non-empty string of at
//     most 5KiB without line breaks (trimmed); else the rule's message (trimmed); else
//     "failed rule: <rule>". A messageExpression that fails to evaluate falls back to that, silently,
//     as on the API server; one that exhausts the per-call cost limit or is cancelled is reported
//     as the rule itself would be (below), at the rule's fieldPath.
//   - A rule that fails to evaluate (no such key, overflow, unsupported value, ...) reports an Invalid
//     error at self with the schema type as BadValue, as on the API server; the other rules still run.
//   - A rule that exceeds the per-call cost limit (celconfig.PerCallLimit) reports an Invalid error at
//     self, "'<cel error>': no further validation rules will be run due to call cost exceeds limit
//     for rule: <rule>", and, as on the API server, the remaining rules of this place do not run.
//     (The API server's per-request total budget, celconfig.RuntimeCELCostBudget, is not enforced:
//     it spans all places of an object, and Validate sees one.)
//   - A cancelled or expired ctx (before a rule runs, or interrupting it) reports one InternalError at
//     self and stops. (The API server reports an interrupted rule as Invalid.)
//   - A compile failure (never, for rules the generator accepted) reports one InternalError at self.
//
// Every error's Origin is the rule's Origin. Validate never panics; a panic while evaluating is an
// InternalError at self.
func (r *CELRules) Validate(ctx context.Context, obj, oldObj any, transitionOnly bool) field.ErrorList {
	return r.ValidateExcept(ctx, obj, oldObj, transitionOnly, 0)
}

// ValidateExcept is Validate for the rules not in passed: bit i of passed set means rule i is
// known to hold (generated code checks simple rules natively and leaves the rest, and every
// failure, to CEL).
func (r *CELRules) ValidateExcept(ctx context.Context, obj, oldObj any, transitionOnly bool, passed uint64) field.ErrorList {
	errs, _ := r.validate(ctx, obj, oldObj, transitionOnly, passed)
	return errs
}

// ValidateRule is Validate for rule i alone (i < 64): generated code that evaluates the other rules
// of the place in Go calls it for each rule left to CEL, in rule order. stop is true when the
// place's remaining rules must not run (the per-call cost limit was exceeded, the context ended,
// the rules did not compile), as Validate would stop.
func (r *CELRules) ValidateRule(ctx context.Context, obj, oldObj any, transitionOnly bool, i int) (errs field.ErrorList, stop bool) {
	return r.validate(ctx, obj, oldObj, transitionOnly, ^(uint64(1) << uint(i)))
}

func (r *CELRules) validate(ctx context.Context, obj, oldObj any, transitionOnly bool, passed uint64) (errs field.ErrorList, stop bool) {
	if r == nil {
		return nil, false
	}
	c := r.get()
	if c.err != nil {
		return field.ErrorList{internalError(c.err, c.origin)}, true
	}
	if len(c.rules) == 0 || (transitionOnly && !c.transitions) {
		return nil, false
	}
	if isNil(obj) {
		return nil, false // as the API server: only values that are set are validated
	}
	if isNil(oldObj) {
		oldObj = nil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	origin := ""
	defer func() {
		if p := recover(); p != nil {
			errs, stop = append(errs, internalError(fmt.Errorf("panic while evaluating CEL rules: %v", p), origin)), true
		}
	}()

	act := &activation{}
	var optAct *activation
	for i := range c.rules {
		rule := &c.rules[i]
		if rule.index < 64 && passed&(1<<uint(rule.index)) != 0 {
			continue
		}
		if transitionOnly && !rule.usesOldSelf {
			continue
		}
		if rule.usesOldSelf && oldObj == nil && !rule.OptionalOldSelf {
			continue // a transition rule runs only on update, unless oldSelf is optional
		}
		origin = rule.Origin
		if act.self == nil {
			act.self = toVal(reflect.ValueOf(obj), c.valueSchema)
			if c.transitions && oldObj != nil {
				act.oldSelf, act.hasOldSelf = toVal(reflect.ValueOf(oldObj), c.valueSchema), true
			}
		}
		a := act
		if rule.OptionalOldSelf {
			if optAct == nil {
				optAct = &activation{self: act.self, hasOldSelf: true, oldSelf: types.OptionalNone}
				if act.hasOldSelf {
					optAct.oldSelf = types.OptionalOf(act.oldSelf)
				}
			}
			a = optAct
		}
		if err := ctx.Err(); err != nil {
			return append(errs, internalError(fmt.Errorf("validation rule %s not evaluated: %w", rule.errString, context.Cause(ctx)), rule.Origin)), true
		}

		out, _, err := rule.program.ContextEval(ctx, a)
		if err != nil {
			switch {
			case isCostExceeded(err):
				return append(errs, c.evalError(rule, fmt.Sprintf("'%v': no further validation rules will be run due to call cost exceeds limit for rule: %v", err, rule.errString))), true
			case ctx.Err() != nil:
				return append(errs, internalError(fmt.Errorf("validation rule %s interrupted: %w", rule.errString, err), rule.Origin)), true
			case strings.HasPrefix(err.Error(), "no such overload"):
				errs = append(errs, c.evalError(rule, fmt.Sprintf("'%v': call arguments did not match a supported operator, function or macro signature for rule: %v", err, rule.errString)))
			default:
				errs = append(errs, c.evalError(rule, fmt.Sprintf("%v evaluating rule: %v", err, rule.errString)))
			}
			continue
		}
		if out == types.True {
			continue
		}

		detail, ok := "", false
		if rule.message != nil {
			msg, stop, merr := evalMessage(ctx, rule, a)
			switch {
			case merr == nil:
				detail, ok = msg, true
			case stop && ctx.Err() != nil:
				return append(errs, withField(internalError(merr, rule.Origin), rule.field)), true
			case stop:
				e := c.evalError(rule, merr.Error())
				return append(errs, withField(e, rule.field)), true
			}
		}
		if !ok {
			detail = ruleMessageOrDefault(rule.CELRule)
		}
		errs = append(errs, c.ruleError(rule, obj, detail))
	}
	return errs, false
}

// ruleError is the error of a rule that evaluated to false.
func (c *compiledRules) ruleError(rule *compiledRule, obj any, detail string) *field.Error {
	var value any = field.OmitValueType{}
	if rule.field == "" {
		value = deref(obj)
	}
	var e *field.Error
	switch rule.reason {
	case field.ErrorTypeForbidden:
		e = field.Forbidden(nil, detail)
	case field.ErrorTypeRequired:
		e = field.Required(nil, detail)
	case field.ErrorTypeDuplicate:
		e = field.Duplicate(nil, value)
	default:
		e = field.Invalid(nil, value, detail)
	}
	e.Field = rule.field
	e.Origin = rule.Origin
	return e
}

// evalError is the error of a rule that could not be evaluated: Invalid at self with the schema
// type as BadValue, as on the API server.
func (c *compiledRules) evalError(rule *compiledRule, detail string) *field.Error {
	e := field.Invalid(nil, c.schemaType, detail)
	e.Field = ""
	e.Origin = rule.Origin
	return e
}

func internalError(err error, origin string) *field.Error {
	e := field.InternalError(nil, err)
	e.Field = ""
	e.Origin = origin
	return e
}

func withField(e *field.Error, f string) *field.Error {
	e.Field = f
	return e
}

// evalMessage evaluates a rule's messageExpression as the API server does. stop is true when the
// failure must be reported and stop the evaluation of the place (cost exhausted, cancelled);
// otherwise a failure means falling back to the message.
func evalMessage(ctx context.Context, rule *compiledRule, a interpreter.Activation) (msg string, stop bool, err error) {
	out, _, err := rule.message.ContextEval(ctx, a)
	if err != nil {
		if isCostExceeded(err) {
			return "", true, fmt.Errorf("no further validation rules will be run due to call cost exceeds limit for messageExpression: %q", rule.MessageExpression)
		}
		if ctx.Err() != nil {
			return "", true, fmt.Errorf("messageExpression %q interrupted: %w", rule.MessageExpression, err)
		}
		return "", false, fmt.Errorf("messageExpression evaluation failed due to: %v", err)
	}
	s, ok := out.Value().(string)
	if !ok {
		return "", false, errors.New("messageExpression failed to convert to string")
	}
	s = strings.TrimSpace(s)
	switch {
	case len(s) > celconfig.MaxEvaluatedMessageExpressionSizeBytes:
		return "", false, fmt.Errorf("messageExpression beyond allowable length of %d", celconfig.MaxEvaluatedMessageExpressionSizeBytes)
	case strings.Contains(s, "\n"):
		return "", false, errors.New("messageExpression should not contain line breaks")
	case s == "":
		return "", false, errors.New("messageExpression should evaluate to a non-empty string")
	}
	return s, false, nil
}

func ruleMessageOrDefault(r CELRule) string {
	if r.Message == "" {
		return "failed rule: " + ruleErrorString(r)
	}
	return strings.TrimSpace(r.Message)
}

func isCostExceeded(err error) bool {
	var ce interpreter.EvalCancelledError
	if errors.As(err, &ce) && ce.Cause == interpreter.CostLimitExceeded {
		return true
	}
	return strings.HasPrefix(err.Error(), "operation cancelled: actual cost limit exceeded")
}

// isNil reports whether v is nil or a nil pointer, map, slice or interface.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// deref is the value a pointer points to (the value itself for a non-pointer).
func deref(v any) any {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil
		}
		rv = rv.Elem()
	}
	if !rv.IsValid() || !rv.CanInterface() {
		return v
	}
	return rv.Interface()
}

// activation resolves self and oldSelf, as the API server's validationActivation.
type activation struct {
	self, oldSelf ref.Val
	hasOldSelf    bool
}

func (a *activation) ResolveName(name string) (any, bool) {
	switch name {
	case selfVar:
		return a.self, true
	case oldSelfVar:
		return a.oldSelf, a.hasOldSelf
	}
	return nil, false
}

func (a *activation) Parent() interpreter.Activation { return nil }

// schemaCache is the API server's kube-openapi adapter (k8s.io/apiserver/pkg/cel/openapi) with its
// children built once. The adapter builds a new map of all properties each time Properties() is
// called, and values are read through it for every field; the cache makes reading a field
// allocation-free. All other methods are the adapter's.
type schemaCache struct {
	*openapi.Schema
	props      map[string]common.Schema
	items      *schemaCache
	addl       common.SchemaOrBool
	addlSchema *schemaCache
	typ        string
	// special is set when UnstructuredToVal must convert a scalar of this schema: a format that is
	// not a string in CEL, int-or-string, or no type.
	special bool
}

func newSchemaCache(s *spec.Schema) *schemaCache {
	c := &schemaCache{Schema: &openapi.Schema{Schema: s}, typ: typeOf(s)}
	switch s.Format {
	case "duration", "date", "date-time", "byte":
		c.special = true
	}
	if c.typ == "" || c.Schema.IsXIntOrString() {
		c.special = true
	}
	if s.Properties != nil {
		c.props = make(map[string]common.Schema, len(s.Properties))
		for k := range s.Properties {
			p := s.Properties[k]
			c.props[k] = newSchemaCache(&p)
		}
	}
	if s.Items != nil && s.Items.Schema != nil {
		c.items = newSchemaCache(s.Items.Schema)
	}
	if s.AdditionalProperties != nil {
		a := &schemaOrBoolCache{allows: s.AdditionalProperties.Allows}
		if s.AdditionalProperties.Schema != nil {
			a.schema = newSchemaCache(s.AdditionalProperties.Schema)
			c.addlSchema = a.schema
		}
		c.addl = a
	}
	return c
}

func (c *schemaCache) Properties() map[string]common.Schema { return c.props }

func (c *schemaCache) Items() common.Schema {
	if c.items == nil {
		return nil // an untyped nil, as the adapter returns
	}
	return c.items
}

func (c *schemaCache) AdditionalProperties() common.SchemaOrBool {
	if c.addl == nil {
		return nil
	}
	return c.addl
}

type schemaOrBoolCache struct {
	schema *schemaCache
	allows bool
}

func (s *schemaOrBoolCache) Schema() common.Schema {
	if s.schema == nil {
		return nil
	}
	return s.schema
}

func (s *schemaOrBoolCache) Allows() bool { return s.allows }

// typeCache memoizes per Go type, safely for concurrent use.
type typeCache[T any] struct{ m sync.Map }

func newTypeCache[T any]() *typeCache[T] { return &typeCache[T]{} }

func (c *typeCache[T]) get(t reflect.Type, build func() T) T {
	if v, ok := c.m.Load(t); ok {
		return v.(T)
	}
	v, _ := c.m.LoadOrStore(t, build())
	return v.(T)
}
