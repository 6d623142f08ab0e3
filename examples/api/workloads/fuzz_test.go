package workloads_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/randfill"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
)

// FuzzValidators builds random WorkerPool, WorkerClass and WorkerQuota objects (internal and v1)
// and old objects from the fuzz input and runs the generated validators on them, directly and
// through a runtime.Scheme, for create, update and update without ratcheting. The validators must
// never panic, and:
//
//   - every error has a type and the Origin of a tag;
//   - validating twice gives the same errors;
//   - an update whose old object equals the new one reports nothing (everything ratchets and the
//     transition rules of the examples hold for unchanged values), unless it holds a NaN;
//   - a ratcheting update reports a subset of what the same update without ratcheting reports;
//   - an update without ratcheting reports at least what a create reports.
//
// The input's first bytes choose the kind, how the old object relates to the new one and whether
// one list or map is made huge (thousands of items); the rest drives sigs.k8s.io/randfill, with
// fill functions that favour boundary values, valid and almost valid names, enum values, unicode,
// empty and very long strings, nil pointers and nil or empty lists and maps.
//
//	go test -run XXX -fuzz FuzzValidators -fuzztime 60s ./examples/api/workloads/
//
// The plain test run executes the seeds below only.
func FuzzValidators(f *testing.F) {
	// Seeds: kind (byte 0 mod 6: pool, class, quota, v1 pool, v1 class, v1 quota), old object
	// (byte 1 mod 4: none, unrelated, mutated copy, unchanged copy), byte 2 mod 3: random object,
	// a random object with a huge list (byte 2 / 3 picks which), or the valid fixture with some
	// parts refilled.
	for _, seed := range []string{
		"",
		"\x00\x00\x00",
		"\x00\x01\x00pool-update-unrelated-old........",
		"\x00\x02\x00pool-update-mutated-old..........",
		"\x00\x03\x00pool-update-unchanged............",
		"\x00\x02\x01huge-tolerations..................",
		"\x00\x02\x04huge-containers...................",
		"\x00\x03\x07huge-hostnames....................",
		"\x00\x00\x0ahuge-args-and-env.................",
		"\x00\x02\x0dhuge-annotations-and-conditions...",
		"\x01\x02\x00class-update-mutated..............",
		"\x00\x02\x02pool-fixture-mutated..............",
		"\x01\x01\x02class-fixture-mutated.............",
		"\x02\x03\x02quota-fixture-mutated.............",
		"\x02\x02\x05quota-fixture-mutated-2...........",
		"\x02\x00\x00quota-create......................",
		"\x02\x02\x01huge-zones........................",
		"\x02\x02\x04huge-classes......................",
		"\x02\x03\x07huge-zone-weights.................",
		"\x02\x01\x0ahuge-exemptions...................",
		"\x03\x02\x01v1-pool-huge......................",
		"\x04\x03\x00v1-class......\xff\xfe\xfd\xfc\x00\x01\x02\x03",
		"\x05\x02\x01v1-quota-huge.....................",
		"\x02\x01\x05\xde\xad\xbe\xef\xca\xfe\xba\xbe\x12\x34\x56\x78\x9a\xbc\xde\xf0unicode-é-世界-\u2028",
	} {
		f.Add([]byte(seed))
	}
	scheme := fuzzScheme(f)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzValidators(t, scheme, data) })
}

// fuzzValidators is one fuzz iteration.
func fuzzValidators(t *testing.T, scheme *runtime.Scheme, data []byte) {
	ctl := make([]byte, 3)
	copy(ctl, data)
	filler := newFiller(data)
	kind, relation, huge := int(ctl[0])%6, int(ctl[1])%4, int(ctl[2])
	var k fuzzKind
	switch kind {
	case 0:
		k = fuzzKindOf(workloads.Validate_WorkerPool, hugePool, validation.ValidWorkerPool)
	case 1:
		k = fuzzKindOf(workloads.Validate_WorkerClass, nil, validation.ValidWorkerClass)
	case 2:
		k = fuzzKindOf(workloads.Validate_WorkerQuota, hugeQuota, validation.ValidWorkerQuota)
	case 3:
		k = fuzzKindOf(v1.Validate_WorkerPool, hugeV1Pool, nil)
	case 4:
		k = fuzzKindOf(v1.Validate_WorkerClass, nil, nil)
	default:
		k = fuzzKindOf(v1.Validate_WorkerQuota, hugeV1Quota, nil)
	}
	k.run(t, scheme, filler, relation, huge)
}

