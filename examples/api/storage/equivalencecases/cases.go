// Package equivalencecases holds the equivalence cases of the storage example group (written in
// Kubernetes' +k8s: dialect) and the wiring of the equivalence harness for it: the scheme with v1
// and its generated validators, the handwritten validation of ../validation, the generated CRD and
// OpenAPI document.
package equivalencecases

import (
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/conversion"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/equivalence"
	v1 "github.com/validation-gen/validation-gen/examples/api/storage/v1"
	"github.com/validation-gen/validation-gen/examples/api/storage/validation"
)

// NewHarness wires the storage group into the harness. crdDir and openAPIPath are validation-gen's
// --crd-dir and --openapi-json outputs; equivalencesPath is the equivalence file ("" for none).
//
// The group has no internal version, and the harness converts every case to one: the scheme
// registers the v1 types a second time as the group's internal version, with an identity
// conversion, so the handwritten validation sees exactly the v1 object.
func NewHarness(crdDir, openAPIPath, equivalencesPath string) (*equivalence.Harness, error) {
	s := runtime.NewScheme()
	if err := v1.AddToScheme(s); err != nil {
		return nil, err
	}
	internal := schema.GroupVersion{Group: v1.GroupName, Version: runtime.APIVersionInternal}
	s.AddKnownTypes(internal, &v1.Bucket{}, &v1.BucketList{})
	if err := s.AddConversionFunc((*v1.Bucket)(nil), (*v1.Bucket)(nil), func(a, b any, _ conversion.Scope) error {
		a.(*v1.Bucket).DeepCopyInto(b.(*v1.Bucket))
		return nil
	}); err != nil {
		return nil, err
	}
	if err := v1.RegisterValidations(s); err != nil {
		return nil, err
	}
	schemas, err := equivalence.LoadSchemas(crdDir, openAPIPath)
	if err != nil {
		return nil, err
	}
	var eq *equivalence.Equivalences
	if equivalencesPath != "" {
		if eq, err = equivalence.LoadEquivalences(equivalencesPath); err != nil {
			return nil, err
		}
	}
	return equivalence.New(equivalence.Config{
		Scheme:       s,
		Group:        v1.GroupName,
		Versions:     []string{"v1"},
		Handwritten:  []equivalence.HandwrittenKind{equivalence.HandwrittenFor(validation.ValidateBucket, validation.ValidateBucketUpdate)},
		Schemas:      schemas,
		Equivalences: eq,
	})
}

var (
	req = equivalence.Required
	inv = equivalence.Invalid
	frb = equivalence.Forbidden
	dup = equivalence.Duplicate
	lng = equivalence.TooLong
	tmy = equivalence.TooMany
)

// Bucket returns a valid Bucket that sets every field but legacyACL, with the tweaks applied.
func Bucket(tweaks ...func(*v1.Bucket)) *v1.Bucket {
	b := &v1.Bucket{
		TypeMeta:   metav1.TypeMeta{APIVersion: "storage.example.com/v1", Kind: "Bucket"},
		ObjectMeta: metav1.ObjectMeta{Name: "photos", Namespace: "default", ResourceVersion: "1"},
		Spec: v1.BucketSpec{
			Class:      "gold",
			Region:     "eu-west",
			Replicas:   3,
			Owner:      ptr.To("team-a"),
			Retention:  map[string]int32{"logs": 30, "audit": 3650},
			Endpoints:  []v1.Endpoint{{Name: "public", Host: "photos.example.com", Port: 443}, {Name: "internal", Host: "photos.internal"}},
			Mirror:     &v1.Endpoint{Name: "copy", Host: "copy.example.com", Port: 8443},
			Encryption: &v1.Encryption{KMSKey: ptr.To("photos-key")},
		},
	}
	for _, tw := range tweaks {
		tw(b)
	}
	return b
}

func create(name string, tweak func(*v1.Bucket), expect ...equivalence.Error) equivalence.Case {
	return equivalence.Case{Name: "Bucket/" + name, Object: Bucket(tweak), Expect: expect}
}

