package workloads_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
	"github.com/validation-gen/validation-gen/examples/api/workloads/equivalencecases"
	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
	"github.com/validation-gen/validation-gen/genruntime"
)

// The tests below exercise the generated validators of the internal workloads package
// (zz_generated.validations.go) against the handwritten reference in ./validation, and pin the
// semantics the issue asks for: error types, Origin, zero values, ratcheting and scheme wiring.

var (
	createOp = operation.Operation{Type: operation.Create}
	updateOp = operation.Operation{Type: operation.Update}
	// strictOp is an update with ratcheting turned off.
	strictOp = operation.Operation{Type: operation.Update, Options: map[string]bool{genruntime.DisableRatcheting: true}}
)

// Shorthands for the error types.
const (
	required     = field.ErrorTypeRequired
	invalid      = field.ErrorTypeInvalid
	forbidden    = field.ErrorTypeForbidden
	duplicate    = field.ErrorTypeDuplicate
	notSupported = field.ErrorTypeNotSupported
	tooLong      = field.ErrorTypeTooLong
	tooMany      = field.ErrorTypeTooMany
)

// errKey is what the tests compare: an error's type and field path.
type errKey struct {
	Type  field.ErrorType
	Field string
}

func (k errKey) String() string { return string(k.Type) + " " + k.Field }

func keyOf(e *field.Error) errKey { return errKey{e.Type, e.Field} }

// sortedKeys renders errors as sorted "type field" lines, a multiset that is easy to diff.
func sortedKeys[T any](items []T, key func(T) errKey) []string {
	out := make([]string, len(items))
	for i, x := range items {
		out[i] = key(x).String()
	}
	sort.Strings(out)
	return out
}

// checkErrs compares the (type, field) multiset of got with want.
func checkErrs(t *testing.T, got field.ErrorList, want ...errKey) {
	t.Helper()
	g := sortedKeys(got, keyOf)
	w := sortedKeys(want, func(k errKey) errKey { return k })
	if strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("errors differ\ngot:\n  %s\nwant:\n  %s\nfull errors: %v", strings.Join(g, "\n  "), strings.Join(w, "\n  "), got)
	}
	checkOrigins(t, got)
}

// knownOrigins are the Origin values the generator may set: the producing tag.
var knownOrigins = map[string]bool{
	"required": true, "minimum": true, "maximum": true, "multipleOf": true, "minLength": true, "maxLength": true,
	"pattern": true, "enum": true, "minItems": true, "maxItems": true, "minProperties": true, "maxProperties": true,
	"listType=map": true, "listType=set": true, "immutable": true, "nameFormat": true, "validationRule": true,
}

// checkOrigins asserts that every generated error names the tag that produced it.
func checkOrigins(t *testing.T, errs field.ErrorList) {
	t.Helper()
	for _, e := range errs {
		if !knownOrigins[e.Origin] && !strings.HasPrefix(e.Origin, "format=") {
			t.Errorf("error without a known Origin (%q): %v", e.Origin, e)
		}
	}
}

func genPool(obj *workloads.WorkerPool) field.ErrorList {
	return workloads.Validate_WorkerPool(context.Background(), createOp, nil, obj, nil)
}

func genPoolUpdate(op operation.Operation, obj, old *workloads.WorkerPool) field.ErrorList {
	return workloads.Validate_WorkerPool(context.Background(), op, nil, obj, old)
}

func genClass(obj *workloads.WorkerClass) field.ErrorList {
	return workloads.Validate_WorkerClass(context.Background(), createOp, nil, obj, nil)
}

func genQuota(obj *workloads.WorkerQuota) field.ErrorList {
	return workloads.Validate_WorkerQuota(context.Background(), createOp, nil, obj, nil)
}

func genQuotaUpdate(op operation.Operation, obj, old *workloads.WorkerQuota) field.ErrorList {
	return workloads.Validate_WorkerQuota(context.Background(), op, nil, obj, old)
}

// pool, class and quota return the valid fixtures with tweaks applied.
// Fixtures shared with the equivalence cases.
var (
	pool         = equivalencecases.Pool
	class        = equivalencecases.Class
	quota        = equivalencecases.Quota
	firstCtr     = equivalencecases.FirstCtr
	firstPort    = equivalencecases.FirstPort
	nContainers  = equivalencecases.NContainers
	nTolerations = equivalencecases.NTolerations
	nStrings     = equivalencecases.NStrings
	nStringMap   = equivalencecases.NStringMap
	nClasses     = equivalencecases.NClasses
	nZones       = equivalencecases.NZones
	nExemptions  = equivalencecases.NExemptions
	nZoneWeights = equivalencecases.NZoneWeights
)

// Documented differences between the handwritten reference and the generated validators. The
// agreement tests assert each one explicitly: the differing errors must be there, on the side the
// difference names, and everything else must agree.
const (
	// The handwritten validators run apimachinery's ValidateObjectMeta on the object's metadata
	// (name or generateName required, namespace required or forbidden, labels, annotations, ...), as
	// Kubernetes does. The generated ones check only what the tags declare: +nameFormat. The API
	// server runs ObjectMeta validation itself.
	diffObjectMeta = "ObjectMeta checks beyond +nameFormat are handwritten only"
)

// agreeCase is one create case of the agreement table. handOnly and genOnly list the errors that
// only one side reports, for the documented reason why.
type agreeCase[T any] struct {
	name     string
	tweak    func(*T)
	why      string
	handOnly []errKey
	genOnly  []errKey
}

// checkAgreement compares handwritten and generated errors as multisets of (type, field), after
// taking out the documented differences, which must be present.
func checkAgreement(t *testing.T, hand, gen field.ErrorList, why string, handOnly, genOnly []errKey) {
	t.Helper()
	if (len(handOnly) > 0 || len(genOnly) > 0) != (why != "") {
		t.Fatalf("a difference needs a documented reason, and a reason a difference")
	}
	take := func(side string, errs field.ErrorList, only []errKey) field.ErrorList {
		rest := append(field.ErrorList(nil), errs...)
		for _, k := range only {
			found := false
			for i, e := range rest {
				if keyOf(e) == k {
					rest = append(rest[:i], rest[i+1:]...)
					found = true
					break
				}
			}
			if !found {
				t.Errorf("documented difference %q: the %s validator no longer reports %s; got %v", why, side, k, errs)
			}
		}
		return rest
	}
	h := sortedKeys(take("handwritten", hand, handOnly), keyOf)
	g := sortedKeys(take("generated", gen, genOnly), keyOf)
	if strings.Join(h, "\n") != strings.Join(g, "\n") {
		t.Errorf("handwritten and generated validators disagree\nhandwritten:\n  %s\ngenerated:\n  %s\nhandwritten errors: %v\ngenerated errors: %v",
			strings.Join(h, "\n  "), strings.Join(g, "\n  "), hand, gen)
	}
	checkOrigins(t, gen)
}

const (
	tmpl  = "spec.template"
	ctr0  = "spec.template.containers[0]"
	port0 = "spec.template.containers[0].ports[0]"
)

