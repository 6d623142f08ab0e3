// Package validation is the handwritten validation of the internal workloads API, written the way
// Kubernetes writes pkg/apis/*/validation. It is the reference that generated validators are
// compared against, so it implements exactly the rules the tags in ../types.go declare and is
// written without looking at any generated code.
//
// Conventions, from the tag semantics in docs/ (docs/guides/go-validators.md):
//
//   - A required pointer that is nil, or a required non-pointer scalar, slice or map at its zero
//     value, is missing: one field.Required error and no other check of that field.
//   - An optional non-pointer scalar, slice or map at its zero value is unset and is not validated.
//     Non-pointer structs (spec, template, strategy, status) are never "unset": their fields are
//     always validated.
//   - Every other tag is checked independently, like the keywords of an OpenAPI schema: a value may
//     get one error per tag it violates (a 70-character team name is both too long and not a DNS
//     label).
//   - A +format failure is one field.Invalid, whatever number of reasons apimachinery's check
//     gives (they are joined in the detail), as a failed OpenAPI format is one error.
//   - +validationRule (CEL) rules are translated into Go with the rule's reason (error type),
//     field and message.
//   - List items are reported at fldPath.Index(i); a duplicate key of a +listType=map or a
//     duplicate item of a +listType=set is one field.Duplicate at each later occurrence, with the
//     item as the value (keys are compared even when a key field is missing). A list over its
//     +maxItems gets field.TooMany and its items are still validated.
//
// Updates ratchet, as KEP-4008 "CRD validation ratcheting" has it and docs/guides/ratcheting.md describes: a
// value that equals its correlated old value is not checked, nor is anything in it, so an object
// stored before a rule was tightened can still be updated where it did not change. Each validate
// function of a struct takes the correlated old value, nil on create or when there is none.
//
//   - Equality is apiequality.Semantic.DeepEqual's, written out for the types of this API: nil and
//     empty lists and maps are equal, quantities and times compare by value, a NaN equals nothing.
//     It applies at every level: an object equal to the old one gets only the metadata update
//     rules; a spec, status, template, strategy, container, port, toleration, condition or class
//     quota equal to its old value gets no error; a field equal to its old value skips the checks
//     of that value (range, length, format, enum, pattern, translated rules, a list's +maxItems, a
//     map's +maxProperties).
//   - Old values correlate as the API server correlates them: struct fields by name
//     (+structType=atomic does not change that); map values by key (a new key has no old value);
//     +listType=map items by their key fields, wherever they moved (if the old list repeats a key,
//     with its first item of the key); +listType=set and +listType=atomic lists, and lists without
//     a list type, only as a whole: when such a list changed, every item is checked without an old
//     value, even an item that the old list has.
//   - A missing required field has no old value: its field.Required is reported whenever its
//     parent changed (if the parent is unchanged, nothing in it is checked). A rule declared on a
//     struct, by its type (WorkerPoolSpec, ContainerPort) or by the field of that type (strategy),
//     belongs to the struct value: it runs whenever the struct changed, even if the fields it reads
//     and reports at did not.
//   - A changed +listType=map or +listType=set list reports a duplicate only if the old list did
//     not already repeat that key or value.
//   - Transition rules (+immutable, rules on oldSelf; ValidateWorkerPoolSpecUpdate) do not ratchet
//     and run on update wherever the value has an old value, in changed parents too.
//   - ValidateObjectMetaUpdate runs on every update. The +nameFormat check of the name and of the
//     generateName ratchets like any other value: on update of an object that changed, each is
//     checked only when it differs from its old value.
//
// The metav1 types the API reaches are validated as follows: the object's own ObjectMeta with
// apimachinery's ValidateObjectMeta / ValidateObjectMetaUpdate, as Kubernetes does (so a bad name
// gets one error per reason, and the namespace, labels, annotations, owner references and
// finalizers are checked as Kubernetes checks them, beyond what +nameFormat declares); the
// template's ObjectMeta not at all (types.go declares nothing for it); metav1.Condition and
// metav1.LabelSelectorRequirement by the fields their Go declarations require.
package validation

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/api/validate/content"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
)

// ValidateWorkerPoolName validates a WorkerPool's name (+nameFormat=dns1123subdomain); with prefix
// true it validates a generateName, whose trailing '-' is masked first.
var ValidateWorkerPoolName = apivalidation.NameIsDNSSubdomain

// ValidateWorkerClassName validates a WorkerClass's name (+nameFormat=dns1123label); with prefix
// true it validates a generateName, whose trailing '-' is masked first.
var ValidateWorkerClassName = apivalidation.NameIsDNSLabel

// ValidateWorkerQuotaName validates a WorkerQuota's name (+nameFormat=dns1123subdomain); with
// prefix true it validates a generateName, whose trailing '-' is masked first.
var ValidateWorkerQuotaName = apivalidation.NameIsDNSSubdomain