func fuzzScheme(tb testing.TB) *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypes(schema.GroupVersion{Group: "workloads.example.com", Version: runtime.APIVersionInternal},
		&workloads.WorkerPool{}, &workloads.WorkerClass{}, &workloads.WorkerQuota{})
	s.AddKnownTypes(schema.GroupVersion{Group: "workloads.example.com", Version: "v1"},
		&v1.WorkerPool{}, &v1.WorkerClass{}, &v1.WorkerQuota{})
	if err := workloads.RegisterValidations(s); err != nil {
		tb.Fatal(err)
	}
	if err := v1.RegisterValidations(s); err != nil {
		tb.Fatal(err)
	}
	return s
}

// fuzzKind runs one kind's validators on objects built by a filler.
type fuzzKind struct {
	run func(t *testing.T, scheme *runtime.Scheme, f *randfill.Filler, relation, huge int)
}

// fuzzKindOf adapts a kind's generated Validate_ function; hugeFn (may be nil) makes one of its
// lists or maps huge; valid (may be nil) returns a valid object, which some inputs start from
// instead of a random one, to reach the checks behind valid parents.
func fuzzKindOf[T any, PT interface {
	*T
	runtime.Object
}](validate func(context.Context, operation.Operation, *field.Path, *T, *T) field.ErrorList, hugeFn func(PT, randfill.Continue, int), valid func() PT) fuzzKind {
	return fuzzKind{run: func(t *testing.T, scheme *runtime.Scheme, f *randfill.Filler, relation, huge int) {
		ctx := context.Background()
		obj := PT(new(T))
		f.Fill(obj)
		c := continueOf(f)
		switch {
		case huge%3 == 1 && hugeFn != nil:
			hugeFn(obj, c, huge)
		case huge%3 == 2 && valid != nil:
			obj = valid()
			mutate(obj, c)
		}
		var old PT
		switch relation {
		case 1: // an unrelated old object
			old = PT(new(T))
			f.Fill(old)
		case 2: // the new object with some parts refilled or reordered
			old = obj.DeepCopyObject().(PT)
			mutate(old, c)
		case 3: // unchanged
			old = obj.DeepCopyObject().(PT)
		}

		create := validate(ctx, createOp, nil, obj, nil)
		checkFuzzErrors(t, "create", create)
		if again := validate(ctx, createOp, nil, obj, nil); !sameErrors(create, again) {
			t.Fatalf("create is not deterministic:\n%v\n%v", create, again)
		}
		if s := scheme.Validate(ctx, nil, obj); !sameErrors(create, s) {
			t.Fatalf("scheme.Validate differs from Validate_:\n%v\n%v", s, create)
		}
		if old == nil {
			return
		}
		ratcheting := validate(ctx, updateOp, nil, obj, old)
		checkFuzzErrors(t, "update", ratcheting)
		strict := validate(ctx, strictOp, nil, obj, old)
		checkFuzzErrors(t, "strict update", strict)
		if s := scheme.ValidateUpdate(ctx, nil, obj, old); !sameErrors(ratcheting, s) {
			t.Fatalf("scheme.ValidateUpdate differs from Validate_:\n%v\n%v", s, ratcheting)
		}
		// A NaN is not equal to itself, so a value holding one never ratchets (nor does it with
		// reflect.DeepEqual); JSON cannot carry NaN, so such objects never reach an API server.
		if _, err := json.Marshal(obj); relation == 3 && len(ratcheting) > 0 && err == nil {
			t.Fatalf("an unchanged object reports errors on update: %v", ratcheting)
		}
		if extra := missingFrom(ratcheting, strict); len(extra) > 0 {
			t.Fatalf("ratcheting reports errors that the update without ratcheting does not: %v\nratcheting: %v\nstrict: %v", extra, ratcheting, strict)
		}
		if extra := missingFrom(create, strict); len(extra) > 0 {
			t.Fatalf("create reports errors that the update without ratcheting does not: %v\ncreate: %v\nstrict: %v", extra, create, strict)
		}
	}}
}