// workerPoolCreateCases mirror TestValidateWorkerPool of the handwritten package.
var workerPoolCreateCases = []agreeCase[workloads.WorkerPool]{
	{name: "valid"},
	{name: "valid: boundary values", tweak: func(p *workloads.WorkerPool) {
		p.Spec.Replicas = ptr.To[int32](1000)
		p.Spec.ProgressDeadlineSeconds = ptr.To[int32](86399)
		p.Spec.MinReadySeconds = 86398
		p.Spec.Priority = -990
		p.Spec.CapacityWeight = ptr.To(1.0)
		p.Spec.Tolerations = nTolerations(32)
		p.Spec.ProviderAnnotations = nStringMap(16)
		p.Spec.OwnerTeam = workloads.TeamName(strings.Repeat("t", 20))
		p.Spec.Template.Containers = nContainers(8)
		p.Spec.Template.Containers[0].Image = strings.Repeat("i", 512)
		p.Spec.Template.Containers[0].Env = []workloads.EnvVar{{Name: strings.Repeat("a", 253) + "/" + strings.Repeat("b", 63)}}
		p.Spec.Template.Containers[0].Args = []string{strings.Repeat("a", 1024)}
		p.Spec.Template.Containers[0].Ports = []workloads.ContainerPort{{Name: strings.Repeat("p", 15), ContainerPort: 65535, HostPort: 65535, Protocol: workloads.ProtocolSCTP}}
		p.Spec.Template.Hostnames = []string{"a", "b", "c", "d"}
	}},
	{name: "valid: zero replicas and capacity weight", tweak: func(p *workloads.WorkerPool) {
		p.Spec.Replicas = ptr.To[int32](0)
		p.Spec.CapacityWeight = ptr.To(0.0)
	}},
	{name: "valid: lengths count characters, not bytes", tweak: func(p *workloads.WorkerPool) {
		firstCtr(p).Image = strings.Repeat("é", 512)
		firstCtr(p).Args = []string{strings.Repeat("é", 1024)}
	}},
	{name: "valid: non-nil empty optional lists and maps are unset", tweak: func(p *workloads.WorkerPool) {
		p.Spec.Tolerations = []workloads.Toleration{}
		p.Spec.ProviderAnnotations = map[string]string{}
		p.Spec.Template.Hostnames = []string{}
		firstCtr(p).Ports, firstCtr(p).Env, firstCtr(p).Args = []workloads.ContainerPort{}, []workloads.EnvVar{}, []string{}
	}},
	{name: "valid: minReadySeconds without progressDeadlineSeconds", tweak: func(p *workloads.WorkerPool) {
		p.Spec.ProgressDeadlineSeconds = nil
		p.Spec.MinReadySeconds = 100000
	}},
	{name: "valid: generateName with a trailing dash", tweak: func(p *workloads.WorkerPool) {
		p.GenerateName, p.Name = "batch-workers-", "batch-workers-x7k2q"
	}},

	{name: "metadata.name: not a DNS subdomain", tweak: func(p *workloads.WorkerPool) { p.Name = "Batch_Workers" }},
	{name: "metadata.name: too long", tweak: func(p *workloads.WorkerPool) { p.Name = strings.Repeat("a.", 127) + "a" }},
	{name: "metadata.name: too long and malformed", tweak: func(p *workloads.WorkerPool) { p.Name = strings.Repeat("a.", 127) }},
	{name: "metadata.name: missing", tweak: func(p *workloads.WorkerPool) { p.Name = "" },
		why: diffObjectMeta, handOnly: []errKey{{required, "metadata.name"}}},
	{name: "metadata.generateName: not a DNS subdomain prefix", tweak: func(p *workloads.WorkerPool) { p.GenerateName = "Batch-" }},
	{name: "metadata.namespace: missing", tweak: func(p *workloads.WorkerPool) { p.Namespace = "" },
		why: diffObjectMeta, handOnly: []errKey{{required, "metadata.namespace"}}},
	{name: "metadata.labels: bad key", tweak: func(p *workloads.WorkerPool) { p.Labels = map[string]string{"bad key": "x"} },
		why: diffObjectMeta, handOnly: []errKey{{invalid, "metadata.labels"}}},

	{name: "replicas: negative", tweak: func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](-1) }},
	{name: "replicas: above maximum", tweak: func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](1001) }},
	{name: "selector: missing", tweak: func(p *workloads.WorkerPool) { p.Spec.Selector = nil }},
	{name: "selector: expression without key and operator", tweak: func(p *workloads.WorkerPool) {
		p.Spec.Selector.MatchExpressions = append(p.Spec.Selector.MatchExpressions, metav1.LabelSelectorRequirement{})
	}},

	{name: "containers: missing", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.Containers = nil }},
	{name: "containers: empty is missing", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.Containers = []workloads.Container{} }},
	{name: "containers: too many", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.Containers = nContainers(9) }},
	{name: "containers: duplicate name", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.Containers[1].Name = "worker" }},
	{name: "containers: duplicates reported at each later occurrence", tweak: func(p *workloads.WorkerPool) {
		p.Spec.Template.Containers = nContainers(4)
		for i := range p.Spec.Template.Containers {
			p.Spec.Template.Containers[i].Name = "same"
		}
	}},
	{name: "container name: missing", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Name = "" }},
	{name: "container name: not a DNS label", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Name = "worker.main" }},
	{name: "container name: too long and bad characters", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Name = strings.Repeat("W", 64) }},
	{name: "image: missing stops the other checks", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Image = "" }},
	{name: "image: too long", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Image = strings.Repeat("i", 513) }},
	{name: "image: whitespace", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Image = "worker 1.0" }},
	{name: "image: :latest", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Image = "worker:latest" }},
	{name: "image: too long, whitespace and :latest", tweak: func(p *workloads.WorkerPool) {
		firstCtr(p).Image = strings.Repeat("i", 512) + "\t:latest"
	}},
	{name: "ports: containerPort missing", tweak: func(p *workloads.WorkerPool) { firstPort(p).ContainerPort, firstPort(p).HostPort = 0, 0 }},
	{name: "ports: containerPort below minimum", tweak: func(p *workloads.WorkerPool) { firstPort(p).ContainerPort, firstPort(p).HostPort = -1, 0 }},
	{name: "ports: containerPort and hostPort above maximum", tweak: func(p *workloads.WorkerPool) {
		firstPort(p).ContainerPort, firstPort(p).HostPort = 65536, 65536
	}},
	{name: "ports: hostPort below minimum and different", tweak: func(p *workloads.WorkerPool) { firstPort(p).HostPort = -1 }},
	{name: "ports: hostPort differs from containerPort", tweak: func(p *workloads.WorkerPool) { firstPort(p).HostPort = 9091 }},
	{name: "ports: hostPort without containerPort", tweak: func(p *workloads.WorkerPool) { firstPort(p).ContainerPort = 0 }},
	{name: "ports: protocol missing", tweak: func(p *workloads.WorkerPool) { firstPort(p).Protocol = "" }},
	{name: "ports: protocol not supported", tweak: func(p *workloads.WorkerPool) { firstPort(p).Protocol = "HTTP" }},
	{name: "ports: name too long", tweak: func(p *workloads.WorkerPool) { firstPort(p).Name = strings.Repeat("p", 16) }},
	{name: "ports: name not a DNS label", tweak: func(p *workloads.WorkerPool) { firstPort(p).Name = "Metrics" }},
	{name: "ports: name too long for both limits", tweak: func(p *workloads.WorkerPool) { firstPort(p).Name = strings.Repeat("p", 64) }},
	{name: "ports: duplicate containerPort and protocol", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Ports[1].Protocol = workloads.ProtocolTCP }},
	{name: "env: too many", tweak: func(p *workloads.WorkerPool) {
		for _, n := range nStrings(65, "VAR_%d") {
			firstCtr(p).Env = append(firstCtr(p).Env, workloads.EnvVar{Name: n})
		}
		firstCtr(p).Env = firstCtr(p).Env[2:]
	}},
	{name: "env: name missing", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Env[1].Name = "" }},
	{name: "env: name not a label key", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Env[1].Name = "-bad" }},
	{name: "env: name with two slashes", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Env[1].Name = "a/b/c" }},
	{name: "env: name too long", tweak: func(p *workloads.WorkerPool) {
		firstCtr(p).Env[0].Name = strings.Repeat("a", 254) + "/" + strings.Repeat("b", 63)
	}},
	{name: "args: too many", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Args = nStrings(65, "--a%d") }},
	{name: "args: one too long", tweak: func(p *workloads.WorkerPool) { firstCtr(p).Args[1] = strings.Repeat("a", 1025) }},
	{name: "args: several too long is one error at the list", tweak: func(p *workloads.WorkerPool) {
		firstCtr(p).Args = []string{strings.Repeat("a", 1025), "ok", strings.Repeat("é", 1025)}
	}},
	{name: "restartPolicy: not supported", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.RestartPolicy = "Sometimes" }},
	{name: "restartPolicy: unset", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.RestartPolicy = "" }},
	{name: "serviceAccountName: not a DNS subdomain", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.ServiceAccountName = "Batch_Worker" }},
	{name: "hostnames: too many", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = nStrings(5, "h%d") }},
	{name: "hostnames: duplicate", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = []string{"a", "b", "a"} }},
	{name: "hostnames: long list with duplicates", tweak: func(p *workloads.WorkerPool) {
		p.Spec.Template.Hostnames = append(nStrings(20, "h%d"), "h3", "h3")
	}},
	{name: "instanceID: upper case", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.InstanceID = "123E4567-E89B-12D3-A456-426614174000" }},
	{name: "instanceID: no dashes", tweak: func(p *workloads.WorkerPool) { p.Spec.Template.InstanceID = "123e4567e89b12d3a456426614174000" }},
	{name: "strategy: type missing", tweak: func(p *workloads.WorkerPool) { p.Spec.Strategy = workloads.UpdateStrategy{} }},
	{name: "strategy: type not supported", tweak: func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = "BlueGreen" }},
	{name: "strategy: rollingUpdate with Recreate", tweak: func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = workloads.RecreateStrategy }},
	{name: "strategy: Recreate without rollingUpdate", tweak: func(p *workloads.WorkerPool) {
		p.Spec.Strategy = workloads.UpdateStrategy{Type: workloads.RecreateStrategy}
	}},
	{name: "strategy: RollingUpdate without rollingUpdate", tweak: func(p *workloads.WorkerPool) { p.Spec.Strategy.RollingUpdate = nil }},
	{name: "strategy: RollingUpdate with an empty rollingUpdate", tweak: func(p *workloads.WorkerPool) {
		p.Spec.Strategy.RollingUpdate = &workloads.RollingUpdate{}
	}},
	{name: "minReadySeconds: negative", tweak: func(p *workloads.WorkerPool) { p.Spec.MinReadySeconds = -1 }},
	{name: "minReadySeconds: equal to progressDeadlineSeconds", tweak: func(p *workloads.WorkerPool) { p.Spec.MinReadySeconds = 600 }},
	{name: "progressDeadlineSeconds: below minimum", tweak: func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = ptr.To[int32](0) }},
	{name: "progressDeadlineSeconds: at exclusive maximum", tweak: func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = ptr.To[int32](86400) }},
	{name: "priority: at exclusive minimum", tweak: func(p *workloads.WorkerPool) { p.Spec.Priority = -1000 }},
	{name: "priority: not a multiple of 10", tweak: func(p *workloads.WorkerPool) { p.Spec.Priority = 15 }},
	{name: "priority: both", tweak: func(p *workloads.WorkerPool) { p.Spec.Priority = -1005 }},
	{name: "capacityWeight: negative", tweak: func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(-0.1) }},
	{name: "capacityWeight: above maximum", tweak: func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(1.5) }},
	{name: "tolerations: too many", tweak: func(p *workloads.WorkerPool) { p.Spec.Tolerations = nTolerations(33) }},
	{name: "tolerations: too many with a duplicate", tweak: func(p *workloads.WorkerPool) {
		p.Spec.Tolerations = append(nTolerations(33), workloads.Toleration{Key: "k7", Effect: workloads.TaintEffectNoSchedule})
	}},
	{name: "tolerations: key and effect missing", tweak: func(p *workloads.WorkerPool) { p.Spec.Tolerations[1] = workloads.Toleration{} }},
	{name: "tolerations: effect not supported", tweak: func(p *workloads.WorkerPool) { p.Spec.Tolerations[1].Effect = "PreferNoSchedule" }},
	{name: "tolerations: duplicate key and effect", tweak: func(p *workloads.WorkerPool) { p.Spec.Tolerations[1].Effect = workloads.TaintEffectNoSchedule }},
	{name: "providerAnnotations: too many", tweak: func(p *workloads.WorkerPool) { p.Spec.ProviderAnnotations = nStringMap(17) }},
	{name: "ownerTeam: too long", tweak: func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = workloads.TeamName(strings.Repeat("t", 21)) }},
	{name: "ownerTeam: not a DNS label", tweak: func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = "Team_A" }},
	{name: "ownerTeam: too long for both limits", tweak: func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = workloads.TeamName(strings.Repeat("t", 64)) }},
	{name: "status: negative counters", tweak: func(p *workloads.WorkerPool) { p.Status.ObservedGeneration, p.Status.ReadyReplicas = -1, -1 }},
	{name: "status: condition without required fields", tweak: func(p *workloads.WorkerPool) {
		p.Status.Conditions = append(p.Status.Conditions, metav1.Condition{})
	}},
	{name: "status: duplicate condition type", tweak: func(p *workloads.WorkerPool) { p.Status.Conditions[1].Type = "Available" }},
	{name: "five errors", tweak: func(p *workloads.WorkerPool) { *p = *validation.InvalidWorkerPool5() }},
}

