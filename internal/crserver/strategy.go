package crserver

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"

	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	structurallisttype "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	apiextensionsfeatures "k8s.io/apiextensions-apiserver/pkg/features"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/operation"
	metavalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/sets"
	apimachineryvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/features"
	"k8s.io/apiserver/pkg/storage/names"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
)

// strategy is the custom-resource strategy of apiextensions-apiserver's
// pkg/registry/customresource (customResourceStrategy and customResourceValidator, strategy.go
// and validator.go), restated step for step. That package is not imported: it links the
// server's storage, client-go's informers and listers and gRPC (about 350 packages the generator's
// binary, which validate is a command of, must not link; test/depbudget). What it calls to
// validate is called here: the schema validator (ValidateCustomResource and
// ValidateCustomResourceUpdate), ObjectMeta's declarative validation, embedded ObjectMeta, list
// types, and the CEL rules with the server's cost budget and ratcheting (the server's compiled
// programs, evaluated by celValidator, its CEL validator restated: celvalidator.go says why). The
// real-server test (test/apiserver) holds it to the server's verdicts.
type strategy struct {
	typer
	names.NameGenerator

	namespaced      bool
	kind            schemaKind
	schemaValidator apiservervalidation.SchemaValidator
	schemaCheck     *schemaCheck // says, fast, when schemaValidator would find nothing (schemacheck.go)
	structural      *structuralschema.Structural
	// celValidator is built on first use (cel): compiling the rules is most of the cost of
	// loading a CRD, and versions and kinds no document uses need not pay it.
	celValidator func() *celValidator
	status       *apiextensionsinternal.CustomResourceSubresourceStatus
	scale        *apiextensionsinternal.CustomResourceSubresourceScale
}

// schemaKind is the group, version and kind a strategy checks TypeMeta against.
type schemaKind struct{ group, version, kind string }

func newStrategy(namespaced bool, kind schemaKind, validator apiservervalidation.SchemaValidator, check *schemaCheck, ss *structuralschema.Structural,
	status *apiextensionsinternal.CustomResourceSubresourceStatus, scale *apiextensionsinternal.CustomResourceSubresourceScale) *strategy {
	return &strategy{
		NameGenerator:   names.SimpleNameGenerator,
		namespaced:      namespaced,
		kind:            kind,
		schemaValidator: validator,
		schemaCheck:     check,
		structural:      ss,
		// CEL programs are compiled once, as customresource.NewStrategy compiles them, when the
		// kind first validates a document (a rule's compile error is reported then, as the
		// server reports it, on the document).
		celValidator: sync.OnceValue(func() *celValidator { return newCELValidator(ss, true, celconfig.PerCallLimit) }),
		status:       status,
		scale:        scale,
	}
}

func (s *strategy) NamespaceScoped() bool { return s.namespaced }

// PrepareForCreate clears status where there is a status subresource and sets generation 1.
func (s *strategy) PrepareForCreate(ctx context.Context, obj runtime.Object) {
	if s.status != nil {
		delete(obj.(*unstructured.Unstructured).UnstructuredContent(), "status")
	}
	accessor, _ := meta.Accessor(obj)
	accessor.SetGeneration(1)
}

// PrepareForUpdate keeps old's status where there is a status subresource, and increments the
// generation when anything but metadata changed.
func (s *strategy) PrepareForUpdate(ctx context.Context, obj, old runtime.Object) {
	newU, oldU := obj.(*unstructured.Unstructured), old.(*unstructured.Unstructured)
	newContent, oldContent := newU.UnstructuredContent(), oldU.UnstructuredContent()
	if s.status != nil {
		_, newHas := newContent["status"]
		_, oldHas := oldContent["status"]
		switch {
		case oldHas:
			newContent["status"] = oldContent["status"]
		case newHas:
			delete(newContent, "status")
		}
	}
	if !apiequality.Semantic.DeepEqual(withoutMetadata(newContent), withoutMetadata(oldContent)) {
		newU.SetGeneration(oldU.GetGeneration() + 1)
	}
}