// continueOf returns a randfill.Continue of f, to fill parts of objects and draw numbers.
func continueOf(f *randfill.Filler) (c randfill.Continue) {
	f.Funcs(func(x *randfill.Continue, cc randfill.Continue) { *x = cc })
	f.Fill(&c)
	return c
}

// checkFuzzErrors checks the invariants every error must meet.
func checkFuzzErrors(t *testing.T, what string, errs field.ErrorList) {
	t.Helper()
	for _, e := range errs {
		if e == nil || e.Type == "" {
			t.Fatalf("%s: malformed error %#v", what, e)
		}
		if !knownOrigins[e.Origin] && !strings.HasPrefix(e.Origin, "format=") {
			t.Fatalf("%s: error without a known Origin (%q): %v", what, e.Origin, e)
		}
		if e.Type == field.ErrorTypeInternal && !strings.Contains(e.Detail, "cost") {
			// CEL rules may stop at the cost limit on huge inputs; any other internal error is a bug.
			t.Fatalf("%s: internal error: %v", what, e)
		}
	}
}

func errID(e *field.Error) string {
	return fmt.Sprintf("%s %s %s", e.Type, e.Field, e.Origin)
}

func sameErrors(a, b field.ErrorList) bool {
	return len(missingFrom(a, b)) == 0 && len(missingFrom(b, a)) == 0
}

// missingFrom returns the errors of a (by type, field and origin, as a multiset) that b lacks.
func missingFrom(a, b field.ErrorList) []string {
	have := map[string]int{}
	for _, e := range b {
		have[errID(e)]++
	}
	var out []string
	for _, e := range a {
		id := errID(e)
		if have[id] == 0 {
			out = append(out, id)
			continue
		}
		have[id]--
	}
	return out
}

// interesting strings: valid and almost valid names, enum values, CEL-relevant suffixes, unicode.
var interesting = []string{
	"", "a", "-", "a-", "-a", "a.b", "a_b", "A", "worker", "batch-workers", "zone-a", "large", "x7k2q",
	"registry.example.com/batch/worker:1.4.2", "worker:latest", ":latest", "a b", "a\tb", "\n", "\x00",
	"example.com/name", "a/b/c", "/", "example.com/", "123e4567-e89b-12d3-a456-426614174000",
	"123E4567-E89B-12D3-A456-426614174000", "TCP", "UDP", "SCTP", "Always", "Never", "OnFailure",
	"NoSchedule", "NoExecute", "Recreate", "RollingUpdate", "Bronze", "Silver", "Gold", "25%", "1",
	"é", "世界", "\u2028", "\ufeff", "\xff\xfe", "🙂", strings.Repeat("é", 64), strings.Repeat("a", 63),
	strings.Repeat("a", 64), strings.Repeat("a.", 127), strings.Repeat("b", 254), strings.Repeat("i", 513),
	strings.Repeat("x", 1025),
}

func fuzzString(c randfill.Continue) string {
	switch c.Intn(8) {
	case 0:
		return ""
	case 1, 2, 3:
		return interesting[c.Intn(len(interesting))]
	case 4: // an interesting string with a random rune appended or its last byte cut
		s := interesting[c.Intn(len(interesting))]
		if c.Bool() && len(s) > 0 {
			return s[:len(s)-1]
		}
		return s + string(rune(c.Intn(0x10FFFF)))
	case 5:
		return strings.Repeat(string(rune('a'+c.Intn(26))), c.Intn(2000))
	case 6: // a lower-case DNS-ish name
		n := 1 + c.Intn(70)
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcdefghijklmnopqrstuvwxyz0123456789-."[c.Intn(38)]
		}
		return string(b)
	default:
		return c.String(0)
	}
}