func TestGeneratedAgreesWithHandwrittenWorkerPool(t *testing.T) {
	minimal := &workloads.WorkerPool{
		ObjectMeta: metav1.ObjectMeta{Name: "minimal", Namespace: "default"},
		Spec: workloads.WorkerPoolSpec{
			Selector: &metav1.LabelSelector{},
			Template: workloads.WorkerTemplate{Containers: []workloads.Container{{Name: "main", Image: "busybox:1.36"}}},
			Strategy: workloads.UpdateStrategy{Type: workloads.RecreateStrategy},
		},
	}
	checkAgreement(t, validation.ValidateWorkerPool(minimal), genPool(minimal), "", nil, nil)
	for _, tc := range workerPoolCreateCases {
		t.Run(tc.name, func(t *testing.T) {
			obj := pool()
			if tc.tweak != nil {
				tc.tweak(obj)
			}
			checkAgreement(t, validation.ValidateWorkerPool(obj), genPool(obj), tc.why, tc.handOnly, tc.genOnly)
		})
	}
}

// workerClassCreateCases mirror TestValidateWorkerClass of the handwritten package.
var workerClassCreateCases = []agreeCase[workloads.WorkerClass]{
	{name: "valid"},
	{name: "valid: boundary values", tweak: func(c *workloads.WorkerClass) { c.CPU, c.Memory = 256, resource.MustParse("67108865") }},
	{name: "valid: cpu 1 and a decimal quantity", tweak: func(c *workloads.WorkerClass) { c.CPU, c.Memory = 1, resource.MustParse("0.1Gi") }},
	{name: "valid: a quantity in decimal form", tweak: func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("123456789012345678901234567890") }},
	{name: "valid: generateName with a trailing dash", tweak: func(c *workloads.WorkerClass) { c.GenerateName, c.Name = "large-", "large-x7k2q" }},
	{name: "metadata.name: a subdomain is not a label", tweak: func(c *workloads.WorkerClass) { c.Name = "large.class" }},
	{name: "metadata.name: missing", tweak: func(c *workloads.WorkerClass) { c.Name = "" },
		why: diffObjectMeta, handOnly: []errKey{{required, "metadata.name"}}},
	{name: "metadata.generateName: not a label prefix", tweak: func(c *workloads.WorkerClass) { c.GenerateName = "large.class-" }},
	{name: "metadata.namespace: cluster-scoped", tweak: func(c *workloads.WorkerClass) { c.Namespace = "default" },
		why: diffObjectMeta, handOnly: []errKey{{forbidden, "metadata.namespace"}}},
	{name: "cpu: missing", tweak: func(c *workloads.WorkerClass) { c.CPU = 0 }},
	{name: "cpu: negative", tweak: func(c *workloads.WorkerClass) { c.CPU = -1 }},
	{name: "cpu: above maximum", tweak: func(c *workloads.WorkerClass) { c.CPU = 257 }},
	{name: "memory: missing", tweak: func(c *workloads.WorkerClass) { c.Memory = resource.Quantity{} }},
	{name: "memory: zero is missing", tweak: func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("0Gi") }},
	{name: "memory: exactly 64Mi", tweak: func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("64Mi") }},
	{name: "memory: 64M is less than 64Mi", tweak: func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("64M") }},
	{name: "memory: negative", tweak: func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("-1Gi") }},
	{name: "memory: small decimal", tweak: func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("0.5") }},
}

func TestGeneratedAgreesWithHandwrittenWorkerClass(t *testing.T) {
	for _, tc := range workerClassCreateCases {
		t.Run(tc.name, func(t *testing.T) {
			obj := class()
			if tc.tweak != nil {
				tc.tweak(obj)
			}
			checkAgreement(t, validation.ValidateWorkerClass(obj), genClass(obj), tc.why, tc.handOnly, tc.genOnly)
		})
	}
}