// Limits declared by the tags in types.go.
const (
	maxReplicas                = 1000  // WorkerPoolSpec.Replicas +maximum
	minProgressDeadlineSeconds = 1     // WorkerPoolSpec.ProgressDeadlineSeconds +minimum
	maxProgressDeadlineSeconds = 86400 // WorkerPoolSpec.ProgressDeadlineSeconds +maximum, exclusive
	minPriority                = -1000 // WorkerPoolSpec.Priority +minimum, exclusive
	priorityMultipleOf         = 10    // WorkerPoolSpec.Priority +multipleOf
	maxTolerations             = 32    // WorkerPoolSpec.Tolerations +maxItems
	maxProviderAnnotations     = 16    // WorkerPoolSpec.ProviderAnnotations +maxProperties
	maxTeamNameLength          = 20    // TeamName +maxLength
	maxContainers              = 8     // WorkerTemplate.Containers +maxItems
	maxHostnames               = 4     // WorkerTemplate.Hostnames +k8s:maxItems
	maxImageLength             = 512   // Container.Image +maxLength
	maxEnv                     = 64    // Container.Env +maxItems
	maxArgs                    = 64    // Container.Args +maxItems
	maxArgLength               = 1024  // Container.Args +validationRule
	maxPortNameLength          = 15    // ContainerPort.Name +maxLength
	minPort                    = 1     // ContainerPort.ContainerPort, HostPort +minimum
	maxPort                    = 65535 // ContainerPort.ContainerPort, HostPort +maximum
	maxEnvVarNameLength        = 317   // EnvVar.Name +maxLength
	minCPU                     = 1     // WorkerClass.CPU +minimum
	maxCPU                     = 256   // WorkerClass.CPU +maximum
)

// Limits declared by the tags of WorkerQuota and the types it uses.
const (
	minQuotaPools             = 1      // WorkerQuotaSpec.MaxPools +minimum
	maxQuotaPools             = 100    // WorkerQuotaSpec.MaxPools +maximum
	maxQuotaWorkers           = 100000 // WorkerQuotaSpec.MaxWorkers +maximum
	maxQuotaDescriptionLength = 256    // WorkerQuotaSpec.Description +maxLength
	maxDefaultClassLength     = 63     // WorkerQuotaSpec.DefaultClass +maxLength
	maxZoneWeights            = 16     // WorkerQuotaSpec.ZoneWeights +maxProperties
	maxExemptions             = 16     // WorkerQuotaSpec.Exemptions +maxItems
	minClassWorkers           = 1      // ClassQuota.MaxWorkers +minimum
	maxClassWorkers           = 10000  // ClassQuota.MaxWorkers +maximum
	maxBurstWorkers           = 1000   // ClassQuota.BurstWorkers +maximum
	maxZoneLength             = 63     // Zone +maxLength
	minZoneWeight             = 1      // ZoneWeight +minimum
	maxZoneWeight             = 100    // ZoneWeight +maximum
	maxExemptionReasonLength  = 128    // QuotaExemption.Reason +maxLength
)

// Error details, computed once. The range messages are apimachinery's (content.MinError, ...).
var (
	msgNonNegative              = content.MinError(0)
	msgReplicasMax              = content.MaxError(maxReplicas)
	msgProgressDeadlineMin      = content.MinError(minProgressDeadlineSeconds)
	msgProgressDeadlineMax      = "must be less than 86400"
	msgPriorityMin              = "must be greater than -1000"
	msgPriorityMultipleOf       = "must be a multiple of 10"
	msgCapacityWeightMin        = "must be greater than or equal to 0"
	msgCapacityWeightMax        = "must be less than or equal to 1"
	msgPortMin                  = content.MinError(minPort)
	msgPortMax                  = content.MaxError(maxPort)
	msgCPUMin                   = content.MinError(minCPU)
	msgCPUMax                   = content.MaxError(maxCPU)
	msgQuotaPoolsMin            = content.MinError(minQuotaPools)
	msgQuotaPoolsMax            = content.MaxError(maxQuotaPools)
	msgQuotaWorkersMax          = content.MaxError(maxQuotaWorkers)
	msgClassWorkersMin          = content.MinError(minClassWorkers)
	msgClassWorkersMax          = content.MaxError(maxClassWorkers)
	msgBurstWorkersMax          = content.MaxError(maxBurstWorkers)
	msgZoneWeightMin            = content.MinError(minZoneWeight)
	msgZoneWeightMax            = content.MaxError(maxZoneWeight)
	msgImageWhitespace          = "must not contain whitespace (must match `^[^\\s]+$`)"
	msgUUID                     = "must be a lowercase UUID in 8-4-4-4-12 form (e.g. '123e4567-e89b-12d3-a456-426614174000')"
	msgMinReadySeconds          = "minReadySeconds must be less than progressDeadlineSeconds"
	msgRollingUpdateForbidden   = "may not be specified when strategy `type` is Recreate"
	msgRollingUpdateRequired    = "this should be defaulted and never be nil"
	msgHostPort                 = "hostPort must equal containerPort when set"
	msgArgLength                = "each argument must be at most 1024 characters"
	msgMemory                   = "must be more than 64Mi"
	msgProgressDeadlineDecrease = "may not be decreased"
)

// minMemory is the exclusive lower bound of WorkerClass.Memory. It is never modified: Cmp takes
// its argument by value.
var minMemory = resource.MustParse("64Mi")

// Supported values of the +enum types, sorted as field.NotSupported reports them.
var (
	supportedRestartPolicies = []workloads.RestartPolicy{workloads.RestartPolicyAlways, workloads.RestartPolicyNever, workloads.RestartPolicyOnFailure}
	supportedProtocols       = []workloads.Protocol{workloads.ProtocolSCTP, workloads.ProtocolTCP, workloads.ProtocolUDP}
	supportedTaintEffects    = []workloads.TaintEffect{workloads.TaintEffectNoExecute, workloads.TaintEffectNoSchedule}
	supportedStrategyTypes   = []workloads.UpdateStrategyType{workloads.RecreateStrategy, workloads.RollingUpdateStrategy}
	supportedQuotaTiers      = []workloads.QuotaTier{workloads.QuotaTierBronze, workloads.QuotaTierGold, workloads.QuotaTierSilver}
)