var interestingInts = []int64{0, 1, -1, 2, 5, 10, 15, 20, 63, 64, 100, 101, 128, 255, 256, 257, 600, 1000, 1001,
	-990, -1000, -1005, 9090, 10000, 10001, 65535, 65536, 86399, 86400, 100000, 100001,
	math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64}

func fuzzInt(c randfill.Continue) int64 {
	if c.Intn(4) == 0 {
		return c.Int63() - c.Int63()
	}
	return interestingInts[c.Intn(len(interestingInts))]
}

func clampInt32(v int64) int32 {
	return int32(max(math.MinInt32, min(math.MaxInt32, v)))
}

var interestingQuantities = []string{"0", "1", "-1", "64Mi", "67108865", "64M", "0.5", "0.1Gi", "1Gi", "32Gi", "-1Gi",
	"1e3", "1E30", "123456789012345678901234567890", "1m", "1n", "999Ei"}

// newFiller returns a filler driven by data, with the fill functions described at FuzzValidators.
func newFiller(data []byte) *randfill.Filler {
	str := func(s *string, c randfill.Continue) { *s = fuzzString(c) }
	return randfill.NewFromGoFuzz(data).NilChance(0.25).NumElements(0, 5).Funcs(
		str,
		func(i *int32, c randfill.Continue) { *i = clampInt32(fuzzInt(c)) },
		func(i *int64, c randfill.Continue) { *i = fuzzInt(c) },
		func(x *float64, c randfill.Continue) {
			*x = []float64{0, 0.5, 1, 1.5, -0.1, math.NaN(), math.Inf(1), math.Inf(-1), c.NormFloat64()}[c.Intn(9)]
		},
		func(q *resource.Quantity, c randfill.Continue) {
			if c.Bool() {
				*q = resource.MustParse(interestingQuantities[c.Intn(len(interestingQuantities))])
			} else {
				*q = *resource.NewQuantity(fuzzInt(c), resource.Format([]string{"DecimalSI", "BinarySI", "DecimalExponent"}[c.Intn(3)]))
			}
		},
		func(x *intstr.IntOrString, c randfill.Continue) {
			if c.Bool() {
				*x = intstr.FromInt32(clampInt32(fuzzInt(c)))
			} else {
				*x = intstr.FromString(fuzzString(c))
			}
		},
		func(x *metav1.Time, c randfill.Continue) {
			if c.Intn(3) > 0 {
				*x = metav1.Unix(c.Int63n(1<<33), 0)
			}
		},
		// Named string and integer types of both packages get the same treatment.
		func(s *workloads.Protocol, c randfill.Continue) { *s = workloads.Protocol(fuzzString(c)) },
		func(s *workloads.RestartPolicy, c randfill.Continue) { *s = workloads.RestartPolicy(fuzzString(c)) },
		func(s *workloads.TaintEffect, c randfill.Continue) { *s = workloads.TaintEffect(fuzzString(c)) },
		func(s *workloads.UpdateStrategyType, c randfill.Continue) {
			*s = workloads.UpdateStrategyType(fuzzString(c))
		},
		func(s *workloads.QuotaTier, c randfill.Continue) { *s = workloads.QuotaTier(fuzzString(c)) },
		func(s *workloads.Identifier, c randfill.Continue) { *s = workloads.Identifier(fuzzString(c)) },
		func(s *workloads.Zone, c randfill.Continue) { *s = workloads.Zone(fuzzString(c)) },
		func(w *workloads.ZoneWeight, c randfill.Continue) { *w = workloads.ZoneWeight(clampInt32(fuzzInt(c))) },
		func(s *v1.Protocol, c randfill.Continue) { *s = v1.Protocol(fuzzString(c)) },
		func(s *v1.RestartPolicy, c randfill.Continue) { *s = v1.RestartPolicy(fuzzString(c)) },
		func(s *v1.TaintEffect, c randfill.Continue) { *s = v1.TaintEffect(fuzzString(c)) },
		func(s *v1.UpdateStrategyType, c randfill.Continue) { *s = v1.UpdateStrategyType(fuzzString(c)) },
		func(s *v1.QuotaTier, c randfill.Continue) { *s = v1.QuotaTier(fuzzString(c)) },
		func(s *v1.Identifier, c randfill.Continue) { *s = v1.Identifier(fuzzString(c)) },
		func(s *v1.Zone, c randfill.Continue) { *s = v1.Zone(fuzzString(c)) },
		func(w *v1.ZoneWeight, c randfill.Continue) { *w = v1.ZoneWeight(clampInt32(fuzzInt(c))) },
	)
}

