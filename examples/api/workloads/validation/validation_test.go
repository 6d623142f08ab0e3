package validation

import (
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/resource"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/randfill"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
)

// Shorthands for the expected error types.
const (
	required     = field.ErrorTypeRequired
	invalid      = field.ErrorTypeInvalid
	forbidden    = field.ErrorTypeForbidden
	duplicate    = field.ErrorTypeDuplicate
	notSupported = field.ErrorTypeNotSupported
	tooLongErr   = field.ErrorTypeTooLong
	tooMany      = field.ErrorTypeTooMany
)

// wantErr is an expected error: its type and field path.
type wantErr struct {
	Type  field.ErrorType
	Field string
}

func (w wantErr) String() string { return string(w.Type) + " " + w.Field }

// checkErrors compares the (type, field) pairs of got with want, ignoring order.
func checkErrors(t *testing.T, got field.ErrorList, want []wantErr) {
	t.Helper()
	gotPairs := make([]wantErr, len(got))
	for i, e := range got {
		gotPairs[i] = wantErr{e.Type, e.Field}
	}
	key := func(s []wantErr) []string {
		out := make([]string, len(s))
		for i := range s {
			out[i] = s[i].String()
		}
		sort.Strings(out)
		return out
	}
	g, w := key(gotPairs), key(want)
	if strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("errors differ\ngot:\n  %s\nwant:\n  %s\nfull errors: %v", strings.Join(g, "\n  "), strings.Join(w, "\n  "), got)
	}
}

// validWorkerPool returns ValidWorkerPool with the tweaks applied, as Kubernetes' tests do.
func validWorkerPool(tweaks ...func(*workloads.WorkerPool)) *workloads.WorkerPool {
	obj := ValidWorkerPool()
	for _, tweak := range tweaks {
		tweak(obj)
	}
	return obj
}

// validWorkerClass returns ValidWorkerClass with the tweaks applied.
func validWorkerClass(tweaks ...func(*workloads.WorkerClass)) *workloads.WorkerClass {
	obj := ValidWorkerClass()
	for _, tweak := range tweaks {
		tweak(obj)
	}
	return obj
}

// minimalWorkerPool sets only what is required: every optional field is at its zero value.
func minimalWorkerPool() *workloads.WorkerPool {
	return &workloads.WorkerPool{
		ObjectMeta: metav1.ObjectMeta{Name: "minimal", Namespace: "default"},
		Spec: workloads.WorkerPoolSpec{
			Selector: &metav1.LabelSelector{},
			Template: workloads.WorkerTemplate{
				Containers: []workloads.Container{{Name: "main", Image: "busybox:1.36"}},
			},
			Strategy: workloads.UpdateStrategy{Type: workloads.RecreateStrategy},
		},
	}
}

// ctr0 and port0 point into the first container of the template.
func ctr0(p *workloads.WorkerPool) *workloads.Container { return &p.Spec.Template.Containers[0] }
func port0(p *workloads.WorkerPool) *workloads.ContainerPort {
	return &p.Spec.Template.Containers[0].Ports[0]
}

func containers(n int) []workloads.Container {
	out := make([]workloads.Container, n)
	for i := range out {
		out[i] = workloads.Container{Name: fmt.Sprintf("c%d", i), Image: "busybox:1.36"}
	}
	return out
}

func tolerations(n int) []workloads.Toleration {
	out := make([]workloads.Toleration, n)
	for i := range out {
		out[i] = workloads.Toleration{Key: fmt.Sprintf("k%d", i), Effect: workloads.TaintEffectNoSchedule}
	}
	return out
}

func stringsN(n int, format string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(format, i)
	}
	return out
}

func stringMap(n int) map[string]string {
	m := make(map[string]string, n)
	for i := 0; i < n; i++ {
		m[fmt.Sprintf("k%d", i)] = "v"
	}
	return m
}

const (
	specPath   = "spec"
	tmplPath   = "spec.template"
	ctrPath    = "spec.template.containers[0]"
	portPath   = "spec.template.containers[0].ports[0]"
	statusPath = "status"
)