// workerQuotaCreateCases mirror TestValidateWorkerQuota of the handwritten package.
var workerQuotaCreateCases = []agreeCase[workloads.WorkerQuota]{
	{name: "valid"},
	{name: "valid: only required fields", tweak: func(q *workloads.WorkerQuota) {
		*q = workloads.WorkerQuota{
			ObjectMeta: metav1.ObjectMeta{Name: "minimal", Namespace: "default"},
			Spec:       workloads.WorkerQuotaSpec{MaxPools: 1, Tier: workloads.QuotaTierBronze},
		}
	}},
	{name: "valid: boundary values", tweak: func(q *workloads.WorkerQuota) {
		q.Spec.MaxPools, q.Spec.MaxWorkers, q.Spec.Tier = 100, ptr.To[int32](100000), workloads.QuotaTierGold
		q.Spec.Description = strings.Repeat("é", 256)
		q.Spec.DefaultClass = strings.Repeat("c", 63)
		q.Spec.Classes = []workloads.ClassQuota{{Class: "large", MaxWorkers: 10000, BurstWorkers: 1000}, {Class: "small", MaxWorkers: 1}}
		q.Spec.Zones = []workloads.Zone{workloads.Zone(strings.Repeat("z", 63))}
		q.Spec.ZoneWeights = nZoneWeights(16)
		q.Spec.ZoneWeights["zone-0"], q.Spec.ZoneWeights["zone-1"] = 1, 100
		q.Spec.Exemptions = nExemptions(16)
		q.Spec.Exemptions[0].Reason = strings.Repeat("r", 128)
	}},
	{name: "valid: maxWorkers zero", tweak: func(q *workloads.WorkerQuota) { q.Spec.MaxWorkers = ptr.To[int32](0) }},
	{name: "valid: non-nil empty optional lists and maps are unset", tweak: func(q *workloads.WorkerQuota) {
		q.Spec.Classes, q.Spec.Zones, q.Spec.Exemptions = []workloads.ClassQuota{}, []workloads.Zone{}, []workloads.QuotaExemption{}
		q.Spec.ZoneWeights = map[string]workloads.ZoneWeight{}
	}},
	{name: "metadata.name: not a DNS subdomain", tweak: func(q *workloads.WorkerQuota) { q.Name = "Team_A" }},
	{name: "metadata.namespace: missing", tweak: func(q *workloads.WorkerQuota) { q.Namespace = "" },
		why: diffObjectMeta, handOnly: []errKey{{required, "metadata.namespace"}}},
	{name: "maxPools: missing", tweak: func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0 }},
	{name: "maxPools: negative", tweak: func(q *workloads.WorkerQuota) { q.Spec.MaxPools = -1 }},
	{name: "maxPools: above maximum", tweak: func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 101 }},
	{name: "maxWorkers: negative", tweak: func(q *workloads.WorkerQuota) { q.Spec.MaxWorkers = ptr.To[int32](-1) }},
	{name: "maxWorkers: above maximum", tweak: func(q *workloads.WorkerQuota) { q.Spec.MaxWorkers = ptr.To[int32](100001) }},
	{name: "tier: missing", tweak: func(q *workloads.WorkerQuota) { q.Spec.Tier = "" }},
	{name: "tier: not supported", tweak: func(q *workloads.WorkerQuota) { q.Spec.Tier = "gold" }},
	{name: "description: too long", tweak: func(q *workloads.WorkerQuota) { q.Spec.Description = strings.Repeat("d", 257) }},
	{name: "defaultClass: not a DNS label", tweak: func(q *workloads.WorkerQuota) { q.Spec.DefaultClass = "large.class" }},
	{name: "defaultClass: too long and bad characters", tweak: func(q *workloads.WorkerQuota) { q.Spec.DefaultClass = strings.Repeat("C", 64) }},
	{name: "classes: class missing", tweak: func(q *workloads.WorkerQuota) { q.Spec.Classes[0].Class = "" }},
	{name: "classes: class not a DNS label", tweak: func(q *workloads.WorkerQuota) { q.Spec.Classes[0].Class = "Large" }},
	{name: "classes: maxWorkers missing", tweak: func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 0 }},
	{name: "classes: maxWorkers negative", tweak: func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = -5 }},
	{name: "classes: maxWorkers above maximum", tweak: func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 10001 }},
	{name: "classes: burstWorkers negative", tweak: func(q *workloads.WorkerQuota) { q.Spec.Classes[0].BurstWorkers = -1 }},
	{name: "classes: burstWorkers above maximum", tweak: func(q *workloads.WorkerQuota) { q.Spec.Classes[0].BurstWorkers = 1001 }},
	{name: "classes: duplicate class", tweak: func(q *workloads.WorkerQuota) { q.Spec.Classes[1].Class = "large" }},
	{name: "classes: long list with a duplicate", tweak: func(q *workloads.WorkerQuota) {
		q.Spec.Classes = append(nClasses(40), workloads.ClassQuota{Class: "class-7", MaxWorkers: 2})
	}},
	{name: "zones: not a DNS label", tweak: func(q *workloads.WorkerQuota) { q.Spec.Zones[1] = "zone_b" }},
	{name: "zones: too long and bad characters", tweak: func(q *workloads.WorkerQuota) { q.Spec.Zones[1] = workloads.Zone(strings.Repeat("Z", 64)) }},
	{name: "zones: duplicate", tweak: func(q *workloads.WorkerQuota) { q.Spec.Zones = append(q.Spec.Zones, "zone-a") }},
	{name: "zoneWeights: too many", tweak: func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = nZoneWeights(17) }},
	{name: "zoneWeights: zero is below minimum", tweak: func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-b"] = 0 }},
	{name: "zoneWeights: above maximum", tweak: func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-c"] = 101 }},
	{name: "exemptions: too many", tweak: func(q *workloads.WorkerQuota) { q.Spec.Exemptions = nExemptions(17) }},
	{name: "exemptions: pool missing", tweak: func(q *workloads.WorkerQuota) { q.Spec.Exemptions[0].Pool = "" }},
	{name: "exemptions: pool not a DNS subdomain", tweak: func(q *workloads.WorkerQuota) { q.Spec.Exemptions[0].Pool = "Batch_Workers" }},
	{name: "exemptions: reason too long", tweak: func(q *workloads.WorkerQuota) { q.Spec.Exemptions[0].Reason = strings.Repeat("é", 129) }},
	{name: "status: negative counters", tweak: func(q *workloads.WorkerQuota) {
		q.Status.ObservedGeneration, q.Status.UsedPools, q.Status.UsedWorkers = -1, -1, -1
	}},
	{name: "five errors", tweak: func(q *workloads.WorkerQuota) { *q = *validation.InvalidWorkerQuota5() }},
}

func TestGeneratedAgreesWithHandwrittenWorkerQuota(t *testing.T) {
	for _, tc := range workerQuotaCreateCases {
		t.Run(tc.name, func(t *testing.T) {
			obj := quota()
			if tc.tweak != nil {
				tc.tweak(obj)
			}
			checkAgreement(t, validation.ValidateWorkerQuota(obj), genQuota(obj), tc.why, tc.handOnly, tc.genOnly)
		})
	}
}

// TestErrorTypesAndOrigins pins, for one error of each tag, its type, field and Origin.
func TestErrorTypesAndOrigins(t *testing.T) {
	type want struct {
		typ    field.ErrorType
		field  string
		origin string
	}
	cases := []struct {
		name string
		errs field.ErrorList
		want []want
	}{
		{"required pointer", genPool(pool(func(p *workloads.WorkerPool) { p.Spec.Selector = nil })),
			[]want{{required, "spec.selector", "required"}}},
		{"required zero scalar", genQuota(quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0 })),
			[]want{{required, "spec.maxPools", "required"}}},
		{"required empty list", genPool(pool(func(p *workloads.WorkerPool) { p.Spec.Template.Containers = nil })),
			[]want{{required, tmpl + ".containers", "required"}}},
		{"minimum", genPool(pool(func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](-1) })),
			[]want{{invalid, "spec.replicas", "minimum"}}},
		{"maximum", genQuota(quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 101 })),
			[]want{{invalid, "spec.maxPools", "maximum"}}},
		{"exclusive minimum and multipleOf", genPool(pool(func(p *workloads.WorkerPool) { p.Spec.Priority = -1005 })),
			[]want{{invalid, "spec.priority", "minimum"}, {invalid, "spec.priority", "multipleOf"}}},
		{"maxLength", genPool(pool(func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = workloads.TeamName(strings.Repeat("t", 21)) })),
			[]want{{tooLong, "spec.ownerTeam", "maxLength"}}},
		{"pattern", genPool(pool(func(p *workloads.WorkerPool) { firstCtr(p).Image = "a b" })),
			[]want{{invalid, ctr0 + ".image", "pattern"}}},
		{"format k8s-short-name", genPool(pool(func(p *workloads.WorkerPool) { firstPort(p).Name = "Metrics" })),
			[]want{{invalid, port0 + ".name", "format=k8s-short-name"}}},
		{"format k8s-long-name", genQuota(quota(func(q *workloads.WorkerQuota) { q.Spec.Exemptions[0].Pool = "Bad_Pool" })),
			[]want{{invalid, "spec.exemptions[0].pool", "format=k8s-long-name"}}},
		{"format k8s-label-key", genPool(pool(func(p *workloads.WorkerPool) { firstCtr(p).Env[0].Name = "-bad" })),
			[]want{{invalid, ctr0 + ".env[0].name", "format=k8s-label-key"}}},
		{"format k8s-uuid", genPool(pool(func(p *workloads.WorkerPool) { p.Spec.Template.InstanceID = "x" })),
			[]want{{invalid, tmpl + ".instanceID", "format=k8s-uuid"}}},
		{"enum", genQuota(quota(func(q *workloads.WorkerQuota) { q.Spec.Tier = "Platinum" })),
			[]want{{notSupported, "spec.tier", "enum"}}},
		{"maxItems", genPool(pool(func(p *workloads.WorkerPool) { p.Spec.Tolerations = nTolerations(33) })),
			[]want{{tooMany, "spec.tolerations", "maxItems"}}},
		{"maxProperties", genQuota(quota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = nZoneWeights(17) })),
			[]want{{tooMany, "spec.zoneWeights", "maxProperties"}}},
		{"listType=map", genQuota(quota(func(q *workloads.WorkerQuota) { q.Spec.Classes[1].Class = "large" })),
			[]want{{duplicate, "spec.classes[1]", "listType=map"}}},
		{"listType=set", genQuota(quota(func(q *workloads.WorkerQuota) { q.Spec.Zones[2] = "zone-a" })),
			[]want{{duplicate, "spec.zones[2]", "listType=set"}}},
		{"nameFormat", genQuota(quota(func(q *workloads.WorkerQuota) { q.Name = "Team_A" })),
			[]want{{invalid, "metadata.name", "nameFormat"}}},
		{"validationRule, reason Invalid", genPool(pool(func(p *workloads.WorkerPool) { firstCtr(p).Image = "w:latest" })),
			[]want{{invalid, ctr0 + ".image", "validationRule"}}},
		{"validationRule, reason Forbidden", genPool(pool(func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = workloads.RecreateStrategy })),
			[]want{{forbidden, "spec.strategy.rollingUpdate", "validationRule"}}},
		{"validationRule, reason Required", genPool(pool(func(p *workloads.WorkerPool) { p.Spec.Strategy.RollingUpdate = nil })),
			[]want{{required, "spec.strategy.rollingUpdate", "validationRule"}}},
		{"validationRule on a type, with field", genPool(pool(func(p *workloads.WorkerPool) { firstPort(p).HostPort = 1 })),
			[]want{{invalid, port0 + ".hostPort", "validationRule"}}},
		{"validationRule on a quantity", genClass(class(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("1Mi") })),
			[]want{{invalid, "memory", "validationRule"}}},
		{"immutable", genPoolUpdate(updateOp, pool(func(p *workloads.WorkerPool) { p.Spec.Selector.MatchLabels["x"] = "y" }), pool()),
			[]want{{invalid, "spec.selector", "immutable"}}},
		{"transition rule", genPoolUpdate(updateOp, pool(func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = ptr.To[int32](60) }), pool()),
			[]want{{invalid, "spec.progressDeadlineSeconds", "validationRule"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.errs) != len(tc.want) {
				t.Fatalf("got %d errors, want %d: %v", len(tc.errs), len(tc.want), tc.errs)
			}
			for i, w := range tc.want {
				e := tc.errs[i]
				if e.Type != w.typ || e.Field != w.field || e.Origin != w.origin {
					t.Errorf("error %d: got (%s, %s, origin %q), want (%s, %s, origin %q): %v", i, e.Type, e.Field, e.Origin, w.typ, w.field, w.origin, e)
				}
			}
		})
	}
	// Enum values are listed sorted.
	errs := genQuota(quota(func(q *workloads.WorkerQuota) { q.Spec.Tier = "Platinum" }))
	if !strings.Contains(errs.ToAggregate().Error(), `supported values: "Bronze", "Gold", "Silver"`) {
		t.Errorf("enum values not sorted: %v", errs)
	}
}