// ValidateWorkerPool validates a WorkerPool on create: its metadata (namespaced, name a DNS-1123
// subdomain), spec and status. Kubernetes ignores the status on create because the strategy resets
// it; it is validated here because declarative validation covers the whole object.
func ValidateWorkerPool(obj *workloads.WorkerPool) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMeta(&obj.ObjectMeta, true, ValidateWorkerPoolName, field.NewPath("metadata"))
	allErrs = append(allErrs, ValidateWorkerPoolSpec(&obj.Spec, nil, field.NewPath("spec"))...)
	allErrs = append(allErrs, ValidateWorkerPoolStatus(&obj.Status, nil, field.NewPath("status"))...)
	return allErrs
}

// ValidateWorkerPoolUpdate validates an update of a WorkerPool: the metadata update rules, the
// +nameFormat rule, the spec and status ratcheting against the old ones, and the transition rules
// of the spec (immutable selector, progressDeadlineSeconds not decreased), which do not ratchet.
// An object equal to the old one gets only the metadata update rules.
func ValidateWorkerPoolUpdate(newObj, oldObj *workloads.WorkerPool) field.ErrorList {
	metaPath := field.NewPath("metadata")
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newObj.ObjectMeta, &oldObj.ObjectMeta, metaPath)
	if workerPoolsEqual(newObj, oldObj) {
		return allErrs
	}
	allErrs = append(allErrs, validateNameFormat(&newObj.ObjectMeta, &oldObj.ObjectMeta, ValidateWorkerPoolName, metaPath)...)
	specPath := field.NewPath("spec")
	allErrs = append(allErrs, ValidateWorkerPoolSpec(&newObj.Spec, &oldObj.Spec, specPath)...)
	allErrs = append(allErrs, ValidateWorkerPoolSpecUpdate(&newObj.Spec, &oldObj.Spec, specPath)...)
	allErrs = append(allErrs, ValidateWorkerPoolStatus(&newObj.Status, &oldObj.Status, field.NewPath("status"))...)
	return allErrs
}

// ValidateWorkerPoolStatusUpdate validates an update of the status subresource: the metadata update
// rules and the new status, ratcheting against the old one.
func ValidateWorkerPoolStatusUpdate(newObj, oldObj *workloads.WorkerPool) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newObj.ObjectMeta, &oldObj.ObjectMeta, field.NewPath("metadata"))
	allErrs = append(allErrs, ValidateWorkerPoolStatus(&newObj.Status, &oldObj.Status, field.NewPath("status"))...)
	return allErrs
}

// validateNameFormat applies nameFn to the name and the generateName, as ValidateObjectMeta does on
// create. On update ValidateObjectMetaUpdate keeps the name from changing but not generateName;
// like every other check, each ratchets: it is skipped when equal to the old value (oldMeta nil
// on create).
func validateNameFormat(meta, oldMeta *metav1.ObjectMeta, nameFn apivalidation.ValidateNameFunc, fldPath *field.Path) field.ErrorList {
	var allErrs field.ErrorList
	if len(meta.GenerateName) != 0 && (oldMeta == nil || oldMeta.GenerateName != meta.GenerateName) {
		for _, msg := range nameFn(meta.GenerateName, true) {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("generateName"), meta.GenerateName, msg))
		}
	}
	if len(meta.Name) != 0 && (oldMeta == nil || oldMeta.Name != meta.Name) {
		for _, msg := range nameFn(meta.Name, false) {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("name"), meta.Name, msg))
		}
	}
	return allErrs
}

