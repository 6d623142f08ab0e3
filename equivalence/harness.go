package equivalence

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Case is one validation test case.
type Case struct {
	// Name identifies the case in reports.
	Name string
	// Object is validated; it may be of the internal type or of any served version.
	Object runtime.Object
	// Old, when set, makes the case an update from Old to Object (of the same type as Object).
	Old runtime.Object
	// Expect lists the errors the handwritten validation returns for the case's own object, as a
	// multiset of (type, field path); a non-empty Detail must match exactly.
	Expect []Error
}

// Error is one expected error.
type Error struct {
	Type   field.ErrorType
	Field  string
	Detail string
}

// Shorthands for expected errors.
func Required(path string) Error     { return Error{Type: field.ErrorTypeRequired, Field: path} }
func Invalid(path string) Error      { return Error{Type: field.ErrorTypeInvalid, Field: path} }
func Forbidden(path string) Error    { return Error{Type: field.ErrorTypeForbidden, Field: path} }
func NotSupported(path string) Error { return Error{Type: field.ErrorTypeNotSupported, Field: path} }
func Duplicate(path string) Error    { return Error{Type: field.ErrorTypeDuplicate, Field: path} }
func TooLong(path string) Error      { return Error{Type: field.ErrorTypeTooLong, Field: path} }
func TooMany(path string) Error      { return Error{Type: field.ErrorTypeTooMany, Field: path} }

// HandwrittenKind is the handwritten validation of one internal type.
type HandwrittenKind struct {
	typ    reflect.Type
	create func(obj runtime.Object) field.ErrorList
	update func(obj, old runtime.Object) field.ErrorList
}

// HandwrittenFor adapts the handwritten create and update validation of one internal type, as
// Kubernetes writes them (ValidateFoo(obj), ValidateFooUpdate(newObj, oldObj)).
func HandwrittenFor[T runtime.Object](create func(T) field.ErrorList, update func(newObj, oldObj T) field.ErrorList) HandwrittenKind {
	var zero T
	return HandwrittenKind{
		typ:    reflect.TypeOf(zero),
		create: func(obj runtime.Object) field.ErrorList { return create(obj.(T)) },
		update: func(obj, old runtime.Object) field.ErrorList { return update(obj.(T), old.(T)) },
	}
}

// Config configures a Harness.
type Config struct {
	// Scheme knows the internal version and the served versions of the kinds, with conversions
	// between them, and runs the generated validators of the served versions (register them with
	// each version's generated RegisterValidations).
	Scheme *runtime.Scheme
	// Group is the API group; its internal version (runtime.APIVersionInternal) holds the types
	// the handwritten validation takes.
	Group string
	// Versions are the served versions to check, each on every case.
	Versions []string
	// Handwritten is the handwritten validation of the internal types.
	Handwritten []HandwrittenKind
	// Schemas is the schema backend (LoadSchemas).
	Schemas *Schemas
	// Equivalences is the equivalence file (LoadEquivalences); nil allows no detail differences.
	Equivalences *Equivalences
}

// Harness runs cases on the three backends and compares them.
type Harness struct {
	cfg  Config
	hand map[reflect.Type]HandwrittenKind
}

// New checks the configuration and returns a Harness.
func New(cfg Config) (*Harness, error) {
	if cfg.Scheme == nil || cfg.Schemas == nil || len(cfg.Versions) == 0 || len(cfg.Handwritten) == 0 || cfg.Group == "" {
		return nil, fmt.Errorf("equivalence: Scheme, Group, Versions, Handwritten and Schemas are required")
	}
	h := &Harness{cfg: cfg, hand: map[reflect.Type]HandwrittenKind{}}
	for _, k := range cfg.Handwritten {
		h.hand[k.typ] = k
	}
	return h, nil
}

// Check runs one case: the handwritten validation on the case converted to the internal type is
// compared with the case's expectations; then, for every version, the case converted to the
// version is validated by the generated validators and by the schema backend, and each is
// compared with the handwritten validation of the versioned object converted back to the
// internal type (what an API server does with a request in that version).
func (h *Harness) Check(ctx context.Context, c Case) (*Report, error) {
	r := &Report{Case: c.Name}
	obj, err := h.toInternal(c.Object)
	if err != nil {
		return nil, err
	}
	var old runtime.Object
	if c.Old != nil {
		if old, err = h.toInternal(c.Old); err != nil {
			return nil, err
		}
	}
	hand, err := h.handwritten(obj, old)
	if err != nil {
		return nil, err
	}
	r.Mismatches = append(r.Mismatches, compareExpected(c.Expect, hand)...)

	for _, v := range h.cfg.Versions {
		ms, applied, err := h.checkVersion(ctx, v, obj, old)
		if err != nil {
			return nil, fmt.Errorf("case %q, version %s: %w", c.Name, v, err)
		}
		r.Mismatches = append(r.Mismatches, ms...)
		for _, a := range applied {
			r.Normalizations = append(r.Normalizations, v+": "+a)
		}
	}
	for i := range r.Mismatches {
		r.Mismatches[i].Case = c.Name
	}
	return r, nil
}

