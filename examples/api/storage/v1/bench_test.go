package v1_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/utils/ptr"

	v1 "github.com/validation-gen/validation-gen/examples/api/storage/v1"
)

// validBucket uses every tag of the group with a valid value.
func validBucket() *v1.Bucket {
	return &v1.Bucket{Spec: v1.BucketSpec{
		Class: "gold", Region: "eu-west", Replicas: 3, Owner: ptr.To("team-a"),
		Retention:        map[string]int32{"logs": 30, "audit": 3650},
		Endpoints:        []v1.Endpoint{{Name: "a", Host: "a.example.com", Port: 443}, {Name: "b", Host: "b.example.com"}},
		Mirror:           &v1.Endpoint{Name: "m", Host: "m.example.com", Port: 8443},
		Encryption:       &v1.Encryption{KMSKey: ptr.To("k")},
		BackupEncryption: &v1.Encryption{Secret: ptr.To("s")},
		Tier:             "archive", RetrievalHours: ptr.To(int32(24)),
	}}
}

// BenchmarkBucket validates a valid Bucket on create and on an update that changes one field,
// with the generated validators (apimachinery's validate functions for the +k8s: checks). Valid
// input must not allocate.
func BenchmarkBucket(b *testing.B) {
	obj := validBucket()
	old := validBucket()
	old.Spec.Region = "us-east-1"
	ctx := context.Background()
	create := operation.Operation{Type: operation.Create}
	update := operation.Operation{Type: operation.Update}
	if errs := v1.Validate_Bucket(ctx, create, nil, obj, nil); len(errs) > 0 {
		b.Fatal(errs)
	}
	b.Run("create", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if errs := v1.Validate_Bucket(ctx, create, nil, obj, nil); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	})
	b.Run("update", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if errs := v1.Validate_Bucket(ctx, update, nil, obj, old); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	})
}

// TestValidBucketDoesNotAllocate keeps the generated validators allocation-free on valid input,
// on create and on update.
func TestValidBucketDoesNotAllocate(t *testing.T) {
	obj, old := validBucket(), validBucket()
	old.Spec.Region = "us-east-1"
	ctx := context.Background()
	for _, op := range []operation.Type{operation.Create, operation.Update} {
		var o *v1.Bucket
		if op == operation.Update {
			o = old
		}
		if n := testing.AllocsPerRun(100, func() {
			if errs := v1.Validate_Bucket(ctx, operation.Operation{Type: op}, nil, obj, o); len(errs) > 0 {
				t.Fatal(errs)
			}
		}); n != 0 {
			t.Errorf("%v of a valid Bucket: %v allocations, want 0", op, n)
		}
	}
}
