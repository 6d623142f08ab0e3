package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// WorkerPool runs a set of identical workers and rolls them over when the template changes.
//
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +storageversion
type WorkerPool struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	// +nameFormat=dns1123subdomain
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state of the pool.
	// +required
	Spec WorkerPoolSpec `json:"spec"`

	// Status is the observed state of the pool.
	// +optional
	Status WorkerPoolStatus `json:"status,omitempty"`
}

// WorkerPoolList is a list of WorkerPools.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WorkerPoolList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	// Items are the pools.
	Items []WorkerPool `json:"items"`
}

// WorkerPoolSpec is the desired state of a WorkerPool.
//
// +validationRule=`!has(self.minReadySeconds) || !has(self.progressDeadlineSeconds) || self.minReadySeconds < self.progressDeadlineSeconds`,message="minReadySeconds must be less than progressDeadlineSeconds",field="minReadySeconds"
type WorkerPoolSpec struct {
	// Replicas is the number of desired workers.
	// +optional
	// +default=1
	// +minimum=0
	// +maximum=1000
	Replicas *int32 `json:"replicas,omitempty"`

	// Selector selects the workers that belong to the pool. It must match the template's labels.
	// +required
	// +immutable
	Selector *metav1.LabelSelector `json:"selector"`

	// Template describes the workers.
	// +required
	Template WorkerTemplate `json:"template"`

	// Strategy replaces old workers with new ones.
	// +optional
	// +validationRule="!(self.type == 'Recreate') || !has(self.rollingUpdate)",message="may not be specified when strategy `type` is Recreate",reason=Forbidden,field="rollingUpdate"
	// +validationRule="!(self.type == 'RollingUpdate') || has(self.rollingUpdate)",message="this should be defaulted and never be nil",reason=Required,field="rollingUpdate"
	Strategy UpdateStrategy `json:"strategy,omitempty"`

	// MinReadySeconds is how long a new worker must be ready before it counts as available.
	// +optional
	// +minimum=0
	MinReadySeconds int32 `json:"minReadySeconds,omitempty"`

	// ProgressDeadlineSeconds is how long a rollout may take before it is reported as failed. Once
	// set, it may only grow.
	// +optional
	// +validationRule=`!oldSelf.hasValue() || self >= oldSelf.value()`,optionalOldSelf,message="may not be decreased"
	// +minimum=1
	// +exclusiveMaximum
	// +maximum=86400
	ProgressDeadlineSeconds *int32 `json:"progressDeadlineSeconds,omitempty"`

	// Paused stops rollouts.
	// +optional
	Paused bool `json:"paused,omitempty"`

	// Priority orders pools when capacity is short; multiples of 10 leave room in between.
	// +optional
	// +multipleOf=10
	// +exclusiveMinimum
	// +minimum=-1000
	Priority int64 `json:"priority,omitempty"`

	// CapacityWeight scales this pool's share of capacity.
	// +optional
	// +minimum=0
	// +maximum=1
	CapacityWeight *float64 `json:"capacityWeight,omitempty"`

	// Tolerations of the pool, identified by key and effect.
	// +optional
	// +listType=map
	// +listMapKey=key
	// +listMapKey=effect
	// +maxItems=32
	Tolerations []Toleration `json:"tolerations,omitempty"`

	// Annotations for the workers' cloud provider.
	// +optional
	// +mapType=granular
	// +maxProperties=16
	// +minProperties=1
	ProviderAnnotations map[string]string `json:"providerAnnotations,omitempty"`

	// OwnerTeam is the team that owns the pool.
	// +optional
	OwnerTeam TeamName `json:"ownerTeam,omitempty"`
}

// TeamName is a short team identifier. The tags of TeamName and Identifier accumulate.
//
// +maxLength=20
type TeamName = Identifier

// Identifier is a DNS label.
//
// +format=dns1123label
type Identifier string

