// Package equivalencecases holds the equivalence cases of the example API and the wiring of the
// equivalence harness for it: the scheme with the internal version, both served versions, their
// conversions and generated validators; the handwritten validation; the generated CRDs and
// OpenAPI document; the equivalence file. It is a package, not a test file, so that the harness's
// own "must fail" tests can run the same cases against a modified copy of the API.
package equivalencecases

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/equivalence"
	"github.com/validation-gen/validation-gen/examples/api/workloads"
	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/v1beta1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
)

// NewHarness wires the example API into the harness. crdDir and openAPIPath are validation-gen's
// --crd-dir and --openapi-json outputs; equivalencesPath is the equivalence file.
func NewHarness(crdDir, openAPIPath, equivalencesPath string) (*equivalence.Harness, error) {
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		workloads.AddToScheme, v1.AddToScheme, v1beta1.AddToScheme, v1.RegisterValidations, v1beta1.RegisterValidations,
	} {
		if err := add(s); err != nil {
			return nil, err
		}
	}
	schemas, err := equivalence.LoadSchemas(crdDir, openAPIPath)
	if err != nil {
		return nil, err
	}
	eq, err := equivalence.LoadEquivalences(equivalencesPath)
	if err != nil {
		return nil, err
	}
	return equivalence.New(equivalence.Config{
		Scheme:   s,
		Group:    workloads.GroupName,
		Versions: []string{"v1", "v1beta1"},
		Handwritten: []equivalence.HandwrittenKind{
			equivalence.HandwrittenFor(validation.ValidateWorkerPool, validation.ValidateWorkerPoolUpdate),
			equivalence.HandwrittenFor(validation.ValidateWorkerClass, validation.ValidateWorkerClassUpdate),
			equivalence.HandwrittenFor(validation.ValidateWorkerQuota, validation.ValidateWorkerQuotaUpdate),
		},
		Schemas:      schemas,
		Equivalences: eq,
	})
}

// Cases returns every equivalence case of the example: each tag and error path of the three
// kinds, on create and on update.
func Cases() []equivalence.Case {
	var cases []equivalence.Case
	cases = append(cases, workerPoolCases()...)
	cases = append(cases, workerClassCases()...)
	cases = append(cases, workerQuotaCases()...)
	return cases
}

var (
	req = equivalence.Required
	inv = equivalence.Invalid
	frb = equivalence.Forbidden
	uns = equivalence.NotSupported
	dup = equivalence.Duplicate
	lng = equivalence.TooLong
	tmy = equivalence.TooMany
)

type errs = []equivalence.Error

const (
	ctr0 = "spec.template.containers[0]"
	ctr2 = "spec.template.containers[2]"
)

func poolCase(name string, tweak func(*workloads.WorkerPool), expect ...equivalence.Error) equivalence.Case {
	return equivalence.Case{Name: "WorkerPool/" + name, Object: Pool(tweak), Expect: expect}
}

func poolUpdate(name string, old, new func(*workloads.WorkerPool), expect ...equivalence.Error) equivalence.Case {
	return equivalence.Case{Name: "WorkerPool/update/" + name, Object: Pool(new), Old: Pool(old), Expect: expect}
}

func noop[T any](*T) {}