// TestSchemeRunsGeneratedValidators registers the example kinds and their generated validators
// with a runtime.Scheme, internal and v1, and checks that scheme.Validate and
// scheme.ValidateUpdate reach them.
func TestSchemeRunsGeneratedValidators(t *testing.T) {
	ctx := context.Background()
	internalGV := schema.GroupVersion{Group: "workloads.example.com", Version: runtime.APIVersionInternal}
	scheme := runtime.NewScheme()
	scheme.AddKnownTypes(internalGV,
		&workloads.WorkerPool{}, &workloads.WorkerPoolList{},
		&workloads.WorkerClass{}, &workloads.WorkerClassList{},
		&workloads.WorkerQuota{}, &workloads.WorkerQuotaList{})
	if err := workloads.RegisterValidations(scheme); err != nil {
		t.Fatal(err)
	}
	for _, obj := range []runtime.Object{&workloads.WorkerPool{}, &workloads.WorkerClass{}, &workloads.WorkerQuota{}} {
		if !scheme.HasValidationFunc(obj) {
			t.Errorf("no validation registered for %T", obj)
		}
	}
	if scheme.HasValidationFunc(&workloads.WorkerPoolList{}) {
		t.Errorf("lists are not root kinds, yet a validation is registered for WorkerPoolList")
	}

	// Create.
	checkErrs(t, scheme.Validate(ctx, nil, validation.ValidWorkerPool()))
	checkErrs(t, scheme.Validate(ctx, nil, validation.ValidWorkerQuota()))
	checkErrs(t, scheme.Validate(ctx, nil, validation.ValidWorkerClass()))
	checkErrs(t, scheme.Validate(ctx, nil, validation.InvalidWorkerPool5()),
		errKey{invalid, "spec.replicas"}, errKey{forbidden, "spec.strategy.rollingUpdate"}, errKey{duplicate, "spec.tolerations[1]"},
		errKey{invalid, ctr0 + ".image"}, errKey{invalid, port0 + ".hostPort"})
	checkErrs(t, scheme.Validate(ctx, nil, validation.InvalidWorkerQuota5()),
		errKey{invalid, "spec.maxPools"}, errKey{notSupported, "spec.tier"}, errKey{duplicate, "spec.classes[1]"},
		errKey{invalid, "spec.zoneWeights[zone-b]"}, errKey{tooLong, "spec.exemptions[0].reason"})
	checkErrs(t, scheme.Validate(ctx, nil, class(func(c *workloads.WorkerClass) { c.CPU = 0 })), errKey{required, "cpu"})

	// Update: transition rules run, unchanged invalid values ratchet, and the option turns
	// ratcheting off.
	checkErrs(t, scheme.ValidateUpdate(ctx, nil, pool(func(p *workloads.WorkerPool) { p.Spec.Selector.MatchLabels["x"] = "y" }), pool()),
		errKey{invalid, "spec.selector"})
	checkErrs(t, scheme.ValidateUpdate(ctx, nil, validation.InvalidWorkerPool5(), validation.InvalidWorkerPool5()))
	checkErrs(t, scheme.ValidateUpdate(ctx, nil, validation.InvalidWorkerQuota5(), validation.InvalidWorkerQuota5()))
	badQuota := quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools, q.Spec.Zones[0] = 500, "Zone_A" })
	checkErrs(t, scheme.ValidateUpdate(ctx, nil, badQuota, badQuota.DeepCopy()))
	checkErrs(t, scheme.ValidateUpdate(ctx, map[string]bool{genruntime.DisableRatcheting: true}, badQuota, badQuota.DeepCopy()),
		errKey{invalid, "spec.maxPools"}, errKey{invalid, "spec.zones[0]"})
	checkErrs(t, scheme.ValidateUpdate(ctx, nil, quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500 }), quota()),
		errKey{invalid, "spec.maxPools"})

	// The versioned package registers its own validators.
	v1GV := schema.GroupVersion{Group: "workloads.example.com", Version: "v1"}
	v1Scheme := runtime.NewScheme()
	v1Scheme.AddKnownTypes(v1GV, &v1.WorkerPool{}, &v1.WorkerPoolList{}, &v1.WorkerClass{}, &v1.WorkerClassList{}, &v1.WorkerQuota{}, &v1.WorkerQuotaList{})
	if err := v1.RegisterValidations(v1Scheme); err != nil {
		t.Fatal(err)
	}
	v1Quota := &v1.WorkerQuota{
		ObjectMeta: metav1.ObjectMeta{Name: "q", Namespace: "ns"},
		Spec:       v1.WorkerQuotaSpec{MaxPools: 1, Tier: v1.QuotaTierGold, Zones: []v1.Zone{"a", "a"}},
	}
	checkErrs(t, v1Scheme.Validate(ctx, nil, v1Quota), errKey{duplicate, "spec.zones[1]"})
	v1Old := v1Quota.DeepCopy()
	v1Quota.Spec.Tier = "Tin"
	checkErrs(t, v1Scheme.ValidateUpdate(ctx, nil, v1Quota, v1Old), errKey{notSupported, "spec.tier"})
	checkErrs(t, v1Scheme.Validate(ctx, nil, &v1.WorkerClass{ObjectMeta: metav1.ObjectMeta{Name: "c"}, Memory: resource.MustParse("1Gi")}),
		errKey{required, "cpu"})
}