func withoutMetadata(m map[string]interface{}) map[string]interface{} {
	out := make(map[string]interface{}, len(m))
	for k, v := range m {
		if k != "metadata" {
			out[k] = v
		}
	}
	return out
}

// Validate is the create validation: TypeMeta, ObjectMeta, the schema, scale, embedded
// resources, list types, then the CEL rules unless an earlier error blocks them.
func (s *strategy) Validate(ctx context.Context, obj runtime.Object) field.ErrorList {
	u, ok := obj.(*unstructured.Unstructured)
	if !ok {
		return field.ErrorList{field.Invalid(field.NewPath(""), u, fmt.Sprintf("has type %T. Must be a pointer to an Unstructured type", obj))}
	}
	errs, withinBounds := s.validateObject(ctx, u)
	errs = append(errs, schemaobjectmeta.Validate(ctx, nil, u.Object, s.structural, false)...)
	errs = append(errs, structurallisttype.ValidateListSetsAndMaps(nil, s.structural, u.Object)...)
	if s.celValidator() != nil {
		if has, err := hasBlockingErr(errs); has {
			errs = append(errs, err)
		} else {
			errs = append(errs, s.validateCEL(ctx, u.Object, nil, nil, withinBounds)...)
		}
	}
	return errs
}

// ValidateUpdate is the update validation, with ratcheting (KEP-4008, on by default) through the
// server's correlation of the new object with the old: schema errors and CEL rules of unchanged
// values ratchet; list types are not checked at all when the old object breaks them.
func (s *strategy) ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList {
	uNew, ok := obj.(*unstructured.Unstructured)
	if !ok {
		return field.ErrorList{field.Invalid(field.NewPath(""), obj, fmt.Sprintf("has type %T. Must be a pointer to an Unstructured type", obj))}
	}
	uOld, ok := old.(*unstructured.Unstructured)
	if !ok {
		return field.ErrorList{field.Invalid(field.NewPath(""), old, fmt.Sprintf("has type %T. Must be a pointer to an Unstructured type", old))}
	}
	var options []apiservervalidation.ValidationOption
	var correlated *common.CorrelatedObject
	if utilfeature.DefaultFeatureGate.Enabled(apiextensionsfeatures.CRDValidationRatcheting) {
		correlated = common.NewCorrelatedObject(uNew.Object, uOld.Object, &model.Structural{Structural: s.structural})
		options = append(options, apiservervalidation.WithRatcheting(correlated))
	}
	errs, withinBounds := s.validateObjectUpdate(ctx, uNew, uOld, options...)
	errs = append(errs, schemaobjectmeta.Validate(ctx, nil, uNew.Object, s.structural, false)...)
	if oldErrs := structurallisttype.ValidateListSetsAndMaps(nil, s.structural, uOld.Object); len(oldErrs) == 0 {
		errs = append(errs, structurallisttype.ValidateListSetsAndMaps(nil, s.structural, uNew.Object)...)
	}
	if s.celValidator() != nil {
		if has, err := hasBlockingErr(errs); has {
			errs = append(errs, err)
		} else {
			errs = append(errs, s.validateCEL(ctx, uNew.Object, uOld.Object, correlated, withinBounds)...)
		}
	}
	return errs
}

// validateCEL runs the CEL rules with the server's cost budget: without cost tracking where
// that is provably the same (celbounds.go), when the schema check found every value within the
// schema's bounds.
func (s *strategy) validateCEL(ctx context.Context, obj, old interface{}, correlated *common.CorrelatedObject, withinBounds bool) field.ErrorList {
	if withinBounds {
		return s.celValidator().ValidateWithinBounds(ctx, nil, obj, old, celconfig.RuntimeCELCostBudget, correlated)
	}
	errs, _ := s.celValidator().Validate(ctx, nil, obj, old, celconfig.RuntimeCELCostBudget, correlated)
	return errs
}

// hasBlockingErr: errors after which the server does not run CEL rules, whose inputs they would
// break, and says so.
func hasBlockingErr(errs field.ErrorList) (bool, *field.Error) {
	for _, err := range errs {
		switch err.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong, field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return true, field.Invalid(nil, nil, "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation")
		}
	}
	return false, nil
}