func (h *Harness) checkVersion(ctx context.Context, version string, obj, old runtime.Object) ([]Mismatch, []string, error) {
	gv := schema.GroupVersion{Group: h.cfg.Group, Version: version}
	vObj, err := convertTo(h.cfg.Scheme, obj, gv)
	if err != nil {
		return nil, nil, err
	}
	var vOld runtime.Object
	if old != nil {
		if vOld, err = convertTo(h.cfg.Scheme, old, gv); err != nil {
			return nil, nil, err
		}
	}
	// The reference: the versioned object as the server sees it, converted to the internal type.
	iObj, err := h.toInternal(vObj)
	if err != nil {
		return nil, nil, err
	}
	var iOld runtime.Object
	if vOld != nil {
		if iOld, err = h.toInternal(vOld); err != nil {
			return nil, nil, err
		}
	}
	ref, err := h.handwritten(iObj, iOld)
	if err != nil {
		return nil, nil, err
	}

	gvk, err := h.kindOf(vObj)
	if err != nil {
		return nil, nil, err
	}
	gen, err := h.generated(ctx, gvk, vObj, vOld)
	if err != nil {
		return nil, nil, err
	}
	ms := compare(ref, gen, Generated, version, h.cfg.Equivalences, OnlyHandwritten, OnlyGenerated)

	res, err := h.cfg.Schemas.validate(ctx, gvk, vObj, vOld)
	if err != nil {
		return nil, nil, err
	}
	sref, maxBytes := maxBytesInvalid(ref)
	nref, ngot, applied := normalize(vOld != nil, sref, res.errs, res)
	if maxBytes {
		applied = append([]string{"max-bytes-invalid"}, applied...)
	}
	ms = append(ms, compare(nref, ngot, Schema, version, h.cfg.Equivalences, OnlyHandwritten, OnlySchema)...)
	return ms, applied, nil
}

// generated is the generated backend (validateDeclaratively), for a kind of the schema backend.
func (h *Harness) generated(ctx context.Context, gvk schema.GroupVersionKind, obj, old runtime.Object) (field.ErrorList, error) {
	k, ok := h.cfg.Schemas.kinds[gvk]
	if !ok {
		return nil, fmt.Errorf("no CRD for %v", gvk)
	}
	return validateDeclaratively(ctx, h.cfg.Scheme, k.namespaced, obj, old)
}

func (h *Harness) handwritten(obj, old runtime.Object) (field.ErrorList, error) {
	k, ok := h.hand[reflect.TypeOf(obj)]
	if !ok {
		return nil, fmt.Errorf("no handwritten validation for %T", obj)
	}
	if old == nil {
		return k.create(obj), nil
	}
	if reflect.TypeOf(old) != reflect.TypeOf(obj) {
		return nil, fmt.Errorf("old object is a %T, new object a %T", old, obj)
	}
	return k.update(obj, old), nil
}

func (h *Harness) kindOf(obj runtime.Object) (schema.GroupVersionKind, error) {
	return kindIn(h.cfg.Scheme, obj, h.cfg.Group)
}

func (h *Harness) toInternal(obj runtime.Object) (runtime.Object, error) {
	return convertTo(h.cfg.Scheme, obj, schema.GroupVersion{Group: h.cfg.Group, Version: runtime.APIVersionInternal})
}

// kindIn returns the kind of obj in group, as the scheme knows it.
func kindIn(s *runtime.Scheme, obj runtime.Object, group string) (schema.GroupVersionKind, error) {
	gvks, _, err := s.ObjectKinds(obj)
	if err != nil {
		return schema.GroupVersionKind{}, err
	}
	for _, gvk := range gvks {
		if gvk.Group == group {
			return gvk, nil
		}
	}
	return schema.GroupVersionKind{}, fmt.Errorf("%T is not a kind of group %s", obj, group)
}

// convertTo converts obj to the same kind in version gv through the scheme. obj is not modified;
// the result may share memory with it (validation only reads).
func convertTo(s *runtime.Scheme, obj runtime.Object, gv schema.GroupVersion) (runtime.Object, error) {
	gvk, err := kindIn(s, obj, gv.Group)
	if err != nil {
		return nil, err
	}
	if gvk.Version == gv.Version {
		return obj, nil
	}
	out, err := s.New(gv.WithKind(gvk.Kind))
	if err != nil {
		return nil, err
	}
	if err := s.Convert(obj, out, nil); err != nil {
		return nil, fmt.Errorf("converting %v to %s: %w", gvk, gv, err)
	}
	return out, nil
}

// Run checks every case as a subtest of t; a case whose backends disagree fails with its mismatch
// tables.
func Run[T interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Context() context.Context
	Run(name string, f func(T)) bool
}](t T, h *Harness, cases []Case) {
	t.Helper()
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Name] {
			t.Fatalf("two cases are named %q", c.Name)
		}
		seen[c.Name] = true
		t.Run(c.Name, func(t T) {
			r, err := h.Check(t.Context(), c)
			if err != nil {
				t.Fatalf("%v", err)
			}
			if !r.OK() {
				t.Errorf("backends disagree:\n%s", r)
			}
		})
	}
}

// CheckUnused fails t if an entry of the equivalence file was used by no comparison so far: call
// it after running every case that the file is for, so that the file does not rot.
func CheckUnused(t interface {
	Helper()
	Errorf(format string, args ...any)
}, h *Harness) {
	t.Helper()
	if unused := h.cfg.Equivalences.Unused(); len(unused) > 0 {
		t.Errorf("equivalence entries no case used (remove them, or add the case they are for):\n  %s", strings.Join(unused, "\n  "))
	}
}
