package crserver

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strings"

	celgo "github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/interpreter"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	apiextcel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	apiextensionsfeatures "k8s.io/apiextensions-apiserver/pkg/features"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/cel/environment"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/apiserver/pkg/warning"
)

// celValidator is the server's CEL validator of a custom resource, apiextensions-apiserver's
// schema/cel.Validator (validation.go), restated: the same programs, compiled by the server's
// cel.Compile once per kind, evaluated in the same order with the same cost budget, ratcheting,
// messageExpression handling and errors. The one difference is the schema the CEL values read: the
// server's Validator wraps its schema in a new model.Structural on every evaluation, whose
// property maps are rebuilt on every field access; this one reads a celSchema built once.
// test/apiserver holds it to a real server's verdicts and messages.
//
// A node mirrors a schema node that has rules at or below it (items, properties, additional
// properties and allOf branches, as the server's).
type celValidator struct {
	items, additionalProperties *celValidator
	properties                  map[string]*celValidator
	allOf                       []*celValidator

	// schema is the node's schema; values is what the CEL values read (at a resource root, the
	// schema with type and object meta).
	schema *structuralschema.Structural
	values *celSchema
	// node is the node's own celSchema (values, at a resource root, is its withMeta).
	node *celSchema

	rules          apiextv1.ValidationRules
	compiled       []apiextcel.CompilationResult
	bounds         []ruleBound // the rules' untracked programs (celbounds.go), nil if none
	compilationErr error
	isResourceRoot bool
	// usesOldSelf: some rule reads oldSelf, so the activation binds it (the server's
	// validationActivationWithOldSelf).
	usesOldSelf bool
}

// newCELValidator is cel.NewValidator: nil when the schema has no rules.
func newCELValidator(s *structuralschema.Structural, isResourceRoot bool, perCallLimit uint64) *celValidator {
	if !hasRules(s) {
		return nil
	}
	return newCELNode(s, s, newCELSchema(s), isResourceRoot, model.SchemaDeclType(s, isResourceRoot), perCallLimit)
}

// newCELNode is the server's validator(): rules are those of validationSchema (the node itself, or
// an allOf branch), evaluated against nodeSchema.
func newCELNode(validationSchema, nodeSchema *structuralschema.Structural, node *celSchema, isResourceRoot bool, declType *apiservercel.DeclType, perCallLimit uint64) *celValidator {
	compilationSchema := *nodeSchema
	compilationSchema.XValidations = validationSchema.XValidations
	captured := newASTCapture()
	compiled, err := apiextcel.Compile(&compilationSchema, declType, perCallLimit,
		environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion()), captured)

	var elemType *apiservercel.DeclType
	if declType != nil {
		elemType = declType.ElemType
	}
	v := &celValidator{}
	if validationSchema.Items != nil && nodeSchema.Items != nil {
		v.items = newCELNode(validationSchema.Items, nodeSchema.Items, node.items.(*celSchema), nodeSchema.Items.XEmbeddedResource, elemType, perCallLimit)
	}
	if len(validationSchema.Properties) > 0 {
		v.properties = make(map[string]*celValidator, len(validationSchema.Properties))
		for k, validationProperty := range validationSchema.Properties {
			nodeProperty, ok := nodeSchema.Properties[k]
			if !ok {
				continue // value validations only on the structural spine
			}
			var fieldType *apiservercel.DeclType
			if escaped, ok := apiservercel.Escape(k); ok {
				if declType == nil {
					continue
				}
				f, ok := declType.Fields[escaped]
				if !ok {
					continue // fields of unknown types are not validated by CEL
				}
				fieldType = f.Type
			} else {
				fieldType = model.SchemaDeclType(&nodeProperty, nodeProperty.XEmbeddedResource)
				if fieldType == nil {
					continue
				}
			}
			if p := newCELNode(&validationProperty, &nodeProperty, node.properties[k].(*celSchema), nodeProperty.XEmbeddedResource, fieldType, perCallLimit); p != nil {
				v.properties[k] = p
			}
		}
	}
	if validationSchema.AdditionalProperties != nil && validationSchema.AdditionalProperties.Structural != nil &&
		nodeSchema.AdditionalProperties != nil && nodeSchema.AdditionalProperties.Structural != nil {
		ap := node.additionalProperties.(*celSchemaOrBool).schema
		v.additionalProperties = newCELNode(validationSchema.AdditionalProperties.Structural, nodeSchema.AdditionalProperties.Structural, ap,
			nodeSchema.AdditionalProperties.Structural.XEmbeddedResource, elemType, perCallLimit)
	}
	if validationSchema.ValueValidation != nil {
		for i := range validationSchema.ValueValidation.AllOf {
			if a := newCELNode(nestedToStructural(&validationSchema.ValueValidation.AllOf[i]), nodeSchema, node, isResourceRoot, declType, perCallLimit); a != nil {
				v.allOf = append(v.allOf, a)
			}
		}
	}
	if len(compiled) == 0 && err == nil && v.items == nil && v.additionalProperties == nil && len(v.properties) == 0 && len(v.allOf) == 0 {
		return nil
	}
	if len(v.properties) == 0 {
		v.properties = nil
	}
	v.schema, v.node, v.values = nodeSchema, node, node
	if isResourceRoot {
		v.values = node.setWithMeta()
	}
	v.rules, v.compiled, v.compilationErr, v.isResourceRoot = validationSchema.XValidations, compiled, err, isResourceRoot
	if err == nil {
		v.bounds = ruleBounds(v.rules, compiled, captured, declType, perCallLimit)
	}
	for _, c := range compiled {
		if c.UsesOldSelf {
			v.usesOldSelf = true
		}
	}
	return v
}

