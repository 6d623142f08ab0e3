// WorkerQuota: its create and update validation, spec, class quotas, exemptions and status.

package validation

import (
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/api/validate/content"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
)

// ValidateWorkerQuota validates a WorkerQuota on create: its metadata (namespaced, name a DNS-1123
// subdomain), spec and status.
func ValidateWorkerQuota(obj *workloads.WorkerQuota) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMeta(&obj.ObjectMeta, true, ValidateWorkerQuotaName, field.NewPath("metadata"))
	allErrs = append(allErrs, ValidateWorkerQuotaSpec(&obj.Spec, nil, field.NewPath("spec"))...)
	allErrs = append(allErrs, ValidateWorkerQuotaStatus(&obj.Status, nil, field.NewPath("status"))...)
	return allErrs
}

// ValidateWorkerQuotaUpdate validates an update of a WorkerQuota: the metadata update rules, the
// +nameFormat rule, and the spec and status ratcheting against the old ones. WorkerQuota has no
// transition rules. An object equal to the old one gets only the metadata update rules.
func ValidateWorkerQuotaUpdate(newObj, oldObj *workloads.WorkerQuota) field.ErrorList {
	metaPath := field.NewPath("metadata")
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newObj.ObjectMeta, &oldObj.ObjectMeta, metaPath)
	if workerQuotasEqual(newObj, oldObj) {
		return allErrs
	}
	allErrs = append(allErrs, validateNameFormat(&newObj.ObjectMeta, &oldObj.ObjectMeta, ValidateWorkerQuotaName, metaPath)...)
	allErrs = append(allErrs, ValidateWorkerQuotaSpec(&newObj.Spec, &oldObj.Spec, field.NewPath("spec"))...)
	allErrs = append(allErrs, ValidateWorkerQuotaStatus(&newObj.Status, &oldObj.Status, field.NewPath("status"))...)
	return allErrs
}