func update(name string, old, new func(*v1.Bucket), expect ...equivalence.Error) equivalence.Case {
	return equivalence.Case{Name: "Bucket/update/" + name, Object: Bucket(new), Old: Bucket(old), Expect: expect}
}

func noop(*v1.Bucket) {}

// spec applies f to the spec.
func spec(f func(*v1.BucketSpec)) func(*v1.Bucket) { return func(b *v1.Bucket) { f(&b.Spec) } }

// minimal clears every optional field.
func minimal(b *v1.Bucket) { b.Spec = v1.BucketSpec{Class: "gold"} }

// Cases returns every equivalence case of the storage group: each +k8s: tag Bucket uses, valid and
// invalid, on create and on update.
func Cases() []equivalence.Case {
	return []equivalence.Case{
		create("valid", noop),
		create("valid: only the required field", minimal),
		create("five mistakes", spec(func(s *v1.BucketSpec) {
			s.Class, s.Region, s.Replicas, s.LegacyACL, s.Endpoints[1].Name = "Gold!", "default", 9, "public", "public"
		}), inv("spec.class"), inv("spec.region"), inv("spec.replicas"), frb("spec.legacyACL"), dup("spec.endpoints[1]")),

		// metadata (the generic ObjectMeta validation every server runs)
		create("name: missing", func(b *v1.Bucket) { b.Name = "" }, req("metadata.name")),
		create("namespace: missing", func(b *v1.Bucket) { b.Namespace = "" }, req("metadata.namespace")),

		// class: +k8s:required, +k8s:format=k8s-short-name
		create("class: missing", spec(func(s *v1.BucketSpec) { s.Class = "" }), req("spec.class")),
		create("class: not a short name", spec(func(s *v1.BucketSpec) { s.Class = "Gold!" }), inv("spec.class")),
		create("class: 64 characters", spec(func(s *v1.BucketSpec) { s.Class = strings.Repeat("a", 64) }), inv("spec.class")),
		create("class: 63 characters", spec(func(s *v1.BucketSpec) { s.Class = strings.Repeat("a", 63) })),
		create("class: starts with a dash", spec(func(s *v1.BucketSpec) { s.Class = "-gold" }), inv("spec.class")),

		// region: +k8s:optional, +k8s:maxBytes=32, +k8s:neq="default"
		create("region: unset", spec(func(s *v1.BucketSpec) { s.Region = "" })),
		create("region: reserved", spec(func(s *v1.BucketSpec) { s.Region = "default" }), inv("spec.region")),
		create("region: 32 bytes", spec(func(s *v1.BucketSpec) { s.Region = strings.Repeat("r", 32) })),
		create("region: 33 bytes", spec(func(s *v1.BucketSpec) { s.Region = strings.Repeat("r", 33) }), lng("spec.region")),
		create("region: 17 two-byte characters", spec(func(s *v1.BucketSpec) { s.Region = strings.Repeat("ü", 17) }), lng("spec.region")),
		create("region: 16 two-byte characters", spec(func(s *v1.BucketSpec) { s.Region = strings.Repeat("ü", 16) })),
		create("region: Default is not default", spec(func(s *v1.BucketSpec) { s.Region = "Default" })),

		// replicas: +k8s:optional, +k8s:minimum=1, +k8s:maximum=5
		create("replicas: unset", spec(func(s *v1.BucketSpec) { s.Replicas = 0 })),
		create("replicas: negative", spec(func(s *v1.BucketSpec) { s.Replicas = -1 }), inv("spec.replicas")),
		create("replicas: minimum", spec(func(s *v1.BucketSpec) { s.Replicas = 1 })),
		create("replicas: maximum", spec(func(s *v1.BucketSpec) { s.Replicas = 5 })),
		create("replicas: above maximum", spec(func(s *v1.BucketSpec) { s.Replicas = 6 }), inv("spec.replicas")),

		// owner: +k8s:optional, +k8s:maxLength=63 (characters)
		create("owner: unset", spec(func(s *v1.BucketSpec) { s.Owner = nil })),
		create("owner: empty", spec(func(s *v1.BucketSpec) { s.Owner = ptr.To("") })),
		create("owner: 64 characters", spec(func(s *v1.BucketSpec) { s.Owner = ptr.To(strings.Repeat("o", 64)) }), lng("spec.owner")),
		create("owner: 63 two-byte characters", spec(func(s *v1.BucketSpec) { s.Owner = ptr.To(strings.Repeat("ü", 63)) })),
		create("owner: 64 two-byte characters", spec(func(s *v1.BucketSpec) { s.Owner = ptr.To(strings.Repeat("ü", 64)) }), lng("spec.owner")),

		// legacyACL: +k8s:forbidden
		create("legacyACL: set", spec(func(s *v1.BucketSpec) { s.LegacyACL = "public" }), frb("spec.legacyACL")),

		// retention: +k8s:maxProperties=8, +k8s:eachVal=+k8s:minimum=1, +k8s:eachVal=+k8s:maximum=3650
		create("retention: unset", spec(func(s *v1.BucketSpec) { s.Retention = nil })),
		create("retention: zero days", spec(func(s *v1.BucketSpec) { s.Retention["logs"] = 0 }), inv("spec.retention[logs]")),
		create("retention: too many days", spec(func(s *v1.BucketSpec) { s.Retention["tmp"] = 3651 }), inv("spec.retention[tmp]")),
		create("retention: two bad values", spec(func(s *v1.BucketSpec) { s.Retention["a"], s.Retention["b"] = -1, 4000 }),
			inv("spec.retention[a]"), inv("spec.retention[b]")),
		create("retention: eight keys", spec(func(s *v1.BucketSpec) { s.Retention = nKeys(8) })),
		create("retention: nine keys", spec(func(s *v1.BucketSpec) { s.Retention = nKeys(9) }), tmy("spec.retention")),

		// endpoints: +k8s:listType=map, +k8s:listMapKey=name, +k8s:maxItems=4, and Endpoint's fields
		create("endpoints: unset", spec(func(s *v1.BucketSpec) { s.Endpoints = nil })),
		create("endpoints: four", spec(func(s *v1.BucketSpec) { s.Endpoints = nEndpoints(4) })),
		create("endpoints: five", spec(func(s *v1.BucketSpec) { s.Endpoints = nEndpoints(5) }), tmy("spec.endpoints")),
		create("endpoints: duplicate name", ep(1, func(e *v1.Endpoint) { e.Name = "public" }), dup("spec.endpoints[1]")),
		create("endpoints: name missing", ep(0, func(e *v1.Endpoint) { e.Name = "" }), req("spec.endpoints[0].name")),
		create("endpoints: name not a short name", ep(0, func(e *v1.Endpoint) { e.Name = "Public_1" }), inv("spec.endpoints[0].name")),
		create("endpoints: host missing", ep(1, func(e *v1.Endpoint) { e.Host = "" }), req("spec.endpoints[1].host")),
		create("endpoints: host localhost", ep(1, func(e *v1.Endpoint) { e.Host = "localhost" }), inv("spec.endpoints[1].host")),
		create("endpoints: host 253 bytes", ep(1, func(e *v1.Endpoint) { e.Host = strings.Repeat("h", 253) })),
		create("endpoints: host 254 bytes", ep(1, func(e *v1.Endpoint) { e.Host = strings.Repeat("h", 254) }), lng("spec.endpoints[1].host")),
		create("endpoints: host 127 two-byte characters", ep(1, func(e *v1.Endpoint) { e.Host = strings.Repeat("ü", 127) }),
			lng("spec.endpoints[1].host")),
		create("endpoints: port zero is unset", ep(0, func(e *v1.Endpoint) { e.Port = 0 })),
		create("endpoints: port negative", ep(0, func(e *v1.Endpoint) { e.Port = -1 }), inv("spec.endpoints[0].port")),
		create("endpoints: port 65535", ep(0, func(e *v1.Endpoint) { e.Port = 65535 })),
		create("endpoints: port 65536", ep(0, func(e *v1.Endpoint) { e.Port = 65536 }), inv("spec.endpoints[0].port")),
		create("endpoints: empty item", spec(func(s *v1.BucketSpec) { s.Endpoints = append(s.Endpoints, v1.Endpoint{Name: "x"}) }),
			req("spec.endpoints[2].host")),

		// mirror: an Endpoint, and +k8s:subfield checks on its port and host
		create("mirror: valid", spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "m.example.com", Port: 8443} })),
		create("mirror: no port", spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "m.example.com"} })),
		create("mirror: privileged port", spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "m.example.com", Port: 80} }),
			inv("spec.mirror.port")),
		create("mirror: reserved host", spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "mirror.invalid", Port: 8443} }),
			inv("spec.mirror.host")),
		create("mirror: the endpoint's own checks and the subfield's", spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Host: "localhost", Port: -1} }),
			req("spec.mirror.name"), inv("spec.mirror.host"), inv("spec.mirror.port"), inv("spec.mirror.port")),

		// encryption: at most one key source (+k8s:zeroOrOneOfMember)
		create("encryption: one source", spec(func(s *v1.BucketSpec) { s.Encryption = &v1.Encryption{KMSKey: ptr.To("k")} })),
		create("encryption: none", spec(func(s *v1.BucketSpec) { s.Encryption = &v1.Encryption{} })),
		create("encryption: two sources", spec(func(s *v1.BucketSpec) { s.Encryption = &v1.Encryption{KMSKey: ptr.To("k"), Secret: ptr.To("s")} }),
			inv("spec.encryption")),
		// tier selects the mode of retrievalHours (+k8s:modeDiscriminator, +k8s:ifMode("archive"))
		create("tier: archive with retrieval hours", spec(func(s *v1.BucketSpec) { s.Tier, s.RetrievalHours = "archive", ptr.To(int32(24)) })),
		create("tier: archive without retrieval hours", spec(func(s *v1.BucketSpec) { s.Tier = "archive" }), req("spec.retrievalHours")),
		create("tier: archive, retrieval too slow", spec(func(s *v1.BucketSpec) { s.Tier, s.RetrievalHours = "archive", ptr.To(int32(72)) }),
			inv("spec.retrievalHours")),
		create("tier: hot with retrieval hours", spec(func(s *v1.BucketSpec) { s.Tier, s.RetrievalHours = "hot", ptr.To(int32(24)) }),
			frb("spec.retrievalHours")),
		create("tier: empty with retrieval hours", spec(func(s *v1.BucketSpec) { s.RetrievalHours = ptr.To(int32(24)) }), frb("spec.retrievalHours")),
		// backupEncryption: an Encryption whose kmsKey and secret are also a union, through
		// +k8s:subfield(...)=+k8s:unionMember: exactly one source
		create("backupEncryption: one source", spec(func(s *v1.BucketSpec) { s.BackupEncryption = &v1.Encryption{Secret: ptr.To("s")} })),
		create("backupEncryption: none", spec(func(s *v1.BucketSpec) { s.BackupEncryption = &v1.Encryption{} }), inv("spec.backupEncryption")),
		create("backupEncryption: two sources", spec(func(s *v1.BucketSpec) {
			s.BackupEncryption = &v1.Encryption{KMSKey: ptr.To("k"), Secret: ptr.To("s")}
		}), inv("spec.backupEncryption"), inv("spec.backupEncryption")),

		// endpoints: +k8s:item checks of the endpoints "public", "primary" and "backup"
		create("endpoints: primary or backup", ep(1, func(e *v1.Endpoint) { e.Name = "primary" })),
		create("endpoints: primary and backup", spec(func(s *v1.BucketSpec) {
			s.Endpoints = []v1.Endpoint{{Name: "primary", Host: "p.example.com"}, {Name: "backup", Host: "b.example.com"}}
		}), inv("spec.endpoints")),
		create("endpoints: public on a reserved host", ep(0, func(e *v1.Endpoint) { e.Host = "public.invalid" }), inv("spec.endpoints[0].host")),
		create("endpoints: another on that host", ep(1, func(e *v1.Endpoint) { e.Host = "public.invalid" })),

		// updates
		update("unchanged", noop, noop),
		update("valid changes", noop, spec(func(s *v1.BucketSpec) {
			s.Region, s.Replicas, s.Retention["tmp"], s.Endpoints[1].Port = "us-east-1", 5, 7, 8443
			delete(s.Retention, "logs")
		})),
		update("name changed", noop, func(b *v1.Bucket) { b.Name = "videos" }, inv("metadata.name")),

		// class: +k8s:update=NoModify, +k8s:update=NoUnset
		update("class: modified", noop, spec(func(s *v1.BucketSpec) { s.Class = "standard" }), inv("spec.class")),
		update("class: cleared", noop, spec(func(s *v1.BucketSpec) { s.Class = "" }), inv("spec.class"), req("spec.class")),
		update("class: set where it was missing", spec(func(s *v1.BucketSpec) { s.Class = "" }), noop),
		update("class: invalid and unchanged", spec(func(s *v1.BucketSpec) { s.Class = "Gold!" }), spec(func(s *v1.BucketSpec) { s.Class = "Gold!" })),
		// +k8s:update short-circuits: a forbidden transition stops the field's other checks (the
		// server's format and maxLength are set aside by the normalisation update-short-circuits)
		update("class: modified to an invalid value", noop, spec(func(s *v1.BucketSpec) { s.Class = "Gold!" }), inv("spec.class")),

		// owner: +k8s:update=NoSet
		update("owner: set", spec(func(s *v1.BucketSpec) { s.Owner = nil }), noop, inv("spec.owner")),
		update("owner: changed", noop, spec(func(s *v1.BucketSpec) { s.Owner = ptr.To("team-b") })),
		update("owner: cleared", noop, spec(func(s *v1.BucketSpec) { s.Owner = nil })),
		update("owner: changed too long", noop, spec(func(s *v1.BucketSpec) { s.Owner = ptr.To(strings.Repeat("o", 64)) }), lng("spec.owner")),
		update("owner: set too long", spec(func(s *v1.BucketSpec) { s.Owner = nil }),
			spec(func(s *v1.BucketSpec) { s.Owner = ptr.To(strings.Repeat("o", 64)) }), inv("spec.owner")),

		// ratcheting: an invalid value kept as it was is not reported again
		update("region: reserved and unchanged", spec(func(s *v1.BucketSpec) { s.Region = "default" }),
			spec(func(s *v1.BucketSpec) { s.Region = "default"; s.Replicas = 4 })),
		update("region: changed to reserved", noop, spec(func(s *v1.BucketSpec) { s.Region = "default" }), inv("spec.region")),
		update("replicas: invalid and unchanged", spec(func(s *v1.BucketSpec) { s.Replicas = 9 }),
			spec(func(s *v1.BucketSpec) { s.Replicas = 9; s.Region = "us-east-1" })),
		update("replicas: changed to invalid", noop, spec(func(s *v1.BucketSpec) { s.Replicas = 9 }), inv("spec.replicas")),
		update("retention: invalid value unchanged, another added", spec(func(s *v1.BucketSpec) { s.Retention["logs"] = 0 }),
			spec(func(s *v1.BucketSpec) { s.Retention["logs"] = 0; s.Retention["tmp"] = 10 })),
		// +k8s:eachVal=+k8s:update=NoModify: a transition rule on the map's values, which the server
		// correlates by key as Go finds the old value
		update("retention: a value changed", noop, spec(func(s *v1.BucketSpec) { s.Retention["audit"] = 10 }), inv("spec.retention[audit]")),
		// +k8s:update short-circuits: the range is not checked (the server's error is set aside by
		// the normalisation update-short-circuits)
		update("retention: a value changed to an invalid one", noop, spec(func(s *v1.BucketSpec) { s.Retention["audit"] = 4000 }),
			inv("spec.retention[audit]")),
		update("retention: a zero value set", spec(func(s *v1.BucketSpec) { s.Retention["logs"] = 0 }), noop),
		update("retention: a value set to zero", noop, spec(func(s *v1.BucketSpec) { s.Retention["logs"] = 0 }), inv("spec.retention[logs]")),
		update("retention: a class removed and added back changed", noop, spec(func(s *v1.BucketSpec) { s.Retention = map[string]int32{"audit": 3650, "logs": 31} }),
			inv("spec.retention[logs]")),
		update("retention: invalid value added", noop, spec(func(s *v1.BucketSpec) { s.Retention["tmp"] = 4000 }), inv("spec.retention[tmp]")),
		update("retention: nine keys unchanged", spec(func(s *v1.BucketSpec) { s.Retention = nKeys(9) }),
			spec(func(s *v1.BucketSpec) { s.Retention = nKeys(9) })),
		update("endpoints: invalid item unchanged, another changed", ep(0, func(e *v1.Endpoint) { e.Host = "localhost" }),
			func(b *v1.Bucket) { b.Spec.Endpoints[0].Host = "localhost"; b.Spec.Endpoints[1].Port = 80 }),
		update("endpoints: item changed to invalid", noop, ep(1, func(e *v1.Endpoint) { e.Port = 70000 }), inv("spec.endpoints[1].port")),
		update("endpoints: invalid item moved", ep(0, func(e *v1.Endpoint) { e.Host = "localhost" }),
			func(b *v1.Bucket) {
				b.Spec.Endpoints[0].Host = "localhost"
				b.Spec.Endpoints[0], b.Spec.Endpoints[1] = b.Spec.Endpoints[1], b.Spec.Endpoints[0]
			}),
		update("endpoints: item added with a duplicate name", noop,
			spec(func(s *v1.BucketSpec) {
				s.Endpoints = append(s.Endpoints, v1.Endpoint{Name: "public", Host: "h.example.com"})
			}),
			dup("spec.endpoints[2]")),
		update("endpoints: five unchanged", spec(func(s *v1.BucketSpec) { s.Endpoints = nEndpoints(5) }),
			spec(func(s *v1.BucketSpec) { s.Endpoints = nEndpoints(5) })),

		update("mirror: privileged port unchanged, host changed",
			spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "m.example.com", Port: 80} }),
			spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "n.example.com", Port: 80} })),
		update("mirror: port changed to a privileged one",
			spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "m.example.com", Port: 8443} }),
			spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "m.example.com", Port: 443} }), inv("spec.mirror.port")),
		update("mirror: reserved host unchanged, port changed",
			spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "mirror.invalid", Port: 8443} }),
			spec(func(s *v1.BucketSpec) { s.Mirror = &v1.Endpoint{Name: "m", Host: "mirror.invalid", Port: 9443} })),

		update("encryption: two sources kept, a key changed",
			spec(func(s *v1.BucketSpec) { s.Encryption = &v1.Encryption{KMSKey: ptr.To("k"), Secret: ptr.To("s")} }),
			spec(func(s *v1.BucketSpec) { s.Encryption = &v1.Encryption{KMSKey: ptr.To("k2"), Secret: ptr.To("s")} })),
		update("tier: archive without retrieval hours, kept", spec(func(s *v1.BucketSpec) { s.Tier = "archive" }),
			spec(func(s *v1.BucketSpec) { s.Tier = "archive"; s.Replicas = 4 })),
		update("tier: changed to archive", noop, spec(func(s *v1.BucketSpec) { s.Tier = "archive" }), req("spec.retrievalHours")),
		update("tier: changed to hot, retrieval hours kept", spec(func(s *v1.BucketSpec) { s.Tier, s.RetrievalHours = "archive", ptr.To(int32(24)) }),
			spec(func(s *v1.BucketSpec) { s.Tier, s.RetrievalHours = "hot", ptr.To(int32(24)) }), frb("spec.retrievalHours")),
		update("tier: archive, too slow, kept", spec(func(s *v1.BucketSpec) { s.Tier, s.RetrievalHours = "archive", ptr.To(int32(72)) }),
			spec(func(s *v1.BucketSpec) { s.Tier, s.RetrievalHours = "archive", ptr.To(int32(72)); s.Replicas = 4 })),
		update("backupEncryption: none, kept", spec(func(s *v1.BucketSpec) { s.BackupEncryption = &v1.Encryption{} }),
			spec(func(s *v1.BucketSpec) { s.BackupEncryption = &v1.Encryption{}; s.Replicas = 4 })),
		update("backupEncryption: its source removed", spec(func(s *v1.BucketSpec) { s.BackupEncryption = &v1.Encryption{KMSKey: ptr.To("k")} }),
			spec(func(s *v1.BucketSpec) { s.BackupEncryption = &v1.Encryption{} }), inv("spec.backupEncryption")),
		update("encryption: a second source added",
			spec(func(s *v1.BucketSpec) { s.Encryption = &v1.Encryption{KMSKey: ptr.To("k")} }),
			spec(func(s *v1.BucketSpec) { s.Encryption = &v1.Encryption{KMSKey: ptr.To("k"), Secret: ptr.To("s")} }), inv("spec.encryption")),

		update("endpoints: primary and backup kept, one changed",
			spec(func(s *v1.BucketSpec) {
				s.Endpoints = []v1.Endpoint{{Name: "primary", Host: "p.example.com"}, {Name: "backup", Host: "b.example.com"}}
			}),
			spec(func(s *v1.BucketSpec) {
				s.Endpoints = []v1.Endpoint{{Name: "primary", Host: "p.example.com", Port: 8443}, {Name: "backup", Host: "b.example.com"}}
			})),
		update("endpoints: backup added beside primary",
			spec(func(s *v1.BucketSpec) { s.Endpoints = []v1.Endpoint{{Name: "primary", Host: "p.example.com"}} }),
			spec(func(s *v1.BucketSpec) {
				s.Endpoints = []v1.Endpoint{{Name: "primary", Host: "p.example.com"}, {Name: "backup", Host: "b.example.com"}}
			}), inv("spec.endpoints")),
		update("endpoints: public's reserved host kept, its port set",
			ep(0, func(e *v1.Endpoint) { e.Host = "public.invalid"; e.Port = 0 }), ep(0, func(e *v1.Endpoint) { e.Host = "public.invalid"; e.Port = 8443 })),
		// +k8s:item(name: "public")=+k8s:subfield(port)=+k8s:update=NoModify: a transition rule on
		// the list-map item, found by its key as validate.SliceItem finds the old item
		update("endpoints: public's port changed", noop, ep(0, func(e *v1.Endpoint) { e.Port = 8443 }), inv("spec.endpoints[0].port")),
		update("endpoints: public's port cleared", noop, ep(0, func(e *v1.Endpoint) { e.Port = 0 })),
		update("endpoints: public moved, its port changed", noop, spec(func(s *v1.BucketSpec) {
			s.Endpoints = []v1.Endpoint{s.Endpoints[1], {Name: "public", Host: "photos.example.com", Port: 444}}
		}), inv("spec.endpoints[1].port")),
		update("endpoints: another endpoint's port changed", noop, ep(1, func(e *v1.Endpoint) { e.Port = 8080 })),
		// +k8s:item(name: "backup")=+k8s:update=NoModify: a transition rule on the list-map item
		// named backup, found by its key
		update("endpoints: backup changed", spec(func(s *v1.BucketSpec) {
			s.Endpoints = append(s.Endpoints, v1.Endpoint{Name: "backup", Host: "b.example.com"})
		}),
			spec(func(s *v1.BucketSpec) {
				s.Endpoints = append(s.Endpoints, v1.Endpoint{Name: "backup", Host: "b2.example.com"})
			}), inv("spec.endpoints[2]")),
		update("endpoints: backup moved, unchanged", spec(func(s *v1.BucketSpec) {
			s.Endpoints = append(s.Endpoints, v1.Endpoint{Name: "backup", Host: "b.example.com"})
		}),
			spec(func(s *v1.BucketSpec) {
				s.Endpoints = []v1.Endpoint{{Name: "backup", Host: "b.example.com"}, s.Endpoints[0], s.Endpoints[1]}
			})),
		update("endpoints: backup added", noop,
			spec(func(s *v1.BucketSpec) {
				s.Endpoints = append(s.Endpoints, v1.Endpoint{Name: "backup", Host: "b.example.com", Port: 1})
			})),
		update("endpoints: backup removed", spec(func(s *v1.BucketSpec) {
			s.Endpoints = append(s.Endpoints, v1.Endpoint{Name: "backup", Host: "b.example.com"})
		}), noop),
		// mirror: +k8s:subfield(name)=+k8s:update=NoModify, a transition rule of the mirror
		update("mirror: renamed", noop, spec(func(s *v1.BucketSpec) { s.Mirror.Name = "copy2" }), inv("spec.mirror.name")),
		update("mirror: renamed to an invalid name", noop, spec(func(s *v1.BucketSpec) { s.Mirror.Name = "Copy!" }),
			inv("spec.mirror.name"), inv("spec.mirror.name")),
		update("mirror: replaced where there was none", spec(func(s *v1.BucketSpec) { s.Mirror = nil }), noop),

		// required and forbidden are ratcheted too: a value kept as it was is not checked again
		update("legacyACL: set and unchanged", spec(func(s *v1.BucketSpec) { s.LegacyACL = "public" }),
			spec(func(s *v1.BucketSpec) { s.LegacyACL = "public" })),
		update("legacyACL: changed", spec(func(s *v1.BucketSpec) { s.LegacyACL = "public" }),
			spec(func(s *v1.BucketSpec) { s.LegacyACL = "private" }), frb("spec.legacyACL")),
		update("legacyACL: set", noop, spec(func(s *v1.BucketSpec) { s.LegacyACL = "public" }), frb("spec.legacyACL")),
		// ... also when a sibling changed (the server checks them whenever the struct changed: the
		// normalisation unchanged-presence)
		update("legacyACL: set and unchanged, another field changed", spec(func(s *v1.BucketSpec) { s.LegacyACL = "public" }),
			spec(func(s *v1.BucketSpec) { s.LegacyACL = "public"; s.Replicas = 4 })),
		update("class: missing and unchanged, another field changed", spec(func(s *v1.BucketSpec) { s.Class = "" }),
			spec(func(s *v1.BucketSpec) { s.Class = ""; s.Replicas = 4 })),
		update("endpoints: host missing and unchanged, port changed", ep(1, func(e *v1.Endpoint) { e.Host = "" }),
			ep(1, func(e *v1.Endpoint) { e.Host = ""; e.Port = 80 })),
	}
}

func ep(i int, f func(*v1.Endpoint)) func(*v1.Bucket) {
	return func(b *v1.Bucket) { f(&b.Spec.Endpoints[i]) }
}

// nKeys returns a retention map of n valid entries.
func nKeys(n int) map[string]int32 {
	m := map[string]int32{}
	for i := range n {
		m[string(rune('a'+i))] = int32(i + 1)
	}
	return m
}

// nEndpoints returns n valid endpoints with distinct names.
func nEndpoints(n int) []v1.Endpoint {
	var l []v1.Endpoint
	for i := range n {
		l = append(l, v1.Endpoint{Name: "e" + string(rune('a'+i)), Host: "h.example.com"})
	}
	return l
}
