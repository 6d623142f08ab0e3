package validation

import (
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
)

// Fixtures for tests and for benchmarks in other packages. Each call returns a new object that the
// caller may modify.

// ValidWorkerPool returns a WorkerPool that passes ValidateWorkerPool and that sets most fields:
// two containers with ports, env and args, tolerations, a RollingUpdate strategy, a selector with
// labels and expressions, and status conditions. It has a resourceVersion, so it can also serve as
// the new object of an update.
func ValidWorkerPool() *workloads.WorkerPool {
	transition := metav1.NewTime(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	return &workloads.WorkerPool{
		ObjectMeta: metav1.ObjectMeta{
			Name:            "batch-workers",
			Namespace:       "default",
			ResourceVersion: "1",
			Generation:      1,
			Labels:          map[string]string{"app": "batch"},
			Annotations:     map[string]string{"example.com/owner": "batch-team"},
		},
		Spec: workloads.WorkerPoolSpec{
			Replicas: ptr.To[int32](3),
			Selector: &metav1.LabelSelector{
				MatchLabels: map[string]string{"app": "batch"},
				MatchExpressions: []metav1.LabelSelectorRequirement{
					{Key: "tier", Operator: metav1.LabelSelectorOpIn, Values: []string{"backend", "worker"}},
				},
			},
			Template: workloads.WorkerTemplate{
				ObjectMeta: metav1.ObjectMeta{
					Labels: map[string]string{"app": "batch", "tier": "backend"},
				},
				Containers: []workloads.Container{
					{
						Name:  "worker",
						Image: "registry.example.com/batch/worker:1.4.2",
						Ports: []workloads.ContainerPort{
							{Name: "metrics", ContainerPort: 9090, HostPort: 9090, Protocol: workloads.ProtocolTCP},
							{Name: "metrics-udp", ContainerPort: 9090, Protocol: workloads.ProtocolUDP},
						},
						Env: []workloads.EnvVar{
							{Name: "LOG_LEVEL", Value: "info"},
							{Name: "example.com/feature-gates", Value: "Spot=true"},
						},
						Args: []string{"--queue=default", "--concurrency=4"},
					},
					{
						Name:  "proxy",
						Image: "registry.example.com/proxy@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
						Ports: []workloads.ContainerPort{
							{Name: "http", ContainerPort: 8080, Protocol: workloads.ProtocolTCP},
						},
					},
				},
				RestartPolicy:      workloads.RestartPolicyAlways,
				NodeSelector:       map[string]string{"pool": "batch"},
				ServiceAccountName: "batch.worker",
				Hostnames:          []string{"worker.example.com", "batch.example.com"},
				InstanceID:         "123e4567-e89b-12d3-a456-426614174000",
			},
			Strategy: workloads.UpdateStrategy{
				Type: workloads.RollingUpdateStrategy,
				RollingUpdate: &workloads.RollingUpdate{
					MaxUnavailable: ptr.To(intstr.FromInt32(1)),
					MaxSurge:       ptr.To(intstr.FromString("25%")),
				},
			},
			MinReadySeconds:         10,
			ProgressDeadlineSeconds: ptr.To[int32](600),
			Paused:                  false,
			Priority:                100,
			CapacityWeight:          ptr.To(0.5),
			Tolerations: []workloads.Toleration{
				{Key: "dedicated", Effect: workloads.TaintEffectNoSchedule},
				{Key: "dedicated", Effect: workloads.TaintEffectNoExecute, TolerationSeconds: ptr.To[int64](300)},
			},
			ProviderAnnotations: map[string]string{"cloud.example.com/spot": "true"},
			OwnerTeam:           "batch-team",
		},
		Status: workloads.WorkerPoolStatus{
			ObservedGeneration: 1,
			ReadyReplicas:      3,
			Conditions: []metav1.Condition{
				{Type: "Available", Status: metav1.ConditionTrue, LastTransitionTime: transition, Reason: "MinimumReplicasAvailable", Message: "3 of 3 workers are ready"},
				{Type: "Progressing", Status: metav1.ConditionTrue, LastTransitionTime: transition, Reason: "RolloutComplete", Message: "rollout complete"},
			},
		},
	}
}

// InvalidWorkerPool5 returns ValidWorkerPool with five independent mistakes, so that
// ValidateWorkerPool reports exactly five errors:
//
//	spec.replicas                                   Invalid    (above +maximum=1000)
//	spec.strategy.rollingUpdate                     Forbidden  (set for type Recreate)
//	spec.tolerations[1]                             Duplicate  (same key and effect as [0])
//	spec.template.containers[0].image               Invalid    (ends in :latest)
//	spec.template.containers[0].ports[0].hostPort   Invalid    (differs from containerPort)
func InvalidWorkerPool5() *workloads.WorkerPool {
	obj := ValidWorkerPool()
	obj.Spec.Replicas = ptr.To[int32](5000)
	obj.Spec.Strategy.Type = workloads.RecreateStrategy
	obj.Spec.Tolerations[1].Effect = workloads.TaintEffectNoSchedule
	obj.Spec.Template.Containers[0].Image = "registry.example.com/batch/worker:latest"
	obj.Spec.Template.Containers[0].Ports[0].HostPort = 19090
	return obj
}

// ValidWorkerClass returns a WorkerClass that passes ValidateWorkerClass. It has a resourceVersion,
// so it can also serve as the new object of an update.
func ValidWorkerClass() *workloads.WorkerClass {
	return &workloads.WorkerClass{
		ObjectMeta: metav1.ObjectMeta{
			Name:            "large",
			ResourceVersion: "1",
			Labels:          map[string]string{"size": "large"},
		},
		CPU:    8,
		Memory: resource.MustParse("32Gi"),
	}
}

// ValidWorkerQuota returns a WorkerQuota that passes ValidateWorkerQuota and that sets every field:
// two class quotas, three zones with weights, an exemption and a status. It has a resourceVersion,
// so it can also serve as the new object of an update.
func ValidWorkerQuota() *workloads.WorkerQuota {
	return &workloads.WorkerQuota{
		ObjectMeta: metav1.ObjectMeta{
			Name:            "team-a",
			Namespace:       "team-a",
			ResourceVersion: "1",
			Generation:      1,
			Labels:          map[string]string{"team": "a"},
		},
		Spec: workloads.WorkerQuotaSpec{
			MaxPools:     10,
			MaxWorkers:   ptr.To[int32](300),
			Tier:         workloads.QuotaTierSilver,
			Description:  "Batch pools of team A.",
			DefaultClass: "large",
			Classes: []workloads.ClassQuota{
				{Class: "large", MaxWorkers: 100, BurstWorkers: 20},
				{Class: "small", MaxWorkers: 200},
			},
			Zones:       []workloads.Zone{"zone-a", "zone-b", "zone-c"},
			ZoneWeights: map[string]workloads.ZoneWeight{"zone-a": 50, "zone-b": 30, "zone-c": 20},
			Exemptions:  []workloads.QuotaExemption{{Pool: "batch-workers", Reason: "migrating to this quota"}},
		},
		Status: workloads.WorkerQuotaStatus{ObservedGeneration: 1, UsedPools: 2, UsedWorkers: 120},
	}
}

// InvalidWorkerQuota5 returns ValidWorkerQuota with five independent mistakes, so that
// ValidateWorkerQuota reports exactly five errors:
//
//	spec.maxPools                 Invalid       (above +maximum=100)
//	spec.tier                     NotSupported  (not a QuotaTier)
//	spec.classes[1]               Duplicate     (same class as [0])
//	spec.zoneWeights[zone-b]      Invalid       (below the ZoneWeight +minimum=1)
//	spec.exemptions[0].reason     TooLong       (above +maxLength=128)
func InvalidWorkerQuota5() *workloads.WorkerQuota {
	obj := ValidWorkerQuota()
	obj.Spec.MaxPools = 101
	obj.Spec.Tier = "Platinum"
	obj.Spec.Classes[1].Class = "large"
	obj.Spec.ZoneWeights["zone-b"] = 0
	obj.Spec.Exemptions[0].Reason = strings.Repeat("r", 129)
	return obj
}