// ValidateWorkerPoolSpec validates the rules of a WorkerPoolSpec that hold on every write. oldSpec
// is the old object's spec on update and nil on create; the checks ratchet against it.
func ValidateWorkerPoolSpec(spec, oldSpec *workloads.WorkerPoolSpec, fldPath *field.Path) field.ErrorList {
	if oldSpec != nil && workerPoolSpecsEqual(spec, oldSpec) {
		return nil
	}
	// From here on, a non-nil oldSpec is a spec that changed: each field is checked unless it
	// equals its old value.
	var (
		oldSelector    *metav1.LabelSelector
		oldTemplate    *workloads.WorkerTemplate
		oldStrategy    *workloads.UpdateStrategy
		oldTolerations []workloads.Toleration
	)
	if oldSpec != nil {
		oldSelector, oldTemplate, oldStrategy, oldTolerations = oldSpec.Selector, &oldSpec.Template, &oldSpec.Strategy, oldSpec.Tolerations
	}
	var allErrs field.ErrorList

	// replicas: +optional (pointer), +minimum=0, +maximum=1000.
	if r := spec.Replicas; r != nil && (oldSpec == nil || !ptrEqual(r, oldSpec.Replicas)) {
		if *r < 0 {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("replicas"), *r, msgNonNegative))
		} else if *r > maxReplicas {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("replicas"), *r, msgReplicasMax))
		}
	}

	// selector: +required (pointer). A missing selector has no old value, so Required is reported
	// whenever the spec is checked. +immutable is checked by ValidateWorkerPoolSpecUpdate.
	if spec.Selector == nil {
		allErrs = append(allErrs, field.Required(fldPath.Child("selector"), ""))
	} else {
		allErrs = append(allErrs, validateLabelSelector(spec.Selector, oldSelector, fldPath.Child("selector"))...)
	}

	// template: +required, a non-pointer struct, so always present.
	allErrs = append(allErrs, ValidateWorkerTemplate(&spec.Template, oldTemplate, fldPath.Child("template"))...)

	// strategy: +optional, a non-pointer struct, so always validated.
	allErrs = append(allErrs, ValidateUpdateStrategy(&spec.Strategy, oldStrategy, fldPath.Child("strategy"))...)

	// minReadySeconds: +optional, +minimum=0 (0 is unset).
	if spec.MinReadySeconds < 0 && (oldSpec == nil || spec.MinReadySeconds != oldSpec.MinReadySeconds) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("minReadySeconds"), spec.MinReadySeconds, msgNonNegative))
	}

	// progressDeadlineSeconds: +optional (pointer), +minimum=1, +maximum=86400 exclusive. The
	// transition rule is checked by ValidateWorkerPoolSpecUpdate.
	if pds := spec.ProgressDeadlineSeconds; pds != nil && (oldSpec == nil || !ptrEqual(pds, oldSpec.ProgressDeadlineSeconds)) {
		if *pds < minProgressDeadlineSeconds {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("progressDeadlineSeconds"), *pds, msgProgressDeadlineMin))
		} else if *pds >= maxProgressDeadlineSeconds {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("progressDeadlineSeconds"), *pds, msgProgressDeadlineMax))
		}
	}

	// The type's rule: !has(self.minReadySeconds) || !has(self.progressDeadlineSeconds) ||
	// self.minReadySeconds < self.progressDeadlineSeconds, reported at minReadySeconds. It belongs
	// to the spec, which changed, so it is checked even if both fields are unchanged.
	if spec.MinReadySeconds != 0 && spec.ProgressDeadlineSeconds != nil && spec.MinReadySeconds >= *spec.ProgressDeadlineSeconds {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("minReadySeconds"), spec.MinReadySeconds, msgMinReadySeconds))
	}

	// priority: +optional (0 is unset), +minimum=-1000 exclusive, +multipleOf=10.
	if p := spec.Priority; p != 0 && (oldSpec == nil || p != oldSpec.Priority) {
		if p <= minPriority {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("priority"), p, msgPriorityMin))
		}
		if p%priorityMultipleOf != 0 {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("priority"), p, msgPriorityMultipleOf))
		}
	}

	// capacityWeight: +optional (pointer), +minimum=0, +maximum=1. A NaN never equals its old
	// value (nor anything: it passes both bounds).
	if w := spec.CapacityWeight; w != nil && (oldSpec == nil || !ptrEqual(w, oldSpec.CapacityWeight)) {
		if *w < 0 {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("capacityWeight"), *w, msgCapacityWeightMin))
		} else if *w > 1 {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("capacityWeight"), *w, msgCapacityWeightMax))
		}
	}

	// tolerations: +optional, +maxItems=32, +listType=map keyed by (key, effect). An unchanged
	// list skips all its checks; in a changed one, each item is checked against the old item with
	// its key.
	if len(spec.Tolerations) != 0 && (oldSpec == nil || !itemsEqual(spec.Tolerations, oldTolerations, tolerationsEqual)) {
		tolPath := fldPath.Child("tolerations")
		if len(spec.Tolerations) > maxTolerations {
			allErrs = append(allErrs, field.TooMany(tolPath, len(spec.Tolerations), maxTolerations))
		}
		old := newOldKeys(oldTolerations, tolerationKey)
		for i := range spec.Tolerations {
			tol := &spec.Tolerations[i]
			allErrs = append(allErrs, ValidateToleration(tol, old.correlated(tolerationKey(tol)), tolPath.Index(i))...)
		}
		allErrs = appendDuplicates(allErrs, spec.Tolerations, tolerationKey, &old, tolPath)
	}

	// providerAnnotations: +optional, +maxProperties=16, ratcheting with the whole map (the values
	// carry no rule). +minProperties=1 can never fail: an empty map is unset, and a set map has at
	// least one entry.
	if len(spec.ProviderAnnotations) > maxProviderAnnotations && (oldSpec == nil || !maps.Equal(spec.ProviderAnnotations, oldSpec.ProviderAnnotations)) {
		allErrs = append(allErrs, field.TooMany(fldPath.Child("providerAnnotations"), len(spec.ProviderAnnotations), maxProviderAnnotations))
	}

	// ownerTeam: +optional, TeamName: +maxLength=20 and, from Identifier, +format=dns1123label.
	if team := string(spec.OwnerTeam); team != "" && (oldSpec == nil || spec.OwnerTeam != oldSpec.OwnerTeam) {
		if tooLong(team, maxTeamNameLength) {
			allErrs = append(allErrs, field.TooLongCharacters(fldPath.Child("ownerTeam"), team, maxTeamNameLength))
		}
		if msgs := content.IsDNS1123Label(team); len(msgs) != 0 {
			allErrs = append(allErrs, formatError(fldPath.Child("ownerTeam"), team, msgs))
		}
	}

	return allErrs
}

// ValidateWorkerPoolSpecUpdate validates the transition rules of a WorkerPoolSpec: the rules that
// compare the new spec with the old one. Like CEL transition rules, each runs only where the field
// is set in both, and they do not ratchet (an unchanged value passes them anyway); the rules that
// hold on every write are ValidateWorkerPoolSpec's.
func ValidateWorkerPoolSpecUpdate(newSpec, oldSpec *workloads.WorkerPoolSpec, fldPath *field.Path) field.ErrorList {
	var allErrs field.ErrorList

	// selector: +immutable (self == oldSelf, "field is immutable").
	if newSpec.Selector != nil && oldSpec.Selector != nil && !labelSelectorsEqual(newSpec.Selector, oldSpec.Selector) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("selector"), newSpec.Selector, apivalidation.FieldImmutableErrorMsg))
	}

	// progressDeadlineSeconds: !oldSelf.hasValue() || self >= oldSelf.value(). Setting it where it
	// was unset, and unsetting it, are both allowed.
	if n, o := newSpec.ProgressDeadlineSeconds, oldSpec.ProgressDeadlineSeconds; n != nil && o != nil && *n < *o {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("progressDeadlineSeconds"), *n, msgProgressDeadlineDecrease))
	}

	return allErrs
}