// hugeN is the size of a huge list: 1000 to 5000 items.
func hugeN(c randfill.Continue) int { return 1000 + c.Intn(4000) }

// dupName returns item names that repeat with a period chosen by the input (0: unique).
func dupName(c randfill.Continue, prefix string) func(i int) string {
	period := []int{0, 0, 1, 7, 999}[c.Intn(5)]
	return func(i int) string {
		if period > 0 {
			i %= period
		}
		return fmt.Sprintf("%s%d", prefix, i)
	}
}

func hugePool(p *workloads.WorkerPool, c randfill.Continue, which int) {
	n, name := hugeN(c), dupName(c, "n")
	switch (which / 3) % 5 {
	case 0:
		p.Spec.Tolerations = make([]workloads.Toleration, n)
		for i := range p.Spec.Tolerations {
			p.Spec.Tolerations[i] = workloads.Toleration{Key: name(i), Effect: workloads.TaintEffectNoSchedule}
		}
	case 1:
		p.Spec.Template.Containers = make([]workloads.Container, n)
		for i := range p.Spec.Template.Containers {
			p.Spec.Template.Containers[i] = workloads.Container{Name: name(i), Image: "img:" + name(i),
				Ports: []workloads.ContainerPort{{ContainerPort: int32(i%65536 + 1), Protocol: workloads.ProtocolTCP}}}
		}
	case 2:
		p.Spec.Template.Hostnames = make([]string, n)
		for i := range p.Spec.Template.Hostnames {
			p.Spec.Template.Hostnames[i] = name(i)
		}
	case 3:
		if len(p.Spec.Template.Containers) == 0 {
			p.Spec.Template.Containers = []workloads.Container{{Name: "c"}}
		}
		p.Spec.Template.Containers[0].Args = make([]string, n)
		p.Spec.Template.Containers[0].Env = make([]workloads.EnvVar, n)
		for i := 0; i < n; i++ {
			p.Spec.Template.Containers[0].Args[i] = strings.Repeat("a", i%1100)
			p.Spec.Template.Containers[0].Env[i] = workloads.EnvVar{Name: name(i)}
		}
	default:
		p.Spec.ProviderAnnotations = make(map[string]string, n)
		p.Status.Conditions = make([]metav1.Condition, n)
		for i := 0; i < n; i++ {
			p.Spec.ProviderAnnotations[name(i)] = name(i)
			p.Status.Conditions[i] = metav1.Condition{Type: name(i)}
		}
	}
}

func hugeQuota(q *workloads.WorkerQuota, c randfill.Continue, which int) {
	n, name := hugeN(c), dupName(c, "z")
	switch (which / 3) % 4 {
	case 0:
		q.Spec.Zones = make([]workloads.Zone, n)
		for i := range q.Spec.Zones {
			q.Spec.Zones[i] = workloads.Zone(name(i))
		}
	case 1:
		q.Spec.Classes = make([]workloads.ClassQuota, n)
		for i := range q.Spec.Classes {
			q.Spec.Classes[i] = workloads.ClassQuota{Class: name(i), MaxWorkers: int32(i % 20000)}
		}
	case 2:
		q.Spec.ZoneWeights = make(map[string]workloads.ZoneWeight, n)
		for i := 0; i < n; i++ {
			q.Spec.ZoneWeights[name(i)] = workloads.ZoneWeight(i % 200)
		}
	default:
		q.Spec.Exemptions = make([]workloads.QuotaExemption, n)
		for i := range q.Spec.Exemptions {
			q.Spec.Exemptions[i] = workloads.QuotaExemption{Pool: name(i)}
		}
	}
}