func workerPoolCases() []equivalence.Case {
	p0 := func(p *workloads.WorkerPool) *workloads.ContainerPort { return FirstPort(p) }
	return []equivalence.Case{
		poolCase("valid", noop),
		{Name: "WorkerPool/valid v1 object", Object: mustV1Pool(validation.ValidWorkerPool())},
		poolCase("five mistakes", func(p *workloads.WorkerPool) { *p = *validation.InvalidWorkerPool5() },
			inv("spec.replicas"), frb("spec.strategy.rollingUpdate"), dup("spec.tolerations[1]"),
			inv(ctr0+".image"), inv(ctr0+".ports[0].hostPort")),

		// metadata
		poolCase("name: not a DNS subdomain", func(p *workloads.WorkerPool) { p.Name = "Batch_Workers" }, inv("metadata.name")),
		poolCase("name: missing", func(p *workloads.WorkerPool) { p.Name = "" }, req("metadata.name")),
		// The API server sets the name from generateName before validation: both are set.
		poolCase("generateName: valid prefix", func(p *workloads.WorkerPool) { p.GenerateName = "batch-" }),
		poolCase("generateName: bad prefix", func(p *workloads.WorkerPool) { p.GenerateName = "Batch_" }, inv("metadata.generateName")),
		poolCase("namespace: missing", func(p *workloads.WorkerPool) { p.Namespace = "" }, req("metadata.namespace")),
		poolCase("labels: bad key", func(p *workloads.WorkerPool) { p.Labels = map[string]string{"bad key": "x"} }, inv("metadata.labels")),

		// replicas
		poolCase("replicas: zero is valid", func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](0) }),
		poolCase("replicas: negative", func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](-1) }, inv("spec.replicas")),
		poolCase("replicas: above maximum", func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](1001) }, inv("spec.replicas")),
		poolCase("replicas: at the maximum", func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](1000) }),
		poolCase("priority: negative multiple", func(p *workloads.WorkerPool) { p.Spec.Priority = -990 }),
		poolCase("capacityWeight: just above 1", func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(1.0000001) }, inv("spec.capacityWeight")),
		poolCase("capacityWeight: zero", func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(0.0) }),
		poolCase("ownerTeam: 20 characters", func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = "abcdefghij-klmnopqrs" }),
		poolCase("status: condition without lastTransitionTime", func(p *workloads.WorkerPool) {
			p.Status.Conditions[0].LastTransitionTime = metav1.Time{}
		}, req("status.conditions[0].lastTransitionTime")),
		poolCase("template: empty container", func(p *workloads.WorkerPool) {
			p.Spec.Template.Containers = append(p.Spec.Template.Containers, workloads.Container{})
		}, req(ctr2+".name"), req(ctr2+".image")),
		poolCase("replicas: unset", func(p *workloads.WorkerPool) { p.Spec.Replicas = nil }),

		// selector
		poolCase("selector: missing", func(p *workloads.WorkerPool) { p.Spec.Selector = nil }, req("spec.selector")),
		poolCase("selector: expression without key and operator", func(p *workloads.WorkerPool) {
			p.Spec.Selector.MatchExpressions = []metav1.LabelSelectorRequirement{{Values: []string{"x"}}}
		}, req("spec.selector.matchExpressions[0].key"), req("spec.selector.matchExpressions[0].operator")),

		// template
		poolCase("containers: missing", func(p *workloads.WorkerPool) { p.Spec.Template.Containers = nil }, req("spec.template.containers")),
		poolCase("containers: too many", func(p *workloads.WorkerPool) { p.Spec.Template.Containers = NContainers(9) }, tmy("spec.template.containers")),
		poolCase("containers: duplicate name", func(p *workloads.WorkerPool) { p.Spec.Template.Containers[1].Name = "worker" },
			dup("spec.template.containers[1]")),
		poolCase("restartPolicy: unsupported", func(p *workloads.WorkerPool) { p.Spec.Template.RestartPolicy = "Sometimes" },
			uns("spec.template.restartPolicy")),
		poolCase("restartPolicy: unset", func(p *workloads.WorkerPool) { p.Spec.Template.RestartPolicy = "" }),
		poolCase("serviceAccountName: not a DNS subdomain", func(p *workloads.WorkerPool) { p.Spec.Template.ServiceAccountName = "Batch_Worker" },
			inv("spec.template.serviceAccountName")),
		poolCase("hostnames: too many", func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = NStrings(5, "h%d.example.com") },
			tmy("spec.template.hostnames")),
		poolCase("tolerations: many with a duplicate", func(p *workloads.WorkerPool) {
			p.Spec.Tolerations = append(NTolerations(20), NTolerations(3)[2])
		}, dup("spec.tolerations[20]")),
		poolCase("hostnames: duplicate", func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames[1] = p.Spec.Template.Hostnames[0] },
			dup("spec.template.hostnames[1]")),
		poolCase("instanceID: too short", func(p *workloads.WorkerPool) { p.Spec.Template.InstanceID = "123e4567" },
			inv("spec.template.instanceID")),
		poolCase("instanceID: dash misplaced", func(p *workloads.WorkerPool) { p.Spec.Template.InstanceID = "123e4567e-89b-12d3-a456-426614174000" },
			inv("spec.template.instanceID")),
		poolCase("instanceID: upper case", func(p *workloads.WorkerPool) { p.Spec.Template.InstanceID = "123E4567-E89B-12D3-A456-426614174000" },
			inv("spec.template.instanceID")),
		poolCase("nodeSelector: anything goes", func(p *workloads.WorkerPool) { p.Spec.Template.NodeSelector = map[string]string{"Any Key": ""} }),

		// containers
		poolCase("container name: missing", func(p *workloads.WorkerPool) { FirstCtr(p).Name = "" }, req(ctr0+".name")),
		poolCase("container name: not a DNS label", func(p *workloads.WorkerPool) { FirstCtr(p).Name = "worker.main" }, inv(ctr0+".name")),
		poolCase("container name: too long and bad characters", func(p *workloads.WorkerPool) { FirstCtr(p).Name = strings.Repeat("W", 64) },
			inv(ctr0+".name")),
		poolCase("image: missing", func(p *workloads.WorkerPool) { FirstCtr(p).Image = "" }, req(ctr0+".image")),
		poolCase("image: too long", func(p *workloads.WorkerPool) { FirstCtr(p).Image = strings.Repeat("i", 513) }, lng(ctr0+".image")),
		poolCase("image: whitespace", func(p *workloads.WorkerPool) { FirstCtr(p).Image = "busybox latest" }, inv(ctr0+".image")),
		poolCase("image: too long with whitespace", func(p *workloads.WorkerPool) { FirstCtr(p).Image = strings.Repeat("i ", 257) },
			lng(ctr0+".image"), inv(ctr0+".image")),
		poolCase("image: latest", func(p *workloads.WorkerPool) { FirstCtr(p).Image = "busybox:latest" },
			equivalence.Error{Type: inv("").Type, Field: ctr0 + ".image", Detail: "image busybox:latest must name a version, not :latest"}),
		poolCase("image: 512 characters", func(p *workloads.WorkerPool) { FirstCtr(p).Image = strings.Repeat("é", 512) }),
		poolCase("env: too many", func(p *workloads.WorkerPool) {
			FirstCtr(p).Env = nil
			for _, n := range NStrings(65, "E%d") {
				FirstCtr(p).Env = append(FirstCtr(p).Env, workloads.EnvVar{Name: n})
			}
		}, tmy(ctr0+".env")),
		poolCase("env: name missing", func(p *workloads.WorkerPool) { FirstCtr(p).Env[0].Name = "" }, req(ctr0+".env[0].name")),
		poolCase("env: name not a label key", func(p *workloads.WorkerPool) { FirstCtr(p).Env[0].Name = "LOG LEVEL" }, inv(ctr0+".env[0].name")),
		poolCase("env: name too long", func(p *workloads.WorkerPool) { FirstCtr(p).Env[0].Name = strings.Repeat("e", 318) },
			lng(ctr0+".env[0].name"), inv(ctr0+".env[0].name")),
		poolCase("args: too many", func(p *workloads.WorkerPool) { FirstCtr(p).Args = NStrings(65, "--a%d") }, tmy(ctr0+".args")),
		poolCase("args: one too long", func(p *workloads.WorkerPool) { FirstCtr(p).Args[1] = strings.Repeat("a", 1025) }, inv(ctr0+".args")),

		// ports
		poolCase("port: containerPort missing", func(p *workloads.WorkerPool) { p0(p).ContainerPort = 0; p0(p).HostPort = 0 },
			req(ctr0+".ports[0].containerPort")),
		poolCase("port: containerPort too large", func(p *workloads.WorkerPool) { p0(p).ContainerPort = 65536; p0(p).HostPort = 0 },
			inv(ctr0+".ports[0].containerPort")),
		poolCase("port: containerPort negative", func(p *workloads.WorkerPool) { p0(p).ContainerPort = -1; p0(p).HostPort = 0 },
			inv(ctr0+".ports[0].containerPort")),
		poolCase("port: hostPort out of range", func(p *workloads.WorkerPool) { p0(p).HostPort = 70000 },
			inv(ctr0+".ports[0].hostPort"), inv(ctr0+".ports[0].hostPort")),
		poolCase("port: hostPort negative", func(p *workloads.WorkerPool) { p0(p).HostPort = -1 },
			inv(ctr0+".ports[0].hostPort"), inv(ctr0+".ports[0].hostPort")),
		poolCase("port: hostPort differs", func(p *workloads.WorkerPool) { p0(p).HostPort = 9091 }, inv(ctr0+".ports[0].hostPort")),
		poolCase("port: protocol missing", func(p *workloads.WorkerPool) { p0(p).Protocol = "" }, req(ctr0+".ports[0].protocol")),
		poolCase("port: protocol unsupported", func(p *workloads.WorkerPool) { p0(p).Protocol = "QUIC" }, uns(ctr0+".ports[0].protocol")),
		poolCase("port: duplicate key", func(p *workloads.WorkerPool) { FirstCtr(p).Ports[1].Protocol = workloads.ProtocolTCP },
			dup(ctr0+".ports[1]")),
		poolCase("port: name too long and bad", func(p *workloads.WorkerPool) { p0(p).Name = "Metrics_Port_Number_1" },
			lng(ctr0+".ports[0].name"), inv(ctr0+".ports[0].name")),

		// strategy
		poolCase("strategy: type missing", func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = "" }, req("spec.strategy.type")),
		poolCase("strategy: type unsupported", func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = "BlueGreen" }, uns("spec.strategy.type")),
		poolCase("strategy: Recreate with rollingUpdate", func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = workloads.RecreateStrategy },
			frb("spec.strategy.rollingUpdate")),
		poolCase("strategy: Recreate", func(p *workloads.WorkerPool) {
			p.Spec.Strategy = workloads.UpdateStrategy{Type: workloads.RecreateStrategy}
		}),
		poolCase("strategy: RollingUpdate without rollingUpdate", func(p *workloads.WorkerPool) { p.Spec.Strategy.RollingUpdate = nil },
			req("spec.strategy.rollingUpdate")),

		// numbers of the spec
		poolCase("minReadySeconds: negative", func(p *workloads.WorkerPool) { p.Spec.MinReadySeconds = -1 }, inv("spec.minReadySeconds")),
		poolCase("minReadySeconds: not below progressDeadlineSeconds", func(p *workloads.WorkerPool) { p.Spec.MinReadySeconds = 600 },
			inv("spec.minReadySeconds")),
		poolCase("progressDeadlineSeconds: zero", func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](0)
			p.Spec.MinReadySeconds = 0
		},
			inv("spec.progressDeadlineSeconds")),
		poolCase("progressDeadlineSeconds: exclusive maximum", func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = ptr.To[int32](86400) },
			inv("spec.progressDeadlineSeconds")),
		poolCase("progressDeadlineSeconds: just below maximum", func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = ptr.To[int32](86399) }),
		poolCase("priority: exclusive minimum", func(p *workloads.WorkerPool) { p.Spec.Priority = -1000 }, inv("spec.priority")),
		poolCase("priority: not a multiple of 10", func(p *workloads.WorkerPool) { p.Spec.Priority = 15 }, inv("spec.priority")),
		poolCase("priority: below minimum and not a multiple", func(p *workloads.WorkerPool) { p.Spec.Priority = -1005 },
			inv("spec.priority"), inv("spec.priority")),
		poolCase("capacityWeight: above maximum", func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(1.5) }, inv("spec.capacityWeight")),
		poolCase("capacityWeight: negative", func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(-0.5) }, inv("spec.capacityWeight")),

		// tolerations, providerAnnotations, ownerTeam
		poolCase("tolerations: too many", func(p *workloads.WorkerPool) { p.Spec.Tolerations = NTolerations(33) }, tmy("spec.tolerations")),
		poolCase("tolerations: key and effect missing", func(p *workloads.WorkerPool) { p.Spec.Tolerations[0] = workloads.Toleration{} },
			req("spec.tolerations[0].key"), req("spec.tolerations[0].effect")),
		poolCase("tolerations: the same key three times", func(p *workloads.WorkerPool) {
			p.Spec.Tolerations = append(p.Spec.Tolerations, p.Spec.Tolerations[0], p.Spec.Tolerations[0])
		}, dup("spec.tolerations[2]"), dup("spec.tolerations[3]")),
		poolCase("tolerations: effect unsupported", func(p *workloads.WorkerPool) { p.Spec.Tolerations[0].Effect = "PreferNoSchedule" },
			uns("spec.tolerations[0].effect")),
		poolCase("providerAnnotations: too many", func(p *workloads.WorkerPool) { p.Spec.ProviderAnnotations = NStringMap(17) },
			tmy("spec.providerAnnotations")),
		poolCase("ownerTeam: too long", func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = "batch-team-with-a-long-name" }, lng("spec.ownerTeam")),
		poolCase("ownerTeam: not a DNS label", func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = "Batch" }, inv("spec.ownerTeam")),
		poolCase("ownerTeam: too long and not a DNS label", func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = "Batch_Team_With_A_Long_Name" },
			lng("spec.ownerTeam"), inv("spec.ownerTeam")),

		// status
		poolCase("status: negative counts", func(p *workloads.WorkerPool) { p.Status.ObservedGeneration = -1; p.Status.ReadyReplicas = -1 },
			inv("status.observedGeneration"), inv("status.readyReplicas")),
		poolCase("status: empty condition", func(p *workloads.WorkerPool) { p.Status.Conditions[1] = metav1.Condition{} },
			req("status.conditions[1].type"), req("status.conditions[1].status"), req("status.conditions[1].lastTransitionTime"),
			req("status.conditions[1].reason"), req("status.conditions[1].message")),
		poolCase("status: duplicate condition type", func(p *workloads.WorkerPool) { p.Status.Conditions[1].Type = "Available" },
			dup("status.conditions[1]")),

		// updates
		poolUpdate("unchanged valid", noop, noop),
		poolUpdate("unchanged invalid object", func(p *workloads.WorkerPool) { *p = *validation.InvalidWorkerPool5() },
			func(p *workloads.WorkerPool) { *p = *validation.InvalidWorkerPool5() }),
		poolUpdate("selector changed", noop, func(p *workloads.WorkerPool) { p.Spec.Selector.MatchLabels["app"] = "other" }, inv("spec.selector")),
		poolUpdate("progressDeadlineSeconds decreased", noop, func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = ptr.To[int32](300) },
			inv("spec.progressDeadlineSeconds")),
		poolUpdate("progressDeadlineSeconds unset", noop, func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = nil }),
		poolUpdate("progressDeadlineSeconds set", func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = nil }, noop),
		poolUpdate("unchanged invalid replicas, paused changed",
			func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](5000) },
			func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](5000); p.Spec.Paused = true }),
		poolUpdate("invalid replicas changed",
			func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](5000) },
			func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](6000) }, inv("spec.replicas")),
		poolUpdate("container moved, unchanged invalid image",
			func(p *workloads.WorkerPool) { FirstCtr(p).Image = "busybox:latest" },
			func(p *workloads.WorkerPool) {
				FirstCtr(p).Image = "busybox:latest"
				c := p.Spec.Template.Containers
				c[0], c[1] = c[1], c[0]
			}),
		poolUpdate("container changed, unchanged invalid image",
			func(p *workloads.WorkerPool) { FirstCtr(p).Image = "busybox:latest" },
			func(p *workloads.WorkerPool) { FirstCtr(p).Image = "busybox:latest"; FirstCtr(p).Args = nil }),
		poolUpdate("invalid image changed",
			func(p *workloads.WorkerPool) { FirstCtr(p).Image = "busybox:latest" },
			func(p *workloads.WorkerPool) { FirstCtr(p).Image = "alpine:latest" },
			inv(ctr0+".image")),
		poolUpdate("hostnames reordered, unchanged duplicate",
			func(p *workloads.WorkerPool) {
				p.Spec.Template.Hostnames = []string{"a.example.com", "a.example.com", "b.example.com"}
			},
			func(p *workloads.WorkerPool) {
				p.Spec.Template.Hostnames = []string{"b.example.com", "a.example.com", "a.example.com"}
			}),
		poolUpdate("tolerations: duplicate added",
			noop,
			func(p *workloads.WorkerPool) { p.Spec.Tolerations[1].Effect = workloads.TaintEffectNoSchedule },
			dup("spec.tolerations[1]")),
		poolUpdate("ports: unchanged invalid hostPort, other port changed",
			func(p *workloads.WorkerPool) { p0(p).HostPort = 9091 },
			func(p *workloads.WorkerPool) { p0(p).HostPort = 9091; FirstCtr(p).Ports[1].Name = "metrics-u" }),
		poolUpdate("strategy: unchanged union violation, spec changed",
			func(p *workloads.WorkerPool) { p.Spec.Strategy.RollingUpdate = nil },
			func(p *workloads.WorkerPool) { p.Spec.Strategy.RollingUpdate = nil; p.Spec.Paused = true }),
		// Conditions correlate by type; an item without its key has no old item on the server.
		poolUpdate("status: unchanged incomplete condition, readyReplicas changed",
			func(p *workloads.WorkerPool) { p.Status.Conditions[1] = metav1.Condition{Type: "Progressing"} },
			func(p *workloads.WorkerPool) {
				p.Status.Conditions[1] = metav1.Condition{Type: "Progressing"}
				p.Status.ReadyReplicas = 2
			}),
		poolUpdate("status: incomplete condition changed",
			func(p *workloads.WorkerPool) { p.Status.Conditions[1] = metav1.Condition{Type: "Progressing"} },
			func(p *workloads.WorkerPool) {
				p.Status.Conditions[1] = metav1.Condition{Type: "Progressing", Reason: "Started"}
			},
			req("status.conditions[1].status"), req("status.conditions[1].lastTransitionTime"), req("status.conditions[1].message")),
		poolUpdate("args: atomic list changed, long argument kept",
			func(p *workloads.WorkerPool) { FirstCtr(p).Args[1] = strings.Repeat("a", 1025) },
			func(p *workloads.WorkerPool) {
				FirstCtr(p).Args[1] = strings.Repeat("a", 1025)
				FirstCtr(p).Args[0] = "--queue=other"
			},
			inv(ctr0+".args")),
		poolUpdate("selector set where it was missing", func(p *workloads.WorkerPool) { p.Spec.Selector = nil }, noop),
		poolUpdate("conditions reordered, unchanged incomplete condition",
			func(p *workloads.WorkerPool) { p.Status.Conditions[1] = metav1.Condition{Type: "Progressing"} },
			func(p *workloads.WorkerPool) {
				p.Status.Conditions[1] = metav1.Condition{Type: "Progressing"}
				c := p.Status.Conditions
				c[0], c[1] = c[1], c[0]
			}),
		poolUpdate("nodeSelector: atomic map changed", noop, func(p *workloads.WorkerPool) { p.Spec.Template.NodeSelector["zone"] = "a" }),
		poolUpdate("providerAnnotations: over the limit, one key changed",
			func(p *workloads.WorkerPool) { p.Spec.ProviderAnnotations = NStringMap(17) },
			func(p *workloads.WorkerPool) {
				p.Spec.ProviderAnnotations = NStringMap(17)
				p.Spec.ProviderAnnotations["k3"] = "w"
			},
			tmy("spec.providerAnnotations")),
		poolUpdate("providerAnnotations: over the limit, unchanged",
			func(p *workloads.WorkerPool) { p.Spec.ProviderAnnotations = NStringMap(17) },
			func(p *workloads.WorkerPool) { p.Spec.ProviderAnnotations = NStringMap(17); p.Spec.Paused = true }),
		poolUpdate("name changed", noop, func(p *workloads.WorkerPool) { p.Name = "other" }, inv("metadata.name")),
		poolUpdate("name changed to an invalid one", noop, func(p *workloads.WorkerPool) { p.Name = "Other_Pool" },
			inv("metadata.name"), inv("metadata.name")),
		poolUpdate("generateName changed to an invalid prefix", noop, func(p *workloads.WorkerPool) { p.GenerateName = "Batch_" },
			inv("metadata.generateName")),
		poolUpdate("selector: label added", noop, func(p *workloads.WorkerPool) { p.Spec.Selector.MatchLabels["tier"] = "x" }, inv("spec.selector")),
		poolUpdate("selector: expression added", noop, func(p *workloads.WorkerPool) {
			p.Spec.Selector.MatchExpressions = append(p.Spec.Selector.MatchExpressions,
				metav1.LabelSelectorRequirement{Key: "zone", Operator: metav1.LabelSelectorOpExists})
		}, inv("spec.selector")),
		poolUpdate("selector: operator changed", noop, func(p *workloads.WorkerPool) {
			p.Spec.Selector.MatchExpressions[0].Operator = metav1.LabelSelectorOpNotIn
		}, inv("spec.selector")),
		poolUpdate("selector: value changed", noop, func(p *workloads.WorkerPool) {
			p.Spec.Selector.MatchExpressions[0].Values[1] = "batch"
		}, inv("spec.selector")),
		poolUpdate("strategy: type changed to Recreate", noop, func(p *workloads.WorkerPool) {
			p.Spec.Strategy = workloads.UpdateStrategy{Type: workloads.RecreateStrategy}
		}),
		poolUpdate("env: atomic list grew, invalid name kept",
			func(p *workloads.WorkerPool) { FirstCtr(p).Env[0].Name = "LOG LEVEL" },
			func(p *workloads.WorkerPool) {
				FirstCtr(p).Env[0].Name = "LOG LEVEL"
				FirstCtr(p).Env = append(FirstCtr(p).Env, workloads.EnvVar{Name: "EXTRA"})
			}, inv(ctr0+".env[0].name")),
		poolUpdate("ports: port changed, unchanged invalid hostPort",
			func(p *workloads.WorkerPool) { FirstPort(p).HostPort = 70000 },
			func(p *workloads.WorkerPool) { FirstPort(p).HostPort = 70000; FirstPort(p).Name = "metrics-2" },
			inv(ctr0+".ports[0].hostPort")), // the port's rule (hostPort == containerPort) runs: the port changed
		poolUpdate("tolerations: many, duplicate already there",
			func(p *workloads.WorkerPool) { p.Spec.Tolerations = append(NTolerations(20), NTolerations(1)...) },
			func(p *workloads.WorkerPool) {
				p.Spec.Tolerations = append(NTolerations(20), NTolerations(1)...)
				p.Spec.Tolerations[5].TolerationSeconds = ptr.To[int64](60)
				p.Spec.Tolerations[3].Effect = "Sometimes"
			}, uns("spec.tolerations[3].effect")),
		poolUpdate("tolerations: many, duplicate added",
			func(p *workloads.WorkerPool) { p.Spec.Tolerations = NTolerations(20) },
			func(p *workloads.WorkerPool) { p.Spec.Tolerations = append(NTolerations(20), NTolerations(2)[1]) },
			dup("spec.tolerations[20]")),
	}
}