// nestedToStructural is the server's: an allOf branch as a schema.
func nestedToStructural(nested *structuralschema.NestedValueValidation) *structuralschema.Structural {
	if nested == nil {
		return nil
	}
	s := &structuralschema.Structural{
		ValueValidation:      &nested.ValueValidation,
		ValidationExtensions: nested.ValidationExtensions,
		Generic:              nested.ForbiddenGenerics,
		Extensions:           nested.ForbiddenExtensions,
		Items:                nestedToStructural(nested.Items),
	}
	if len(nested.Properties) > 0 {
		s.Properties = make(map[string]structuralschema.Structural, len(nested.Properties))
		for k, p := range nested.Properties {
			s.Properties[k] = *nestedToStructural(&p)
		}
	}
	if nested.AdditionalProperties != nil {
		s.AdditionalProperties = &structuralschema.StructuralOrBool{Structural: nestedToStructural(nested.AdditionalProperties)}
	}
	return s
}

func hasRules(s *structuralschema.Structural) bool {
	if s == nil {
		return false
	}
	if len(s.XValidations) > 0 || hasRules(s.Items) {
		return true
	}
	if s.AdditionalProperties != nil && hasRules(s.AdditionalProperties.Structural) {
		return true
	}
	for _, p := range s.Properties {
		if hasRules(&p) {
			return true
		}
	}
	return false
}

// Validate is cel.Validator.Validate; correlation is the ratcheting correlation of an update
// (cel.WithRatcheting), nil on create.
func (v *celValidator) Validate(ctx context.Context, fldPath *field.Path, obj, oldObj interface{}, costBudget int64, correlation *common.CorrelatedObject) (field.ErrorList, int64) {
	return v.validate(ctx, fldPath, obj, oldObj, ratcheting{current: correlation}, costBudget, &celRun{})
}

// ValidateWithinBounds is Validate for an object whose every value respects the schema's bounds
// (the schema check finds it valid): the same errors and warnings, with the rules that allow it
// evaluated without cost tracking (celbounds.go). The budget left is not computed.
func (v *celValidator) ValidateWithinBounds(ctx context.Context, fldPath *field.Path, obj, oldObj interface{}, costBudget int64, correlation *common.CorrelatedObject) field.ErrorList {
	errs, _ := v.validateWithinBounds(ctx, fldPath, obj, oldObj, costBudget, correlation)
	return errs
}