// TestZeroValueSemantics: an optional non-pointer field at its zero value is unset and not
// validated; a required one is missing, and the Required error is the only error of the field.
func TestZeroValueSemantics(t *testing.T) {
	t.Run("optional zero values are not validated", func(t *testing.T) {
		// Each of these zero values would fail the field's checks if they ran: +minimum=1, +enum,
		// +format, +minProperties=1.
		checkErrs(t, genPool(pool(func(p *workloads.WorkerPool) {
			firstPort(p).HostPort = 0
			p.Spec.Template.RestartPolicy = ""
			p.Spec.Template.ServiceAccountName = ""
			p.Spec.Template.InstanceID = ""
			p.Spec.OwnerTeam = ""
			p.Spec.ProviderAnnotations = map[string]string{}
		})))
		checkErrs(t, genQuota(quota(func(q *workloads.WorkerQuota) {
			q.Spec.DefaultClass, q.Spec.Description = "", ""
			q.Spec.Classes[0].BurstWorkers = 0
		})))
	})
	t.Run("optional pointers to zero values are validated", func(t *testing.T) {
		checkErrs(t, genPool(pool(func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](0)
			p.Spec.MinReadySeconds = 0
		})), errKey{invalid, "spec.progressDeadlineSeconds"})
	})
	t.Run("required zero values are missing and stop the field's other checks", func(t *testing.T) {
		// Zero would also fail +minimum=1, +enum, +minLength=1 and +pattern, +format.
		errs := genQuota(quota(func(q *workloads.WorkerQuota) {
			q.Spec.MaxPools = 0
			q.Spec.Tier = ""
			q.Spec.Classes[0].MaxWorkers = 0
			q.Spec.Classes[1].Class = ""
			q.Spec.Exemptions[0].Pool = ""
		}))
		checkErrs(t, errs, errKey{required, "spec.maxPools"}, errKey{required, "spec.tier"},
			errKey{required, "spec.classes[0].maxWorkers"}, errKey{required, "spec.classes[1].class"},
			errKey{required, "spec.exemptions[0].pool"})
		errs = genPool(pool(func(p *workloads.WorkerPool) {
			firstCtr(p).Image = ""
			firstPort(p).ContainerPort, firstPort(p).HostPort = 0, 0
			firstPort(p).Protocol = ""
			firstCtr(p).Env[0].Name = ""
		}))
		checkErrs(t, errs, errKey{required, ctr0 + ".image"}, errKey{required, port0 + ".containerPort"},
			errKey{required, port0 + ".protocol"}, errKey{required, ctr0 + ".env[0].name"})
		for _, e := range errs {
			if e.Origin != "required" {
				t.Errorf("want origin required: %v", e)
			}
		}
	})
	t.Run("required zero quantity is missing", func(t *testing.T) {
		checkErrs(t, genClass(class(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("0") })), errKey{required, "memory"})
	})
	t.Run("map values are present at their zero value", func(t *testing.T) {
		checkErrs(t, genQuota(quota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-a"] = 0 })),
			errKey{invalid, "spec.zoneWeights[zone-a]"})
	})
}

// ratchetCase is an update of one object: with ratcheting on (the default), the errors of
// wantRatcheting; with genruntime.DisableRatcheting, those of wantStrict.
type ratchetCase[T any] struct {
	name           string
	old, new       *T
	wantRatcheting []errKey
	wantStrict     []errKey
}

func runRatchetCases[T any](t *testing.T, validate func(op operation.Operation, obj, old *T) field.ErrorList, cases []ratchetCase[T]) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkErrs(t, validate(updateOp, tc.new, tc.old), tc.wantRatcheting...)
			t.Run("DisableRatcheting", func(t *testing.T) {
				checkErrs(t, validate(strictOp, tc.new, tc.old), tc.wantStrict...)
			})
		})
	}
}