func mustV1Pool(in *workloads.WorkerPool) *v1.WorkerPool {
	var out v1.WorkerPool
	if err := v1.Convert_workloads_WorkerPool_To_v1_WorkerPool(in, &out, nil); err != nil {
		panic(err)
	}
	return &out
}

func classCase(name string, tweak func(*workloads.WorkerClass), expect ...equivalence.Error) equivalence.Case {
	return equivalence.Case{Name: "WorkerClass/" + name, Object: Class(tweak), Expect: expect}
}

func workerClassCases() []equivalence.Case {
	return []equivalence.Case{
		classCase("valid", noop),
		classCase("name: a DNS subdomain but not a label", func(c *workloads.WorkerClass) { c.Name = "large.v2" }, inv("metadata.name")),
		classCase("namespace: forbidden", func(c *workloads.WorkerClass) { c.Namespace = "default" }, frb("metadata.namespace")),
		classCase("cpu: missing", func(c *workloads.WorkerClass) { c.CPU = 0 }, req("cpu")),
		classCase("cpu: negative", func(c *workloads.WorkerClass) { c.CPU = -1 }, inv("cpu")),
		classCase("cpu: above maximum", func(c *workloads.WorkerClass) { c.CPU = 257 }, inv("cpu")),
		classCase("memory: missing", func(c *workloads.WorkerClass) { c.Memory = resource.Quantity{} }, req("memory")),
		classCase("memory: zero written out", func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("0Gi") }, req("memory")),
		classCase("memory: negative", func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("-1Gi") }, inv("memory")),
		classCase("memory: 64Mi", func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("64Mi") }, inv("memory")),
		classCase("memory: just above 64Mi", func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("67108865") }),
		{Name: "WorkerClass/update/unchanged invalid memory, labels changed",
			Old:    Class(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("1Mi") }),
			Object: Class(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("1Mi"); c.Labels["x"] = "y" })},
		{Name: "WorkerClass/update/unchanged invalid object",
			Old:    Class(func(c *workloads.WorkerClass) { c.CPU = 300 }),
			Object: Class(func(c *workloads.WorkerClass) { c.CPU = 300 })},
		{Name: "WorkerClass/update/memory changed, still too small",
			Old:    Class(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("1Mi") }),
			Object: Class(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("2Mi") }), Expect: errs{inv("memory")}},
	}
}