// validateLabelSelector validates what metav1.LabelSelector's Go declaration requires: the key and
// operator of each match expression (both without omitempty, hence required). Kubernetes'
// ValidateLabelSelector checks more (label syntax, operator values); types.go does not declare it.
// oldSel is the old selector, nil if none. matchLabels carries no rule, so the selector's checks
// are those of matchExpressions, a +listType=atomic list: they are skipped when it equals the old
// list, which is also the case when the whole selector is unchanged.
func validateLabelSelector(sel, oldSel *metav1.LabelSelector, fldPath *field.Path) field.ErrorList {
	if oldSel != nil && labelSelectorRequirementsEqual(sel.MatchExpressions, oldSel.MatchExpressions) {
		return nil
	}
	var allErrs field.ErrorList
	for i := range sel.MatchExpressions {
		req := &sel.MatchExpressions[i]
		if req.Key == "" {
			allErrs = append(allErrs, field.Required(fldPath.Child("matchExpressions").Index(i).Child("key"), ""))
		}
		if req.Operator == "" {
			allErrs = append(allErrs, field.Required(fldPath.Child("matchExpressions").Index(i).Child("operator"), ""))
		}
	}
	return allErrs
}

// ValidateUpdateStrategy validates an UpdateStrategy, including the union rules of the strategy
// field: rollingUpdate is forbidden for Recreate and required for RollingUpdate. oldStrategy is the
// old strategy on update, nil on create. The union rules are declared on the strategy, so they
// ratchet with the whole strategy, not with the type or rollingUpdate field they look at.
func ValidateUpdateStrategy(strategy, oldStrategy *workloads.UpdateStrategy, fldPath *field.Path) field.ErrorList {
	if oldStrategy != nil && updateStrategiesEqual(strategy, oldStrategy) {
		return nil
	}
	var allErrs field.ErrorList

	// type: +required, +enum.
	switch strategy.Type {
	case "":
		allErrs = append(allErrs, field.Required(fldPath.Child("type"), ""))
	case workloads.RecreateStrategy, workloads.RollingUpdateStrategy:
	default:
		if oldStrategy == nil || strategy.Type != oldStrategy.Type {
			allErrs = append(allErrs, field.NotSupported(fldPath.Child("type"), strategy.Type, supportedStrategyTypes))
		}
	}

	// !(self.type == 'Recreate') || !has(self.rollingUpdate), reason=Forbidden.
	if strategy.Type == workloads.RecreateStrategy && strategy.RollingUpdate != nil {
		allErrs = append(allErrs, field.Forbidden(fldPath.Child("rollingUpdate"), msgRollingUpdateForbidden))
	}
	// !(self.type == 'RollingUpdate') || has(self.rollingUpdate), reason=Required.
	if strategy.Type == workloads.RollingUpdateStrategy && strategy.RollingUpdate == nil {
		allErrs = append(allErrs, field.Required(fldPath.Child("rollingUpdate"), msgRollingUpdateRequired))
	}

	// rollingUpdate: maxUnavailable and maxSurge carry no tags.
	return allErrs
}

// ValidateWorkerTemplate validates a WorkerTemplate. Its metadata is not validated: types.go
// declares no rule for it (Kubernetes would validate the labels and annotations of a pod template).
// oldTemplate is the old template on update, nil on create. The template is +structType=atomic,
// which changes how it is applied, not how its fields correlate: by name, as in any struct.
func ValidateWorkerTemplate(template, oldTemplate *workloads.WorkerTemplate, fldPath *field.Path) field.ErrorList {
	if oldTemplate != nil && workerTemplatesEqual(template, oldTemplate) {
		return nil
	}
	var oldContainers []workloads.Container
	var oldHostnames []string
	if oldTemplate != nil {
		oldContainers, oldHostnames = oldTemplate.Containers, oldTemplate.Hostnames
	}
	var allErrs field.ErrorList

	// containers: +required, +minItems=1, +maxItems=8, +listType=map keyed by name. An empty list
	// is missing (Required), as Kubernetes reports "at least one container"; +minItems=1 then
	// cannot fail on its own. (A larger minimum would be field.TooFew.)
	if len(template.Containers) == 0 {
		allErrs = append(allErrs, field.Required(fldPath.Child("containers"), ""))
	} else if oldTemplate == nil || !itemsEqual(template.Containers, oldContainers, containersEqual) {
		ctrsPath := fldPath.Child("containers")
		if len(template.Containers) > maxContainers {
			allErrs = append(allErrs, field.TooMany(ctrsPath, len(template.Containers), maxContainers))
		}
		old := newOldKeys(oldContainers, containerKey)
		for i := range template.Containers {
			ctr := &template.Containers[i]
			allErrs = append(allErrs, ValidateContainer(ctr, old.correlated(containerKey(ctr)), ctrsPath.Index(i))...)
		}
		allErrs = appendDuplicates(allErrs, template.Containers, containerKey, &old, ctrsPath)
	}

	// restartPolicy: +optional ("" is unset), +enum.
	switch template.RestartPolicy {
	case "", workloads.RestartPolicyAlways, workloads.RestartPolicyOnFailure, workloads.RestartPolicyNever:
	default:
		if oldTemplate == nil || template.RestartPolicy != oldTemplate.RestartPolicy {
			allErrs = append(allErrs, field.NotSupported(fldPath.Child("restartPolicy"), template.RestartPolicy, supportedRestartPolicies))
		}
	}

	// serviceAccountName: +optional, +format=k8s-long-name.
	if san := template.ServiceAccountName; san != "" && (oldTemplate == nil || san != oldTemplate.ServiceAccountName) {
		if msgs := content.IsDNS1123Subdomain(san); len(msgs) != 0 {
			allErrs = append(allErrs, formatError(fldPath.Child("serviceAccountName"), san, msgs))
		}
	}

	// hostnames: +optional, +k8s:maxItems=4, +listType=set. The items carry no rule of their own.
	if len(template.Hostnames) != 0 && (oldTemplate == nil || !slices.Equal(template.Hostnames, oldHostnames)) {
		hostsPath := fldPath.Child("hostnames")
		if len(template.Hostnames) > maxHostnames {
			allErrs = append(allErrs, field.TooMany(hostsPath, len(template.Hostnames), maxHostnames))
		}
		old := newOldKeys(oldHostnames, stringKey)
		allErrs = appendDuplicates(allErrs, template.Hostnames, stringKey, &old, hostsPath)
	}

	// instanceID: +optional, +format=k8s-uuid.
	if id := template.InstanceID; id != "" && (oldTemplate == nil || id != oldTemplate.InstanceID) && !isLowerUUID(id) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("instanceID"), id, msgUUID))
	}

	return allErrs
}