func TestValidateWorkerPool(t *testing.T) {
	cases := []struct {
		name string
		obj  *workloads.WorkerPool
		want []wantErr
	}{
		{name: "valid", obj: validWorkerPool()},
		{name: "valid: only required fields, optional fields at zero values are not validated", obj: minimalWorkerPool()},
		{name: "valid: boundary values", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Replicas = ptr.To[int32](1000)
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](86399)
			p.Spec.MinReadySeconds = 86398
			p.Spec.Priority = -990
			p.Spec.CapacityWeight = ptr.To(1.0)
			p.Spec.Tolerations = tolerations(32)
			p.Spec.ProviderAnnotations = stringMap(16)
			p.Spec.OwnerTeam = workloads.TeamName(strings.Repeat("t", 20))
			p.Spec.Template.Containers = containers(8)
			p.Spec.Template.Containers[0].Image = strings.Repeat("i", 512)
			p.Spec.Template.Containers[0].Env = []workloads.EnvVar{{Name: strings.Repeat("a", 253) + "/" + strings.Repeat("b", 63)}}
			p.Spec.Template.Containers[0].Args = []string{strings.Repeat("a", 1024)}
			p.Spec.Template.Containers[0].Ports = []workloads.ContainerPort{{Name: strings.Repeat("p", 15), ContainerPort: 65535, HostPort: 65535, Protocol: workloads.ProtocolSCTP}}
			p.Spec.Template.Hostnames = []string{"a", "b", "c", "d"}
		})},
		{name: "valid: zero replicas and capacity weight", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Replicas = ptr.To[int32](0)
			p.Spec.CapacityWeight = ptr.To(0.0)
		})},
		{name: "valid: lengths count characters, not bytes", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			ctr0(p).Image = strings.Repeat("é", 512)
			ctr0(p).Args = []string{strings.Repeat("é", 1024)}
		})},
		{name: "valid: non-nil empty optional lists and maps are unset", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Tolerations = []workloads.Toleration{}
			p.Spec.ProviderAnnotations = map[string]string{}
			p.Spec.Template.Hostnames = []string{}
			ctr0(p).Ports, ctr0(p).Env, ctr0(p).Args = []workloads.ContainerPort{}, []workloads.EnvVar{}, []string{}
		})},
		{name: "valid: minReadySeconds without progressDeadlineSeconds", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = nil
			p.Spec.MinReadySeconds = 100000
		})},
		{name: "valid: generateName with a trailing dash", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.GenerateName = "batch-workers-"
			p.Name = "batch-workers-x7k2q"
		})},

		// metadata: +nameFormat=dns1123subdomain, namespaced.
		{name: "metadata.name: not a DNS subdomain", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Name = "Batch_Workers" }),
			want: []wantErr{{invalid, "metadata.name"}}},
		{name: "metadata.name: too long", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Name = strings.Repeat("a.", 127) + "a" }),
			want: []wantErr{{invalid, "metadata.name"}}},
		// ValidateObjectMeta reports one error per reason, unlike formatError.
		{name: "metadata.name: too long and malformed", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Name = strings.Repeat("a.", 127) }),
			want: []wantErr{{invalid, "metadata.name"}, {invalid, "metadata.name"}}},
		{name: "metadata.name: missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Name = "" }),
			want: []wantErr{{required, "metadata.name"}}},
		{name: "metadata.generateName: not a DNS subdomain prefix", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.GenerateName = "Batch-" }),
			want: []wantErr{{invalid, "metadata.generateName"}}},
		{name: "metadata.namespace: missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Namespace = "" }),
			want: []wantErr{{required, "metadata.namespace"}}},
		{name: "metadata.labels: bad key", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Labels = map[string]string{"bad key": "x"} }),
			want: []wantErr{{invalid, "metadata.labels"}}},

		// spec.replicas
		{name: "replicas: negative", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](-1) }),
			want: []wantErr{{invalid, "spec.replicas"}}},
		{name: "replicas: above maximum", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](1001) }),
			want: []wantErr{{invalid, "spec.replicas"}}},

		// spec.selector
		{name: "selector: missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Selector = nil }),
			want: []wantErr{{required, "spec.selector"}}},
		{name: "selector: expression without key and operator", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Selector.MatchExpressions = append(p.Spec.Selector.MatchExpressions, metav1.LabelSelectorRequirement{})
		}), want: []wantErr{{required, "spec.selector.matchExpressions[1].key"}, {required, "spec.selector.matchExpressions[1].operator"}}},

		// spec.template.containers
		{name: "containers: missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Template.Containers = nil }),
			want: []wantErr{{required, tmplPath + ".containers"}}},
		{name: "containers: empty is missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Template.Containers = []workloads.Container{} }),
			want: []wantErr{{required, tmplPath + ".containers"}}},
		{name: "containers: too many", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Template.Containers = containers(9) }),
			want: []wantErr{{tooMany, tmplPath + ".containers"}}},
		{name: "containers: duplicate name", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Template.Containers[1].Name = "worker"
		}), want: []wantErr{{duplicate, tmplPath + ".containers[1]"}}},
		{name: "containers: duplicates reported at each later occurrence", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Template.Containers = containers(4)
			for i := range p.Spec.Template.Containers {
				p.Spec.Template.Containers[i].Name = "same"
			}
		}), want: []wantErr{{duplicate, tmplPath + ".containers[1]"}, {duplicate, tmplPath + ".containers[2]"}, {duplicate, tmplPath + ".containers[3]"}}},

		// container name
		{name: "container name: missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Name = "" }),
			want: []wantErr{{required, ctrPath + ".name"}}},
		{name: "container name: not a DNS label", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Name = "worker.main" }),
			want: []wantErr{{invalid, ctrPath + ".name"}}},
		{name: "container name: too long and bad characters is one format error", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Name = strings.Repeat("W", 64) }),
			want: []wantErr{{invalid, ctrPath + ".name"}}},

		// container image
		{name: "image: missing stops the other checks", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Image = "" }),
			want: []wantErr{{required, ctrPath + ".image"}}},
		{name: "image: too long", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Image = strings.Repeat("i", 513) }),
			want: []wantErr{{tooLongErr, ctrPath + ".image"}}},
		{name: "image: whitespace", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Image = "worker 1.0" }),
			want: []wantErr{{invalid, ctrPath + ".image"}}},
		{name: "image: :latest", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Image = "worker:latest" }),
			want: []wantErr{{invalid, ctrPath + ".image"}}},
		{name: "image: too long, whitespace and :latest", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			ctr0(p).Image = strings.Repeat("i", 512) + "\t:latest"
		}), want: []wantErr{{tooLongErr, ctrPath + ".image"}, {invalid, ctrPath + ".image"}, {invalid, ctrPath + ".image"}}},

		// container ports
		{name: "ports: containerPort missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).ContainerPort, port0(p).HostPort = 0, 0 }),
			want: []wantErr{{required, portPath + ".containerPort"}}},
		{name: "ports: containerPort below minimum", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).ContainerPort, port0(p).HostPort = -1, 0 }),
			want: []wantErr{{invalid, portPath + ".containerPort"}}},
		{name: "ports: containerPort and hostPort above maximum", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).ContainerPort, port0(p).HostPort = 65536, 65536 }),
			want: []wantErr{{invalid, portPath + ".containerPort"}, {invalid, portPath + ".hostPort"}}},
		{name: "ports: hostPort below minimum and different", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).HostPort = -1 }),
			want: []wantErr{{invalid, portPath + ".hostPort"}, {invalid, portPath + ".hostPort"}}},
		{name: "ports: hostPort differs from containerPort", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).HostPort = 9091 }),
			want: []wantErr{{invalid, portPath + ".hostPort"}}},
		{name: "ports: hostPort without containerPort", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).ContainerPort = 0 }),
			want: []wantErr{{required, portPath + ".containerPort"}, {invalid, portPath + ".hostPort"}}},
		{name: "ports: protocol missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).Protocol = "" }),
			want: []wantErr{{required, portPath + ".protocol"}}},
		{name: "ports: protocol not supported", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).Protocol = "HTTP" }),
			want: []wantErr{{notSupported, portPath + ".protocol"}}},
		{name: "ports: name too long", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).Name = strings.Repeat("p", 16) }),
			want: []wantErr{{tooLongErr, portPath + ".name"}}},
		{name: "ports: name not a DNS label", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).Name = "Metrics" }),
			want: []wantErr{{invalid, portPath + ".name"}}},
		{name: "ports: name too long for both limits", obj: validWorkerPool(func(p *workloads.WorkerPool) { port0(p).Name = strings.Repeat("p", 64) }),
			want: []wantErr{{tooLongErr, portPath + ".name"}, {invalid, portPath + ".name"}}},
		{name: "ports: duplicate containerPort and protocol", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			ctr0(p).Ports[1].Protocol = workloads.ProtocolTCP
		}), want: []wantErr{{duplicate, ctrPath + ".ports[1]"}}},

		// container env
		{name: "env: too many", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			for _, n := range stringsN(65, "VAR_%d") {
				ctr0(p).Env = append(ctr0(p).Env, workloads.EnvVar{Name: n})
			}
			ctr0(p).Env = ctr0(p).Env[2:]
		}), want: []wantErr{{tooMany, ctrPath + ".env"}}},
		{name: "env: name missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Env[1].Name = "" }),
			want: []wantErr{{required, ctrPath + ".env[1].name"}}},
		{name: "env: name not a label key", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Env[1].Name = "-bad" }),
			want: []wantErr{{invalid, ctrPath + ".env[1].name"}}},
		{name: "env: name with two slashes", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Env[1].Name = "a/b/c" }),
			want: []wantErr{{invalid, ctrPath + ".env[1].name"}}},
		{name: "env: name too long", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			ctr0(p).Env[0].Name = strings.Repeat("a", 254) + "/" + strings.Repeat("b", 63)
		}),
			want: []wantErr{{tooLongErr, ctrPath + ".env[0].name"}, {invalid, ctrPath + ".env[0].name"}}},

		// container args
		{name: "args: too many", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Args = stringsN(65, "--a%d") }),
			want: []wantErr{{tooMany, ctrPath + ".args"}}},
		{name: "args: one too long", obj: validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Args[1] = strings.Repeat("a", 1025) }),
			want: []wantErr{{invalid, ctrPath + ".args"}}},
		{name: "args: several too long is one error at the list", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			ctr0(p).Args = []string{strings.Repeat("a", 1025), "ok", strings.Repeat("é", 1025)}
		}), want: []wantErr{{invalid, ctrPath + ".args"}}},

		// template: restartPolicy, serviceAccountName, hostnames, instanceID
		{name: "restartPolicy: not supported", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Template.RestartPolicy = "Sometimes" }),
			want: []wantErr{{notSupported, tmplPath + ".restartPolicy"}}},
		{name: "restartPolicy: unset", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Template.RestartPolicy = "" })},
		{name: "serviceAccountName: not a DNS subdomain", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Template.ServiceAccountName = "Batch_Worker" }),
			want: []wantErr{{invalid, tmplPath + ".serviceAccountName"}}},
		{name: "hostnames: too many", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = stringsN(5, "h%d") }),
			want: []wantErr{{tooMany, tmplPath + ".hostnames"}}},
		{name: "hostnames: duplicate", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Template.Hostnames = []string{"a", "b", "a"}
		}), want: []wantErr{{duplicate, tmplPath + ".hostnames[2]"}}},
		{name: "hostnames: long list with duplicates", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Template.Hostnames = append(stringsN(20, "h%d"), "h3", "h3")
		}), want: []wantErr{{tooMany, tmplPath + ".hostnames"}, {duplicate, tmplPath + ".hostnames[20]"}, {duplicate, tmplPath + ".hostnames[21]"}}},
		{name: "instanceID: upper case", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Template.InstanceID = "123E4567-E89B-12D3-A456-426614174000"
		}), want: []wantErr{{invalid, tmplPath + ".instanceID"}}},
		{name: "instanceID: no dashes", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Template.InstanceID = "123e4567e89b12d3a456426614174000"
		}), want: []wantErr{{invalid, tmplPath + ".instanceID"}}},

		// spec.strategy
		{name: "strategy: type missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Strategy = workloads.UpdateStrategy{} }),
			want: []wantErr{{required, "spec.strategy.type"}}},
		{name: "strategy: type not supported", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = "BlueGreen" }),
			want: []wantErr{{notSupported, "spec.strategy.type"}}},
		{name: "strategy: rollingUpdate with Recreate", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = workloads.RecreateStrategy }),
			want: []wantErr{{forbidden, "spec.strategy.rollingUpdate"}}},
		{name: "strategy: Recreate without rollingUpdate", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Strategy = workloads.UpdateStrategy{Type: workloads.RecreateStrategy}
		})},
		{name: "strategy: RollingUpdate without rollingUpdate", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Strategy.RollingUpdate = nil }),
			want: []wantErr{{required, "spec.strategy.rollingUpdate"}}},
		{name: "strategy: RollingUpdate with an empty rollingUpdate", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Strategy.RollingUpdate = &workloads.RollingUpdate{}
		})},

		// spec.minReadySeconds, spec.progressDeadlineSeconds and the rule between them
		{name: "minReadySeconds: negative", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.MinReadySeconds = -1 }),
			want: []wantErr{{invalid, "spec.minReadySeconds"}}},
		{name: "minReadySeconds: equal to progressDeadlineSeconds", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.MinReadySeconds = 600 }),
			want: []wantErr{{invalid, "spec.minReadySeconds"}}},
		{name: "progressDeadlineSeconds: below minimum", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](0)
		}), want: []wantErr{{invalid, "spec.progressDeadlineSeconds"}, {invalid, "spec.minReadySeconds"}}},
		{name: "progressDeadlineSeconds: at exclusive maximum", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](86400)
		}), want: []wantErr{{invalid, "spec.progressDeadlineSeconds"}}},

		// spec.priority
		{name: "priority: at exclusive minimum", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Priority = -1000 }),
			want: []wantErr{{invalid, "spec.priority"}}},
		{name: "priority: not a multiple of 10", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Priority = 15 }),
			want: []wantErr{{invalid, "spec.priority"}}},
		{name: "priority: both", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Priority = -1005 }),
			want: []wantErr{{invalid, "spec.priority"}, {invalid, "spec.priority"}}},

		// spec.capacityWeight
		{name: "capacityWeight: negative", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(-0.1) }),
			want: []wantErr{{invalid, "spec.capacityWeight"}}},
		{name: "capacityWeight: above maximum", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(1.5) }),
			want: []wantErr{{invalid, "spec.capacityWeight"}}},

		// spec.tolerations
		{name: "tolerations: too many", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Tolerations = tolerations(33) }),
			want: []wantErr{{tooMany, "spec.tolerations"}}},
		{name: "tolerations: too many with a duplicate", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Tolerations = append(tolerations(33), workloads.Toleration{Key: "k7", Effect: workloads.TaintEffectNoSchedule})
		}), want: []wantErr{{tooMany, "spec.tolerations"}, {duplicate, "spec.tolerations[33]"}}},
		{name: "tolerations: key and effect missing", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Tolerations[1] = workloads.Toleration{} }),
			want: []wantErr{{required, "spec.tolerations[1].key"}, {required, "spec.tolerations[1].effect"}}},
		{name: "tolerations: effect not supported", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Tolerations[1].Effect = "PreferNoSchedule" }),
			want: []wantErr{{notSupported, "spec.tolerations[1].effect"}}},
		{name: "tolerations: duplicate key and effect", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Tolerations[1].Effect = workloads.TaintEffectNoSchedule
		}), want: []wantErr{{duplicate, "spec.tolerations[1]"}}},

		// spec.providerAnnotations
		{name: "providerAnnotations: too many", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.ProviderAnnotations = stringMap(17) }),
			want: []wantErr{{tooMany, "spec.providerAnnotations"}}},

		// spec.ownerTeam
		{name: "ownerTeam: too long", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = workloads.TeamName(strings.Repeat("t", 21)) }),
			want: []wantErr{{tooLongErr, "spec.ownerTeam"}}},
		{name: "ownerTeam: not a DNS label", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = "Team_A" }),
			want: []wantErr{{invalid, "spec.ownerTeam"}}},
		{name: "ownerTeam: too long for both limits", obj: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = workloads.TeamName(strings.Repeat("t", 64)) }),
			want: []wantErr{{tooLongErr, "spec.ownerTeam"}, {invalid, "spec.ownerTeam"}}},

		// status
		{name: "status: negative counters", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Status.ObservedGeneration, p.Status.ReadyReplicas = -1, -1
		}), want: []wantErr{{invalid, "status.observedGeneration"}, {invalid, "status.readyReplicas"}}},
		{name: "status: condition without required fields", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Status.Conditions = append(p.Status.Conditions, metav1.Condition{})
		}), want: []wantErr{
			{required, "status.conditions[2].type"}, {required, "status.conditions[2].status"},
			{required, "status.conditions[2].lastTransitionTime"}, {required, "status.conditions[2].reason"},
			{required, "status.conditions[2].message"},
		}},
		{name: "status: duplicate condition type", obj: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Status.Conditions[1].Type = "Available"
		}), want: []wantErr{{duplicate, "status.conditions[1]"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkErrors(t, ValidateWorkerPool(tc.obj), tc.want)
		})
	}
}

func TestInvalidWorkerPool5(t *testing.T) {
	errs := ValidateWorkerPool(InvalidWorkerPool5())
	if len(errs) != 5 {
		t.Fatalf("want exactly 5 errors, got %d: %v", len(errs), errs)
	}
	checkErrors(t, errs, []wantErr{
		{invalid, "spec.replicas"},
		{forbidden, "spec.strategy.rollingUpdate"},
		{duplicate, "spec.tolerations[1]"},
		{invalid, ctrPath + ".image"},
		{invalid, portPath + ".hostPort"},
	})
	// The fixtures are fresh objects: changing one does not change the next.
	a, b := ValidWorkerPool(), ValidWorkerPool()
	a.Spec.Template.Containers[0].Name = "changed"
	if b.Spec.Template.Containers[0].Name == "changed" {
		t.Error("ValidWorkerPool returns shared data")
	}
}

func TestErrorDetails(t *testing.T) {
	// Spot-check the messages that come from the tags.
	cases := []struct {
		errs   field.ErrorList
		detail string
	}{
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Image = "w:latest" })), "image w:latest must name a version, not :latest"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { port0(p).HostPort = 1 })), "hostPort must equal containerPort when set"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.MinReadySeconds = 601 })), "minReadySeconds must be less than progressDeadlineSeconds"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = workloads.RecreateStrategy })), "may not be specified when strategy `type` is Recreate"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Strategy.RollingUpdate = nil })), "this should be defaulted and never be nil"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Args = []string{strings.Repeat("a", 1025)} })), "each argument must be at most 1024 characters"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { port0(p).Protocol = "HTTP" })), `supported values: "SCTP", "TCP", "UDP"`},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Template.RestartPolicy = "x" })), `supported values: "Always", "Never", "OnFailure"`},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Tolerations[0].Effect = "x" })), `supported values: "NoExecute", "NoSchedule"`},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = "x" })), `supported values: "Recreate", "RollingUpdate"`},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.OwnerTeam = workloads.TeamName(strings.Repeat("t", 21)) })), "may not be more than 20 characters"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Tolerations = tolerations(33) })), "must have at most 32 items"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](-1) })), "must be greater than or equal to 0"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](1001) })), "must be less than or equal to 1000"},
		{ValidateWorkerPool(validWorkerPool(func(p *workloads.WorkerPool) { ctr0(p).Name = strings.Repeat("W", 64) })), "must be no more than 63 bytes; a lowercase RFC 1123 label"},
		{ValidateWorkerClass(validWorkerClass(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("64Mi") })), "must be more than 64Mi"},
		{ValidateWorkerPoolUpdate(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Selector.MatchLabels["x"] = "y" }), validWorkerPool()), "field is immutable"},
		{ValidateWorkerPoolUpdate(validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = ptr.To[int32](60) }), validWorkerPool()), "may not be decreased"},
	}
	for _, tc := range cases {
		if len(tc.errs) != 1 || !strings.Contains(tc.errs[0].Detail, tc.detail) {
			t.Errorf("want one error with detail containing %q, got %v", tc.detail, tc.errs)
		}
	}
}

