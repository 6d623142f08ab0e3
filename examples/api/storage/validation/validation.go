// Package validation is the handwritten validation of the storage example API, written as
// Kubernetes writes it (with apimachinery's util/validation/field, api/validation and
// api/validate/content), from what the +k8s: tags of storage/v1's types.go declare. It is the
// reference backend of the equivalence harness: the generated validators and the published schema
// must report what it reports. It does not call the generated code.
//
// The storage group has no internal version: these functions take the v1 types.
//
// It follows upstream validation-gen's semantics for the tags: a field is required only when its
// tag +k8s:required says so; required, forbidden and update checks come first and, when one fails,
// the field's other checks are skipped; on update a value equal to its old value (list-map items
// matched by key, map values by key) is not checked again (ratcheting), whatever its tags.
//
// Errors of +k8s:maxBytes carry the origin "maxBytes", as apimachinery's validate.MaxBytes gives
// them: the equivalence harness compares them with the server's Invalid (normalisation
// max-bytes-invalid).
package validation

import (
	"maps"
	"slices"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/api/validate/content"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	v1 "github.com/validation-gen/validation-gen/examples/api/storage/v1"
)

// anyName accepts every object name: the storage types declare no name format.
func anyName(string, bool) []string { return nil }

// ValidateBucket validates a Bucket on create.
func ValidateBucket(obj *v1.Bucket) field.ErrorList {
	errs := apivalidation.ValidateObjectMeta(&obj.ObjectMeta, true, anyName, field.NewPath("metadata"))
	return append(errs, validateBucketSpec(&obj.Spec, nil, field.NewPath("spec"))...)
}

// ValidateBucketUpdate validates an update of a Bucket.
func ValidateBucketUpdate(newObj, oldObj *v1.Bucket) field.ErrorList {
	errs := apivalidation.ValidateObjectMetaUpdate(&newObj.ObjectMeta, &oldObj.ObjectMeta, field.NewPath("metadata"))
	return append(errs, validateBucketSpec(&newObj.Spec, &oldObj.Spec, field.NewPath("spec"))...)
}