// validateWithinBounds is ValidateWithinBounds, with the untracked run (undecided if the object
// was then validated tracked).
func (v *celValidator) validateWithinBounds(ctx context.Context, fldPath *field.Path, obj, oldObj interface{}, costBudget int64, correlation *common.CorrelatedObject) (field.ErrorList, *celRun) {
	run := &celRun{untracked: true}
	errs, _ := v.validate(ctx, fldPath, obj, oldObj, ratcheting{current: correlation}, costBudget, run)
	if run.undecided {
		errs, _ = v.validate(ctx, fldPath, obj, oldObj, ratcheting{current: correlation}, costBudget, &celRun{})
		return errs, run
	}
	for _, w := range run.warnings {
		warning.AddWarning(ctx, "", w)
	}
	return errs, run
}

// celRun is one validation of an object. Tracked (the server's way), the budget is the actual
// cost left. Untracked, rules with a bound are charged their bound, so the budget is a lower bound
// of the server's: where the server's verdict could depend on it (the budget would run out, or a
// messageExpression fails on it), the run is undecided and stops, and the object is validated
// again tracked. Its ratcheted warnings wait until the run is decided.
type celRun struct {
	untracked, undecided bool
	warnings             []string
	// untrackedEvals and trackedEvals count the evaluations (for tests).
	untrackedEvals, trackedEvals int
}

// ratcheting is the server's ratchetingOptions: the node's correlation with the old object, and
// the nearest correlated ancestor's, whose equality with its old value ratchets the node's errors.
type ratcheting struct {
	current, nearestParent *common.CorrelatedObject
}

func (r ratcheting) shouldRatchetError() bool {
	if r.current != nil {
		return r.current.CachedDeepEqual()
	}
	return r.nearestParent.CachedDeepEqual()
}

func (r ratcheting) key(field string) ratcheting {
	if r.current == nil {
		return r
	}
	if r.nearestParent == nil && (field == "apiVersion" || field == "kind") {
		return ratcheting{} // not visible: old and new are converted to the same type
	}
	return ratcheting{current: r.current.Key(field), nearestParent: r.current}
}

func (r ratcheting) index(i int) ratcheting {
	if r.current == nil {
		return r
	}
	return ratcheting{current: r.current.Index(i), nearestParent: r.current}
}

func (v *celValidator) validate(ctx context.Context, fldPath *field.Path, obj, oldObj interface{}, r ratcheting, budget int64, run *celRun) (errs field.ErrorList, remaining int64) {
	remaining = budget
	if v == nil || obj == nil {
		return nil, remaining
	}
	errs, remaining = v.validateExpressions(ctx, fldPath, obj, oldObj, r, remaining, run)
	if remaining < 0 {
		return errs, remaining
	}
	for _, a := range v.allOf {
		// allOf errors do not ratchet (as the schema's do not): only the nearest parent is kept.
		var allOfErrs field.ErrorList
		allOfErrs, remaining = a.validate(ctx, fldPath, obj, oldObj, ratcheting{nearestParent: r.nearestParent}, remaining, run)
		errs = append(errs, allOfErrs...)
		if remaining < 0 {
			return errs, remaining
		}
	}
	var more field.ErrorList
	switch obj := obj.(type) {
	case []interface{}:
		oldList, _ := oldObj.([]interface{})
		more, remaining = v.validateArray(ctx, fldPath, obj, oldList, r, remaining, run)
	case map[string]interface{}:
		oldMap, _ := oldObj.(map[string]interface{})
		more, remaining = v.validateMap(ctx, fldPath, obj, oldMap, r, remaining, run)
	}
	return append(errs, more...), remaining
}