func hugeV1Pool(p *v1.WorkerPool, c randfill.Continue, which int) {
	n, name := hugeN(c), dupName(c, "n")
	if which%2 == 0 {
		p.Spec.Tolerations = make([]v1.Toleration, n)
		for i := range p.Spec.Tolerations {
			p.Spec.Tolerations[i] = v1.Toleration{Key: name(i), Effect: v1.TaintEffectNoExecute}
		}
		return
	}
	p.Spec.Template.Containers = make([]v1.Container, n)
	for i := range p.Spec.Template.Containers {
		p.Spec.Template.Containers[i] = v1.Container{Name: name(i), Image: name(i) + ":latest"}
	}
}

func hugeV1Quota(q *v1.WorkerQuota, c randfill.Continue, which int) {
	n, name := hugeN(c), dupName(c, "z")
	q.Spec.Zones = make([]v1.Zone, n)
	q.Spec.Classes = make([]v1.ClassQuota, n)
	for i := 0; i < n; i++ {
		q.Spec.Zones[i] = v1.Zone(name(i))
		q.Spec.Classes[i] = v1.ClassQuota{Class: name(n - i), MaxWorkers: 1}
	}
}

// mutate changes an old object that started as a copy of the new one: it refills some parts and
// reorders lists, so that correlation by key and by value matters.
func mutate(obj runtime.Object, c randfill.Continue) {
	pick := func(n int) int { return c.Intn(n) }
	switch o := obj.(type) {
	case *workloads.WorkerPool:
		parts := []any{&o.ObjectMeta.Name, &o.Spec.Replicas, &o.Spec.Selector, &o.Spec.Strategy, &o.Spec.ProgressDeadlineSeconds,
			&o.Spec.Priority, &o.Spec.ProviderAnnotations, &o.Spec.OwnerTeam, &o.Status}
		for range 1 + pick(3) {
			c.Fill(parts[pick(len(parts))])
		}
		reorder(c, o.Spec.Tolerations)
		reorder(c, o.Spec.Template.Containers)
		reorder(c, o.Spec.Template.Hostnames)
		for i := range o.Spec.Template.Containers {
			reorder(c, o.Spec.Template.Containers[i].Ports)
			if pick(4) == 0 {
				c.Fill(&o.Spec.Template.Containers[i])
			}
		}
	case *workloads.WorkerClass:
		parts := []any{&o.ObjectMeta.Name, &o.CPU, &o.Memory}
		c.Fill(parts[pick(len(parts))])
	case *workloads.WorkerQuota:
		parts := []any{&o.ObjectMeta.Name, &o.Spec.MaxPools, &o.Spec.MaxWorkers, &o.Spec.Tier, &o.Spec.DefaultClass,
			&o.Spec.ZoneWeights, &o.Spec.Exemptions, &o.Status}
		for range 1 + pick(3) {
			c.Fill(parts[pick(len(parts))])
		}
		reorder(c, o.Spec.Zones)
		reorder(c, o.Spec.Classes)
		for i := range o.Spec.Classes {
			if pick(4) == 0 {
				c.Fill(&o.Spec.Classes[i])
			}
		}
	case *v1.WorkerPool:
		c.Fill(&o.Spec.Template)
		reorder(c, o.Spec.Tolerations)
	case *v1.WorkerClass:
		c.Fill(&o.Memory)
	case *v1.WorkerQuota:
		reorder(c, o.Spec.Zones)
		reorder(c, o.Spec.Classes)
		c.Fill(&o.Spec.ZoneWeights)
	}
}

func reorder[T any](c randfill.Continue, list []T) {
	switch c.Intn(3) {
	case 0:
		slices.Reverse(list)
	case 1:
		c.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
	}
}
