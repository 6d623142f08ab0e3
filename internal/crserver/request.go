package crserver

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
)

// RequestError is an error the server answers before validation, with a status other than
// 422 Invalid (a namespace that does not match the request's, 400 Bad Request).
type RequestError struct{ Msg string }

func (e *RequestError) Error() string { return e.Msg }

// GeneratedNameSuffix stands for the random suffix the server appends to generateName: the
// same length and alphabet (names.SimpleNameGenerator), so the generated name validates as the
// server's would, but fixed, so that results are deterministic.
const GeneratedNameSuffix = "xxxxx"

// systemTime and systemUID are what the registry sets as creationTimestamp and uid
// (rest.FillObjectMetaSystemFields), fixed for the same reason.
var (
	systemTime = metav1.Date(2000, 1, 1, 0, 0, 0, 0, metav1.Now().Location())
	systemUID  = types.UID("00000000-0000-0000-0000-000000000000")
)

// RequestNamespace is the namespace a request for obj goes to: its own, or "default" when it has
// none (where kubectl sends it); "" for a cluster-scoped kind.
func (k *Kind) RequestNamespace(obj *unstructured.Unstructured) string {
	if !k.Namespaced {
		return ""
	}
	if ns := obj.GetNamespace(); ns != "" {
		return ns
	}
	return metav1.NamespaceDefault
}

// Create runs what the server runs on a decoded create request for obj, in namespace (see
// RequestNamespace), after decoding: the create handler's metadata steps (system fields wiped,
// namespace matched with the request's), the registry's (system fields filled, a name generated
// from generateName), then rest.BeforeCreate's (status reset where there is a status
// subresource, generation 1, the strategy's validation with ObjectMeta's, warnings). obj is
// changed as the server changes it. errs is what the server returns as 422 Invalid; err is any
// other failure (RequestError).
func (k *Kind) Create(ctx context.Context, obj *unstructured.Unstructured, namespace string) (errs field.ErrorList, warnings []string, err error) {
	ctx = genericapirequest.WithNamespace(ctx, namespace)
	rest.WipeObjectMetaSystemFields(obj)
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(namespace, obj); err != nil {
		return nil, nil, &RequestError{Msg: err.Error()}
	}
	obj.SetCreationTimestamp(systemTime)
	obj.SetUID(systemUID)
	if len(obj.GetGenerateName()) > 0 && len(obj.GetName()) == 0 {
		obj.SetName(generateName(obj.GetGenerateName()))
	}
	// rest.BeforeCreate, returning the field errors rather than a StatusError.
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForScope(namespace, k.Strategy.NamespaceScoped()), obj); err != nil {
		return nil, nil, &RequestError{Msg: err.Error()}
	}
	k.Strategy.PrepareForCreate(ctx, obj)
	if errs := rest.ValidateCreate(ctx, obj, k.Strategy); len(errs) > 0 {
		return errs, nil, nil
	}
	warnings = append(warnings, k.Strategy.WarningsOnCreate(ctx, obj)...)
	return nil, warnings, nil
}

// Update runs what the server runs on a decoded update request for obj, replacing old (as
// DecodeStored read it), after decoding: the update handler's metadata steps, then
// rest.BeforeUpdate's (generation, status and system fields kept from old, the strategy's update
// validation with ratcheting and transition rules, warnings). A manifest has no resourceVersion:
// obj gets old's, as kubectl apply's patch does, and the server's precondition always holds.
func (k *Kind) Update(ctx context.Context, obj, old *unstructured.Unstructured, namespace string) (errs field.ErrorList, warnings []string, err error) {
	ctx = genericapirequest.WithNamespace(ctx, namespace)
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(namespace, obj); err != nil {
		return nil, nil, &RequestError{Msg: err.Error()}
	}
	if obj.GetName() != old.GetName() {
		return nil, nil, &RequestError{Msg: fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", obj.GetName(), old.GetName())}
	}
	old = old.DeepCopy()
	if old.GetResourceVersion() == "" {
		old.SetResourceVersion("1") // an old object written by hand; the server's always has one
	}
	if obj.GetResourceVersion() == "" {
		obj.SetResourceVersion(old.GetResourceVersion())
	}
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForScope(namespace, k.Strategy.NamespaceScoped()), obj); err != nil {
		return nil, nil, &RequestError{Msg: err.Error()}
	}
	oldMeta, err := meta.Accessor(old)
	if err != nil {
		return nil, nil, err
	}
	obj.SetGeneration(oldMeta.GetGeneration())
	k.Strategy.PrepareForUpdate(ctx, obj, old)
	if len(obj.GetUID()) == 0 {
		obj.SetUID(oldMeta.GetUID())
	}
	if t := oldMeta.GetCreationTimestamp(); !t.IsZero() {
		obj.SetCreationTimestamp(t)
	}
	if !oldMeta.GetDeletionTimestamp().IsZero() {
		obj.SetDeletionTimestamp(oldMeta.GetDeletionTimestamp())
	}
	if oldMeta.GetDeletionGracePeriodSeconds() != nil && obj.GetDeletionGracePeriodSeconds() == nil {
		obj.SetDeletionGracePeriodSeconds(oldMeta.GetDeletionGracePeriodSeconds())
	}
	if errs := rest.ValidateUpdate(ctx, obj, old, k.Strategy); len(errs) > 0 {
		return errs, nil, nil
	}
	warnings = append(warnings, k.Strategy.WarningsOnUpdate(ctx, obj, old)...)
	return nil, warnings, nil
}

// generateName is the name names.SimpleNameGenerator makes, with GeneratedNameSuffix for its random part.
func generateName(base string) string {
	const maxGeneratedNameLength = 63 - len(GeneratedNameSuffix)
	if len(base) > maxGeneratedNameLength {
		base = base[:maxGeneratedNameLength]
	}
	return base + GeneratedNameSuffix
}