func (v *celValidator) validateMap(ctx context.Context, fldPath *field.Path, obj, oldObj map[string]interface{}, r ratcheting, budget int64, run *celRun) (errs field.ErrorList, remaining int64) {
	remaining = budget
	if remaining < 0 || obj == nil {
		return nil, remaining
	}
	correlatable := apiextcel.MapIsCorrelatable(v.schema.XMapType)
	if v.additionalProperties != nil {
		for k, val := range obj {
			var oldV interface{}
			if correlatable {
				oldV = oldObj[k]
			}
			var e field.ErrorList
			e, remaining = v.additionalProperties.validate(ctx, fldPath.Key(k), val, oldV, r.key(k), remaining, run)
			errs = append(errs, e...)
			if remaining < 0 {
				return errs, remaining
			}
		}
	}
	if v.properties != nil {
		for k, val := range obj {
			sub, ok := v.properties[k]
			if !ok {
				continue
			}
			var oldV interface{}
			if correlatable {
				oldV = oldObj[k]
			}
			var e field.ErrorList
			e, remaining = sub.validate(ctx, fldPath.Child(k), val, oldV, r.key(k), remaining, run)
			errs = append(errs, e...)
			if remaining < 0 {
				return errs, remaining
			}
		}
	}
	return errs, remaining
}

func (v *celValidator) validateArray(ctx context.Context, fldPath *field.Path, obj, oldObj []interface{}, r ratcheting, budget int64, run *celRun) (errs field.ErrorList, remaining int64) {
	remaining = budget
	if remaining < 0 || v.items == nil {
		return nil, remaining
	}
	// Only map lists correlate their items with the old list's; for others Get is always nil.
	oldItems := common.MakeMapList(v.node, oldObj)
	for i := range obj {
		var e field.ErrorList
		e, remaining = v.items.validate(ctx, fldPath.Index(i), obj[i], oldItems.Get(obj[i]), r.index(i), remaining, run)
		errs = append(errs, e...)
		if remaining < 0 {
			return errs, remaining
		}
	}
	return errs, remaining
}