// WorkerTemplate is a pod-template-like description of one worker.
//
// +structType=atomic
type WorkerTemplate struct {
	// Metadata of the workers.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Containers of the worker, by name.
	// +required
	// +listType=map
	// +listMapKey=name
	// +minItems=1
	// +maxItems=8
	Containers []Container `json:"containers"`

	// RestartPolicy of the worker's containers.
	// +optional
	// +default=ref(RestartPolicyAlways)
	RestartPolicy RestartPolicy `json:"restartPolicy,omitempty"`

	// NodeSelector restricts the nodes the worker runs on.
	// +optional
	// +mapType=atomic
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`

	// ServiceAccountName is the service account the worker runs as.
	// +optional
	// +format=k8s-long-name
	ServiceAccountName string `json:"serviceAccountName,omitempty"`

	// Hostnames the worker answers to, without repetition.
	// +optional
	// +listType=set
	// +k8s:maxItems=4
	Hostnames []string `json:"hostnames,omitempty"`

	// InstanceID identifies the worker in the provider.
	// +optional
	// +format=k8s-uuid
	InstanceID string `json:"instanceID,omitempty"`
}

// RestartPolicy says when a worker's containers are restarted.
//
// +enum
type RestartPolicy string

const (
	// RestartPolicyAlways restarts containers whenever they exit.
	RestartPolicyAlways RestartPolicy = "Always"
	// RestartPolicyOnFailure restarts containers that exit with an error.
	RestartPolicyOnFailure RestartPolicy = "OnFailure"
	// RestartPolicyNever never restarts containers.
	RestartPolicyNever RestartPolicy = "Never"
)

// Container is one process of a worker.
type Container struct {
	// Name of the container, unique within the worker.
	// +required
	// +format=dns1123label
	Name string `json:"name"`

	// Image to run.
	// +required
	// +minLength=1
	// +maxLength=512
	// +pattern=`^[^\s]+$`
	// +validationRule=`!self.endsWith(":latest")`,messageExpression=`"image " + self + " must name a version, not :latest"`
	Image string `json:"image"`

	// Ports the container listens on.
	// +optional
	// +listType=map
	// +listMapKey=containerPort
	// +listMapKey=protocol
	Ports []ContainerPort `json:"ports,omitempty"`

	// Env holds environment variables.
	// +optional
	// +listType=atomic
	// +maxItems=64
	Env []EnvVar `json:"env,omitempty"`

	// Args to the entrypoint. An expression may span several lines when back-quoted:
	// +optional
	// +listType=atomic
	// +maxItems=64
	// +validationRule=`self.all(a,
	//   a.size() <= 1024)`,message="each argument must be at most 1024 characters"
	Args []string `json:"args,omitempty"`
}

// ContainerPort is a port a container listens on.
//
// +validationRule="!has(self.hostPort) || self.hostPort == self.containerPort",message="hostPort must equal containerPort when set",field="hostPort"
type ContainerPort struct {
	// Name of the port.
	// +optional
	// +format=k8s-short-name
	// +maxLength=15
	Name string `json:"name,omitempty"`

	// ContainerPort is the port number in the container.
	// +required
	// +minimum=1
	// +maximum=65535
	ContainerPort int32 `json:"containerPort"`

	// HostPort is the port number on the host.
	// +optional
	// +minimum=1
	// +maximum=65535
	HostPort int32 `json:"hostPort,omitempty"`

	// Protocol of the port.
	// +required
	// +default="TCP"
	Protocol Protocol `json:"protocol"`
}

// Protocol is a network protocol.
//
// +enum
type Protocol string

const (
	// ProtocolTCP is TCP.
	ProtocolTCP Protocol = "TCP"
	// ProtocolUDP is UDP.
	ProtocolUDP Protocol = "UDP"
	// ProtocolSCTP is SCTP.
	ProtocolSCTP Protocol = "SCTP"
)

// EnvVar is an environment variable.
type EnvVar struct {
	// Name of the variable.
	// +required
	// +format=k8s-label-key
	// +maxLength=317
	Name string `json:"name"`
	// Value of the variable.
	// +optional
	Value string `json:"value,omitempty"`
}

// Toleration lets a pool run on nodes with a matching taint.
type Toleration struct {
	// Key of the taint.
	// +required
	Key string `json:"key"`
	// Effect of the taint.
	// +required
	Effect TaintEffect `json:"effect"`
	// TolerationSeconds is how long the pool tolerates a NoExecute taint.
	// +optional
	TolerationSeconds *int64 `json:"tolerationSeconds,omitempty"`
}

// TaintEffect is what a taint does to workers that do not tolerate it.
//
// +enum
type TaintEffect string

const (
	// TaintEffectNoSchedule keeps new workers off the node.
	TaintEffectNoSchedule TaintEffect = "NoSchedule"
	// TaintEffectNoExecute evicts workers from the node.
	TaintEffectNoExecute TaintEffect = "NoExecute"
)

// UpdateStrategy is a union: RollingUpdate is set only for the RollingUpdate type.
type UpdateStrategy struct {
	// Type of the strategy.
	// +required
	Type UpdateStrategyType `json:"type"`

	// RollingUpdate configures a rolling update.
	// +optional
	RollingUpdate *RollingUpdate `json:"rollingUpdate,omitempty"`
}

// UpdateStrategyType names an update strategy.
//
// +enum
type UpdateStrategyType string

const (
	// RecreateStrategy stops all workers before starting new ones.
	RecreateStrategy UpdateStrategyType = "Recreate"
	// RollingUpdateStrategy replaces workers a few at a time.
	RollingUpdateStrategy UpdateStrategyType = "RollingUpdate"
)

// RollingUpdate configures a rolling update.
type RollingUpdate struct {
	// MaxUnavailable is how many workers may be down during the update: a number or a percentage.
	// +optional
	MaxUnavailable *intstr.IntOrString `json:"maxUnavailable,omitempty"`
	// MaxSurge is how many extra workers may run during the update.
	// +optional
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty"`
}

// WorkerPoolStatus is the observed state of a WorkerPool.
type WorkerPoolStatus struct {
	// ObservedGeneration is the generation the status describes.
	// +optional
	// +minimum=0
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// ReadyReplicas is the number of ready workers.
	// +optional
	// +minimum=0
	ReadyReplicas int32 `json:"readyReplicas,omitempty"`
	// Conditions of the pool.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// WorkerClass is a cluster-wide class of workers that pools refer to: the machine shape they need.
//
// +genclient
// +genclient:nonNamespaced
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +plural=workerclasses
type WorkerClass struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	// +nameFormat=dns1123label
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// CPU is the number of cores a worker of this class gets.
	// +required
	// +minimum=1
	// +maximum=256
	CPU int32 `json:"cpu"`

	// Memory is the memory a worker of this class gets, such as 4Gi.
	// +required
	// +validationRule="quantity(string(self)).isGreaterThan(quantity('64Mi'))",message="must be more than 64Mi"
	Memory resource.Quantity `json:"memory"`
}

// WorkerClassList is a list of WorkerClasses.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WorkerClassList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	// Items are the classes.
	Items []WorkerClass `json:"items"`
}