// validateBucketSpec validates spec; old is nil on create.
func validateBucketSpec(spec, old *v1.BucketSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList

	// class: +k8s:required, +k8s:format=k8s-short-name, +k8s:update=NoModify, +k8s:update=NoUnset.
	if old == nil || spec.Class != old.Class {
		classPath := fldPath.Child("class")
		var early field.ErrorList
		if old != nil && old.Class != "" && spec.Class == "" {
			early = append(early, field.Invalid(classPath, nil, "field cannot be cleared once set").WithOrigin("update"))
		}
		if old != nil {
			early = append(early, noModify(classPath, spec.Class != "", old.Class != "", true)...)
		}
		if spec.Class == "" {
			early = append(early, field.Required(classPath, ""))
		}
		errs = append(errs, early...)
		if len(early) == 0 {
			if msgs := content.IsDNS1123Label(spec.Class); len(msgs) > 0 {
				errs = append(errs, invalidEach(classPath, spec.Class, msgs)...)
			}
		}
	}

	// region: +k8s:optional, +k8s:maxBytes=32, +k8s:neq="default".
	if spec.Region != "" && (old == nil || spec.Region != old.Region) {
		errs = append(errs, validateBytesNot(spec.Region, 32, "default", fldPath.Child("region"))...)
	}

	// replicas: +k8s:optional, +k8s:minimum=1, +k8s:maximum=5.
	if spec.Replicas != 0 && (old == nil || spec.Replicas != old.Replicas) {
		errs = append(errs, validateRange(spec.Replicas, 1, 5, fldPath.Child("replicas"))...)
	}

	// owner: +k8s:optional, +k8s:update=NoSet, +k8s:maxLength=63.
	ownerPath := fldPath.Child("owner")
	if old != nil && old.Owner == nil && spec.Owner != nil {
		errs = append(errs, field.Invalid(ownerPath, nil, "field cannot be set once created").WithOrigin("update"))
	} else if spec.Owner != nil && (old == nil || old.Owner == nil || *spec.Owner != *old.Owner) {
		if utf8.RuneCountInString(*spec.Owner) > 63 {
			errs = append(errs, field.TooLongCharacters(ownerPath, *spec.Owner, 63))
		}
	}

	// legacyACL: +k8s:forbidden.
	if spec.LegacyACL != "" && (old == nil || spec.LegacyACL != old.LegacyACL) {
		errs = append(errs, field.Forbidden(fldPath.Child("legacyACL"), ""))
	}

	// retention: +k8s:optional, +k8s:maxProperties=8, and each value
	// (+k8s:eachVal) +k8s:minimum=1, +k8s:maximum=3650 and +k8s:update=NoModify.
	if len(spec.Retention) > 0 {
		p := fldPath.Child("retention")
		var oldRetention map[string]int32
		if old != nil {
			oldRetention = old.Retention
		}
		if len(spec.Retention) > 8 && (old == nil || !mapsEqual(spec.Retention, oldRetention)) {
			errs = append(errs, field.TooMany(p, len(spec.Retention), 8))
		}
		for _, k := range slices.Sorted(maps.Keys(spec.Retention)) {
			if o, ok := oldRetention[k]; ok && o == spec.Retention[k] {
				continue
			}
			// A forbidden transition stops the value's other checks, as +k8s:update short-circuits.
			if o, ok := oldRetention[k]; ok {
				if e := noModify(p.Key(k), spec.Retention[k] != 0, o != 0, true); len(e) > 0 {
					errs = append(errs, e...)
					continue
				}
			}
			errs = append(errs, validateRange(spec.Retention[k], 1, 3650, p.Key(k))...)
		}
	}

	// endpoints: +k8s:optional, +k8s:listType=map, +k8s:listMapKey=name, +k8s:maxItems=4.
	if len(spec.Endpoints) > 0 {
		p := fldPath.Child("endpoints")
		var oldEndpoints []v1.Endpoint
		if old != nil {
			oldEndpoints = old.Endpoints
		}
		if len(spec.Endpoints) > 4 && (old == nil || !endpointsEqual(spec.Endpoints, oldEndpoints)) {
			errs = append(errs, field.TooMany(p, len(spec.Endpoints), 4))
		}
		errs = append(errs, validateEndpointKeys(spec.Endpoints, oldEndpoints, old != nil, p)...)
		publicSeen, backupSeen := false, false
		for i := range spec.Endpoints {
			e := &spec.Endpoints[i]
			var oldE *v1.Endpoint
			for j := range oldEndpoints {
				if oldEndpoints[j].Name == e.Name {
					oldE = &oldEndpoints[j]
					break
				}
			}
			errs = append(errs, validateEndpoint(e, oldE, p.Index(i))...)
			// +k8s:item(name: "public")=+k8s:subfield(host)=+k8s:neq="public.invalid": the first
			// item named public (a later one is a duplicate).
			if e.Name == "public" && !publicSeen && (oldE == nil || e.Host != oldE.Host) && e.Host == "public.invalid" {
				errs = append(errs, field.Invalid(p.Index(i).Child("host"), e.Host, content.NEQError("public.invalid")))
			}
			// +k8s:item(name: "public")=+k8s:subfield(port)=+k8s:update=NoModify.
			if e.Name == "public" && !publicSeen && oldE != nil {
				errs = append(errs, noModify(p.Index(i).Child("port"), e.Port != 0, oldE.Port != 0, e.Port != oldE.Port)...)
			}
			// +k8s:item(name: "backup")=+k8s:update=NoModify: the first item named backup.
			if e.Name == "backup" && !backupSeen && oldE != nil && *e != *oldE {
				errs = append(errs, field.Invalid(p.Index(i), nil, "field cannot be modified once set").WithOrigin("update"))
			}
			publicSeen = publicSeen || e.Name == "public"
			backupSeen = backupSeen || e.Name == "backup"
		}
		// +k8s:item(name: "primary") and +k8s:item(name: "backup") are +k8s:zeroOrOneOfMember:
		// checked only when which of them the list holds changed.
		has := func(l []v1.Endpoint, name string) bool {
			return slices.ContainsFunc(l, func(e v1.Endpoint) bool { return e.Name == name })
		}
		primary, backup := has(spec.Endpoints, "primary"), has(spec.Endpoints, "backup")
		sameMembers := old != nil && has(oldEndpoints, "primary") == primary && has(oldEndpoints, "backup") == backup
		if primary && backup && !sameMembers {
			errs = append(errs, field.Invalid(p, "{primary, backup}",
				"must specify at most one of: `endpoints[{\"name\": \"primary\"}]`, `endpoints[{\"name\": \"backup\"}]`").WithOrigin("zeroOrOneOf"))
		}
	}

	// mirror: +k8s:optional, an Endpoint, with +k8s:subfield(name)=+k8s:update=NoModify,
	// +k8s:subfield(port)=+k8s:optional, +k8s:subfield(port)=+k8s:minimum=1024 and
	// +k8s:subfield(host)=+k8s:neq="mirror.invalid", each subfield ratcheted on its own.
	if m := spec.Mirror; m != nil {
		p := fldPath.Child("mirror")
		var oldM *v1.Endpoint
		if old != nil {
			oldM = old.Mirror
		}
		errs = append(errs, validateEndpoint(m, oldM, p)...)
		if oldM != nil {
			errs = append(errs, noModify(p.Child("name"), m.Name != "", oldM.Name != "", m.Name != oldM.Name)...)
		}
		if m.Port != 0 && (oldM == nil || m.Port != oldM.Port) && m.Port < 1024 {
			errs = append(errs, field.Invalid(p.Child("port"), m.Port, "must be greater than or equal to 1024"))
		}
		if (oldM == nil || m.Host != oldM.Host) && m.Host == "mirror.invalid" {
			errs = append(errs, field.Invalid(p.Child("host"), m.Host, content.NEQError("mirror.invalid")))
		}
	}

	// encryption: +k8s:optional, an Encryption.
	if e := spec.Encryption; e != nil {
		var oldE *v1.Encryption
		if old != nil {
			oldE = old.Encryption
		}
		errs = append(errs, validateEncryption(e, oldE, false, fldPath.Child("encryption"))...)
	}
	// tier is the +k8s:modeDiscriminator of retrievalHours, which is +k8s:ifMode("archive")=
	// +k8s:required and +k8s:maximum=48: set only in an archive bucket. Not checked on an update
	// that changes neither.
	if old == nil || old.Tier != spec.Tier || !ptrEqual(old.RetrievalHours, spec.RetrievalHours) {
		p := fldPath.Child("retrievalHours")
		switch h := spec.RetrievalHours; {
		case spec.Tier != "archive":
			if h != nil {
				errs = append(errs, field.Forbidden(p, ""))
			}
		case h == nil:
			errs = append(errs, field.Required(p, ""))
		case *h > 48:
			errs = append(errs, field.Invalid(p, *h, "must be less than or equal to 48").WithOrigin("maximum"))
		}
	}
	// backupEncryption: +k8s:optional, an Encryption whose kmsKey and secret are also a union
	// (+k8s:subfield(...)=+k8s:unionMember): exactly one is set.
	if e := spec.BackupEncryption; e != nil {
		var oldE *v1.Encryption
		if old != nil {
			oldE = old.BackupEncryption
		}
		errs = append(errs, validateEncryption(e, oldE, true, fldPath.Child("backupEncryption"))...)
	}
	return errs
}

