package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Bucket is a named store of objects, placed in a region and kept by a storage class.
//
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Bucket struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired bucket.
	// +optional
	Spec BucketSpec `json:"spec,omitempty"`
}

// BucketSpec is the desired state of a Bucket.
type BucketSpec struct {
	// Class names the storage class that keeps the bucket. It is fixed at creation: it may not be
	// set later, changed or cleared.
	// +k8s:required
	// +k8s:format=k8s-short-name
	// +k8s:update=NoModify
	// +k8s:update=NoUnset
	Class string `json:"class,omitempty"`

	// Region is where the bucket's objects live; "default" is reserved.
	// +k8s:optional
	// +k8s:maxBytes=32
	// +k8s:neq="default"
	Region string `json:"region,omitempty"`

	// Replicas is how many copies of each object are kept.
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:maximum=5
	Replicas int32 `json:"replicas,omitempty"`

	// Owner names the team that owns the bucket. It can only be given at creation.
	// +k8s:optional
	// +k8s:update=NoSet
	// +k8s:maxLength=63
	Owner *string `json:"owner,omitempty"`

	// LegacyACL was the access list of the v1alpha1 API; it may no longer be set.
	// +k8s:forbidden
	LegacyACL string `json:"legacyACL,omitempty"`

	// Retention keeps objects for a number of days per object class, 1 to 3650 each. A class's
	// retention, once set, may not change (a class may be added or removed).
	// +k8s:optional
	// +k8s:maxProperties=8
	// +k8s:eachVal=+k8s:minimum=1
	// +k8s:eachVal=+k8s:maximum=3650
	// +k8s:eachVal=+k8s:update=NoModify
	Retention map[string]int32 `json:"retention,omitempty"`

	// Endpoints are where clients reach the bucket, by name. A bucket has at most one of the
	// endpoints "primary" and "backup"; the host of its endpoint "public" may not be
	// "public.invalid", and its port, once set, may not change; its endpoint "backup", once
	// created, may not change at all.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=4
	// +k8s:item(name: "primary")=+k8s:zeroOrOneOfMember
	// +k8s:item(name: "backup")=+k8s:zeroOrOneOfMember
	// +k8s:item(name: "public")=+k8s:subfield(host)=+k8s:neq="public.invalid"
	// +k8s:item(name: "public")=+k8s:subfield(port)=+k8s:update=NoModify
	// +k8s:item(name: "backup")=+k8s:update=NoModify
	Endpoints []Endpoint `json:"endpoints,omitempty"`

	// Mirror is an endpoint that copies the bucket's objects elsewhere. Besides what every
	// endpoint must be, a mirror listens on an unprivileged port, when it names one, its host
	// may not be "mirror.invalid", and its name, once set, may not change.
	// +k8s:optional
	// +k8s:subfield(name)=+k8s:update=NoModify
	// +k8s:subfield(port)=+k8s:optional
	// +k8s:subfield(port)=+k8s:minimum=1024
	// +k8s:subfield(host)=+k8s:neq="mirror.invalid"
	Mirror *Endpoint `json:"mirror,omitempty"`

	// Encryption says how the bucket's objects are encrypted at rest.
	// +k8s:optional
	Encryption *Encryption `json:"encryption,omitempty"`

	// BackupEncryption says how the bucket's backups are encrypted: as Encryption, and naming
	// exactly one source of the key (a union of the shared type's fields, for this place only).
	// +k8s:optional
	// +k8s:subfield(kmsKey)=+k8s:unionMember
	// +k8s:subfield(secret)=+k8s:unionMember
	BackupEncryption *Encryption `json:"backupEncryption,omitempty"`

	// Tier says how the bucket's objects are stored: "hot" (when empty) or "archive".
	// +k8s:optional
	// +k8s:modeDiscriminator
	Tier string `json:"tier,omitempty"`

	// RetrievalHours is how long an archived object takes to come back: required, and at most
	// 48, in an archive bucket; not allowed in any other.
	// +k8s:ifMode("archive")=+k8s:required
	// +k8s:ifMode("archive")=+k8s:maximum=48
	RetrievalHours *int32 `json:"retrievalHours,omitempty"`
}

// Encryption names at most one source of the key that encrypts a bucket's objects.
type Encryption struct {
	// KMSKey names a key of the key management service.
	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	KMSKey *string `json:"kmsKey,omitempty"`

	// Secret names a Secret that holds the key.
	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	Secret *string `json:"secret,omitempty"`
}

// Endpoint is a way to reach a bucket.
type Endpoint struct {
	// Name identifies the endpoint.
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name,omitempty"`

	// Host is the endpoint's host name; "localhost" is not reachable from clients.
	// +k8s:required
	// +k8s:maxBytes=253
	// +k8s:neq="localhost"
	Host string `json:"host,omitempty"`

	// Port is the TCP port, when not the default.
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:maximum=65535
	Port int32 `json:"port,omitempty"`
}

// BucketList is a list of Buckets.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type BucketList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	// Items are the buckets.
	Items []Bucket `json:"items"`
}