// WorkerQuota limits the pools and workers of a namespace. It declares no CEL rules: every check is
// a native one (limits, lengths, formats, enums, list and map semantics).
//
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WorkerQuota struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	// +nameFormat=dns1123subdomain
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the quota.
	// +required
	Spec WorkerQuotaSpec `json:"spec"`

	// Status is the usage of the quota.
	// +optional
	Status WorkerQuotaStatus `json:"status,omitempty"`
}

// WorkerQuotaList is a list of WorkerQuotas.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WorkerQuotaList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	// Items are the quotas.
	Items []WorkerQuota `json:"items"`
}

// WorkerQuotaSpec is the quota of a namespace.
type WorkerQuotaSpec struct {
	// MaxPools is the number of pools the namespace may create.
	// +required
	// +minimum=1
	// +maximum=100
	MaxPools int32 `json:"maxPools"`

	// MaxWorkers is the number of workers all pools of the namespace may run together; unset means
	// no limit.
	// +optional
	// +minimum=0
	// +maximum=100000
	MaxWorkers *int32 `json:"maxWorkers,omitempty"`

	// Tier is the service tier of the namespace.
	// +required
	Tier QuotaTier `json:"tier"`

	// Description says what the quota is for.
	// +optional
	// +maxLength=256
	Description string `json:"description,omitempty"`

	// DefaultClass is the WorkerClass of pools that name none.
	// +optional
	// +maxLength=63
	// +format=k8s-short-name
	DefaultClass string `json:"defaultClass,omitempty"`

	// Classes limits the workers per WorkerClass, by class.
	// +optional
	// +listType=map
	// +listMapKey=class
	Classes []ClassQuota `json:"classes,omitempty"`

	// Zones the pools may run in, without repetition.
	// +optional
	// +listType=set
	Zones []Zone `json:"zones,omitempty"`

	// ZoneWeights spreads the workers over zones: a weight per zone name.
	// +optional
	// +mapType=granular
	// +maxProperties=16
	ZoneWeights map[string]ZoneWeight `json:"zoneWeights,omitempty"`

	// Exemptions name pools that the quota does not count. The list is replaced as a whole.
	// +optional
	// +listType=atomic
	// +maxItems=16
	Exemptions []QuotaExemption `json:"exemptions,omitempty"`
}