// ValidateContainer validates one container of a worker. oldCtr is the old container with the same
// name on update, nil on create or when there is none.
func ValidateContainer(ctr, oldCtr *workloads.Container, fldPath *field.Path) field.ErrorList {
	if oldCtr != nil && containersEqual(ctr, oldCtr) {
		return nil
	}
	var oldPorts []workloads.ContainerPort
	if oldCtr != nil {
		oldPorts = oldCtr.Ports
	}
	var allErrs field.ErrorList

	// name: +required, +format=dns1123label.
	if ctr.Name == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("name"), ""))
	} else if oldCtr == nil || ctr.Name != oldCtr.Name {
		if msgs := content.IsDNS1123Label(ctr.Name); len(msgs) != 0 {
			allErrs = append(allErrs, formatError(fldPath.Child("name"), ctr.Name, msgs))
		}
	}

	// image: +required, +minLength=1 (implied by required), +maxLength=512, +pattern=`^[^\s]+$`,
	// and the rule !self.endsWith(":latest") with its messageExpression.
	if ctr.Image == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("image"), ""))
	} else if oldCtr == nil || ctr.Image != oldCtr.Image {
		if tooLong(ctr.Image, maxImageLength) {
			allErrs = append(allErrs, field.TooLongCharacters(fldPath.Child("image"), ctr.Image, maxImageLength))
		}
		// RE2's \s is [\t\n\f\r ]: the pattern matches exactly the non-empty strings without
		// those bytes.
		if strings.ContainsAny(ctr.Image, "\t\n\f\r ") {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("image"), ctr.Image, msgImageWhitespace))
		}
		if strings.HasSuffix(ctr.Image, ":latest") {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("image"), ctr.Image, "image "+ctr.Image+" must name a version, not :latest"))
		}
	}

	// ports: +optional, +listType=map keyed by (containerPort, protocol).
	if len(ctr.Ports) != 0 && (oldCtr == nil || !slices.Equal(ctr.Ports, oldPorts)) {
		portsPath := fldPath.Child("ports")
		old := newOldKeys(oldPorts, portKey)
		for i := range ctr.Ports {
			port := &ctr.Ports[i]
			allErrs = append(allErrs, ValidateContainerPort(port, old.correlated(portKey(port)), portsPath.Index(i))...)
		}
		allErrs = appendDuplicates(allErrs, ctr.Ports, portKey, &old, portsPath)
	}

	// env: +optional, +listType=atomic, +maxItems=64. An atomic list ratchets only as a whole: if
	// it changed, every item is checked, with no old value.
	if len(ctr.Env) != 0 && (oldCtr == nil || !slices.Equal(ctr.Env, oldCtr.Env)) {
		envPath := fldPath.Child("env")
		if len(ctr.Env) > maxEnv {
			allErrs = append(allErrs, field.TooMany(envPath, len(ctr.Env), maxEnv))
		}
		for i := range ctr.Env {
			allErrs = append(allErrs, ValidateEnvVar(&ctr.Env[i], envPath.Index(i))...)
		}
	}

	// args: +optional, +listType=atomic, +maxItems=64, and the rule
	// self.all(a, a.size() <= 1024): one error for the list, at the list.
	if len(ctr.Args) != 0 && (oldCtr == nil || !slices.Equal(ctr.Args, oldCtr.Args)) {
		if len(ctr.Args) > maxArgs {
			allErrs = append(allErrs, field.TooMany(fldPath.Child("args"), len(ctr.Args), maxArgs))
		}
		for _, arg := range ctr.Args {
			if tooLong(arg, maxArgLength) {
				allErrs = append(allErrs, field.Invalid(fldPath.Child("args"), ctr.Args, msgArgLength))
				break
			}
		}
	}

	return allErrs
}

