package validation

import (
	"maps"
	"slices"

	apiequality "k8s.io/apimachinery/pkg/api/equality"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Equality of the API's values, for ratcheting: apiequality.Semantic.DeepEqual written out for the
// types of this API, without reflection (TestEqualityMatchesSemanticDeepEqual compares the two).
// Nil and empty lists and maps are equal, quantities and times compare by value, a NaN equals
// nothing. ObjectMeta, of the objects and of the template, is compared with
// apiequality.Semantic.DeepEqual itself, last as it is the slowest.

func workerPoolsEqual(a, b *workloads.WorkerPool) bool {
	return a.TypeMeta == b.TypeMeta && workerPoolSpecsEqual(&a.Spec, &b.Spec) && workerPoolStatusesEqual(&a.Status, &b.Status) &&
		apiequality.Semantic.DeepEqual(&a.ObjectMeta, &b.ObjectMeta)
}

func workerPoolSpecsEqual(a, b *workloads.WorkerPoolSpec) bool {
	return ptrEqual(a.Replicas, b.Replicas) &&
		(a.Selector == nil) == (b.Selector == nil) && (a.Selector == nil || labelSelectorsEqual(a.Selector, b.Selector)) &&
		updateStrategiesEqual(&a.Strategy, &b.Strategy) &&
		a.MinReadySeconds == b.MinReadySeconds &&
		ptrEqual(a.ProgressDeadlineSeconds, b.ProgressDeadlineSeconds) &&
		a.Paused == b.Paused &&
		a.Priority == b.Priority &&
		ptrEqual(a.CapacityWeight, b.CapacityWeight) &&
		itemsEqual(a.Tolerations, b.Tolerations, tolerationsEqual) &&
		maps.Equal(a.ProviderAnnotations, b.ProviderAnnotations) &&
		a.OwnerTeam == b.OwnerTeam &&
		workerTemplatesEqual(&a.Template, &b.Template)
}

func workerTemplatesEqual(a, b *workloads.WorkerTemplate) bool {
	return itemsEqual(a.Containers, b.Containers, containersEqual) &&
		a.RestartPolicy == b.RestartPolicy &&
		maps.Equal(a.NodeSelector, b.NodeSelector) &&
		a.ServiceAccountName == b.ServiceAccountName &&
		slices.Equal(a.Hostnames, b.Hostnames) &&
		a.InstanceID == b.InstanceID &&
		apiequality.Semantic.DeepEqual(&a.ObjectMeta, &b.ObjectMeta)
}

func containersEqual(a, b *workloads.Container) bool {
	return a.Name == b.Name && a.Image == b.Image && slices.Equal(a.Ports, b.Ports) && slices.Equal(a.Env, b.Env) &&
		slices.Equal(a.Args, b.Args)
}

func updateStrategiesEqual(a, b *workloads.UpdateStrategy) bool {
	if a.Type != b.Type || (a.RollingUpdate == nil) != (b.RollingUpdate == nil) {
		return false
	}
	return a.RollingUpdate == nil ||
		ptrEqual(a.RollingUpdate.MaxUnavailable, b.RollingUpdate.MaxUnavailable) && ptrEqual(a.RollingUpdate.MaxSurge, b.RollingUpdate.MaxSurge)
}

func tolerationsEqual(a, b *workloads.Toleration) bool {
	return a.Key == b.Key && a.Effect == b.Effect && ptrEqual(a.TolerationSeconds, b.TolerationSeconds)
}

func workerPoolStatusesEqual(a, b *workloads.WorkerPoolStatus) bool {
	return a.ObservedGeneration == b.ObservedGeneration && a.ReadyReplicas == b.ReadyReplicas &&
		itemsEqual(a.Conditions, b.Conditions, conditionsEqual)
}

func conditionsEqual(a, b *metav1.Condition) bool {
	return a.Type == b.Type && a.Status == b.Status && a.ObservedGeneration == b.ObservedGeneration &&
		a.LastTransitionTime.Equal(&b.LastTransitionTime) && a.Reason == b.Reason && a.Message == b.Message
}

func workerClassesEqual(a, b *workloads.WorkerClass) bool {
	return a.TypeMeta == b.TypeMeta && a.CPU == b.CPU && a.Memory.Cmp(b.Memory) == 0 &&
		apiequality.Semantic.DeepEqual(&a.ObjectMeta, &b.ObjectMeta)
}

func workerQuotasEqual(a, b *workloads.WorkerQuota) bool {
	return a.TypeMeta == b.TypeMeta && workerQuotaSpecsEqual(&a.Spec, &b.Spec) && a.Status == b.Status &&
		apiequality.Semantic.DeepEqual(&a.ObjectMeta, &b.ObjectMeta)
}

func workerQuotaSpecsEqual(a, b *workloads.WorkerQuotaSpec) bool {
	return a.MaxPools == b.MaxPools &&
		ptrEqual(a.MaxWorkers, b.MaxWorkers) &&
		a.Tier == b.Tier &&
		a.Description == b.Description &&
		a.DefaultClass == b.DefaultClass &&
		slices.Equal(a.Classes, b.Classes) &&
		slices.Equal(a.Zones, b.Zones) &&
		maps.Equal(a.ZoneWeights, b.ZoneWeights) &&
		slices.Equal(a.Exemptions, b.Exemptions)
}

// itemsEqual reports whether a and b have the same length and equal items by eq.
func itemsEqual[T any](a, b []T, eq func(a, b *T) bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !eq(&a[i], &b[i]) {
			return false
		}
	}
	return true
}

// ptrEqual reports whether a and b are both nil or point to equal values.
func ptrEqual[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// labelSelectorsEqual is apiequality.Semantic.DeepEqual for label selectors, without reflection: a
// nil and an empty map or list are equal, as they serialize the same.
func labelSelectorsEqual(a, b *metav1.LabelSelector) bool {
	if len(a.MatchLabels) != len(b.MatchLabels) {
		return false
	}
	for k, va := range a.MatchLabels {
		if vb, ok := b.MatchLabels[k]; !ok || va != vb {
			return false
		}
	}
	return labelSelectorRequirementsEqual(a.MatchExpressions, b.MatchExpressions)
}

// labelSelectorRequirementsEqual is apiequality.Semantic.DeepEqual for lists of label selector
// requirements, without reflection.
func labelSelectorRequirementsEqual(a, b []metav1.LabelSelectorRequirement) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		ra, rb := &a[i], &b[i]
		if ra.Key != rb.Key || ra.Operator != rb.Operator || len(ra.Values) != len(rb.Values) {
			return false
		}
		for j := range ra.Values {
			if ra.Values[j] != rb.Values[j] {
				return false
			}
		}
	}
	return true
}