// validateEncryption validates an Encryption, whose kmsKey and secret are +k8s:zeroOrOneOfMember,
// and, when exactlyOne is set, also a union (+k8s:unionMember); both are checked only when which
// of them are set changed.
func validateEncryption(e, oldE *v1.Encryption, exactlyOne bool, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	n := 0
	for _, set := range []bool{e.KMSKey != nil, e.Secret != nil} {
		if set {
			n++
		}
	}
	if oldE != nil && (oldE.KMSKey != nil) == (e.KMSKey != nil) && (oldE.Secret != nil) == (e.Secret != nil) {
		return nil
	}
	if n > 1 {
		errs = append(errs, field.Invalid(p, "{kmsKey, secret}", "must specify at most one of: `kmsKey`, `secret`").WithOrigin("zeroOrOneOf"))
	}
	switch {
	case exactlyOne && n > 1:
		errs = append(errs, field.Invalid(p, "{kmsKey, secret}", "must specify exactly one of: `kmsKey`, `secret`").WithOrigin("union"))
	case exactlyOne && n == 0:
		errs = append(errs, field.Invalid(p, "", "must specify one of: `kmsKey`, `secret`").WithOrigin("union"))
	}
	return errs
}

// validateBytesNot checks +k8s:maxBytes=max and +k8s:neq=not on v, at p.
func validateBytesNot(v string, max int, not string, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(v) > max {
		errs = append(errs, field.TooLong(p, v, max).WithOrigin("maxBytes"))
	}
	if v == not {
		errs = append(errs, field.Invalid(p, v, content.NEQError(not)))
	}
	return errs
}