func (s *strategy) WarningsOnCreate(ctx context.Context, obj runtime.Object) []string {
	return finalizerWarnings(obj, nil)
}

func (s *strategy) WarningsOnUpdate(ctx context.Context, obj, old runtime.Object) []string {
	return finalizerWarnings(obj, old)
}

func (s *strategy) Canonicalize(runtime.Object)                   {}
func (s *strategy) AllowCreateOnUpdate(context.Context) bool      { return false }
func (s *strategy) AllowUnconditionalUpdate(context.Context) bool { return false }

// validateObject is customResourceValidator.Validate: TypeMeta first (nothing else if it is
// wrong), then ObjectMeta, the schema and scale. withinBounds: the schema check found the object
// valid, so every value is within the schema's bounds.
func (s *strategy) validateObject(ctx context.Context, obj *unstructured.Unstructured) (_ field.ErrorList, withinBounds bool) {
	if errs := s.validateTypeMeta(obj); len(errs) > 0 {
		return errs, false
	}
	var errs field.ErrorList
	if m, merrs := objectMeta(obj); len(merrs) > 0 {
		errs = append(errs, merrs...)
	} else {
		errs = append(errs, metavalidation.ValidateObjectMetaDeclaratively(ctx, operation.Create, m, nil, s.namespaced,
			metavalidation.NameIsDNSSubdomain, field.NewPath("metadata"), utilfeature.DefaultFeatureGate.Enabled(features.DeclarativeValidationBeta))...)
	}
	// The server's schema validator runs unless the compiled check says it would find nothing.
	withinBounds = s.schemaCheck.valid(obj.UnstructuredContent())
	if !withinBounds {
		errs = append(errs, apiservervalidation.ValidateCustomResource(nil, obj.UnstructuredContent(), s.schemaValidator)...)
	}
	errs = append(errs, s.validateScaleSpec(obj)...)
	errs = append(errs, s.validateScaleStatus(obj)...)
	return errs, withinBounds
}

// validateObjectUpdate is customResourceValidator.ValidateUpdate.
func (s *strategy) validateObjectUpdate(ctx context.Context, obj, old *unstructured.Unstructured, options ...apiservervalidation.ValidationOption) (_ field.ErrorList, withinBounds bool) {
	if errs := s.validateTypeMeta(obj); len(errs) > 0 {
		return errs, false
	}
	var errs field.ErrorList
	m, merrs := objectMeta(obj)
	if len(merrs) == 0 {
		var oldMeta *metav1.ObjectMeta
		oldMeta, merrs = objectMeta(old)
		if len(merrs) == 0 {
			merrs = metavalidation.ValidateObjectMetaDeclaratively(ctx, operation.Update, m, oldMeta, s.namespaced, nil,
				field.NewPath("metadata"), utilfeature.DefaultFeatureGate.Enabled(features.DeclarativeValidationBeta))
		}
	}
	errs = append(errs, merrs...)
	// Ratcheting only turns the errors of unchanged values into (discarded) warnings: where the
	// check says the new object has no error at all, the server's update validation finds none.
	withinBounds = s.schemaCheck.valid(obj.UnstructuredContent())
	if !withinBounds {
		errs = append(errs, apiservervalidation.ValidateCustomResourceUpdate(nil, obj.UnstructuredContent(), old.UnstructuredContent(), s.schemaValidator, options...)...)
	}
	errs = append(errs, s.validateScaleSpec(obj)...)
	errs = append(errs, s.validateScaleStatus(obj)...)
	return errs, withinBounds
}

func (s *strategy) validateTypeMeta(obj *unstructured.Unstructured) field.ErrorList {
	typeAccessor, err := meta.TypeAccessor(obj)
	if err != nil {
		return field.ErrorList{field.Invalid(field.NewPath("kind"), nil, err.Error())}
	}
	var errs field.ErrorList
	if typeAccessor.GetKind() != s.kind.kind {
		errs = append(errs, field.Invalid(field.NewPath("kind"), typeAccessor.GetKind(), fmt.Sprintf("must be %v", s.kind.kind)))
	}
	if typeAccessor.GetAPIVersion() != s.kind.group+"/"+s.kind.version {
		errs = append(errs, field.Invalid(field.NewPath("apiVersion"), typeAccessor.GetAPIVersion(), fmt.Sprintf("must be %v", s.kind.group+"/"+s.kind.version)))
	}
	return errs
}