func TestValidateWorkerPoolUpdate(t *testing.T) {
	cases := []struct {
		name     string
		old, new *workloads.WorkerPool
		want     []wantErr
	}{
		{name: "unchanged", old: validWorkerPool(), new: validWorkerPool()},
		{name: "spec changes that are allowed", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Replicas = ptr.To[int32](10)
			p.Spec.Template.Containers[0].Image = "registry.example.com/batch/worker:1.5.0"
			p.Labels["release"] = "1.5"
		})},
		{name: "selector changed", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Selector.MatchExpressions[0].Values = []string{"backend"}
		}), want: []wantErr{{invalid, "spec.selector"}}},
		{name: "selector: nil and empty lists and maps are equal", old: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Selector = &metav1.LabelSelector{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "k", Operator: metav1.LabelSelectorOpExists}}}
		}), new: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Selector = &metav1.LabelSelector{MatchLabels: map[string]string{}, MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "k", Operator: metav1.LabelSelectorOpExists, Values: []string{}}}}
		})},
		{name: "selector removed: required, not immutable", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Selector = nil }),
			want: []wantErr{{required, "spec.selector"}}},
		{name: "selector set where it was unset", old: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Selector = nil }), new: validWorkerPool()},
		{name: "progressDeadlineSeconds decreased", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](300)
		}), want: []wantErr{{invalid, "spec.progressDeadlineSeconds"}}},
		{name: "progressDeadlineSeconds decreased below minimum", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](0)
			p.Spec.MinReadySeconds = 0
		}), want: []wantErr{{invalid, "spec.progressDeadlineSeconds"}, {invalid, "spec.progressDeadlineSeconds"}}},
		{name: "progressDeadlineSeconds increased", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](1200)
		})},
		{name: "progressDeadlineSeconds set", old: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = nil }), new: validWorkerPool()},
		{name: "progressDeadlineSeconds unset", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = nil })},
		{name: "name changed", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.Name = "other" }),
			want: []wantErr{{invalid, "metadata.name"}}},
		{name: "name changed to an invalid name", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.Name = "Other" }),
			want: []wantErr{{invalid, "metadata.name"}, {invalid, "metadata.name"}}},
		{name: "namespace changed", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.Namespace = "other" }),
			want: []wantErr{{invalid, "metadata.namespace"}}},
		{name: "generateName set to an invalid prefix", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.GenerateName = "Batch-" }),
			want: []wantErr{{invalid, "metadata.generateName"}}},
		{name: "resourceVersion missing", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.ResourceVersion = "" }),
			want: []wantErr{{invalid, "metadata.resourceVersion"}}},
		{name: "spec validated as on create", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Spec.Replicas = ptr.To[int32](-1)
			p.Spec.Template.Containers = nil
		}), want: []wantErr{{invalid, "spec.replicas"}, {required, tmplPath + ".containers"}}},
		{name: "status validated as on create", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.Status.ReadyReplicas = -1 }),
			want: []wantErr{{invalid, "status.readyReplicas"}}},
		{name: "five errors on update", old: validWorkerPool(), new: InvalidWorkerPool5(),
			want: []wantErr{{invalid, "spec.replicas"}, {forbidden, "spec.strategy.rollingUpdate"}, {duplicate, "spec.tolerations[1]"}, {invalid, ctrPath + ".image"}, {invalid, portPath + ".hostPort"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkErrors(t, ValidateWorkerPoolUpdate(tc.new, tc.old), tc.want)
		})
	}
}

func TestValidateWorkerPoolStatusUpdate(t *testing.T) {
	cases := []struct {
		name     string
		old, new *workloads.WorkerPool
		want     []wantErr
	}{
		{name: "valid", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.Status.ReadyReplicas = 2 })},
		{name: "spec is not validated", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](-1) })},
		{name: "invalid status", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) {
			p.Status.ReadyReplicas = -1
			p.Status.Conditions[0].Reason = ""
		}), want: []wantErr{{invalid, "status.readyReplicas"}, {required, "status.conditions[0].reason"}}},
		{name: "metadata update rules", old: validWorkerPool(), new: validWorkerPool(func(p *workloads.WorkerPool) { p.Name = "other" }),
			want: []wantErr{{invalid, "metadata.name"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkErrors(t, ValidateWorkerPoolStatusUpdate(tc.new, tc.old), tc.want)
		})
	}
}

func TestValidateWorkerClass(t *testing.T) {
	cases := []struct {
		name string
		obj  *workloads.WorkerClass
		want []wantErr
	}{
		{name: "valid", obj: validWorkerClass()},
		{name: "valid: boundary values", obj: validWorkerClass(func(c *workloads.WorkerClass) {
			c.CPU = 256
			c.Memory = resource.MustParse("67108865") // 64Mi + 1 byte
		})},
		{name: "valid: cpu 1 and a decimal quantity", obj: validWorkerClass(func(c *workloads.WorkerClass) {
			c.CPU = 1
			c.Memory = resource.MustParse("0.1Gi")
		})},
		{name: "valid: a quantity in decimal form", obj: validWorkerClass(func(c *workloads.WorkerClass) {
			c.Memory = resource.MustParse("123456789012345678901234567890")
		})},
		{name: "valid: generateName with a trailing dash", obj: validWorkerClass(func(c *workloads.WorkerClass) {
			c.GenerateName, c.Name = "large-", "large-x7k2q"
		})},
		{name: "metadata.name: a subdomain is not a label", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.Name = "large.class" }),
			want: []wantErr{{invalid, "metadata.name"}}},
		{name: "metadata.name: missing", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.Name = "" }),
			want: []wantErr{{required, "metadata.name"}}},
		{name: "metadata.generateName: not a label prefix", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.GenerateName = "large.class-" }),
			want: []wantErr{{invalid, "metadata.generateName"}}},
		{name: "metadata.namespace: cluster-scoped", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.Namespace = "default" }),
			want: []wantErr{{forbidden, "metadata.namespace"}}},
		{name: "cpu: missing", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.CPU = 0 }),
			want: []wantErr{{required, "cpu"}}},
		{name: "cpu: negative", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.CPU = -1 }),
			want: []wantErr{{invalid, "cpu"}}},
		{name: "cpu: above maximum", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.CPU = 257 }),
			want: []wantErr{{invalid, "cpu"}}},
		{name: "memory: missing", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.Memory = resource.Quantity{} }),
			want: []wantErr{{required, "memory"}}},
		{name: "memory: zero is missing", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("0Gi") }),
			want: []wantErr{{required, "memory"}}},
		{name: "memory: exactly 64Mi", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("64Mi") }),
			want: []wantErr{{invalid, "memory"}}},
		{name: "memory: 64M is less than 64Mi", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("64M") }),
			want: []wantErr{{invalid, "memory"}}},
		{name: "memory: negative", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("-1Gi") }),
			want: []wantErr{{invalid, "memory"}}},
		{name: "memory: small decimal", obj: validWorkerClass(func(c *workloads.WorkerClass) { c.Memory = resource.MustParse("0.5") }),
			want: []wantErr{{invalid, "memory"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkErrors(t, ValidateWorkerClass(tc.obj), tc.want)
		})
	}
}