// QuotaTier is the service tier of a namespace.
//
// +enum
type QuotaTier string

const (
	// QuotaTierBronze is best effort.
	QuotaTierBronze QuotaTier = "Bronze"
	// QuotaTierSilver has reserved capacity.
	QuotaTierSilver QuotaTier = "Silver"
	// QuotaTierGold has reserved capacity and priority.
	QuotaTierGold QuotaTier = "Gold"
)

// ClassQuota limits the workers of one WorkerClass.
type ClassQuota struct {
	// Class names the WorkerClass.
	// +required
	// +format=k8s-short-name
	Class string `json:"class"`

	// MaxWorkers is the number of workers of the class the namespace may run.
	// +required
	// +minimum=1
	// +maximum=10000
	MaxWorkers int32 `json:"maxWorkers"`

	// BurstWorkers is how many workers may run above MaxWorkers for a short time.
	// +optional
	// +minimum=0
	// +maximum=1000
	BurstWorkers int32 `json:"burstWorkers,omitempty"`
}

// Zone is the name of a failure zone.
//
// +maxLength=63
// +format=k8s-short-name
type Zone string

// ZoneWeight is the relative share of a zone.
//
// +minimum=1
// +maximum=100
type ZoneWeight int32

// QuotaExemption names a pool the quota does not count.
type QuotaExemption struct {
	// Pool is the name of the WorkerPool.
	// +required
	// +format=k8s-long-name
	Pool string `json:"pool"`

	// Reason says why the pool is exempt.
	// +optional
	// +maxLength=128
	Reason string `json:"reason,omitempty"`
}

// WorkerQuotaStatus is the usage of a WorkerQuota.
type WorkerQuotaStatus struct {
	// ObservedGeneration is the generation the status describes.
	// +optional
	// +minimum=0
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`

	// UsedPools is the number of pools in the namespace.
	// +optional
	// +minimum=0
	UsedPools int32 `json:"usedPools,omitempty"`

	// UsedWorkers is the number of workers all pools of the namespace run.
	// +optional
	// +minimum=0
	UsedWorkers int32 `json:"usedWorkers,omitempty"`
}