func (s *strategy) validateScaleSpec(obj *unstructured.Unstructured) field.ErrorList {
	if s.scale == nil {
		return nil
	}
	return replicasErrors(obj, s.scale.SpecReplicasPath)
}

func (s *strategy) validateScaleStatus(obj *unstructured.Unstructured) field.ErrorList {
	if s.scale == nil {
		return nil
	}
	errs := replicasErrors(obj, s.scale.StatusReplicasPath)
	if s.scale.LabelSelectorPath != nil {
		p := strings.TrimPrefix(*s.scale.LabelSelectorPath, ".")
		selector, _, err := unstructured.NestedString(obj.UnstructuredContent(), strings.Split(p, ".")...)
		if err != nil {
			errs = append(errs, field.Invalid(field.NewPath(*s.scale.LabelSelectorPath), selector, err.Error()))
		}
	}
	return errs
}

func replicasErrors(obj *unstructured.Unstructured, path string) field.ErrorList {
	p := strings.TrimPrefix(path, ".")
	replicas, _, err := unstructured.NestedInt64(obj.UnstructuredContent(), strings.Split(p, ".")...)
	switch {
	case err != nil:
		return field.ErrorList{field.Invalid(field.NewPath(path), replicas, err.Error())}
	case replicas < 0:
		return field.ErrorList{field.Invalid(field.NewPath(path), replicas, "should be a non-negative integer")}
	case replicas > math.MaxInt32:
		return field.ErrorList{field.Invalid(field.NewPath(path), replicas, fmt.Sprintf("should be less than or equal to %v", math.MaxInt32))}
	}
	return nil
}

// objectMeta is the validator's getObjectMeta.
func objectMeta(obj *unstructured.Unstructured) (*metav1.ObjectMeta, field.ErrorList) {
	if obj == nil || obj.UnstructuredContent() == nil {
		return &metav1.ObjectMeta{}, nil
	}
	raw := obj.UnstructuredContent()["metadata"]
	if raw == nil {
		return &metav1.ObjectMeta{}, nil
	}
	m, ok := raw.(map[string]interface{})
	if !ok {
		return nil, field.ErrorList{field.Invalid(field.NewPath("metadata"), raw, fmt.Sprintf("expected map[string]interface{}, got %T", raw))}
	}
	out := &metav1.ObjectMeta{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(m, out); err != nil {
		return nil, field.ErrorList{field.Invalid(field.NewPath("metadata"), raw, err.Error())}
	}
	return out, nil
}

// standardFinalizers are the finalizers the server does not warn about without a domain.
var standardFinalizers = sets.New(metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents, "kubernetes")

// finalizerWarnings are the strategy's warnings about finalizers added by obj (over old).
func finalizerWarnings(obj, old runtime.Object) []string {
	path := field.NewPath("metadata", "finalizers")
	accessor, err := meta.Accessor(obj)
	if err != nil {
		return nil
	}
	added := sets.New(accessor.GetFinalizers()...)
	if old != nil {
		if oldAccessor, err := meta.Accessor(old); err == nil {
			added = added.Difference(sets.New(oldAccessor.GetFinalizers()...))
		}
	}
	var warnings []string
	for _, f := range sets.List(added) {
		for _, msg := range apimachineryvalidation.IsQualifiedName(f) {
			warnings = append(warnings, fmt.Sprintf("%s: %q: %s", path.String(), f, msg))
		}
		if len(strings.Split(f, "/")) == 1 && !standardFinalizers.Has(f) {
			if strings.Contains(f, ".") {
				warnings = append(warnings, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers", path.String(), f))
			} else {
				warnings = append(warnings, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers", path.String(), f))
			}
		}
	}
	return warnings
}