func TestValidateWorkerClassUpdate(t *testing.T) {
	cases := []struct {
		name     string
		old, new *workloads.WorkerClass
		want     []wantErr
	}{
		{name: "unchanged", old: validWorkerClass(), new: validWorkerClass()},
		{name: "fields may change", old: validWorkerClass(), new: validWorkerClass(func(c *workloads.WorkerClass) {
			c.CPU, c.Memory = 16, resource.MustParse("64Gi")
		})},
		{name: "name changed", old: validWorkerClass(), new: validWorkerClass(func(c *workloads.WorkerClass) { c.Name = "small" }),
			want: []wantErr{{invalid, "metadata.name"}}},
		{name: "generateName set to an invalid prefix", old: validWorkerClass(), new: validWorkerClass(func(c *workloads.WorkerClass) { c.GenerateName = "a.b-" }),
			want: []wantErr{{invalid, "metadata.generateName"}}},
		{name: "fields validated as on create", old: validWorkerClass(), new: validWorkerClass(func(c *workloads.WorkerClass) {
			c.CPU, c.Memory = 0, resource.MustParse("1Mi")
		}), want: []wantErr{{required, "cpu"}, {invalid, "memory"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkErrors(t, ValidateWorkerClassUpdate(tc.new, tc.old), tc.want)
		})
	}
}

// The handwritten checks below replace a regular expression or reflection; each is compared with
// what it replaces.

func TestIsLowerUUIDMatchesPattern(t *testing.T) {
	re := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`) // formats.go, k8s-uuid
	for _, s := range []string{
		"", "123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
		"123E4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400",
		"123e4567-e89b-12d3-a456-4266141740000", "123e4567-e89b-12d3-a456_426614174000", "g23e4567-e89b-12d3-a456-426614174000",
		"123e4567-e89b-12d3-a456-426614174000\n", "{123e4567-e89b-12d3-a456-426614174000}", "123e4567-e89b-12d3-a4561426614174000",
		"123e4567--89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400/",
	} {
		if got, want := isLowerUUID(s), re.MatchString(s); got != want {
			t.Errorf("isLowerUUID(%q) = %v, the pattern says %v", s, got, want)
		}
	}
}

func TestImageWhitespaceMatchesPattern(t *testing.T) {
	re := regexp.MustCompile(`^[^\s]+$`) // types.go, Container.Image +pattern
	for _, s := range []string{
		"a", "nginx:1.25", "a b", " a", "a ", "a\tb", "a\nb", "a\rb", "a\fb", "a\vb", "a\u00a0b", "a\u2028b", "\xff\xfe", "é", "a\x00b",
	} {
		if got, want := !strings.ContainsAny(s, "\t\n\f\r "), re.MatchString(s); got != want {
			t.Errorf("whitespace check of %q says valid=%v, the pattern says %v", s, got, want)
		}
	}
}

func TestLabelSelectorsEqualMatchesSemanticDeepEqual(t *testing.T) {
	sels := []*metav1.LabelSelector{
		{},
		{MatchLabels: map[string]string{}},
		{MatchLabels: map[string]string{"a": "b"}},
		{MatchLabels: map[string]string{"a": "c"}},
		{MatchLabels: map[string]string{"b": "b"}},
		{MatchLabels: map[string]string{"a": "b", "c": "d"}},
		{MatchExpressions: []metav1.LabelSelectorRequirement{}},
		{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "k", Operator: metav1.LabelSelectorOpExists}}},
		{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "k", Operator: metav1.LabelSelectorOpExists, Values: []string{}}}},
		{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "k", Operator: metav1.LabelSelectorOpDoesNotExist}}},
		{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "j", Operator: metav1.LabelSelectorOpExists}}},
		{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "k", Operator: metav1.LabelSelectorOpIn, Values: []string{"a"}}}},
		{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "k", Operator: metav1.LabelSelectorOpIn, Values: []string{"b"}}}},
		{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "k", Operator: metav1.LabelSelectorOpIn, Values: []string{"a", "b"}}}},
		{MatchLabels: map[string]string{"a": "b"}, MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "k", Operator: metav1.LabelSelectorOpExists}}},
	}
	for _, a := range sels {
		for _, b := range sels {
			if got, want := labelSelectorsEqual(a, b), apiequality.Semantic.DeepEqual(a, b); got != want {
				t.Errorf("labelSelectorsEqual(%v, %v) = %v, Semantic.DeepEqual says %v", a, b, got, want)
			}
		}
	}
}

func TestDuplicateIndices(t *testing.T) {
	for _, n := range []int{0, 1, 2, quadraticDuplicateLimit, quadraticDuplicateLimit + 1, 100} {
		items := stringsN(n, "%d")
		if got := duplicateIndices(items, stringKey); got != nil {
			t.Errorf("n=%d unique: got %v", n, got)
		}
		if n < 2 {
			continue
		}
		items[n-1] = items[0]
		items = append(items, items[1], items[0])
		got := duplicateIndices(items, stringKey)
		want := []int{n - 1, n, n + 1}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("n=%d: got %v, want %v", n, got, want)
		}
	}
}

func TestValidWorkerPoolAllocatesLittle(t *testing.T) {
	// Not a contract, a guard against accidental per-call work such as compiling a regexp: a valid
	// pool allocates only the field paths Kubernetes-style validation builds.
	obj := ValidWorkerPool()
	allocs := testing.AllocsPerRun(100, func() { _ = ValidateWorkerPool(obj) })
	if allocs > 60 {
		t.Errorf("ValidateWorkerPool allocates %v times per call", allocs)
	}
}

func BenchmarkValidateWorkerPool(b *testing.B) {
	for _, bc := range []struct {
		name string
		obj  *workloads.WorkerPool
	}{{"valid", ValidWorkerPool()}, {"5errors", InvalidWorkerPool5()}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = ValidateWorkerPool(bc.obj)
			}
		})
	}
}

func BenchmarkValidateWorkerPoolUpdate(b *testing.B) {
	oldObj, newObj := ValidWorkerPool(), ValidWorkerPool()
	b.ReportAllocs()
	for b.Loop() {
		_ = ValidateWorkerPoolUpdate(newObj, oldObj)
	}
}

func BenchmarkValidateWorkerClass(b *testing.B) {
	obj := ValidWorkerClass()
	b.ReportAllocs()
	for b.Loop() {
		_ = ValidateWorkerClass(obj)
	}
}

// validWorkerQuota returns ValidWorkerQuota with the tweaks applied.
func validWorkerQuota(tweaks ...func(*workloads.WorkerQuota)) *workloads.WorkerQuota {
	obj := ValidWorkerQuota()
	for _, tweak := range tweaks {
		tweak(obj)
	}
	return obj
}

func classQuotas(n int) []workloads.ClassQuota {
	out := make([]workloads.ClassQuota, n)
	for i := range out {
		out[i] = workloads.ClassQuota{Class: fmt.Sprintf("class-%d", i), MaxWorkers: 1}
	}
	return out
}

func exemptions(n int) []workloads.QuotaExemption {
	out := make([]workloads.QuotaExemption, n)
	for i := range out {
		out[i] = workloads.QuotaExemption{Pool: fmt.Sprintf("pool-%d", i)}
	}
	return out
}

func zoneWeights(n int) map[string]workloads.ZoneWeight {
	m := make(map[string]workloads.ZoneWeight, n)
	for i := 0; i < n; i++ {
		m[fmt.Sprintf("zone-%d", i)] = 1
	}
	return m
}

func TestValidateWorkerQuota(t *testing.T) {
	const (
		classPath     = "spec.classes[0]"
		exemptionPath = "spec.exemptions[0]"
	)
	cases := []struct {
		name string
		obj  *workloads.WorkerQuota
		want []wantErr
	}{
		{name: "valid", obj: validWorkerQuota()},
		{name: "valid: only required fields", obj: &workloads.WorkerQuota{
			ObjectMeta: metav1.ObjectMeta{Name: "minimal", Namespace: "default"},
			Spec:       workloads.WorkerQuotaSpec{MaxPools: 1, Tier: workloads.QuotaTierBronze},
		}},
		{name: "valid: boundary values", obj: validWorkerQuota(func(q *workloads.WorkerQuota) {
			q.Spec.MaxPools = 100
			q.Spec.MaxWorkers = ptr.To[int32](100000)
			q.Spec.Tier = workloads.QuotaTierGold
			q.Spec.Description = strings.Repeat("é", 256)
			q.Spec.DefaultClass = strings.Repeat("c", 63)
			q.Spec.Classes = []workloads.ClassQuota{{Class: "large", MaxWorkers: 10000, BurstWorkers: 1000}, {Class: "small", MaxWorkers: 1}}
			q.Spec.Zones = []workloads.Zone{workloads.Zone(strings.Repeat("z", 63))}
			q.Spec.ZoneWeights = zoneWeights(16)
			q.Spec.ZoneWeights["zone-0"], q.Spec.ZoneWeights["zone-1"] = 1, 100
			q.Spec.Exemptions = exemptions(16)
			q.Spec.Exemptions[0].Reason = strings.Repeat("r", 128)
		})},
		{name: "valid: maxWorkers zero", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.MaxWorkers = ptr.To[int32](0) })},
		{name: "valid: non-nil empty optional lists and maps are unset", obj: validWorkerQuota(func(q *workloads.WorkerQuota) {
			q.Spec.Classes, q.Spec.Zones, q.Spec.Exemptions = []workloads.ClassQuota{}, []workloads.Zone{}, []workloads.QuotaExemption{}
			q.Spec.ZoneWeights = map[string]workloads.ZoneWeight{}
		})},

		// metadata: +nameFormat=dns1123subdomain, namespaced.
		{name: "metadata.name: not a DNS subdomain", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Name = "Team_A" }),
			want: []wantErr{{invalid, "metadata.name"}}},
		{name: "metadata.namespace: missing", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Namespace = "" }),
			want: []wantErr{{required, "metadata.namespace"}}},

		// spec.maxPools, spec.maxWorkers, spec.tier, spec.description, spec.defaultClass
		{name: "maxPools: missing", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0 }),
			want: []wantErr{{required, "spec.maxPools"}}},
		{name: "maxPools: negative", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = -1 }),
			want: []wantErr{{invalid, "spec.maxPools"}}},
		{name: "maxPools: above maximum", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 101 }),
			want: []wantErr{{invalid, "spec.maxPools"}}},
		{name: "maxWorkers: negative", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.MaxWorkers = ptr.To[int32](-1) }),
			want: []wantErr{{invalid, "spec.maxWorkers"}}},
		{name: "maxWorkers: above maximum", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.MaxWorkers = ptr.To[int32](100001) }),
			want: []wantErr{{invalid, "spec.maxWorkers"}}},
		{name: "tier: missing", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Tier = "" }),
			want: []wantErr{{required, "spec.tier"}}},
		{name: "tier: not supported", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Tier = "gold" }),
			want: []wantErr{{notSupported, "spec.tier"}}},
		{name: "description: too long", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Description = strings.Repeat("d", 257) }),
			want: []wantErr{{tooLongErr, "spec.description"}}},
		{name: "defaultClass: not a DNS label", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.DefaultClass = "large.class" }),
			want: []wantErr{{invalid, "spec.defaultClass"}}},
		{name: "defaultClass: too long and bad characters", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.DefaultClass = strings.Repeat("C", 64) }),
			want: []wantErr{{tooLongErr, "spec.defaultClass"}, {invalid, "spec.defaultClass"}}},

		// spec.classes
		{name: "classes: class missing", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Classes[0].Class = "" }),
			want: []wantErr{{required, classPath + ".class"}}},
		{name: "classes: class not a DNS label", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Classes[0].Class = "Large" }),
			want: []wantErr{{invalid, classPath + ".class"}}},
		{name: "classes: maxWorkers missing", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 0 }),
			want: []wantErr{{required, classPath + ".maxWorkers"}}},
		{name: "classes: maxWorkers negative", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = -5 }),
			want: []wantErr{{invalid, classPath + ".maxWorkers"}}},
		{name: "classes: maxWorkers above maximum", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 10001 }),
			want: []wantErr{{invalid, classPath + ".maxWorkers"}}},
		{name: "classes: burstWorkers negative", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Classes[0].BurstWorkers = -1 }),
			want: []wantErr{{invalid, classPath + ".burstWorkers"}}},
		{name: "classes: burstWorkers above maximum", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Classes[0].BurstWorkers = 1001 }),
			want: []wantErr{{invalid, classPath + ".burstWorkers"}}},
		{name: "classes: duplicate class", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Classes[1].Class = "large" }),
			want: []wantErr{{duplicate, "spec.classes[1]"}}},
		{name: "classes: long list with a duplicate", obj: validWorkerQuota(func(q *workloads.WorkerQuota) {
			q.Spec.Classes = append(classQuotas(40), workloads.ClassQuota{Class: "class-7", MaxWorkers: 2})
		}), want: []wantErr{{duplicate, "spec.classes[40]"}}},

		// spec.zones
		{name: "zones: not a DNS label", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Zones[1] = "zone_b" }),
			want: []wantErr{{invalid, "spec.zones[1]"}}},
		{name: "zones: too long and bad characters", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Zones[1] = workloads.Zone(strings.Repeat("Z", 64)) }),
			want: []wantErr{{tooLongErr, "spec.zones[1]"}, {invalid, "spec.zones[1]"}}},
		{name: "zones: duplicate", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Zones = append(q.Spec.Zones, "zone-a") }),
			want: []wantErr{{duplicate, "spec.zones[3]"}}},

		// spec.zoneWeights
		{name: "zoneWeights: too many", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = zoneWeights(17) }),
			want: []wantErr{{tooMany, "spec.zoneWeights"}}},
		{name: "zoneWeights: zero is below minimum", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-b"] = 0 }),
			want: []wantErr{{invalid, "spec.zoneWeights[zone-b]"}}},
		{name: "zoneWeights: above maximum", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-c"] = 101 }),
			want: []wantErr{{invalid, "spec.zoneWeights[zone-c]"}}},

		// spec.exemptions
		{name: "exemptions: too many", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Exemptions = exemptions(17) }),
			want: []wantErr{{tooMany, "spec.exemptions"}}},
		{name: "exemptions: pool missing", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Exemptions[0].Pool = "" }),
			want: []wantErr{{required, exemptionPath + ".pool"}}},
		{name: "exemptions: pool not a DNS subdomain", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Exemptions[0].Pool = "Batch_Workers" }),
			want: []wantErr{{invalid, exemptionPath + ".pool"}}},
		{name: "exemptions: reason too long", obj: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Spec.Exemptions[0].Reason = strings.Repeat("é", 129) }),
			want: []wantErr{{tooLongErr, exemptionPath + ".reason"}}},

		// status
		{name: "status: negative counters", obj: validWorkerQuota(func(q *workloads.WorkerQuota) {
			q.Status.ObservedGeneration, q.Status.UsedPools, q.Status.UsedWorkers = -1, -1, -1
		}), want: []wantErr{{invalid, "status.observedGeneration"}, {invalid, "status.usedPools"}, {invalid, "status.usedWorkers"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkErrors(t, ValidateWorkerQuota(tc.obj), tc.want)
		})
	}
}

func TestInvalidWorkerQuota5(t *testing.T) {
	errs := ValidateWorkerQuota(InvalidWorkerQuota5())
	if len(errs) != 5 {
		t.Fatalf("want exactly 5 errors, got %d: %v", len(errs), errs)
	}
	checkErrors(t, errs, []wantErr{
		{invalid, "spec.maxPools"},
		{notSupported, "spec.tier"},
		{duplicate, "spec.classes[1]"},
		{invalid, "spec.zoneWeights[zone-b]"},
		{tooLongErr, "spec.exemptions[0].reason"},
	})
	if !strings.Contains(errs.ToAggregate().Error(), `supported values: "Bronze", "Gold", "Silver"`) {
		t.Errorf("tier values not listed sorted: %v", errs)
	}
	a, b := ValidWorkerQuota(), ValidWorkerQuota()
	a.Spec.Classes[0].Class, a.Spec.ZoneWeights["zone-a"] = "changed", 1
	if b.Spec.Classes[0].Class == "changed" || b.Spec.ZoneWeights["zone-a"] == 1 {
		t.Error("ValidWorkerQuota returns shared data")
	}
}

func TestValidateWorkerQuotaUpdate(t *testing.T) {
	cases := []struct {
		name     string
		old, new *workloads.WorkerQuota
		want     []wantErr
	}{
		{name: "unchanged", old: validWorkerQuota(), new: validWorkerQuota()},
		{name: "fields may change", old: validWorkerQuota(), new: validWorkerQuota(func(q *workloads.WorkerQuota) {
			q.Spec.MaxPools, q.Spec.Tier = 20, workloads.QuotaTierGold
			q.Spec.Classes = q.Spec.Classes[:1]
			q.Spec.Zones = append(q.Spec.Zones, "zone-d")
		})},
		{name: "name changed", old: validWorkerQuota(), new: validWorkerQuota(func(q *workloads.WorkerQuota) { q.Name = "team-b" }),
			want: []wantErr{{invalid, "metadata.name"}}},
		{name: "generateName set to an invalid prefix", old: validWorkerQuota(), new: validWorkerQuota(func(q *workloads.WorkerQuota) { q.GenerateName = "Team-" }),
			want: []wantErr{{invalid, "metadata.generateName"}}},
		{name: "spec and status validated as on create", old: validWorkerQuota(), new: validWorkerQuota(func(q *workloads.WorkerQuota) {
			q.Spec.MaxPools = 0
			q.Spec.Zones[0] = "Zone-A"
			q.Status.UsedPools = -1
		}), want: []wantErr{{required, "spec.maxPools"}, {invalid, "spec.zones[0]"}, {invalid, "status.usedPools"}}},
		{name: "five errors on update", old: validWorkerQuota(), new: InvalidWorkerQuota5(),
			want: []wantErr{{invalid, "spec.maxPools"}, {notSupported, "spec.tier"}, {duplicate, "spec.classes[1]"}, {invalid, "spec.zoneWeights[zone-b]"}, {tooLongErr, "spec.exemptions[0].reason"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkErrors(t, ValidateWorkerQuotaUpdate(tc.new, tc.old), tc.want)
		})
	}
}

func BenchmarkValidateWorkerQuota(b *testing.B) {
	for _, bc := range []struct {
		name string
		obj  *workloads.WorkerQuota
	}{{"valid", ValidWorkerQuota()}, {"5errors", InvalidWorkerQuota5()}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = ValidateWorkerQuota(bc.obj)
			}
		})
	}
}

// Ratcheting (KEP-4008): the update functions check a value only where it differs from its
// correlated old value. Each case is an update, new from old; runRatchetCases also checks that a
// ratcheting update reports nothing that validating the new object on create would not, besides
// the metadata update rules and the transition rules.

// ratchetCase is one update and the errors it reports.
type ratchetCase[T any] struct {
	name     string
	old, new *T
	want     []wantErr
}

// notOnCreate reports whether an update error is one that create does not check: the metadata
// update rules and the transition rules.
func notOnCreate(e *field.Error) bool {
	return strings.HasPrefix(e.Field, "metadata.") || e.Detail == apivalidation.FieldImmutableErrorMsg || e.Detail == msgProgressDeadlineDecrease
}

func runRatchetCases[T any](t *testing.T, update func(newObj, oldObj *T) field.ErrorList, create func(*T) field.ErrorList, cases []ratchetCase[T]) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			errs := update(tc.new, tc.old)
			checkErrors(t, errs, tc.want)
			onCreate := map[wantErr]int{}
			for _, e := range create(tc.new) {
				onCreate[wantErr{e.Type, e.Field}]++
			}
			for _, e := range errs {
				if k := (wantErr{e.Type, e.Field}); !notOnCreate(e) {
					if onCreate[k] == 0 {
						t.Errorf("the update reports %v, which create does not", e)
					}
					onCreate[k]--
				}
			}
		})
	}
}

// pool, quota and class shorten validWorkerPool, validWorkerQuota and validWorkerClass.
var (
	pool  = validWorkerPool
	quota = validWorkerQuota
	class = validWorkerClass
)

// Tweaks that make one value invalid, or change a value without making it invalid.
var (
	poolLatest        = func(p *workloads.WorkerPool) { ctr0(p).Image = "worker:latest" }
	poolPaused        = func(p *workloads.WorkerPool) { p.Spec.Paused = true }
	poolManyReplicas  = func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](5000) }
	poolBadEffect     = func(p *workloads.WorkerPool) { p.Spec.Tolerations[0].Effect = "Bogus" }
	poolBadHostPort   = func(p *workloads.WorkerPool) { port0(p).HostPort = 1 }
	poolBadEnv        = func(p *workloads.WorkerPool) { ctr0(p).Env[1].Name = "-bad" }
	poolNoReason      = func(p *workloads.WorkerPool) { p.Status.Conditions[0].Reason = "" }
	poolRecreate      = func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = workloads.RecreateStrategy }
	poolLongArg       = func(p *workloads.WorkerPool) { ctr0(p).Args[1] = strings.Repeat("a", 1025) }
	poolDupHostnames  = func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = []string{"a", "a"} }
	poolManyHostnames = func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = stringsN(5, "h%d") }
	poolBadSelector   = func(p *workloads.WorkerPool) {
		p.Spec.Selector.MatchExpressions = []metav1.LabelSelectorRequirement{{Operator: metav1.LabelSelectorOpExists}}
	}
	// poolEveryScalar makes every scalar of the spec and template that has a check of its own
	// invalid, keeping the spec's own rule satisfied.
	poolEveryScalar = func(p *workloads.WorkerPool) {
		p.Spec.Replicas = ptr.To[int32](-1)
		p.Spec.MinReadySeconds = -1
		p.Spec.ProgressDeadlineSeconds = ptr.To[int32](86400)
		p.Spec.Priority = -1005
		p.Spec.CapacityWeight = ptr.To(1.5)
		p.Spec.OwnerTeam = "Batch_Team"
		p.Spec.Template.RestartPolicy = "Sometimes"
		p.Spec.Template.ServiceAccountName = "Batch"
		p.Spec.Template.InstanceID = "not-a-uuid"
		p.Spec.Strategy = workloads.UpdateStrategy{Type: "BlueGreen"}
	}
	// poolEveryScalarAgain changes each of those values to another invalid one.
	poolEveryScalarAgain = func(p *workloads.WorkerPool) {
		p.Spec.Replicas = ptr.To[int32](1001)
		p.Spec.MinReadySeconds = -2
		p.Spec.ProgressDeadlineSeconds = ptr.To[int32](0)
		p.Spec.Priority = 15
		p.Spec.CapacityWeight = ptr.To(-0.5)
		p.Spec.OwnerTeam = workloads.TeamName(strings.Repeat("t", 21))
		p.Spec.Template.RestartPolicy = "Rarely"
		p.Spec.Template.ServiceAccountName = "Batch.Worker"
		p.Spec.Template.InstanceID = "123E4567-E89B-12D3-A456-426614174000"
		p.Spec.Strategy = workloads.UpdateStrategy{Type: "Canary"}
	}
)

func TestValidateWorkerPoolUpdateRatchets(t *testing.T) {
	const ctr1Path = "spec.template.containers[1]"
	runRatchetCases(t, ValidateWorkerPoolUpdate, ValidateWorkerPool, []ratchetCase[workloads.WorkerPool]{
		// The whole object.
		{name: "object unchanged: five invalid values", old: InvalidWorkerPool5(), new: InvalidWorkerPool5()},
		{name: "object unchanged: invalid name, missing required fields", old: pool(func(p *workloads.WorkerPool) {
			p.Name = "Bad_Name"
			p.Spec = workloads.WorkerPoolSpec{}
		}), new: pool(func(p *workloads.WorkerPool) {
			p.Name = "Bad_Name"
			p.Spec = workloads.WorkerPoolSpec{}
		})},
		{name: "object changed: an unchanged invalid name ratchets", old: pool(func(p *workloads.WorkerPool) { p.Name = "Bad_Name" }),
			new: pool(poolPaused, func(p *workloads.WorkerPool) { p.Name = "Bad_Name" })},
		{name: "object changed: an invalid generateName changed", old: pool(func(p *workloads.WorkerPool) { p.GenerateName = "Bad_" }),
			new:  pool(poolPaused, func(p *workloads.WorkerPool) { p.GenerateName = "Worse_" }),
			want: []wantErr{{invalid, "metadata.generateName"}}},
		{name: "metadata changed: invalid spec unchanged", old: InvalidWorkerPool5(), new: func() *workloads.WorkerPool {
			p := InvalidWorkerPool5()
			p.Labels["release"] = "2"
			return p
		}()},
		{name: "status changed: invalid spec unchanged, new invalid status value", old: InvalidWorkerPool5(), new: func() *workloads.WorkerPool {
			p := InvalidWorkerPool5()
			p.Status.ReadyReplicas = -1
			return p
		}(), want: []wantErr{{invalid, "status.readyReplicas"}}},

		// Struct fields correlate by name.
		{name: "field: unchanged invalid value, sibling changed", old: pool(poolManyReplicas), new: pool(poolManyReplicas, poolPaused)},
		{name: "field: invalid value changed", old: pool(poolManyReplicas), new: pool(func(p *workloads.WorkerPool) { p.Spec.Replicas = ptr.To[int32](6000) }),
			want: []wantErr{{invalid, "spec.replicas"}}},
		{name: "field: valid value made invalid", old: pool(), new: pool(poolManyReplicas),
			want: []wantErr{{invalid, "spec.replicas"}}},
		{name: "field: every unchanged invalid scalar ratchets", old: pool(poolEveryScalar), new: pool(poolEveryScalar, poolPaused)},
		{name: "field: every invalid scalar changed", old: pool(poolEveryScalar), new: pool(poolEveryScalarAgain),
			want: []wantErr{
				{invalid, "spec.replicas"}, {invalid, "spec.minReadySeconds"}, {invalid, "spec.progressDeadlineSeconds"},
				{invalid, "spec.progressDeadlineSeconds"}, // decreased: the transition rule
				{invalid, "spec.priority"}, {invalid, "spec.capacityWeight"}, {tooLongErr, "spec.ownerTeam"},
				{notSupported, tmplPath + ".restartPolicy"}, {invalid, tmplPath + ".serviceAccountName"},
				{invalid, tmplPath + ".instanceID"}, {notSupported, "spec.strategy.type"},
			}},
		{name: "field: a NaN never equals its old value", old: pool(func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(2.0) }),
			new: pool(func(p *workloads.WorkerPool) { p.Spec.CapacityWeight = ptr.To(2.0); p.Spec.Priority = 15 }),
			// capacityWeight is unchanged; priority changed and is reported.
			want: []wantErr{{invalid, "spec.priority"}}},

		// Maps correlate by key.
		{name: "map: too many annotations, map unchanged", old: pool(func(p *workloads.WorkerPool) { p.Spec.ProviderAnnotations = stringMap(17) }),
			new: pool(poolPaused, func(p *workloads.WorkerPool) { p.Spec.ProviderAnnotations = stringMap(17) })},
		{name: "map: too many annotations, an entry changed", old: pool(func(p *workloads.WorkerPool) { p.Spec.ProviderAnnotations = stringMap(17) }),
			new: pool(func(p *workloads.WorkerPool) {
				p.Spec.ProviderAnnotations = stringMap(17)
				p.Spec.ProviderAnnotations["k3"] = "changed"
			}), want: []wantErr{{tooMany, "spec.providerAnnotations"}}},

		// +listType=map items correlate by key, wherever they move.
		{name: "list map: unchanged invalid container moved", old: pool(poolLatest), new: pool(poolLatest, func(p *workloads.WorkerPool) {
			c := p.Spec.Template.Containers
			p.Spec.Template.Containers = []workloads.Container{c[1], c[0]}
		})},
		{name: "list map: invalid container moved and its image changed", old: pool(poolLatest), new: pool(func(p *workloads.WorkerPool) {
			ctr0(p).Image = "other:latest"
			c := p.Spec.Template.Containers
			p.Spec.Template.Containers = []workloads.Container{c[1], c[0]}
		}), want: []wantErr{{invalid, ctr1Path + ".image"}}},
		{name: "list map: container changed elsewhere, its unchanged image ratchets", old: pool(poolLatest),
			new: pool(poolLatest, func(p *workloads.WorkerPool) { ctr0(p).Args = []string{"--changed"} })},
		{name: "list map: container renamed has no old value", old: pool(poolLatest),
			new:  pool(poolLatest, func(p *workloads.WorkerPool) { ctr0(p).Name = "renamed" }),
			want: []wantErr{{invalid, ctrPath + ".image"}}},
		{name: "list map: toleration moved, its unchanged invalid effect ratchets", old: pool(poolBadEffect), new: pool(poolBadEffect, func(p *workloads.WorkerPool) {
			tols := p.Spec.Tolerations
			p.Spec.Tolerations = []workloads.Toleration{tols[1], {Key: "gpu", Effect: workloads.TaintEffectNoSchedule}, tols[0]}
			p.Spec.Tolerations[2].TolerationSeconds = ptr.To[int64](60)
		})},
		{name: "list map: toleration with a new key", old: pool(), new: pool(poolBadEffect),
			want: []wantErr{{notSupported, "spec.tolerations[0].effect"}}},
		{name: "list map: too many tolerations, list unchanged", old: pool(func(p *workloads.WorkerPool) { p.Spec.Tolerations = tolerations(33) }),
			new: pool(poolPaused, func(p *workloads.WorkerPool) { p.Spec.Tolerations = tolerations(33) })},
		{name: "list map: too many tolerations, list reordered", old: pool(func(p *workloads.WorkerPool) { p.Spec.Tolerations = tolerations(33) }),
			new: pool(func(p *workloads.WorkerPool) {
				p.Spec.Tolerations = tolerations(33)
				p.Spec.Tolerations[0], p.Spec.Tolerations[1] = p.Spec.Tolerations[1], p.Spec.Tolerations[0]
			}), want: []wantErr{{tooMany, "spec.tolerations"}}},
		{name: "list map: too many containers, one changed", old: pool(func(p *workloads.WorkerPool) { p.Spec.Template.Containers = containers(9) }),
			new: pool(func(p *workloads.WorkerPool) {
				p.Spec.Template.Containers = containers(9)
				p.Spec.Template.Containers[8].Image = "busybox:1.37"
			}), want: []wantErr{{tooMany, tmplPath + ".containers"}}},
		{name: "list map: port moved, its unchanged invalid name ratchets", old: pool(func(p *workloads.WorkerPool) { port0(p).Name = "Metrics" }),
			new: pool(func(p *workloads.WorkerPool) {
				port0(p).Name = "Metrics"
				ps := ctr0(p).Ports
				ctr0(p).Ports = []workloads.ContainerPort{ps[1], ps[0]}
			})},
		{name: "list map: port changed, its key fields are unchanged", old: pool(func(p *workloads.WorkerPool) {
			ctr0(p).Ports = append(ctr0(p).Ports, workloads.ContainerPort{Name: "Bad_Port", ContainerPort: 70000, HostPort: -1, Protocol: "HTTP"})
		}), new: pool(func(p *workloads.WorkerPool) {
			ctr0(p).Ports = append(ctr0(p).Ports, workloads.ContainerPort{Name: "port-name-too-long", ContainerPort: 70000, HostPort: 70000, Protocol: "HTTP"})
		}), want: []wantErr{
			// (containerPort, protocol) is the key: the port correlates with the old one, and
			// only name and hostPort changed.
			{tooLongErr, ctrPath + ".ports[2].name"}, {invalid, ctrPath + ".ports[2].hostPort"},
		}},
		{name: "list map: port under a new key", old: pool(), new: pool(func(p *workloads.WorkerPool) {
			ctr0(p).Ports = append(ctr0(p).Ports, workloads.ContainerPort{Name: "Bad_Port", ContainerPort: 70000, HostPort: -1, Protocol: "HTTP"})
		}), want: []wantErr{
			{invalid, ctrPath + ".ports[2].name"}, {invalid, ctrPath + ".ports[2].containerPort"}, {invalid, ctrPath + ".ports[2].hostPort"},
			{invalid, ctrPath + ".ports[2].hostPort"}, {notSupported, ctrPath + ".ports[2].protocol"},
		}},
		{name: "list map: port changed, its unchanged invalid fields ratchet", old: pool(func(p *workloads.WorkerPool) {
			ctr0(p).Ports = append(ctr0(p).Ports, workloads.ContainerPort{Name: "Bad_Port", ContainerPort: 70000, HostPort: -1, Protocol: "HTTP"})
		}), new: pool(func(p *workloads.WorkerPool) {
			ctr0(p).Ports = append(ctr0(p).Ports, workloads.ContainerPort{Name: "Bad_Port", ContainerPort: 70000, HostPort: -2, Protocol: "HTTP"})
		}), want: []wantErr{
			// Only hostPort changed: its range, and the port's rule, which belongs to the port.
			{invalid, ctrPath + ".ports[2].hostPort"}, {invalid, ctrPath + ".ports[2].hostPort"},
		}},
		{name: "list map: condition moved, its missing reason ratchets", old: pool(poolNoReason), new: pool(poolNoReason, func(p *workloads.WorkerPool) {
			c := p.Status.Conditions
			p.Status.Conditions = []metav1.Condition{c[1], c[0]}
		})},
		{name: "list map: condition changed, its missing reason reported", old: pool(poolNoReason),
			new:  pool(poolNoReason, func(p *workloads.WorkerPool) { p.Status.Conditions[0].Message = "changed" }),
			want: []wantErr{{required, "status.conditions[0].reason"}}},

		// +listType=set lists ratchet as a whole. Hostnames have no item checks, only the list's.
		{name: "set: too many hostnames, list unchanged", old: pool(poolManyHostnames), new: pool(poolManyHostnames, poolPaused)},
		{name: "set: too many hostnames, reordered", old: pool(poolManyHostnames), new: pool(poolManyHostnames, func(p *workloads.WorkerPool) {
			slices.Reverse(p.Spec.Template.Hostnames)
		}), want: []wantErr{{tooMany, tmplPath + ".hostnames"}}},

		// Atomic lists ratchet only as a whole.
		{name: "atomic list: env unchanged", old: pool(poolBadEnv), new: pool(poolBadEnv, func(p *workloads.WorkerPool) { ctr0(p).Image = "worker:2" })},
		{name: "atomic list: another env item changed re-validates every item", old: pool(poolBadEnv, func(p *workloads.WorkerPool) { ctr0(p).Env[0].Name = "" }),
			new: pool(poolBadEnv, func(p *workloads.WorkerPool) {
				ctr0(p).Env[0].Name = ""
				ctr0(p).Env = append(ctr0(p).Env, workloads.EnvVar{Name: "MORE"})
			}), want: []wantErr{{required, ctrPath + ".env[0].name"}, {invalid, ctrPath + ".env[1].name"}}},
		{name: "atomic list: too many env, list unchanged", old: pool(func(p *workloads.WorkerPool) { ctr0(p).Env = make([]workloads.EnvVar, 65) }),
			new: pool(poolPaused, func(p *workloads.WorkerPool) { ctr0(p).Env = make([]workloads.EnvVar, 65) })},
		{name: "atomic list: args unchanged", old: pool(poolLongArg), new: pool(poolLongArg, func(p *workloads.WorkerPool) { ctr0(p).Image = "worker:2" })},
		{name: "atomic list: args changed, the list's rule re-checked", old: pool(poolLongArg), new: pool(poolLongArg, func(p *workloads.WorkerPool) {
			ctr0(p).Args[0] = "--queue=other"
		}), want: []wantErr{{invalid, ctrPath + ".args"}}},
		{name: "atomic list: too many args, list changed", old: pool(func(p *workloads.WorkerPool) { ctr0(p).Args = stringsN(65, "-%d") }),
			new:  pool(func(p *workloads.WorkerPool) { ctr0(p).Args = stringsN(66, "-%d") }),
			want: []wantErr{{tooMany, ctrPath + ".args"}}},
		{name: "atomic list: selector expressions unchanged, labels changed", old: pool(poolBadSelector),
			new: pool(poolBadSelector, func(p *workloads.WorkerPool) { p.Spec.Selector.MatchLabels = nil }),
			// The selector changed (immutable); its expressions did not.
			want: []wantErr{{invalid, "spec.selector"}}},
		{name: "atomic list: selector expressions changed", old: pool(poolBadSelector), new: pool(poolBadSelector, func(p *workloads.WorkerPool) {
			p.Spec.Selector.MatchExpressions = append(p.Spec.Selector.MatchExpressions, metav1.LabelSelectorRequirement{Key: "k", Operator: metav1.LabelSelectorOpExists})
		}), want: []wantErr{{invalid, "spec.selector"}, {required, "spec.selector.matchExpressions[0].key"}}},

		// Duplicates already in the old list are not reported again.
		{name: "duplicates: toleration duplicate already in the old list", old: InvalidWorkerPool5(), new: func() *workloads.WorkerPool {
			p := InvalidWorkerPool5()
			p.Spec.Tolerations = append(p.Spec.Tolerations, p.Spec.Tolerations[0], workloads.Toleration{Key: "gpu", Effect: workloads.TaintEffectNoSchedule})
			return p
		}()},
		{name: "duplicates: new toleration duplicate", old: InvalidWorkerPool5(), new: func() *workloads.WorkerPool {
			p := InvalidWorkerPool5()
			gpu := workloads.Toleration{Key: "gpu", Effect: workloads.TaintEffectNoSchedule}
			p.Spec.Tolerations = append(p.Spec.Tolerations, gpu, gpu)
			return p
		}(), want: []wantErr{{duplicate, "spec.tolerations[3]"}}},
		{name: "duplicates: container name", old: pool(), new: pool(func(p *workloads.WorkerPool) { p.Spec.Template.Containers[1].Name = "worker" }),
			want: []wantErr{{duplicate, tmplPath + ".containers[1]"}}},
		{name: "duplicates: port", old: pool(), new: pool(func(p *workloads.WorkerPool) { ctr0(p).Ports[1].Protocol = workloads.ProtocolTCP }),
			want: []wantErr{{duplicate, ctrPath + ".ports[1]"}}},
		{name: "duplicates: condition type already in the old list", old: pool(func(p *workloads.WorkerPool) { p.Status.Conditions[1].Type = "Available" }),
			new: pool(func(p *workloads.WorkerPool) {
				p.Status.Conditions[1].Type = "Available"
				p.Status.Conditions[1].Message = "changed"
			})},
		{name: "duplicates: hostname already in the old list", old: pool(poolDupHostnames),
			new: pool(func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = []string{"b", "a", "a"} })},
		{name: "duplicates: new hostname duplicate", old: pool(poolDupHostnames),
			new:  pool(func(p *workloads.WorkerPool) { p.Spec.Template.Hostnames = []string{"a", "a", "b", "b"} }),
			want: []wantErr{{duplicate, tmplPath + ".hostnames[3]"}}},

		// A missing required field has no old value: reported whenever its parent changed.
		{name: "required: missing image, container changed", old: pool(func(p *workloads.WorkerPool) { ctr0(p).Image = "" }),
			new:  pool(func(p *workloads.WorkerPool) { ctr0(p).Image = ""; ctr0(p).Args = nil }),
			want: []wantErr{{required, ctrPath + ".image"}}},
		{name: "required: missing selector and containers, spec changed, template unchanged", old: pool(func(p *workloads.WorkerPool) {
			p.Spec.Selector, p.Spec.Template.Containers = nil, nil
		}), new: pool(poolPaused, func(p *workloads.WorkerPool) { p.Spec.Selector, p.Spec.Template.Containers = nil, nil }),
			want: []wantErr{{required, "spec.selector"}}},
		{name: "required: missing containers, template changed", old: pool(func(p *workloads.WorkerPool) { p.Spec.Template.Containers = nil }),
			new: pool(func(p *workloads.WorkerPool) {
				p.Spec.Template.Containers = nil
				p.Spec.Template.Labels["release"] = "2"
			}), want: []wantErr{{required, tmplPath + ".containers"}}},
		{name: "required: missing strategy type, strategy changed", old: pool(func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = "" }),
			new: pool(func(p *workloads.WorkerPool) {
				p.Spec.Strategy.Type = ""
				p.Spec.Strategy.RollingUpdate.MaxSurge = nil
			}), want: []wantErr{{required, "spec.strategy.type"}}},
		{name: "required: missing strategy type, strategy unchanged", old: pool(func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = "" }),
			new: pool(poolPaused, func(p *workloads.WorkerPool) { p.Spec.Strategy.Type = "" })},
		{name: "required: missing port protocol and toleration key, items changed", old: pool(func(p *workloads.WorkerPool) {
			port0(p).Protocol = ""
			p.Spec.Tolerations[1].Key = ""
		}), new: pool(func(p *workloads.WorkerPool) {
			port0(p).Protocol, port0(p).HostPort = "", 0
			p.Spec.Tolerations[1].Key = ""
			p.Spec.Tolerations[1].TolerationSeconds = nil
		}), want: []wantErr{{required, portPath + ".protocol"}, {required, "spec.tolerations[1].key"}}},

		// A rule declared on a struct belongs to the struct.
		{name: "struct rule: port unchanged", old: pool(poolBadHostPort), new: pool(poolBadHostPort, func(p *workloads.WorkerPool) { ctr0(p).Image = "worker:2" })},
		{name: "struct rule: port changed elsewhere", old: pool(poolBadHostPort),
			new:  pool(poolBadHostPort, func(p *workloads.WorkerPool) { port0(p).Name = "metrics-tcp" }),
			want: []wantErr{{invalid, portPath + ".hostPort"}}},
		{name: "struct rule: spec changed elsewhere", old: pool(func(p *workloads.WorkerPool) { p.Spec.MinReadySeconds = 700 }),
			new:  pool(poolPaused, func(p *workloads.WorkerPool) { p.Spec.MinReadySeconds = 700 }),
			want: []wantErr{{invalid, "spec.minReadySeconds"}}},
		{name: "struct rule: strategy unchanged", old: pool(poolRecreate), new: pool(poolRecreate, poolPaused)},
		{name: "struct rule: strategy changed elsewhere", old: pool(poolRecreate),
			new:  pool(poolRecreate, func(p *workloads.WorkerPool) { p.Spec.Strategy.RollingUpdate.MaxSurge = nil }),
			want: []wantErr{{forbidden, "spec.strategy.rollingUpdate"}}},
		{name: "struct rule: strategy type made RollingUpdate without rollingUpdate", old: pool(poolRecreate, func(p *workloads.WorkerPool) {
			p.Spec.Strategy.RollingUpdate = nil
		}), new: pool(func(p *workloads.WorkerPool) { p.Spec.Strategy.RollingUpdate = nil }),
			want: []wantErr{{required, "spec.strategy.rollingUpdate"}}},

		// Transition rules do not ratchet and run wherever there is an old value.
		{name: "transition: selector changed", old: pool(), new: pool(func(p *workloads.WorkerPool) { p.Spec.Selector.MatchLabels["app"] = "other" }),
			want: []wantErr{{invalid, "spec.selector"}}},
		{name: "transition: progressDeadlineSeconds decreased, other invalid values unchanged", old: InvalidWorkerPool5(), new: func() *workloads.WorkerPool {
			p := InvalidWorkerPool5()
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](300)
			p.Spec.MinReadySeconds = 0
			return p
		}(), want: []wantErr{{invalid, "spec.progressDeadlineSeconds"}}},
		{name: "transition: progressDeadlineSeconds decreased below its minimum", old: pool(), new: pool(func(p *workloads.WorkerPool) {
			p.Spec.ProgressDeadlineSeconds = ptr.To[int32](0)
			p.Spec.MinReadySeconds = 0
		}), want: []wantErr{{invalid, "spec.progressDeadlineSeconds"}, {invalid, "spec.progressDeadlineSeconds"}}},
		{name: "transition: progressDeadlineSeconds set where it was unset", old: pool(func(p *workloads.WorkerPool) { p.Spec.ProgressDeadlineSeconds = nil }),
			new: pool()},
	})
}

func TestValidateWorkerPoolStatusUpdateRatchets(t *testing.T) {
	statusOnly := func(p *workloads.WorkerPool) field.ErrorList {
		return ValidateWorkerPoolStatus(&p.Status, nil, field.NewPath("status"))
	}
	runRatchetCases(t, ValidateWorkerPoolStatusUpdate, statusOnly, []ratchetCase[workloads.WorkerPool]{
		{name: "status unchanged", old: pool(poolNoReason, func(p *workloads.WorkerPool) { p.Status.ReadyReplicas = -1 }),
			new: pool(poolNoReason, poolManyReplicas, func(p *workloads.WorkerPool) { p.Status.ReadyReplicas = -1 })},
		{name: "unchanged invalid values, sibling changed", old: pool(poolNoReason, func(p *workloads.WorkerPool) { p.Status.ReadyReplicas = -1 }),
			new: pool(poolNoReason, func(p *workloads.WorkerPool) {
				p.Status.ReadyReplicas = -1
				p.Status.ObservedGeneration = 2
			})},
		{name: "invalid values changed", old: pool(func(p *workloads.WorkerPool) { p.Status.ReadyReplicas, p.Status.ObservedGeneration = -1, -1 }),
			new:  pool(func(p *workloads.WorkerPool) { p.Status.ReadyReplicas, p.Status.ObservedGeneration = -2, -2 }),
			want: []wantErr{{invalid, "status.readyReplicas"}, {invalid, "status.observedGeneration"}}},
		{name: "new condition", old: pool(), new: pool(func(p *workloads.WorkerPool) {
			p.Status.Conditions = append(p.Status.Conditions, metav1.Condition{Type: "Paused", Status: metav1.ConditionFalse})
		}), want: []wantErr{{required, "status.conditions[2].lastTransitionTime"}, {required, "status.conditions[2].reason"}, {required, "status.conditions[2].message"}}},
	})
}

// Tweaks of a WorkerQuota.
var (
	quotaBadZone    = func(q *workloads.WorkerQuota) { q.Spec.Zones[0] = "Zone_A" }
	quotaBadClass   = func(q *workloads.WorkerQuota) { q.Spec.Classes[0].MaxWorkers = 20000 }
	quotaBadWeight  = func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-a"] = 0 }
	quotaDupZone    = func(q *workloads.WorkerQuota) { q.Spec.Zones = []workloads.Zone{"zone-a", "zone-a", "zone-b"} }
	quotaDupClass   = func(q *workloads.WorkerQuota) { q.Spec.Classes[1].Class = "large" }
	quotaMaxPools11 = func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 11 }
	quotaBadExempt  = func(q *workloads.WorkerQuota) {
		q.Spec.Exemptions = []workloads.QuotaExemption{{Pool: "Bad_Pool"}, {Pool: "ok", Reason: strings.Repeat("r", 129)}}
	}
	// quotaEveryScalar makes every scalar of the quota that has a check of its own invalid.
	quotaEveryScalar = func(q *workloads.WorkerQuota) {
		q.Spec.MaxPools = 101
		q.Spec.MaxWorkers = ptr.To[int32](-1)
		q.Spec.Tier = "Platinum"
		q.Spec.Description = strings.Repeat("d", 257)
		q.Spec.DefaultClass = "Large"
		q.Status = workloads.WorkerQuotaStatus{ObservedGeneration: -1, UsedPools: -1, UsedWorkers: -1}
	}
	quotaEveryScalarAgain = func(q *workloads.WorkerQuota) {
		q.Spec.MaxPools = -1
		q.Spec.MaxWorkers = ptr.To[int32](100001)
		q.Spec.Tier = "Tin"
		q.Spec.Description = strings.Repeat("e", 257)
		q.Spec.DefaultClass = strings.Repeat("c", 64)
		q.Status = workloads.WorkerQuotaStatus{ObservedGeneration: -2, UsedPools: -2, UsedWorkers: -2}
	}
)

// zones returns n distinct valid zones.
func zones(n int) []workloads.Zone {
	out := make([]workloads.Zone, n)
	for i := range out {
		out[i] = workloads.Zone(fmt.Sprintf("zone-%d", i))
	}
	return out
}

func TestValidateWorkerQuotaUpdateRatchets(t *testing.T) {
	runRatchetCases(t, ValidateWorkerQuotaUpdate, ValidateWorkerQuota, []ratchetCase[workloads.WorkerQuota]{
		// The whole object.
		{name: "object unchanged: five invalid values", old: InvalidWorkerQuota5(), new: InvalidWorkerQuota5()},
		{name: "object unchanged: only a resourceVersion", old: &workloads.WorkerQuota{ObjectMeta: metav1.ObjectMeta{ResourceVersion: "1"}},
			new: &workloads.WorkerQuota{ObjectMeta: metav1.ObjectMeta{ResourceVersion: "1"}}},
		{name: "metadata and status changed: invalid spec unchanged", old: InvalidWorkerQuota5(), new: func() *workloads.WorkerQuota {
			q := InvalidWorkerQuota5()
			q.Labels["x"] = "y"
			q.Status.UsedPools = 3
			return q
		}()},

		// Struct fields correlate by name.
		{name: "field: unchanged invalid value, sibling changed", old: quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500 }),
			new: quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500; q.Spec.Description = "changed" })},
		{name: "field: invalid value changed", old: quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 500 }),
			new:  quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 600 }),
			want: []wantErr{{invalid, "spec.maxPools"}}},
		{name: "field: valid value made invalid", old: quota(), new: quota(func(q *workloads.WorkerQuota) { q.Spec.Tier = "Tin" }),
			want: []wantErr{{notSupported, "spec.tier"}}},
		{name: "field: every unchanged invalid scalar ratchets", old: quota(quotaEveryScalar), new: quota(quotaEveryScalar, func(q *workloads.WorkerQuota) {
			q.Spec.Zones = append(q.Spec.Zones, "zone-d")
			q.Status.UsedWorkers = 5
		})},
		{name: "field: every invalid scalar changed", old: quota(quotaEveryScalar), new: quota(quotaEveryScalarAgain),
			want: []wantErr{
				{invalid, "spec.maxPools"}, {invalid, "spec.maxWorkers"}, {notSupported, "spec.tier"},
				{tooLongErr, "spec.description"}, {tooLongErr, "spec.defaultClass"}, {invalid, "spec.defaultClass"},
				{invalid, "status.observedGeneration"}, {invalid, "status.usedPools"}, {invalid, "status.usedWorkers"},
			}},

		// Maps correlate by key.
		{name: "map: unchanged invalid value, other key changed", old: quota(quotaBadWeight),
			new: quota(quotaBadWeight, func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-b"] = 40 })},
		{name: "map: unchanged invalid value, key added with an invalid value", old: quota(quotaBadWeight),
			new:  quota(quotaBadWeight, func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-d"] = 101 }),
			want: []wantErr{{invalid, "spec.zoneWeights[zone-d]"}}},
		{name: "map: invalid value changed", old: quota(quotaBadWeight),
			new:  quota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights["zone-a"] = 101 }),
			want: []wantErr{{invalid, "spec.zoneWeights[zone-a]"}}},
		{name: "map: invalid value moved to a new key", old: quota(quotaBadWeight), new: quota(func(q *workloads.WorkerQuota) {
			delete(q.Spec.ZoneWeights, "zone-a")
			q.Spec.ZoneWeights["zone-d"] = 0
		}), want: []wantErr{{invalid, "spec.zoneWeights[zone-d]"}}},
		{name: "map: too many weights, map unchanged", old: quota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = zoneWeights(17) }),
			new: quota(quotaMaxPools11, func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = zoneWeights(17) })},
		{name: "map: too many weights, a value changed", old: quota(func(q *workloads.WorkerQuota) { q.Spec.ZoneWeights = zoneWeights(17) }),
			new: quota(func(q *workloads.WorkerQuota) {
				q.Spec.ZoneWeights = zoneWeights(17)
				q.Spec.ZoneWeights["zone-3"] = 2
			}), want: []wantErr{{tooMany, "spec.zoneWeights"}}},

		// +listType=map items correlate by key.
		{name: "list map: unchanged invalid item moved", old: quota(quotaBadClass), new: quota(quotaBadClass, func(q *workloads.WorkerQuota) {
			c := q.Spec.Classes
			q.Spec.Classes = []workloads.ClassQuota{c[1], {Class: "medium", MaxWorkers: 5}, c[0]}
		})},
		{name: "list map: invalid item moved and changed", old: quota(quotaBadClass), new: quota(func(q *workloads.WorkerQuota) {
			c := q.Spec.Classes
			c[0].MaxWorkers = 30000
			q.Spec.Classes = []workloads.ClassQuota{c[1], c[0]}
		}), want: []wantErr{{invalid, "spec.classes[1].maxWorkers"}}},
		{name: "list map: item changed elsewhere, its unchanged invalid values ratchet", old: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Classes[0].MaxWorkers, q.Spec.Classes[0].BurstWorkers = 20000, 2000
			q.Spec.Classes = append(q.Spec.Classes, workloads.ClassQuota{Class: "Bad_Class", MaxWorkers: 1})
		}), new: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Classes[0].MaxWorkers, q.Spec.Classes[0].BurstWorkers = 20000, 2001
			q.Spec.Classes = append(q.Spec.Classes, workloads.ClassQuota{Class: "Bad_Class", MaxWorkers: 2})
		}), want: []wantErr{{invalid, "spec.classes[0].burstWorkers"}}},
		{name: "list map: item under a new key", old: quota(quotaBadClass),
			new:  quota(quotaBadClass, func(q *workloads.WorkerQuota) { q.Spec.Classes[0].Class = "huge" }),
			want: []wantErr{{invalid, "spec.classes[0].maxWorkers"}}},
		{name: "list map: every invalid field of a new item", old: quota(), new: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Classes = append(q.Spec.Classes, workloads.ClassQuota{Class: "Huge", MaxWorkers: -1, BurstWorkers: -1})
		}), want: []wantErr{{invalid, "spec.classes[2].class"}, {invalid, "spec.classes[2].maxWorkers"}, {invalid, "spec.classes[2].burstWorkers"}}},
		{name: "list map: long lists, an item moved, one changed, one added", old: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Classes = classQuotas(20)
			q.Spec.Classes[3].MaxWorkers, q.Spec.Classes[4].MaxWorkers = 20000, 20000
		}), new: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Classes = classQuotas(20)
			q.Spec.Classes[3].MaxWorkers, q.Spec.Classes[4].MaxWorkers = 20000, 30000
			q.Spec.Classes[3], q.Spec.Classes[19] = q.Spec.Classes[19], q.Spec.Classes[3]
			q.Spec.Classes = append(q.Spec.Classes, workloads.ClassQuota{Class: "new", MaxWorkers: 20000})
		}), want: []wantErr{{invalid, "spec.classes[4].maxWorkers"}, {invalid, "spec.classes[20].maxWorkers"}}},
		{name: "list map: key repeated in the old list correlates with its first item", old: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Classes = []workloads.ClassQuota{{Class: "a", MaxWorkers: 20000}, {Class: "a", MaxWorkers: 30000}}
		}), new: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Classes = []workloads.ClassQuota{{Class: "a", MaxWorkers: 30000}, {Class: "b", MaxWorkers: 1}}
		}), want: []wantErr{{invalid, "spec.classes[0].maxWorkers"}}},

		// +listType=set items have no old value: a set ratchets only as a whole.
		{name: "set: unchanged invalid item, set unchanged", old: quota(quotaBadZone), new: quota(quotaBadZone, quotaMaxPools11)},
		{name: "set: unchanged invalid item moved, items added", old: quota(quotaBadZone), new: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Zones = []workloads.Zone{"zone-d", "zone-b", "Zone_A", "zone-c"}
		}), want: []wantErr{{invalid, "spec.zones[2]"}}},
		{name: "set: reordered", old: quota(quotaBadZone), new: quota(quotaBadZone, func(q *workloads.WorkerQuota) {
			slices.Reverse(q.Spec.Zones)
		}), want: []wantErr{{invalid, "spec.zones[2]"}}},
		{name: "set: invalid item changed", old: quota(quotaBadZone), new: quota(func(q *workloads.WorkerQuota) { q.Spec.Zones[0] = "Zone_B" }),
			want: []wantErr{{invalid, "spec.zones[0]"}}},

		// Atomic lists ratchet only as a whole.
		{name: "atomic list: unchanged", old: quota(quotaBadExempt), new: quota(quotaBadExempt, quotaMaxPools11)},
		{name: "atomic list: one item changed re-validates every item", old: quota(quotaBadExempt),
			new:  quota(quotaBadExempt, func(q *workloads.WorkerQuota) { q.Spec.Exemptions[1].Pool = "other" }),
			want: []wantErr{{invalid, "spec.exemptions[0].pool"}, {tooLongErr, "spec.exemptions[1].reason"}}},
		{name: "atomic list: too many, unchanged", old: quota(func(q *workloads.WorkerQuota) { q.Spec.Exemptions = exemptions(17) }),
			new: quota(quotaMaxPools11, func(q *workloads.WorkerQuota) { q.Spec.Exemptions = exemptions(17) })},
		{name: "atomic list: too many, changed", old: quota(func(q *workloads.WorkerQuota) { q.Spec.Exemptions = exemptions(17) }),
			new:  quota(func(q *workloads.WorkerQuota) { q.Spec.Exemptions = exemptions(18) }),
			want: []wantErr{{tooMany, "spec.exemptions"}}},

		// Duplicates already in the old list are not reported again.
		{name: "duplicates: set duplicate already in the old list", old: quota(quotaDupZone),
			new: quota(quotaDupZone, func(q *workloads.WorkerQuota) { q.Spec.Zones = append(q.Spec.Zones, "zone-c") })},
		{name: "duplicates: new set duplicate", old: quota(quotaDupZone),
			new:  quota(quotaDupZone, func(q *workloads.WorkerQuota) { q.Spec.Zones = append(q.Spec.Zones, "zone-b") }),
			want: []wantErr{{duplicate, "spec.zones[3]"}}},
		{name: "duplicates: list map key already in the old list", old: quota(quotaDupClass),
			new: quota(quotaDupClass, func(q *workloads.WorkerQuota) { q.Spec.Classes[1].BurstWorkers = 3 })},
		{name: "duplicates: new list map key", old: quota(), new: quota(quotaDupClass),
			want: []wantErr{{duplicate, "spec.classes[1]"}}},
		{name: "duplicates: long lists", old: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Zones = zones(20)
			q.Spec.Zones[19] = q.Spec.Zones[0]
		}), new: quota(func(q *workloads.WorkerQuota) {
			q.Spec.Zones = zones(20)
			q.Spec.Zones[19] = q.Spec.Zones[0]
			q.Spec.Zones = append(q.Spec.Zones, q.Spec.Zones[0], q.Spec.Zones[1])
		}), want: []wantErr{{duplicate, "spec.zones[21]"}}},

		// A missing required field has no old value: reported whenever its parent changed.
		{name: "required: missing in a changed spec", old: quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools, q.Spec.Tier = 0, "" }),
			new: quota(func(q *workloads.WorkerQuota) {
				q.Spec.MaxPools, q.Spec.Tier = 0, ""
				q.Spec.Description = "changed"
			}), want: []wantErr{{required, "spec.maxPools"}, {required, "spec.tier"}}},
		{name: "required: missing in a changed list map item", old: quota(func(q *workloads.WorkerQuota) { q.Spec.Classes[1].MaxWorkers = 0 }),
			new:  quota(func(q *workloads.WorkerQuota) { q.Spec.Classes[1].MaxWorkers, q.Spec.Classes[1].BurstWorkers = 0, 1 }),
			want: []wantErr{{required, "spec.classes[1].maxWorkers"}}},
		{name: "required: missing in an unchanged spec", old: quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0 }),
			new: quota(func(q *workloads.WorkerQuota) { q.Spec.MaxPools = 0; q.Status.UsedPools = 5 })},
	})
}

func TestValidateWorkerClassUpdateRatchets(t *testing.T) {
	cpu := func(v int32) func(*workloads.WorkerClass) { return func(c *workloads.WorkerClass) { c.CPU = v } }
	memory := func(v string) func(*workloads.WorkerClass) {
		return func(c *workloads.WorkerClass) { c.Memory = resource.MustParse(v) }
	}
	relabel := func(c *workloads.WorkerClass) { c.Labels["size"] = "huge" }
	runRatchetCases(t, ValidateWorkerClassUpdate, ValidateWorkerClass, []ratchetCase[workloads.WorkerClass]{
		{name: "object unchanged", old: class(cpu(300), memory("1Mi"), func(c *workloads.WorkerClass) { c.Name = "large.class" }),
			new: class(cpu(300), memory("1Mi"), func(c *workloads.WorkerClass) { c.Name = "large.class" })},
		{name: "object changed: an unchanged invalid name ratchets", old: class(func(c *workloads.WorkerClass) { c.Name = "large.class" }),
			new: class(relabel, func(c *workloads.WorkerClass) { c.Name = "large.class" })},
		{name: "unchanged invalid values, labels changed", old: class(cpu(300), memory("1Mi")), new: class(cpu(300), memory("1Mi"), relabel)},
		{name: "unchanged invalid value, sibling changed", old: class(cpu(300)), new: class(cpu(300), memory("64Gi"))},
		{name: "invalid values changed", old: class(cpu(300), memory("1Mi")), new: class(cpu(-1), memory("2Mi")),
			want: []wantErr{{invalid, "cpu"}, {invalid, "memory"}}},
		{name: "valid value made invalid", old: class(), new: class(cpu(257)),
			want: []wantErr{{invalid, "cpu"}}},
		{name: "quantities compare by value", old: class(memory("0.0625Gi")), new: class(memory("64Mi"), relabel)},
		{name: "required: missing in a changed object", old: class(cpu(0), memory("0")), new: class(cpu(0), memory("0"), relabel),
			want: []wantErr{{required, "cpu"}, {required, "memory"}}},
	})
}

// TestEqualityMatchesSemanticDeepEqual compares the equality that ratcheting uses with
// apiequality.Semantic.DeepEqual, on random objects and on copies with one field, at any depth,
// refilled. The random values come from small domains, so that a refilled field is often equal to
// the old one and nil and empty lists and maps meet. Every field of the API's types (ObjectMeta
// is compared by Semantic.DeepEqual itself) must have been seen to differ.
func TestEqualityMatchesSemanticDeepEqual(t *testing.T) {
	instant := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	f := randfill.NewWithSeed(1).NilChance(0.2).NumElements(0, 2).Funcs(
		func(s *string, c randfill.Continue) { *s = []string{"", "a", "b"}[c.Intn(3)] },
		func(i *int32, c randfill.Continue) { *i = int32(c.Intn(3)) },
		func(i *int64, c randfill.Continue) { *i = int64(c.Intn(3)) },
		func(x *float64, c randfill.Continue) { *x = []float64{0, 0.5, math.NaN()}[c.Intn(3)] },
		func(q *resource.Quantity, c randfill.Continue) {
			*q = resource.MustParse([]string{"0", "1Gi", "1024Mi", "2Gi"}[c.Intn(4)])
		},
		func(x *metav1.Time, c randfill.Continue) {
			*x = []metav1.Time{{}, metav1.NewTime(instant), metav1.NewTime(instant.In(time.FixedZone("x", 3600))), metav1.NewTime(instant.Add(time.Second))}[c.Intn(4)]
		},
		// randfill leaves a pointer to an IntOrString nil through its own filler.
		func(x *intstr.IntOrString, c randfill.Continue) {
			*x = []intstr.IntOrString{intstr.FromInt32(0), intstr.FromInt32(1), intstr.FromString("a"), intstr.FromString("1")}[c.Intn(4)]
		},
	)
	r := rand.New(rand.NewSource(1))
	checkEqualityAgainstSemantic(t, f, r, workerPoolsEqual, (*workloads.WorkerPool).DeepCopy)
	checkEqualityAgainstSemantic(t, f, r, workerClassesEqual, (*workloads.WorkerClass).DeepCopy)
	checkEqualityAgainstSemantic(t, f, r, workerQuotasEqual, (*workloads.WorkerQuota).DeepCopy)
}

func checkEqualityAgainstSemantic[T any](t *testing.T, f *randfill.Filler, r *rand.Rand, eq func(a, b *T) bool, deepCopy func(*T) *T) {
	t.Helper()
	const n = 5000
	equal := 0
	differed := map[string]bool{} // by field path: whether refilling it made a difference
	for range n {
		a := new(T)
		f.Fill(a)
		b := deepCopy(a)
		if r.Intn(10) > 0 {
			fields := fieldsOf(reflect.ValueOf(b), "", nil)
			fld := fields[r.Intn(len(fields))]
			f.Fill(fld.value.Addr().Interface())
			if !differed[fld.path] {
				differed[fld.path] = !apiequality.Semantic.DeepEqual(a, b) && apiequality.Semantic.DeepEqual(a, a)
			}
		}
		got, want := eq(a, b), apiequality.Semantic.DeepEqual(a, b)
		if got != want {
			t.Fatalf("equality of %T says %v, Semantic.DeepEqual says %v:\n%#v\n%#v", a, got, want, a, b)
		}
		if want {
			equal++
		}
	}
	if equal == 0 || equal == n {
		t.Errorf("%T: %d of %d pairs equal: the test does not exercise both outcomes", new(T), equal, n)
	}
	for path, ok := range differed {
		if !ok && !strings.Contains(path, "ObjectMeta") {
			t.Errorf("%T: refilling %s never made a difference", new(T), path)
		}
	}
}

// fieldAt is a field or list item found by fieldsOf, with its path from the root type.
type fieldAt struct {
	path  string
	value reflect.Value
}

// fieldsOf appends to out the exported fields of the value v points to, at any depth through
// pointers and list items. Quantities and times are values, not structs to descend into.
func fieldsOf(v reflect.Value, path string, out []fieldAt) []fieldAt {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			out = fieldsOf(v.Elem(), path, out)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[resource.Quantity]() || v.Type() == reflect.TypeFor[metav1.Time]() {
			return out
		}
		for i := range v.NumField() {
			if sf := v.Type().Field(i); sf.IsExported() {
				p := path + "." + sf.Name
				out = append(out, fieldAt{p, v.Field(i)})
				out = fieldsOf(v.Field(i), p, out)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			out = append(out, fieldAt{path + "[]", v.Index(i)})
			out = fieldsOf(v.Index(i), path+"[]", out)
		}
	}
	return out
}