// ValidateWorkerQuotaSpec validates the spec of a WorkerQuota. oldSpec is the old object's spec on
// update and nil on create; the checks ratchet against it.
func ValidateWorkerQuotaSpec(spec, oldSpec *workloads.WorkerQuotaSpec, fldPath *field.Path) field.ErrorList {
	if oldSpec != nil && workerQuotaSpecsEqual(spec, oldSpec) {
		return nil
	}
	// From here on, a non-nil oldSpec is a spec that changed: each field is checked unless it
	// equals its old value.
	var (
		oldClasses []workloads.ClassQuota
		oldZones   []workloads.Zone
		oldWeights map[string]workloads.ZoneWeight
	)
	if oldSpec != nil {
		oldClasses, oldZones, oldWeights = oldSpec.Classes, oldSpec.Zones, oldSpec.ZoneWeights
	}
	var allErrs field.ErrorList

	// maxPools: +required (0 is missing), +minimum=1, +maximum=100. A missing value has no old
	// value, so Required is reported whenever the spec is checked.
	switch {
	case spec.MaxPools == 0:
		allErrs = append(allErrs, field.Required(fldPath.Child("maxPools"), ""))
	case oldSpec != nil && spec.MaxPools == oldSpec.MaxPools:
	case spec.MaxPools < minQuotaPools:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("maxPools"), spec.MaxPools, msgQuotaPoolsMin))
	case spec.MaxPools > maxQuotaPools:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("maxPools"), spec.MaxPools, msgQuotaPoolsMax))
	}

	// maxWorkers: +optional (pointer), +minimum=0, +maximum=100000.
	if w := spec.MaxWorkers; w != nil && (oldSpec == nil || !ptrEqual(w, oldSpec.MaxWorkers)) {
		if *w < 0 {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("maxWorkers"), *w, msgNonNegative))
		} else if *w > maxQuotaWorkers {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("maxWorkers"), *w, msgQuotaWorkersMax))
		}
	}

	// tier: +required, +enum.
	switch spec.Tier {
	case "":
		allErrs = append(allErrs, field.Required(fldPath.Child("tier"), ""))
	case workloads.QuotaTierBronze, workloads.QuotaTierSilver, workloads.QuotaTierGold:
	default:
		if oldSpec == nil || spec.Tier != oldSpec.Tier {
			allErrs = append(allErrs, field.NotSupported(fldPath.Child("tier"), spec.Tier, supportedQuotaTiers))
		}
	}

	// description: +optional, +maxLength=256.
	if tooLong(spec.Description, maxQuotaDescriptionLength) && (oldSpec == nil || spec.Description != oldSpec.Description) {
		allErrs = append(allErrs, field.TooLongCharacters(fldPath.Child("description"), spec.Description, maxQuotaDescriptionLength))
	}

	// defaultClass: +optional, +maxLength=63, +format=k8s-short-name.
	if dc := spec.DefaultClass; dc != "" && (oldSpec == nil || dc != oldSpec.DefaultClass) {
		if tooLong(dc, maxDefaultClassLength) {
			allErrs = append(allErrs, field.TooLongCharacters(fldPath.Child("defaultClass"), dc, maxDefaultClassLength))
		}
		if msgs := content.IsDNS1123Label(dc); len(msgs) != 0 {
			allErrs = append(allErrs, formatError(fldPath.Child("defaultClass"), dc, msgs))
		}
	}

	// classes: +optional, +listType=map keyed by class. An unchanged list skips all its checks; in
	// a changed one, each item is checked against the old item with its key.
	if len(spec.Classes) != 0 && (oldSpec == nil || !slices.Equal(spec.Classes, oldClasses)) {
		classesPath := fldPath.Child("classes")
		old := newOldKeys(oldClasses, classQuotaKey)
		for i := range spec.Classes {
			cq := &spec.Classes[i]
			allErrs = append(allErrs, ValidateClassQuota(cq, old.correlated(classQuotaKey(cq)), classesPath.Index(i))...)
		}
		allErrs = appendDuplicates(allErrs, spec.Classes, classQuotaKey, &old, classesPath)
	}

	// zones: +optional, +listType=set; each Zone +maxLength=63, +format=k8s-short-name. Set items
	// have no old value of their own (the API server does not correlate them): a set that changed
	// has every item checked, even one that the old set has.
	if len(spec.Zones) != 0 && (oldSpec == nil || !slices.Equal(spec.Zones, oldZones)) {
		zonesPath := fldPath.Child("zones")
		for i, z := range spec.Zones {
			allErrs = append(allErrs, validateZone(string(z), zonesPath.Index(i))...)
		}
		old := newOldKeys(oldZones, zoneKey)
		allErrs = appendDuplicates(allErrs, spec.Zones, zoneKey, &old, zonesPath)
	}

	// zoneWeights: +optional, +maxProperties=16; each ZoneWeight +minimum=1, +maximum=100 (a map
	// value is present even at its zero value). The map's own check ratchets with the whole map,
	// each value with the old value of its key.
	if len(spec.ZoneWeights) != 0 && (oldSpec == nil || !maps.Equal(spec.ZoneWeights, oldWeights)) {
		weightsPath := fldPath.Child("zoneWeights")
		if len(spec.ZoneWeights) > maxZoneWeights {
			allErrs = append(allErrs, field.TooMany(weightsPath, len(spec.ZoneWeights), maxZoneWeights))
		}
		for zone, w := range spec.ZoneWeights {
			if oldW, ok := oldWeights[zone]; ok && w == oldW {
				continue
			}
			if w < minZoneWeight {
				allErrs = append(allErrs, field.Invalid(weightsPath.Key(zone), w, msgZoneWeightMin))
			} else if w > maxZoneWeight {
				allErrs = append(allErrs, field.Invalid(weightsPath.Key(zone), w, msgZoneWeightMax))
			}
		}
	}

	// exemptions: +optional, +listType=atomic, +maxItems=16. An atomic list ratchets only as a
	// whole: if it changed, every item is checked, with no old value.
	if len(spec.Exemptions) != 0 && (oldSpec == nil || !slices.Equal(spec.Exemptions, oldSpec.Exemptions)) {
		exemptionsPath := fldPath.Child("exemptions")
		if len(spec.Exemptions) > maxExemptions {
			allErrs = append(allErrs, field.TooMany(exemptionsPath, len(spec.Exemptions), maxExemptions))
		}
		for i := range spec.Exemptions {
			allErrs = append(allErrs, ValidateQuotaExemption(&spec.Exemptions[i], exemptionsPath.Index(i))...)
		}
	}

	return allErrs
}

