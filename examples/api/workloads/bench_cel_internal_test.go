package workloads

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/validation-gen/validation-gen/genruntime/celrt"
)

// BenchmarkCELRule compares, rule by rule, the rules of this package compiled to Go (the
// generated native_ functions) with the same rules run by cel-go (celrt, as generated code runs
// rules outside the native subset), on a value that satisfies the rule (true) and one that does
// not (false: the error is built, messageExpression included).
//
//	go test -run XXX -bench CELRule -benchmem ./examples/api/workloads/
func BenchmarkCELRule(b *testing.B) {
	ctx := context.Background()
	portSchema := `{"type":"object","properties":{"name":{"type":"string","maxLength":15},"containerPort":{"type":"integer","format":"int32"},` +
		`"hostPort":{"type":"integer","format":"int32"},"protocol":{"type":"string"}},"required":["containerPort","protocol"]}`
	portRule := celrt.NewCELRules("1.37", portSchema, false, celrt.CELRule{
		Rule: "!has(self.hostPort) || self.hostPort == self.containerPort", Message: "hostPort must equal containerPort when set",
		FieldPath: ".hostPort", Origin: "validationRule"})
	argsRule := celrt.NewCELRules("1.37", `{"type":"array","items":{"type":"string"},"maxItems":64,"x-kubernetes-list-type":"atomic"}`, false,
		celrt.CELRule{Rule: "self.all(a,\n  a.size() <= 1024)", Message: "each argument must be at most 1024 characters", Origin: "validationRule"})
	imageRule := celrt.NewCELRules("1.37", `{"type":"string","maxLength":512}`, false, celrt.CELRule{
		Rule: `!self.endsWith(":latest")`, MessageExpression: `"image " + self + " must name a version, not :latest"`, Origin: "validationRule"})
	memRule := celrt.NewCELRules("1.37", `{"x-kubernetes-int-or-string":true,"anyOf":[{"type":"integer"},{"type":"string"}]}`, false,
		celrt.CELRule{Rule: "quantity(string(self)).isGreaterThan(quantity('64Mi'))", Message: "must be more than 64Mi", Origin: "validationRule"})

	goodPort, badPort := ContainerPort{Name: "http", ContainerPort: 8080, HostPort: 8080, Protocol: "TCP"}, ContainerPort{Name: "http", ContainerPort: 8080, HostPort: 80, Protocol: "TCP"}
	goodArgs := []string{"--port", "8080", "--verbose", "--log-format=json", "--config", "/etc/app/config.yaml", "--workers", "8"}
	badArgs := append(append([]string(nil), goodArgs...), string(make([]byte, 1100)))
	goodImage, badImage := "registry.example.com/app:v1.2.3", "registry.example.com/app:latest"
	goodMem, badMem := resource.MustParse("4Gi"), resource.MustParse("32Mi")

	type bench struct {
		name       string
		native     func() int
		interprete func() int
	}
	benches := []bench{
		{"port/true", func() int { return len(native_ContainerPort(ctx, &goodPort, nil, false)) }, func() int { return len(portRule.Validate(ctx, &goodPort, nil, false)) }},
		{"port/false", func() int { return len(native_ContainerPort(ctx, &badPort, nil, false)) }, func() int { return len(portRule.Validate(ctx, &badPort, nil, false)) }},
		{"args-all/true", func() int { return len(native_types_218(ctx, &goodArgs, nil, false)) }, func() int { return len(argsRule.Validate(ctx, &goodArgs, nil, false)) }},
		{"args-all/false", func() int { return len(native_types_218(ctx, &badArgs, nil, false)) }, func() int { return len(argsRule.Validate(ctx, &badArgs, nil, false)) }},
		{"image-messageExpression/true", func() int { return len(native_types_197(ctx, &goodImage, nil, false)) }, func() int { return len(imageRule.Validate(ctx, &goodImage, nil, false)) }},
		{"image-messageExpression/false", func() int { return len(native_types_197(ctx, &badImage, nil, false)) }, func() int { return len(imageRule.Validate(ctx, &badImage, nil, false)) }},
		{"quantity/true", func() int { return len(native_types_372(ctx, &goodMem, nil, false)) }, func() int { return len(memRule.Validate(ctx, &goodMem, nil, false)) }},
		{"quantity/false", func() int { return len(native_types_372(ctx, &badMem, nil, false)) }, func() int { return len(memRule.Validate(ctx, &badMem, nil, false)) }},
	}
	for _, c := range benches {
		want := 0
		if c.name[len(c.name)-5:] == "false" {
			want = 1
		}
		if n, m := c.native(), c.interprete(); n != want || m != want {
			b.Fatalf("%s: %d errors compiled, %d in cel-go; want %d", c.name, n, m, want)
		}
		b.Run(c.name+"/native", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.native()
			}
		})
		b.Run(c.name+"/cel-go", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.interprete()
			}
		})
	}
}