func quotaCase(name string, tweak func(*workloads.WorkerQuota), expect ...equivalence.Error) equivalence.Case {
	return equivalence.Case{Name: "WorkerQuota/" + name, Object: Quota(tweak), Expect: expect}
}

func quotaUpdate(name string, old, new func(*workloads.WorkerQuota), expect ...equivalence.Error) equivalence.Case {
	return equivalence.Case{Name: "WorkerQuota/update/" + name, Object: Quota(new), Old: Quota(old), Expect: expect}
}

func workerQuotaCases() []equivalence.Case {
	return []equivalence.Case{
		quotaCase("valid", noop),
		quotaCase("five mistakes", func(q *workloads.WorkerQuota) { *q = *validation.InvalidWorkerQuota5() },
			inv("spec.maxPools"), uns("spec.tier"), dup("spec.classes[1]"), inv("spec.zoneWeights[zone-b]"), lng("spec.exemptions[0].reason")),
		quotaCase("maxPools: missing", func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0 }, req("spec.maxPools")),
		quotaCase("maxPools: negative", func(q *workloads.WorkerQuota) { q.Spec.MaxPools = -1 }, inv("spec.maxPools")),
		quotaCase("maxWorkers: above maximum", func(q *workloads.WorkerQuota) { q.Spec.MaxWorkers = ptr.To[int32](100001) }, inv("spec.maxWorkers")),
		quotaCase("maxWorkers: negative", func(q *workloads.WorkerQuota) { q.Spec.MaxWorkers = ptr.To[int32](-1) }, inv("spec.maxWorkers")),
		quotaCase("maxWorkers: zero", func(q *workloads.WorkerQuota) { q.Spec.MaxWorkers = ptr.To[int32](0) }),
		quotaCase("tier: missing", func(q *workloads.WorkerQuota) { q.Spec.Tier = "" }, req("spec.tier")),
		quotaCase("description: too long", func(q *workloads.WorkerQuota) { q.Spec.Description = strings.Repeat("d", 257) }, lng("spec.description")),
		quotaCase("defaultClass: not a DNS label", func(q *workloads.WorkerQuota) { q.Spec.DefaultClass = "large.class" }, inv("spec.defaultClass")),
		quotaCase("defaultClass: too long and bad characters", func(q *workloads.WorkerQuota) { q.Spec.DefaultClass = strings.Repeat("C", 64) },
			lng("spec.defaultClass"), inv("spec.defaultClass")),
		quotaCase("classes: class missing", func(q *workloads.WorkerQuota) { q.Spec.Classes[1].Class = "" }, req("spec.classes[1].class")),
		quotaCase("classes: class not a DNS label", func(q *workloads.WorkerQuota) { q.Spec.Classes[1].Class = "Small" }, inv("spec.classes[1].class")),
		quotaCase("classes: maxWorkers missing", func(q *workloads.WorkerQuota) { q.Spec.Classes[1].MaxWorkers = 0 }, req("spec.classes[1].maxWorkers")),
		quotaCase("classes: maxWorkers out of range", func(q *workloads.WorkerQuota) {
			q.Spec.Classes[0].MaxWorkers = 10001
			q.Spec.Classes[1].MaxWorkers = -5
		}, inv("spec.classes[0].maxWorkers"), inv("spec.classes[1].maxWorkers")),
		quotaCase("classes: burstWorkers out of range", func(q *workloads.WorkerQuota) {
			q.Spec.Classes[0].BurstWorkers = 1001
			q.Spec.Classes[1].BurstWorkers = -1
		}, inv("spec.classes[0].burstWorkers"), inv("spec.classes[1].burstWorkers")),
		quotaCase("zones: duplicate", func(q *workloads.WorkerQuota) { q.Spec.Zones[2] = "zone-a" }, dup("spec.zones[2]")),
		quotaCase("zones: three times the same", func(q *workloads.WorkerQuota) {
			q.Spec.Zones = []workloads.Zone{"zone-a", "zone-a", "zone-b", "zone-a"}
		},
			dup("spec.zones[1]"), dup("spec.zones[3]")),
		quotaCase("zones: empty zone", func(q *workloads.WorkerQuota) { q.Spec.Zones[1] = "" }, inv("spec.zones[1]")),
		quotaCase("zoneWeights: empty key", func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights[""] = 10 }),
		quotaCase("zones: not a DNS label", func(q *workloads.WorkerQuota) { q.Spec.Zones[1] = "zone_b" }, inv("spec.zones[1]")),
		quotaCase("zones: too long and bad characters", func(q *workloads.WorkerQuota) { q.Spec.Zones[1] = workloads.Zone(strings.Repeat("Z", 64)) },
			lng("spec.zones[1]"), inv("spec.zones[1]")),
		quotaCase("zoneWeights: too many", func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = NZoneWeights(17) }, tmy("spec.zoneWeights")),
		quotaCase("zoneWeights: out of range", func(q *workloads.WorkerQuota) {
			q.Spec.ZoneWeights["zone-a"] = 101
			q.Spec.ZoneWeights["zone-c"] = -1
		}, inv("spec.zoneWeights[zone-a]"), inv("spec.zoneWeights[zone-c]")),
		quotaCase("zoneWeights: key with dots", func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["eu.west.1"] = 0 }, inv("spec.zoneWeights[eu.west.1]")),
		quotaCase("exemptions: too many", func(q *workloads.WorkerQuota) { q.Spec.Exemptions = NExemptions(17) }, tmy("spec.exemptions")),
		quotaCase("exemptions: pool missing and bad", func(q *workloads.WorkerQuota) {
			q.Spec.Exemptions = []workloads.QuotaExemption{{}, {Pool: "Bad_Pool"}}
		}, req("spec.exemptions[0].pool"), inv("spec.exemptions[1].pool")),
		quotaCase("status: negative counts", func(q *workloads.WorkerQuota) {
			q.Status = workloads.WorkerQuotaStatus{ObservedGeneration: -1, UsedPools: -1, UsedWorkers: -1}
		}, inv("status.observedGeneration"), inv("status.usedPools"), inv("status.usedWorkers")),

		quotaUpdate("unchanged invalid object", func(q *workloads.WorkerQuota) { *q = *validation.InvalidWorkerQuota5() },
			func(q *workloads.WorkerQuota) { *q = *validation.InvalidWorkerQuota5() }),
		quotaUpdate("unchanged invalid maxPools, description changed",
			func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500 },
			func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500; q.Spec.Description = "changed" }),
		quotaUpdate("unchanged missing maxPools, description changed",
			func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0 },
			func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0; q.Spec.Description = "changed" }, req("spec.maxPools")),
		quotaUpdate("zone weight: unchanged invalid, other key changed",
			func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-a"] = 0 },
			func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-a"] = 0; q.Spec.ZoneWeights["zone-b"] = 40 }),
		quotaUpdate("zone weight: invalid added", noop, func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-d"] = 0 },
			inv("spec.zoneWeights[zone-d]")),
		quotaUpdate("classes: reordered, unchanged invalid",
			func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 20000 },
			func(q *workloads.WorkerQuota) {
				q.Spec.Classes[0].MaxWorkers = 20000
				q.Spec.Classes[0], q.Spec.Classes[1] = q.Spec.Classes[1], q.Spec.Classes[0]
			}),
		quotaUpdate("classes: item changed, unchanged invalid field",
			func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 20000 },
			func(q *workloads.WorkerQuota) {
				q.Spec.Classes[0].MaxWorkers = 20000
				q.Spec.Classes[0].BurstWorkers = 1
			}),
		quotaUpdate("classes: invalid field changed",
			func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 20000 },
			func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 30000 },
			inv("spec.classes[0].maxWorkers")),
		quotaUpdate("classes: duplicate already there, other item changed",
			func(q *workloads.WorkerQuota) { q.Spec.Classes[1].Class = "large" },
			func(q *workloads.WorkerQuota) { q.Spec.Classes[1].Class = "large"; q.Spec.Classes[1].MaxWorkers = 7 }),
		// The API server does not correlate set items: a changed set is validated whole.
		quotaUpdate("zones: reordered, unchanged invalid",
			func(q *workloads.WorkerQuota) { q.Spec.Zones[0] = "Zone_A" },
			func(q *workloads.WorkerQuota) { q.Spec.Zones = []workloads.Zone{"zone-c", "zone-b", "Zone_A"} },
			inv("spec.zones[2]")),
		quotaUpdate("zones: unchanged invalid, set unchanged",
			func(q *workloads.WorkerQuota) { q.Spec.Zones[0] = "Zone_A" },
			func(q *workloads.WorkerQuota) { q.Spec.Zones[0] = "Zone_A"; q.Spec.Description = "changed" }),
		quotaUpdate("zones: duplicate added", noop,
			func(q *workloads.WorkerQuota) { q.Spec.Zones = append(q.Spec.Zones, "zone-a") }, dup("spec.zones[3]")),
		quotaUpdate("exemptions: atomic list changed, invalid pool kept",
			func(q *workloads.WorkerQuota) { q.Spec.Exemptions = []workloads.QuotaExemption{{Pool: "Bad_Pool"}} },
			func(q *workloads.WorkerQuota) {
				q.Spec.Exemptions = []workloads.QuotaExemption{{Pool: "Bad_Pool"}, {Pool: "ok"}}
			}, inv("spec.exemptions[0].pool")),
		quotaUpdate("status changed, unchanged invalid spec",
			func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500 },
			func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500; q.Status.UsedPools = 3 }),
		quotaUpdate("classes: many, one changed to invalid",
			func(q *workloads.WorkerQuota) { q.Spec.Classes = NClasses(20) },
			func(q *workloads.WorkerQuota) { q.Spec.Classes = NClasses(20); q.Spec.Classes[7].MaxWorkers = 0 },
			req("spec.classes[7].maxWorkers")),
		quotaUpdate("classes: many, repeated key in the old list",
			func(q *workloads.WorkerQuota) { q.Spec.Classes = append(NClasses(20), NClasses(1)...) },
			func(q *workloads.WorkerQuota) {
				q.Spec.Classes = append(NClasses(20), NClasses(1)...)
				q.Spec.Classes[2].BurstWorkers = 5000
			}, inv("spec.classes[2].burstWorkers")),
		quotaUpdate("tier: made invalid", noop, func(q *workloads.WorkerQuota) { q.Spec.Tier = "Tin" }, uns("spec.tier")),
	}
}

