package equivalence

import (
	"context"
	"fmt"
	"sync/atomic"

	apimeta "k8s.io/apimachinery/pkg/api/meta"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateFunc validates an object on create (old nil) or update.
type ValidateFunc func(ctx context.Context, obj, old runtime.Object) field.ErrorList

// ShadowConfig configures a Shadow.
type ShadowConfig struct {
	// Handwritten is the validation the server runs today; its errors are what Validate returns.
	Handwritten ValidateFunc
	// Declarative is the validation being introduced, on the same request (see SchemeValidator).
	Declarative ValidateFunc
	// Equivalences allows detail differences, as in the tests; nil allows none.
	Equivalences *Equivalences
	// Version names the declarative side in reports and selects version-specific equivalences.
	Version string
	// Report is called with the differences of each request that has some, after the request's
	// handwritten result is known. It must be safe for concurrent use. May be nil.
	Report func(ctx context.Context, mismatches []Mismatch)
}

// Shadow runs handwritten and declarative validation side by side, as KEP-4153 plans for its
// alpha and beta phases: it returns the handwritten errors, compares the declarative ones with
// them (as multisets of type and field path, details through the equivalence file), reports the
// differences and counts them. A panic in the declarative validation is reported as a difference
// and never reaches the caller.
type Shadow struct {
	cfg        ShadowConfig
	requests   atomic.Uint64
	mismatched atomic.Uint64
}

// NewShadow returns a Shadow.
func NewShadow(cfg ShadowConfig) (*Shadow, error) {
	if cfg.Handwritten == nil || cfg.Declarative == nil {
		return nil, fmt.Errorf("equivalence: Shadow needs Handwritten and Declarative")
	}
	return &Shadow{cfg: cfg}, nil
}

// Validate returns the handwritten errors of the request, after comparing them with the
// declarative ones.
func (s *Shadow) Validate(ctx context.Context, obj, old runtime.Object) field.ErrorList {
	hand := s.cfg.Handwritten(ctx, obj, old)
	s.requests.Add(1)
	decl, panicked := s.declarative(ctx, obj, old)
	var ms []Mismatch
	if panicked != nil {
		ms = []Mismatch{{Version: s.cfg.Version, Kind: OnlyHandwritten, Backend: Generated, Type: field.ErrorTypeInternal,
			Declarative: fmt.Sprintf("declarative validation panicked: %v", panicked)}}
	} else {
		ms = compare(hand, decl, Generated, s.cfg.Version, s.cfg.Equivalences, OnlyHandwritten, OnlyGenerated)
	}
	if len(ms) > 0 {
		s.mismatched.Add(1)
		if s.cfg.Report != nil {
			s.cfg.Report(ctx, ms)
		}
	}
	return hand
}

func (s *Shadow) declarative(ctx context.Context, obj, old runtime.Object) (errs field.ErrorList, panicked any) {
	defer func() {
		if r := recover(); r != nil {
			panicked = r
		}
	}()
	return s.cfg.Declarative(ctx, obj, old), nil
}

// Requests returns how many requests the Shadow validated.
func (s *Shadow) Requests() uint64 { return s.requests.Load() }

// Mismatches returns how many of them had differences.
func (s *Shadow) Mismatches() uint64 { return s.mismatched.Load() }

// SchemeValidator returns the declarative validation of a server that decodes into internal
// types: the object is converted to version gv through the scheme, and validated by the generic
// ObjectMeta validation every API server runs and by the validators registered for that version
// (the generated RegisterValidations), as the harness's generated backend does. namespaced says
// whether the kinds are namespaced. A conversion error is reported as an internal error.
func SchemeValidator(scheme *runtime.Scheme, gv schema.GroupVersion, namespaced bool) ValidateFunc {
	convert := func(obj runtime.Object) (runtime.Object, error) { return convertTo(scheme, obj, gv) }
	return func(ctx context.Context, obj, old runtime.Object) field.ErrorList {
		vObj, err := convert(obj)
		if err != nil {
			return field.ErrorList{field.InternalError(nil, err)}
		}
		var vOld runtime.Object
		if old != nil {
			if vOld, err = convert(old); err != nil {
				return field.ErrorList{field.InternalError(nil, err)}
			}
		}
		errs, err := validateDeclaratively(ctx, scheme, namespaced, vObj, vOld)
		if err != nil {
			return field.ErrorList{field.InternalError(nil, err)}
		}
		return errs
	}
}

// validateDeclaratively is the generated backend: the generic ObjectMeta validation that an API
// server runs for every kind (namespace, labels, annotations, owner references, finalizers; the
// name's format is the +nameFormat tag's, which the generated validators check), then the
// validators registered in the scheme.
func validateDeclaratively(ctx context.Context, scheme *runtime.Scheme, namespaced bool, obj, old runtime.Object) (field.ErrorList, error) {
	meta, err := apimeta.Accessor(obj)
	if err != nil {
		return nil, err
	}
	anyName := func(string, bool) []string { return nil }
	metaPath := field.NewPath("metadata")
	if old == nil {
		errs := apivalidation.ValidateObjectMetaAccessor(meta, namespaced, anyName, metaPath)
		return append(errs, scheme.Validate(ctx, nil, obj)...), nil
	}
	oldMeta, err := apimeta.Accessor(old)
	if err != nil {
		return nil, err
	}
	errs := apivalidation.ValidateObjectMetaAccessorUpdate(meta, oldMeta, metaPath)
	return append(errs, scheme.ValidateUpdate(ctx, nil, obj, old)...), nil
}