// validateExpressions evaluates the node's own rules, as the server's validateExpressions.
func (v *celValidator) validateExpressions(ctx context.Context, fldPath *field.Path, obj, oldObj interface{}, r ratcheting, budget int64, run *celRun) (errs field.ErrorList, remaining int64) {
	typ := v.schema.Type
	if oldObj != nil { // a non-nil interface holding a nil value is no old value
		switch rv := reflect.ValueOf(oldObj); rv.Kind() {
		case reflect.Map, reflect.Pointer, reflect.Interface, reflect.Slice:
			if rv.IsNil() {
				oldObj = nil
			}
		}
	}
	remaining = budget
	if obj == nil {
		return nil, remaining // rules check non-null values only
	}
	if v.compilationErr != nil {
		return append(errs, field.Invalid(fldPath, typ, fmt.Sprintf("rule compiler initialization error: %v", v.compilationErr))), remaining
	}
	if len(v.compiled) == 0 {
		return nil, remaining
	}
	if remaining <= 0 {
		if run.untracked {
			run.undecided = true
			return errs, -1
		}
		return append(errs, field.Invalid(fldPath, typ, "validation failed due to running out of cost budget, no further validation rules will be run")), -1
	}
	activation, optionalOldSelfActivation := v.activations(obj, oldObj)
	for i, compiled := range v.compiled {
		rule := v.rules[i]
		if compiled.Error != nil {
			errs = append(errs, field.Invalid(fldPath, typ, fmt.Sprintf("rule compile error: %v", compiled.Error)))
			continue
		}
		if compiled.Program == nil {
			continue // an empty rule
		}
		optionalOldSelf := rule.OptionalOldSelf != nil && *rule.OptionalOldSelf
		if compiled.UsesOldSelf && oldObj == nil {
			// Transition rules run only with an old value, unless oldSelf is optional (ratcheting).
			if !utilfeature.DefaultFeatureGate.Enabled(apiextensionsfeatures.CRDValidationRatcheting) || !optionalOldSelf {
				continue
			}
		}
		ruleActivation := activation
		if optionalOldSelf {
			ruleActivation = optionalOldSelfActivation
		}
		var result ref.Val
		var err error
		tracked := true
		if run.untracked && v.bounds != nil && v.bounds[i].program != nil && v.bounds[i].maxCost <= uint64(remaining) {
			// Within its bound the rule cannot reach the per-call limit, and the bound is charged.
			// Its errors are the tracked program's (below), with their actual cost.
			if res, _, evalErr := v.bounds[i].program.ContextEval(ctx, ruleActivation); evalErr == nil {
				result, tracked = res, false
				remaining -= int64(v.bounds[i].maxCost)
				run.untrackedEvals++
			}
		}
		if tracked {
			var details *celgo.EvalDetails
			result, details, err = compiled.Program.ContextEval(ctx, ruleActivation)
			run.trackedEvals++
			if details == nil {
				return append(errs, field.InternalError(fldPath, fmt.Errorf("runtime cost could not be calculated for validation rule: %v, no further validation rules will be run", ruleErrorString(rule)))), -1
			}
			cost := details.ActualCost()
			if cost == nil {
				return append(errs, field.Invalid(fldPath, typ, fmt.Sprintf("runtime cost could not be calculated for validation rule: %v, no further validation rules will be run", ruleErrorString(rule)))), -1
			}
			if *cost > math.MaxInt64 || int64(*cost) > remaining {
				if run.untracked {
					run.undecided = true
					return errs, -1
				}
				return append(errs, field.Invalid(fldPath, typ, "validation failed due to running out of cost budget, no further validation rules will be run")), -1
			}
			remaining -= int64(*cost)
		}
		if err != nil {
			switch {
			case strings.HasPrefix(err.Error(), "no such overload"):
				errs = append(errs, field.Invalid(fldPath, typ, fmt.Sprintf("'%v': call arguments did not match a supported operator, function or macro signature for rule: %v", err, ruleErrorString(rule))))
			case strings.HasPrefix(err.Error(), "operation cancelled: actual cost limit exceeded"):
				return append(errs, field.Invalid(fldPath, typ, fmt.Sprintf("'%v': no further validation rules will be run due to call cost exceeds limit for rule: %v", err, ruleErrorString(rule)))), -1
			default:
				errs = append(errs, field.Invalid(fldPath, typ, fmt.Sprintf("%v evaluating rule: %v", err, ruleErrorString(rule))))
			}
			continue
		}
		if result == types.True {
			continue
		}

		path := fldPath
		if len(compiled.NormalizedRuleFieldPath) > 0 {
			path = path.Child(compiled.NormalizedRuleFieldPath)
		}
		addErr := func(e *field.Error) {
			if !compiled.UsesOldSelf && r.shouldRatchetError() {
				if run.untracked {
					run.warnings = append(run.warnings, e.Error())
				} else {
					warning.AddWarning(ctx, "", e.Error())
				}
			} else {
				errs = append(errs, e)
			}
		}
		detail, ok := "", false
		if compiled.MessageExpression != nil {
			msg, left, msgErr := evalMessageExpression(ctx, compiled.MessageExpression, rule.MessageExpression, activation, remaining)
			switch {
			case msgErr == nil:
				detail, ok, remaining = msg, true, left
			case run.untracked && (msgErr.Type == apiservercel.ErrorTypeInternal || msgErr.Type == apiservercel.ErrorTypeInvalid):
				run.undecided = true // out of budget, or over the per-call limit: decided tracked
				return errs, -1
			case msgErr.Type == apiservercel.ErrorTypeInternal:
				addErr(field.InternalError(path, msgErr))
				return errs, -1
			case msgErr.Type == apiservercel.ErrorTypeInvalid:
				addErr(field.Invalid(path, typ, msgErr.Error()))
				return errs, -1
			default:
				remaining = left // the server logs it and uses the rule's message
			}
		}
		if !ok {
			detail = ruleMessageOrDefault(rule)
		}
		value := obj
		if typ == "object" || typ == "array" {
			value = field.OmitValueType{}
		}
		addErr(fieldErrorForReason(path, value, detail, rule.Reason))
	}
	return errs, remaining
}

// activations binds self (and oldSelf, where a rule reads it) as the server's
// validationActivationWithOldSelf and validationActivationWithoutOldSelf do: the second
// activation is for rules whose oldSelf is optional.
func (v *celValidator) activations(obj, oldObj interface{}) (interpreter.Activation, interpreter.Activation) {
	self := common.UnstructuredToVal(obj, v.values)
	if !v.usesOldSelf {
		a := &celActivation{self: self}
		return a, a
	}
	a := &celActivation{self: self}
	optional := &celActivation{self: self, hasOldSelf: true, oldSelf: types.OptionalNone}
	if oldObj != nil {
		a.oldSelf, a.hasOldSelf = common.UnstructuredToVal(oldObj, v.values), true
		optional.oldSelf = types.OptionalOf(a.oldSelf)
	}
	return a, optional
}