// ValidateContainerPort validates one port of a container. oldPort is the old port with the same
// (containerPort, protocol) on update, nil on create or when there is none.
func ValidateContainerPort(port, oldPort *workloads.ContainerPort, fldPath *field.Path) field.ErrorList {
	if oldPort != nil && *port == *oldPort {
		return nil
	}
	var allErrs field.ErrorList

	// name: +optional, +format=k8s-short-name, +maxLength=15.
	if port.Name != "" && (oldPort == nil || port.Name != oldPort.Name) {
		if tooLong(port.Name, maxPortNameLength) {
			allErrs = append(allErrs, field.TooLongCharacters(fldPath.Child("name"), port.Name, maxPortNameLength))
		}
		if msgs := content.IsDNS1123Label(port.Name); len(msgs) != 0 {
			allErrs = append(allErrs, formatError(fldPath.Child("name"), port.Name, msgs))
		}
	}

	// containerPort: +required (0 is missing), +minimum=1, +maximum=65535.
	switch {
	case port.ContainerPort == 0:
		allErrs = append(allErrs, field.Required(fldPath.Child("containerPort"), ""))
	case oldPort != nil && port.ContainerPort == oldPort.ContainerPort:
	case port.ContainerPort < minPort:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("containerPort"), port.ContainerPort, msgPortMin))
	case port.ContainerPort > maxPort:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("containerPort"), port.ContainerPort, msgPortMax))
	}

	// hostPort: +optional (0 is unset), +minimum=1, +maximum=65535.
	switch {
	case port.HostPort == 0:
	case oldPort != nil && port.HostPort == oldPort.HostPort:
	case port.HostPort < minPort:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("hostPort"), port.HostPort, msgPortMin))
	case port.HostPort > maxPort:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("hostPort"), port.HostPort, msgPortMax))
	}

	// protocol: +required, +enum.
	switch port.Protocol {
	case "":
		allErrs = append(allErrs, field.Required(fldPath.Child("protocol"), ""))
	case workloads.ProtocolTCP, workloads.ProtocolUDP, workloads.ProtocolSCTP:
	default:
		if oldPort == nil || port.Protocol != oldPort.Protocol {
			allErrs = append(allErrs, field.NotSupported(fldPath.Child("protocol"), port.Protocol, supportedProtocols))
		}
	}

	// The type's rule: !has(self.hostPort) || self.hostPort == self.containerPort, at hostPort. It
	// belongs to the port, which changed, so it is checked even if hostPort is unchanged.
	if port.HostPort != 0 && port.HostPort != port.ContainerPort {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("hostPort"), port.HostPort, msgHostPort))
	}

	return allErrs
}

// ValidateEnvVar validates one environment variable. Env is a +listType=atomic list, whose items
// never have an old value of their own, so there is nothing to ratchet against.
func ValidateEnvVar(env *workloads.EnvVar, fldPath *field.Path) field.ErrorList {
	var allErrs field.ErrorList

	// name: +required, +format=k8s-label-key, +maxLength=317. value: no rules.
	if env.Name == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("name"), ""))
	} else {
		if tooLong(env.Name, maxEnvVarNameLength) {
			allErrs = append(allErrs, field.TooLongCharacters(fldPath.Child("name"), env.Name, maxEnvVarNameLength))
		}
		if msgs := content.IsLabelKey(env.Name); len(msgs) != 0 {
			allErrs = append(allErrs, formatError(fldPath.Child("name"), env.Name, msgs))
		}
	}

	return allErrs
}

// ValidateToleration validates one toleration of a pool. oldTol is the old toleration with the same
// (key, effect) on update, nil on create or when there is none.
func ValidateToleration(tol, oldTol *workloads.Toleration, fldPath *field.Path) field.ErrorList {
	if oldTol != nil && tolerationsEqual(tol, oldTol) {
		return nil
	}
	var allErrs field.ErrorList

	// key: +required.
	if tol.Key == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("key"), ""))
	}

	// effect: +required, +enum. tolerationSeconds: no rules.
	switch tol.Effect {
	case "":
		allErrs = append(allErrs, field.Required(fldPath.Child("effect"), ""))
	case workloads.TaintEffectNoSchedule, workloads.TaintEffectNoExecute:
	default:
		if oldTol == nil || tol.Effect != oldTol.Effect {
			allErrs = append(allErrs, field.NotSupported(fldPath.Child("effect"), tol.Effect, supportedTaintEffects))
		}
	}

	return allErrs
}

// ValidateWorkerPoolStatus validates the status of a WorkerPool. oldStatus is the old status on
// update, nil on create.
func ValidateWorkerPoolStatus(status, oldStatus *workloads.WorkerPoolStatus, fldPath *field.Path) field.ErrorList {
	if oldStatus != nil && workerPoolStatusesEqual(status, oldStatus) {
		return nil
	}
	var oldConditions []metav1.Condition
	if oldStatus != nil {
		oldConditions = oldStatus.Conditions
	}
	var allErrs field.ErrorList

	// observedGeneration, readyReplicas: +optional (0 is unset), +minimum=0.
	if status.ObservedGeneration < 0 && (oldStatus == nil || status.ObservedGeneration != oldStatus.ObservedGeneration) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("observedGeneration"), status.ObservedGeneration, msgNonNegative))
	}
	if status.ReadyReplicas < 0 && (oldStatus == nil || status.ReadyReplicas != oldStatus.ReadyReplicas) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("readyReplicas"), status.ReadyReplicas, msgNonNegative))
	}

	// conditions: +optional, +listType=map keyed by type.
	if len(status.Conditions) != 0 && (oldStatus == nil || !itemsEqual(status.Conditions, oldConditions, conditionsEqual)) {
		condPath := fldPath.Child("conditions")
		old := newOldKeys(oldConditions, conditionKey)
		for i := range status.Conditions {
			cond := &status.Conditions[i]
			allErrs = append(allErrs, validateCondition(cond, old.correlated(conditionKey(cond)), condPath.Index(i))...)
		}
		allErrs = appendDuplicates(allErrs, status.Conditions, conditionKey, &old, condPath)
	}

	return allErrs
}