func TestRatchetingWorkerQuota(t *testing.T) {
	badZone := func(q *workloads.WorkerQuota) { q.Spec.Zones[0] = "Zone_A" }
	badClass := func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 20000 }
	badWeight := func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-a"] = 0 }
	badExemption := func(q *workloads.WorkerQuota) {
		q.Spec.Exemptions = []workloads.QuotaExemption{{Pool: "Bad_Pool"}, {Pool: "ok"}}
	}
	dupZone := func(q *workloads.WorkerQuota) { q.Spec.Zones = []workloads.Zone{"zone-a", "zone-a", "zone-b"} }
	dupClass := func(q *workloads.WorkerQuota) { q.Spec.Classes[1].Class = "large" }

	runRatchetCases(t, genQuotaUpdate, []ratchetCase[workloads.WorkerQuota]{
		{name: "root: unchanged invalid object", old: validation.InvalidWorkerQuota5(), new: validation.InvalidWorkerQuota5(),
			wantStrict: []errKey{{invalid, "spec.maxPools"}, {notSupported, "spec.tier"}, {duplicate, "spec.classes[1]"},
				{invalid, "spec.zoneWeights[zone-b]"}, {tooLong, "spec.exemptions[0].reason"}}},
		{name: "root: metadata changed, invalid spec unchanged",
			old:        quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500 }),
			new:        quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500; q.Labels["x"] = "y"; q.Status.UsedPools = 3 }),
			wantStrict: []errKey{{invalid, "spec.maxPools"}}},

		// Struct fields correlate by name.
		{name: "field: unchanged invalid value, sibling changed",
			old:        quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500 }),
			new:        quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500; q.Spec.Description = "changed" }),
			wantStrict: []errKey{{invalid, "spec.maxPools"}}},
		{name: "field: invalid value changed",
			old:            quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500 }),
			new:            quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 600 }),
			wantRatcheting: []errKey{{invalid, "spec.maxPools"}}, wantStrict: []errKey{{invalid, "spec.maxPools"}}},
		{name: "field: valid value made invalid",
			old: quota(), new: quota(func(q *workloads.WorkerQuota) { q.Spec.Tier = "Tin" }),
			wantRatcheting: []errKey{{notSupported, "spec.tier"}}, wantStrict: []errKey{{notSupported, "spec.tier"}}},
		{name: "field: required field removed",
			old: quota(), new: quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0 }),
			wantRatcheting: []errKey{{required, "spec.maxPools"}}, wantStrict: []errKey{{required, "spec.maxPools"}}},
		{name: "field: unchanged missing required field",
			old: quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0 }),
			new: quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0; q.Spec.Description = "changed" }),
			// A missing required field is never ratcheted: there is no value to compare.
			wantRatcheting: []errKey{{required, "spec.maxPools"}}, wantStrict: []errKey{{required, "spec.maxPools"}}},

		// Maps correlate by key.
		{name: "map: unchanged invalid value, other key changed",
			old: quota(badWeight), new: quota(badWeight, func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-b"] = 40 }),
			wantStrict: []errKey{{invalid, "spec.zoneWeights[zone-a]"}}},
		{name: "map: unchanged invalid value, key added",
			old: quota(badWeight), new: quota(badWeight, func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-d"] = 5 }),
			wantStrict: []errKey{{invalid, "spec.zoneWeights[zone-a]"}}},
		{name: "map: invalid value changed",
			old: quota(badWeight), new: quota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-a"] = 101 }),
			wantRatcheting: []errKey{{invalid, "spec.zoneWeights[zone-a]"}}, wantStrict: []errKey{{invalid, "spec.zoneWeights[zone-a]"}}},
		{name: "map: invalid value moved to a new key",
			old: quota(badWeight), new: quota(func(q *workloads.WorkerQuota) { delete(q.Spec.ZoneWeights, "zone-a"); q.Spec.ZoneWeights["zone-d"] = 0 }),
			wantRatcheting: []errKey{{invalid, "spec.zoneWeights[zone-d]"}}, wantStrict: []errKey{{invalid, "spec.zoneWeights[zone-d]"}}},
		{name: "map: maxProperties ratchets with the whole map",
			old:        quota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = nZoneWeights(17) }),
			new:        quota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = nZoneWeights(17); q.Spec.MaxPools = 11 }),
			wantStrict: []errKey{{tooMany, "spec.zoneWeights"}}},
		{name: "map: maxProperties re-checked when the map changes",
			old: quota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = nZoneWeights(17) }),
			new: quota(func(q *workloads.WorkerQuota) {
				q.Spec.ZoneWeights = nZoneWeights(17)
				q.Spec.ZoneWeights["zone-3"] = 2
			}),
			wantRatcheting: []errKey{{tooMany, "spec.zoneWeights"}}, wantStrict: []errKey{{tooMany, "spec.zoneWeights"}}},

		// +listType=map items correlate by key, wherever they move.
		{name: "list map: unchanged invalid item, reordered",
			old: quota(badClass), new: quota(badClass, func(q *workloads.WorkerQuota) {
				c := q.Spec.Classes
				q.Spec.Classes = []workloads.ClassQuota{c[1], {Class: "medium", MaxWorkers: 5}, c[0]}
			}),
			wantStrict: []errKey{{invalid, "spec.classes[2].maxWorkers"}}},
		{name: "list map: invalid item, other field of the item changed",
			old: quota(badClass), new: quota(badClass, func(q *workloads.WorkerQuota) { q.Spec.Classes[0].BurstWorkers = 7 }),
			wantStrict: []errKey{{invalid, "spec.classes[0].maxWorkers"}}},
		{name: "list map: invalid value changed",
			old: quota(badClass), new: quota(func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 30000 }),
			wantRatcheting: []errKey{{invalid, "spec.classes[0].maxWorkers"}}, wantStrict: []errKey{{invalid, "spec.classes[0].maxWorkers"}}},
		{name: "list map: invalid value under a new key",
			old: quota(badClass), new: quota(badClass, func(q *workloads.WorkerQuota) { q.Spec.Classes[0].Class = "huge" }),
			wantRatcheting: []errKey{{invalid, "spec.classes[0].maxWorkers"}}, wantStrict: []errKey{{invalid, "spec.classes[0].maxWorkers"}}},

		// +listType=set items correlate by value.
		// The API server does not correlate set items: a changed set revalidates every item.
		{name: "set: unchanged invalid item, moved and items added",
			old: quota(badZone), new: quota(func(q *workloads.WorkerQuota) {
				q.Spec.Zones = []workloads.Zone{"zone-d", "zone-b", "Zone_A", "zone-c"}
			}),
			wantRatcheting: []errKey{{invalid, "spec.zones[2]"}}, wantStrict: []errKey{{invalid, "spec.zones[2]"}}},
		{name: "set: invalid item changed",
			old: quota(badZone), new: quota(func(q *workloads.WorkerQuota) { q.Spec.Zones[0] = "Zone_B" }),
			wantRatcheting: []errKey{{invalid, "spec.zones[0]"}}, wantStrict: []errKey{{invalid, "spec.zones[0]"}}},

		// Atomic lists ratchet only as a whole.
		{name: "atomic list: unchanged invalid list",
			old: quota(badExemption), new: quota(badExemption, func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 11 }),
			wantStrict: []errKey{{invalid, "spec.exemptions[0].pool"}}},
		{name: "atomic list: another item changed re-validates every item",
			old: quota(badExemption), new: quota(badExemption, func(q *workloads.WorkerQuota) { q.Spec.Exemptions[1].Reason = "new" }),
			wantRatcheting: []errKey{{invalid, "spec.exemptions[0].pool"}}, wantStrict: []errKey{{invalid, "spec.exemptions[0].pool"}}},
		{name: "atomic list: item appended re-validates every item",
			old: quota(badExemption), new: quota(badExemption, func(q *workloads.WorkerQuota) {
				q.Spec.Exemptions = append(q.Spec.Exemptions, workloads.QuotaExemption{Pool: "more"})
			}),
			wantRatcheting: []errKey{{invalid, "spec.exemptions[0].pool"}}, wantStrict: []errKey{{invalid, "spec.exemptions[0].pool"}}},

		// Duplicates already in the old list ratchet; new ones are errors.
		{name: "set: duplicate already in the old list",
			old: quota(dupZone), new: quota(dupZone, func(q *workloads.WorkerQuota) { q.Spec.Zones = append(q.Spec.Zones, "zone-c") }),
			wantStrict: []errKey{{duplicate, "spec.zones[1]"}}},
		{name: "set: new duplicate",
			old: quota(dupZone), new: quota(dupZone, func(q *workloads.WorkerQuota) { q.Spec.Zones = append(q.Spec.Zones, "zone-b") }),
			wantRatcheting: []errKey{{duplicate, "spec.zones[3]"}}, wantStrict: []errKey{{duplicate, "spec.zones[1]"}, {duplicate, "spec.zones[3]"}}},
		{name: "set: new duplicate of a value the old list did not repeat",
			old: quota(), new: quota(func(q *workloads.WorkerQuota) { q.Spec.Zones = append(q.Spec.Zones, "zone-c") }),
			wantRatcheting: []errKey{{duplicate, "spec.zones[3]"}}, wantStrict: []errKey{{duplicate, "spec.zones[3]"}}},
		{name: "list map: duplicate key already in the old list",
			old: quota(dupClass), new: quota(dupClass, func(q *workloads.WorkerQuota) { q.Spec.Classes[1].BurstWorkers = 3 }),
			wantStrict: []errKey{{duplicate, "spec.classes[1]"}}},
		{name: "list map: new duplicate key",
			old: quota(), new: quota(dupClass),
			wantRatcheting: []errKey{{duplicate, "spec.classes[1]"}}, wantStrict: []errKey{{duplicate, "spec.classes[1]"}}},
	})
}

func TestRatchetingWorkerPool(t *testing.T) {
	latest := func(p *workloads.WorkerPool) { firstCtr(p).Image = "worker:latest" }
	badEnv := func(p *workloads.WorkerPool) { firstCtr(p).Env[1].Name = "-bad" }
	runRatchetCases(t, genPoolUpdate, []ratchetCase[workloads.WorkerPool]{
		{name: "root: unchanged invalid object", old: validation.InvalidWorkerPool5(), new: validation.InvalidWorkerPool5(),
			wantStrict: []errKey{{invalid, "spec.replicas"}, {forbidden, "spec.strategy.rollingUpdate"}, {duplicate, "spec.tolerations[1]"},
				{invalid, ctr0 + ".image"}, {invalid, port0 + ".hostPort"}}},
		{name: "CEL rule on a field: unchanged, container moved",
			old: pool(latest), new: pool(latest, func(p *workloads.WorkerPool) {
				c := p.Spec.Template.Containers
				p.Spec.Template.Containers = []workloads.Container{c[1], c[0]}
			}),
			wantStrict: []errKey{{invalid, "spec.template.containers[1].image"}}},
		{name: "CEL rule on a field: changed",
			old: pool(latest), new: pool(func(p *workloads.WorkerPool) { firstCtr(p).Image = "other:latest" }),
			wantRatcheting: []errKey{{invalid, ctr0 + ".image"}}, wantStrict: []errKey{{invalid, ctr0 + ".image"}}},
		{name: "CEL rule on a struct: unchanged strategy",
			old:        pool(func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = workloads.RecreateStrategy }),
			new:        pool(func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = workloads.RecreateStrategy; p.Spec.Paused = true }),
			wantStrict: []errKey{{forbidden, "spec.strategy.rollingUpdate"}}},
		{name: "CEL rule on a type: unchanged port, port list reordered",
			old: pool(func(p *workloads.WorkerPool) { firstPort(p).HostPort = 1 }),
			new: pool(func(p *workloads.WorkerPool) {
				firstPort(p).HostPort = 1
				ps := firstCtr(p).Ports
				firstCtr(p).Ports = []workloads.ContainerPort{ps[1], ps[0]}
			}),
			wantStrict: []errKey{{invalid, ctr0 + ".ports[1].hostPort"}}},
		{name: "atomic list: env item unchanged but another env item changed",
			old: pool(badEnv), new: pool(badEnv, func(p *workloads.WorkerPool) { firstCtr(p).Env[0].Value = "debug" }),
			wantRatcheting: []errKey{{invalid, ctr0 + ".env[1].name"}}, wantStrict: []errKey{{invalid, ctr0 + ".env[1].name"}}},
		{name: "atomic list: env unchanged",
			old: pool(badEnv), new: pool(badEnv, func(p *workloads.WorkerPool) { firstCtr(p).Image = "worker:2" }),
			wantStrict: []errKey{{invalid, ctr0 + ".env[1].name"}}},
		{name: "set without item checks: duplicate hostname already there",
			old:        pool(func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = []string{"a", "a"} }),
			new:        pool(func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = []string{"a", "a", "b"} }),
			wantStrict: []errKey{{duplicate, tmpl + ".hostnames[1]"}}},
		{name: "nameFormat: unchanged invalid name",
			old:        pool(func(p *workloads.WorkerPool) { p.Name = "Bad_Name" }),
			new:        pool(func(p *workloads.WorkerPool) { p.Name = "Bad_Name"; p.Spec.Paused = true }),
			wantStrict: []errKey{{invalid, "metadata.name"}}},
	})
}