// validateEndpointKeys reports every item whose name an earlier item already has. On update,
// duplicates the old list already had are not reported again.
func validateEndpointKeys(l, old []v1.Endpoint, update bool, fldPath *field.Path) field.ErrorList {
	oldDup := map[string]bool{}
	if update {
		seen := map[string]bool{}
		for _, e := range old {
			if seen[e.Name] {
				oldDup[e.Name] = true
			}
			seen[e.Name] = true
		}
	}
	var errs field.ErrorList
	seen := map[string]bool{}
	for i, e := range l {
		if seen[e.Name] && !oldDup[e.Name] {
			errs = append(errs, field.Duplicate(fldPath.Index(i), e.Name))
		}
		seen[e.Name] = true
	}
	return errs
}

// validateEndpoint validates one endpoint; old is its old value (for a list item, the old item of
// the same name), or nil.
func validateEndpoint(e, old *v1.Endpoint, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	// name: +k8s:required, +k8s:format=k8s-short-name.
	if old == nil || e.Name != old.Name {
		if e.Name == "" {
			errs = append(errs, field.Required(fldPath.Child("name"), ""))
		} else if msgs := content.IsDNS1123Label(e.Name); len(msgs) > 0 {
			errs = append(errs, invalidEach(fldPath.Child("name"), e.Name, msgs)...)
		}
	}
	// host: +k8s:required, +k8s:maxBytes=253, +k8s:neq="localhost".
	if old == nil || e.Host != old.Host {
		hostPath := fldPath.Child("host")
		if e.Host == "" {
			errs = append(errs, field.Required(hostPath, ""))
		} else {
			errs = append(errs, validateBytesNot(e.Host, 253, "localhost", hostPath)...)
		}
	}
	// port: +k8s:optional, +k8s:minimum=1, +k8s:maximum=65535.
	if e.Port != 0 && (old == nil || e.Port != old.Port) {
		errs = append(errs, validateRange(e.Port, 1, 65535, fldPath.Child("port"))...)
	}
	return errs
}

func validateRange(v, min, max int32, fldPath *field.Path) field.ErrorList {
	if v < min {
		return field.ErrorList{field.Invalid(fldPath, v, content.MinError(min))}
	}
	if v > max {
		return field.ErrorList{field.Invalid(fldPath, v, content.MaxError(max))}
	}
	return nil
}

func mapsEqual(a, b map[string]int32) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if o, ok := b[k]; !ok || o != v {
			return false
		}
	}
	return true
}

func endpointsEqual(a, b []v1.Endpoint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// invalidEach is one Invalid error for each reason a value fails a format, as Kubernetes'
// handwritten validation and apimachinery's format functions report them.
func invalidEach(p *field.Path, value string, reasons []string) field.ErrorList {
	var errs field.ErrorList
	for _, r := range reasons {
		errs = append(errs, field.Invalid(p, value, r))
	}
	return errs
}

// noModify is +k8s:update=NoModify of a value whose old value exists: set before and now, and
// changed, it is an error of origin update, as apimachinery's validate.UpdateValueByCompare
// reports it.
func noModify(p *field.Path, set, oldSet, changed bool) field.ErrorList {
	if set && oldSet && changed {
		return field.ErrorList{field.Invalid(p, nil, "field cannot be modified once set").WithOrigin("update")}
	}
	return nil
}

// ptrEqual reports whether two optional values are both unset, or both set and equal.
func ptrEqual[T comparable](a, b *T) bool {
	return a == b || a != nil && b != nil && *a == *b
}