// validateCondition validates what metav1.Condition's Go declaration requires: type, status,
// lastTransitionTime, reason and message are +required, so each is missing at its zero value.
// Its kubebuilder markers (patterns, lengths, the status enum) are not validation-gen tags.
// Kubernetes' metav1validation.ValidateCondition checks those, and lets message be empty. oldCond
// is the old condition of the same type, nil if none; as the fields carry only +required, a
// changed condition is checked in full.
func validateCondition(cond, oldCond *metav1.Condition, fldPath *field.Path) field.ErrorList {
	if oldCond != nil && conditionsEqual(cond, oldCond) {
		return nil
	}
	var allErrs field.ErrorList
	if cond.Type == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("type"), ""))
	}
	if cond.Status == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("status"), ""))
	}
	if cond.LastTransitionTime.IsZero() {
		allErrs = append(allErrs, field.Required(fldPath.Child("lastTransitionTime"), ""))
	}
	if cond.Reason == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("reason"), ""))
	}
	if cond.Message == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("message"), ""))
	}
	return allErrs
}

// +maxLength and of CEL's size(). Byte length bounds the count, so most values need no decoding.
func tooLong(s string, max int) bool {
	return len(s) > max && utf8.RuneCountInString(s) > max
}

// formatError is the one Invalid error of a value that fails a +format; msgs are the reasons
// apimachinery's check gave.
func formatError(fldPath *field.Path, value string, msgs []string) *field.Error {
	if len(msgs) == 1 {
		return field.Invalid(fldPath, value, msgs[0])
	}
	return field.Invalid(fldPath, value, strings.Join(msgs, "; "))
}

// isLowerUUID reports whether s has the k8s-uuid format: a lower-case UUID in 8-4-4-4-12 form,
// ^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$.
func isLowerUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
				return false
			}
		}
	}
	return true
}

// Keys of the +listType=map lists and +listType=set items, for duplicateIndices.
type tolerationKeyT struct {
	key    string
	effect workloads.TaintEffect
}

type portKeyT struct {
	port     int32
	protocol workloads.Protocol
}

func tolerationKey(t *workloads.Toleration) tolerationKeyT {
	return tolerationKeyT{t.Key, t.Effect}
}
func containerKey(c *workloads.Container) string  { return c.Name }
func portKey(p *workloads.ContainerPort) portKeyT { return portKeyT{p.ContainerPort, p.Protocol} }
func conditionKey(c *metav1.Condition) string     { return c.Type }
func stringKey(s *string) string                  { return *s }

func classQuotaKey(c *workloads.ClassQuota) string { return c.Class }
func zoneKey(z *workloads.Zone) workloads.Zone     { return *z }

// quadraticDuplicateLimit is the list length up to which duplicateIndices compares items pairwise
// rather than allocating a map.
const quadraticDuplicateLimit = 16

// duplicateIndices returns, in increasing order, the index of every item whose key equals that of
// an earlier item. It returns nil, without allocating, when the keys are unique.
func duplicateIndices[T any, K comparable](items []T, key func(*T) K) []int {
	var dups []int
	if len(items) <= quadraticDuplicateLimit {
		for j := 1; j < len(items); j++ {
			kj := key(&items[j])
			for i := 0; i < j; i++ {
				if key(&items[i]) == kj {
					dups = append(dups, j)
					break
				}
			}
		}
		return dups
	}
	seen := make(map[K]struct{}, len(items))
	for j := range items {
		k := key(&items[j])
		if _, dup := seen[k]; dup {
			dups = append(dups, j)
			continue
		}
		seen[k] = struct{}{}
	}
	return dups
}

// keyPos is where a key is in the old list of a +listType=map or +listType=set list: the position
// of the first item with the key (-1 if none) and whether more items have it.
type keyPos struct {
	first    int
	repeated bool
}

// oldKeys finds keys in the old list of a +listType=map or +listType=set list: to correlate the
// new items of a map list with the old ones, and to find the duplicates the old list already had.
// The old list is nil on create; then no key is found and nothing is allocated.
type oldKeys[T any, K comparable] struct {
	items []T
	key   func(*T) K
	index map[K]keyPos // for lists longer than quadraticDuplicateLimit
}

func newOldKeys[T any, K comparable](items []T, key func(*T) K) oldKeys[T, K] {
	o := oldKeys[T, K]{items: items, key: key}
	if len(items) > quadraticDuplicateLimit {
		o.index = make(map[K]keyPos, len(items))
		for i := range items {
			k := key(&items[i])
			if pos, seen := o.index[k]; seen {
				pos.repeated = true
				o.index[k] = pos
			} else {
				o.index[k] = keyPos{first: i}
			}
		}
	}
	return o
}

// lookup returns where key k is in the old list.
func (o *oldKeys[T, K]) lookup(k K) keyPos {
	if o.index != nil {
		if pos, ok := o.index[k]; ok {
			return pos
		}
		return keyPos{first: -1}
	}
	pos := keyPos{first: -1}
	for i := range o.items {
		if o.key(&o.items[i]) == k {
			if pos.first >= 0 {
				pos.repeated = true
				break
			}
			pos.first = i
		}
	}
	return pos
}

// correlated returns the old item that a new item of a +listType=map list with key k correlates
// with: the first old item with that key, as the API server's ratcheting finds it (a key that
// the old list repeats is itself a Duplicate error of the old object), or nil if none has it.
func (o *oldKeys[T, K]) correlated(k K) *T {
	if pos := o.lookup(k); pos.first >= 0 {
		return &o.items[pos.first]
	}
	return nil
}

// appendDuplicates appends to allErrs a field.Duplicate, with the item as the value, at each item
// of a +listType=map or +listType=set list whose key an earlier item has, unless the old list
// already had that key more than once: a duplicate is not reported again.
func appendDuplicates[T any, K comparable](allErrs field.ErrorList, items []T, key func(*T) K, old *oldKeys[T, K], fldPath *field.Path) field.ErrorList {
	for _, i := range duplicateIndices(items, key) {
		if !old.lookup(key(&items[i])).repeated {
			allErrs = append(allErrs, field.Duplicate(fldPath.Index(i), items[i]))
		}
	}
	return allErrs
}