// TestTransitionRules: +immutable and the optionalOldSelf rule of progressDeadlineSeconds run on
// update only, only where the old value exists, and are never ratcheted away.
func TestTransitionRules(t *testing.T) {
	pds := func(v *int32) func(*workloads.WorkerPool) {
		return func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = v
			p.Spec.MinReadySeconds = 0
		}
	}
	otherSelector := func(p *workloads.WorkerPool) { p.Spec.Selector.MatchLabels["tier"] = "x" }
	immutable := errKey{invalid, "spec.selector"}
	decreased := errKey{invalid, "spec.progressDeadlineSeconds"}
	cases := []struct {
		name     string
		op       operation.Operation
		old, new *workloads.WorkerPool
		want     []errKey
	}{
		{"create: no old value, the optionalOldSelf rule passes", createOp, nil, pool(pds(ptr.To[int32](5))), nil},
		{"update: selector changed", updateOp, pool(), pool(otherSelector), []errKey{immutable}},
		{"update: selector changed, ratcheting off", strictOp, pool(), pool(otherSelector), []errKey{immutable}},
		{"update: selector set where it was unset", updateOp, pool(func(p *workloads.WorkerPool) { p.Spec.Selector = nil }), pool(), nil},
		{"update: selector removed is Required, not immutable", updateOp, pool(), pool(func(p *workloads.WorkerPool) { p.Spec.Selector = nil }),
			[]errKey{{required, "spec.selector"}}},
		{"update: progressDeadlineSeconds decreased", updateOp, pool(), pool(pds(ptr.To[int32](300))), []errKey{decreased}},
		{"update: progressDeadlineSeconds increased", updateOp, pool(), pool(pds(ptr.To[int32](1200))), nil},
		{"update: progressDeadlineSeconds set where it was unset", updateOp, pool(pds(nil)), pool(pds(ptr.To[int32](5))), nil},
		{"update: progressDeadlineSeconds unset", updateOp, pool(), pool(pds(nil)), nil},
		{"update: decreased, other invalid values ratcheted", updateOp,
			validation.InvalidWorkerPool5(), func() *workloads.WorkerPool {
				p := validation.InvalidWorkerPool5()
				p.Spec.ProgressDeadlineSeconds = ptr.To[int32](300)
				return p
			}(), []errKey{decreased}},
		{"update: decreased below minimum, both reported", updateOp, pool(), pool(pds(ptr.To[int32](0))),
			[]errKey{decreased, decreased}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkErrs(t, genPoolUpdate(tc.op, tc.new, tc.old), tc.want...)
		})
	}

	// A cancelled context makes every CEL rule that is evaluated by CEL (rather than by the
	// generated native fast path) report, as an Internal error, that it was not evaluated. On an
	// unchanged update no rule but the transition rule of progressDeadlineSeconds may run.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	t.Run("unchanged update runs no ratcheted rule", func(t *testing.T) {
		invalid := validation.InvalidWorkerPool5()
		invalid.Spec.Tolerations[1].Key = "other" // no repeated list-map key: see below
		for _, obj := range []*workloads.WorkerPool{pool(), invalid} {
			for _, e := range workloads.Validate_WorkerPool(ctx, updateOp, nil, obj, obj.DeepCopy()) {
				if e.Field != "spec.progressDeadlineSeconds" {
					t.Errorf("a ratcheted rule ran on an unchanged update: %v", e)
				}
			}
		}
	})
	// A toleration repeating an earlier one's key (and differing from it) cannot be correlated
	// with an old item by the API server, so spec, which holds it, is never unchanged: its rules
	// run on every update, as the server runs them.
	t.Run("unchanged update with a repeated list-map key runs the rules of its holder", func(t *testing.T) {
		obj := validation.InvalidWorkerPool5()
		ran := false
		for _, e := range workloads.Validate_WorkerPool(ctx, updateOp, nil, obj, obj.DeepCopy()) {
			ran = ran || e.Field == "spec" && e.Type == field.ErrorTypeInternal
		}
		if !ran {
			t.Error("spec's rules did not run on an unchanged update of a spec holding a repeated list-map key")
		}
	})
	t.Run("WorkerQuota has no CEL rule", func(t *testing.T) {
		checkErrs(t, workloads.Validate_WorkerQuota(ctx, createOp, nil, quota(), nil))
		checkErrs(t, workloads.Validate_WorkerQuota(ctx, createOp, nil, validation.InvalidWorkerQuota5(), nil),
			errKey{invalid, "spec.maxPools"}, errKey{notSupported, "spec.tier"}, errKey{duplicate, "spec.classes[1]"},
			errKey{invalid, "spec.zoneWeights[zone-b]"}, errKey{tooLong, "spec.exemptions[0].reason"})
	})
}

// TestNilAndEmpty: nil objects, nil old objects on update and empty objects do not panic and
// report what is missing.
func TestNilAndEmpty(t *testing.T) {
	ctx := context.Background()
	if errs := workloads.Validate_WorkerPool(ctx, createOp, nil, nil, nil); errs != nil {
		t.Errorf("nil object: %v", errs)
	}
	checkErrs(t, workloads.Validate_WorkerPool(ctx, updateOp, nil, &workloads.WorkerPool{}, nil),
		errKey{required, "spec.selector"}, errKey{required, tmpl + ".containers"}, errKey{required, "spec.strategy.type"})
	checkErrs(t, workloads.Validate_WorkerClass(ctx, createOp, nil, &workloads.WorkerClass{}, nil),
		errKey{required, "cpu"}, errKey{required, "memory"})
	// An unchanged object ratchets as a whole, missing required fields included (KEP-4008: required
	// belongs to the enclosing object, which did not change); ratcheting off, they are reported.
	checkErrs(t, workloads.Validate_WorkerQuota(ctx, updateOp, nil, &workloads.WorkerQuota{}, &workloads.WorkerQuota{}))
	checkErrs(t, workloads.Validate_WorkerQuota(ctx, strictOp, nil, &workloads.WorkerQuota{}, &workloads.WorkerQuota{}),
		errKey{required, "spec.maxPools"}, errKey{required, "spec.tier"})
	checkErrs(t, workloads.Validate_WorkerQuota(ctx, updateOp, nil, quota(), &workloads.WorkerQuota{}))
	// fldPath roots the errors.
	errs := workloads.Validate_WorkerQuota(ctx, createOp, field.NewPath("items").Index(3), &workloads.WorkerQuota{}, nil)
	checkErrs(t, errs, errKey{required, "items[3].spec.maxPools"}, errKey{required, "items[3].spec.tier"})
}

// TestForeignTypesRequiredFields: +required fields of types from other packages are enforced
// too: metav1.Condition and metav1.LabelSelectorRequirement.
func TestForeignTypesRequiredFields(t *testing.T) {
	obj := pool(func(p *workloads.WorkerPool) {
		p.Status.Conditions = append(p.Status.Conditions, metav1.Condition{})
		p.Spec.Selector.MatchExpressions = append(p.Spec.Selector.MatchExpressions, metav1.LabelSelectorRequirement{})
	})
	checkErrs(t, genPool(obj),
		errKey{required, "status.conditions[2].type"}, errKey{required, "status.conditions[2].status"},
		errKey{required, "status.conditions[2].lastTransitionTime"}, errKey{required, "status.conditions[2].reason"},
		errKey{required, "status.conditions[2].message"},
		errKey{required, "spec.selector.matchExpressions[1].key"}, errKey{required, "spec.selector.matchExpressions[1].operator"})
}

// TestListKindValidatesItems: the items of a list without +listType (atomic) are validated, and
// ratchet as a whole list.
func TestListKindValidatesItems(t *testing.T) {
	ctx := context.Background()
	list := &workloads.WorkerPoolList{Items: []workloads.WorkerPool{*pool(), *validation.InvalidWorkerPool5()}}
	want := []errKey{{invalid, "items[1].spec.replicas"}, {forbidden, "items[1].spec.strategy.rollingUpdate"},
		{duplicate, "items[1].spec.tolerations[1]"}, {invalid, "items[1]." + ctr0 + ".image"},
		{invalid, "items[1]." + port0 + ".hostPort"}}
	checkErrs(t, workloads.Validate_WorkerPoolList(ctx, createOp, nil, list, nil), want...)
	checkErrs(t, workloads.Validate_WorkerPoolList(ctx, updateOp, nil, list, list.DeepCopy()))
	changed := list.DeepCopy()
	changed.Items[0].Spec.Paused = true
	checkErrs(t, workloads.Validate_WorkerPoolList(ctx, updateOp, nil, changed, list), want...)
}