// ValidateClassQuota validates the quota of one WorkerClass. oldCQ is the old quota of the same
// class on update, nil on create or when there is none.
func ValidateClassQuota(cq, oldCQ *workloads.ClassQuota, fldPath *field.Path) field.ErrorList {
	if oldCQ != nil && *cq == *oldCQ {
		return nil
	}
	var allErrs field.ErrorList

	// class: +required, +format=k8s-short-name.
	if cq.Class == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("class"), ""))
	} else if oldCQ == nil || cq.Class != oldCQ.Class {
		if msgs := content.IsDNS1123Label(cq.Class); len(msgs) != 0 {
			allErrs = append(allErrs, formatError(fldPath.Child("class"), cq.Class, msgs))
		}
	}

	// maxWorkers: +required (0 is missing), +minimum=1, +maximum=10000.
	switch {
	case cq.MaxWorkers == 0:
		allErrs = append(allErrs, field.Required(fldPath.Child("maxWorkers"), ""))
	case oldCQ != nil && cq.MaxWorkers == oldCQ.MaxWorkers:
	case cq.MaxWorkers < minClassWorkers:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("maxWorkers"), cq.MaxWorkers, msgClassWorkersMin))
	case cq.MaxWorkers > maxClassWorkers:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("maxWorkers"), cq.MaxWorkers, msgClassWorkersMax))
	}

	// burstWorkers: +optional (0 is unset), +minimum=0, +maximum=1000.
	switch {
	case oldCQ != nil && cq.BurstWorkers == oldCQ.BurstWorkers:
	case cq.BurstWorkers < 0:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("burstWorkers"), cq.BurstWorkers, msgNonNegative))
	case cq.BurstWorkers > maxBurstWorkers:
		allErrs = append(allErrs, field.Invalid(fldPath.Child("burstWorkers"), cq.BurstWorkers, msgBurstWorkersMax))
	}

	return allErrs
}

// validateZone validates one zone name of a quota.
func validateZone(zone string, fldPath *field.Path) field.ErrorList {
	var allErrs field.ErrorList
	if tooLong(zone, maxZoneLength) {
		allErrs = append(allErrs, field.TooLongCharacters(fldPath, zone, maxZoneLength))
	}
	if msgs := content.IsDNS1123Label(zone); len(msgs) != 0 {
		allErrs = append(allErrs, formatError(fldPath, zone, msgs))
	}
	return allErrs
}

// ValidateQuotaExemption validates one exemption of a quota. Exemptions is a +listType=atomic
// list, whose items never have an old value of their own, so there is nothing to ratchet against.
func ValidateQuotaExemption(ex *workloads.QuotaExemption, fldPath *field.Path) field.ErrorList {
	var allErrs field.ErrorList

	// pool: +required, +format=k8s-long-name.
	if ex.Pool == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("pool"), ""))
	} else if msgs := content.IsDNS1123Subdomain(ex.Pool); len(msgs) != 0 {
		allErrs = append(allErrs, formatError(fldPath.Child("pool"), ex.Pool, msgs))
	}

	// reason: +optional, +maxLength=128.
	if tooLong(ex.Reason, maxExemptionReasonLength) {
		allErrs = append(allErrs, field.TooLongCharacters(fldPath.Child("reason"), ex.Reason, maxExemptionReasonLength))
	}

	return allErrs
}

// ValidateWorkerQuotaStatus validates the status of a WorkerQuota: observedGeneration, usedPools
// and usedWorkers are +optional (0 is unset) with +minimum=0. oldStatus is the old status on
// update, nil on create.
func ValidateWorkerQuotaStatus(status, oldStatus *workloads.WorkerQuotaStatus, fldPath *field.Path) field.ErrorList {
	if oldStatus != nil && *status == *oldStatus {
		return nil
	}
	var allErrs field.ErrorList
	if status.ObservedGeneration < 0 && (oldStatus == nil || status.ObservedGeneration != oldStatus.ObservedGeneration) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("observedGeneration"), status.ObservedGeneration, msgNonNegative))
	}
	if status.UsedPools < 0 && (oldStatus == nil || status.UsedPools != oldStatus.UsedPools) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("usedPools"), status.UsedPools, msgNonNegative))
	}
	if status.UsedWorkers < 0 && (oldStatus == nil || status.UsedWorkers != oldStatus.UsedWorkers) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("usedWorkers"), status.UsedWorkers, msgNonNegative))
	}
	return allErrs
}

// tooLong reports whether s has more than max characters (Unicode code points), the unit of