// Fixtures: each returns a new valid object with the tweaks applied.

// Pool returns validation.ValidWorkerPool with the tweaks applied.
func Pool(tweaks ...func(*workloads.WorkerPool)) *workloads.WorkerPool {
	obj := validation.ValidWorkerPool()
	for _, tw := range tweaks {
		tw(obj)
	}
	return obj
}

// Class returns validation.ValidWorkerClass with the tweaks applied.
func Class(tweaks ...func(*workloads.WorkerClass)) *workloads.WorkerClass {
	obj := validation.ValidWorkerClass()
	for _, tw := range tweaks {
		tw(obj)
	}
	return obj
}

// Quota returns validation.ValidWorkerQuota with the tweaks applied.
func Quota(tweaks ...func(*workloads.WorkerQuota)) *workloads.WorkerQuota {
	obj := validation.ValidWorkerQuota()
	for _, tw := range tweaks {
		tw(obj)
	}
	return obj
}

// FirstCtr is the pool's first container.
func FirstCtr(p *workloads.WorkerPool) *workloads.Container { return &p.Spec.Template.Containers[0] }

// FirstPort is the first port of the pool's first container.
func FirstPort(p *workloads.WorkerPool) *workloads.ContainerPort {
	return &p.Spec.Template.Containers[0].Ports[0]
}