type celActivation struct {
	self, oldSelf ref.Val
	hasOldSelf    bool
}

func (a *celActivation) ResolveName(name string) (interface{}, bool) {
	switch name {
	case apiextcel.ScopedVarName:
		return a.self, true
	case apiextcel.OldScopedVarName:
		return a.oldSelf, a.hasOldSelf
	}
	return nil, false
}

func (a *celActivation) Parent() interpreter.Activation { return nil }

// evalMessageExpression is the server's: the message, the budget left, or why there is none.
func evalMessageExpression(ctx context.Context, expr celgo.Program, src string, activation interpreter.Activation, budget int64) (string, int64, *apiservercel.Error) {
	result, details, err := expr.ContextEval(ctx, activation)
	if details == nil || details.ActualCost() == nil {
		return "", -1, &apiservercel.Error{Type: apiservercel.ErrorTypeInternal,
			Detail: fmt.Sprintf("runtime cost could not be calculated for messageExpression: %q", src)}
	}
	cost := *details.ActualCost()
	if cost > math.MaxInt64 || int64(cost) > budget {
		return "", -1, &apiservercel.Error{Type: apiservercel.ErrorTypeInvalid,
			Detail: "messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run"}
	}
	left := budget - int64(cost)
	if err != nil {
		if strings.HasPrefix(err.Error(), "operation cancelled: actual cost limit exceeded") {
			return "", -1, &apiservercel.Error{Type: apiservercel.ErrorTypeInvalid,
				Detail: fmt.Sprintf("no further validation rules will be run due to call cost exceeds limit for messageExpression: %q", src)}
		}
		return "", left, &apiservercel.Error{Detail: fmt.Sprintf("messageExpression evaluation failed due to: %v", err.Error())}
	}
	msg, ok := result.Value().(string)
	if !ok {
		return "", left, &apiservercel.Error{Detail: "messageExpression failed to convert to string"}
	}
	msg = strings.TrimSpace(msg)
	switch {
	case len(msg) > celconfig.MaxEvaluatedMessageExpressionSizeBytes:
		return "", left, &apiservercel.Error{Detail: fmt.Sprintf("messageExpression beyond allowable length of %d", celconfig.MaxEvaluatedMessageExpressionSizeBytes)}
	case strings.Contains(msg, "\n"):
		return "", left, &apiservercel.Error{Detail: "messageExpression should not contain line breaks"}
	case len(msg) == 0:
		return "", left, &apiservercel.Error{Detail: "messageExpression should evaluate to a non-empty string"}
	}
	return msg, left, nil
}

func ruleMessageOrDefault(rule apiextv1.ValidationRule) string {
	if len(rule.Message) == 0 {
		return fmt.Sprintf("failed rule: %s", ruleErrorString(rule))
	}
	return strings.TrimSpace(rule.Message)
}

func ruleErrorString(rule apiextv1.ValidationRule) string {
	if len(rule.Message) > 0 {
		return strings.TrimSpace(rule.Message)
	}
	return strings.TrimSpace(rule.Rule)
}

// fieldErrorForReason is the server's: the rule's reason as the error's type.
func fieldErrorForReason(fldPath *field.Path, value interface{}, detail string, reason *apiextv1.FieldValueErrorReason) *field.Error {
	if reason == nil {
		return field.Invalid(fldPath, value, detail)
	}
	switch *reason {
	case apiextv1.FieldValueForbidden:
		return field.Forbidden(fldPath, detail)
	case apiextv1.FieldValueRequired:
		return field.Required(fldPath, detail)
	case apiextv1.FieldValueDuplicate:
		return field.Duplicate(fldPath, value)
	}
	return field.Invalid(fldPath, value, detail)
}