// NContainers returns n valid containers with distinct names.
func NContainers(n int) []workloads.Container {
	out := make([]workloads.Container, n)
	for i := range out {
		out[i] = workloads.Container{Name: fmt.Sprintf("c%d", i), Image: "busybox:1.36"}
	}
	return out
}

// NTolerations returns n valid tolerations with distinct keys.
func NTolerations(n int) []workloads.Toleration {
	out := make([]workloads.Toleration, n)
	for i := range out {
		out[i] = workloads.Toleration{Key: fmt.Sprintf("k%d", i), Effect: workloads.TaintEffectNoSchedule}
	}
	return out
}

// NStrings returns n strings formatted with their index.
func NStrings(n int, format string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(format, i)
	}
	return out
}

// NStringMap returns a map of n entries.
func NStringMap(n int) map[string]string {
	m := make(map[string]string, n)
	for i := 0; i < n; i++ {
		m[fmt.Sprintf("k%d", i)] = "v"
	}
	return m
}

// NClasses returns n valid class quotas with distinct classes.
func NClasses(n int) []workloads.ClassQuota {
	out := make([]workloads.ClassQuota, n)
	for i := range out {
		out[i] = workloads.ClassQuota{Class: fmt.Sprintf("class-%d", i), MaxWorkers: 1}
	}
	return out
}

// NZones returns n valid, distinct zones.
func NZones(n int) []workloads.Zone {
	out := make([]workloads.Zone, n)
	for i := range out {
		out[i] = workloads.Zone(fmt.Sprintf("zone-%d", i))
	}
	return out
}

// NExemptions returns n valid exemptions.
func NExemptions(n int) []workloads.QuotaExemption {
	out := make([]workloads.QuotaExemption, n)
	for i := range out {
		out[i] = workloads.QuotaExemption{Pool: fmt.Sprintf("pool-%d", i)}
	}
	return out
}

// NZoneWeights returns n valid zone weights.
func NZoneWeights(n int) map[string]workloads.ZoneWeight {
	m := make(map[string]workloads.ZoneWeight, n)
	for i := 0; i < n; i++ {
		m[fmt.Sprintf("zone-%d", i)] = 1
	}
	return m
}
