package bench_test

// This file is copied into the temporary module of TestK8sAPIBench (test/k8sapi/bench_test.go),
// next to upstream's and this generator's validators of k8s.io/api/resource/v1.

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	resourcev1 "k8s.io/api/resource/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

func ptr[T any](v T) *T { return &v }

// validClaim is an allocated ResourceClaim as the API server stores it: two requests (one exact,
// one with alternatives), a constraint, opaque configuration, an allocation with three devices,
// one consumer and the status a network driver reports.
func validClaim() *resourcev1.ResourceClaim {
	created := metav1.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	return &resourcev1.ResourceClaim{
		TypeMeta: metav1.TypeMeta{APIVersion: "resource.k8s.io/v1", Kind: "ResourceClaim"},
		ObjectMeta: metav1.ObjectMeta{
			Name: "trainer-0-gpus", Namespace: "ml", UID: "5b2f1d3e-8c1a-4f5e-9a4b-2d6c7e8f9a01",
			ResourceVersion: "48213", Generation: 1, CreationTimestamp: created,
			Labels:     map[string]string{"app": "trainer", "team": "ml-platform"},
			Finalizers: []string{resourcev1.Finalizer},
		},
		Spec: resourcev1.ResourceClaimSpec{Devices: resourcev1.DeviceClaim{
			Requests: []resourcev1.DeviceRequest{
				{Name: "gpu", Exactly: &resourcev1.ExactDeviceRequest{
					DeviceClassName: "gpu.example.com",
					Selectors: []resourcev1.DeviceSelector{{CEL: &resourcev1.CELDeviceSelector{
						Expression: `device.capacity["gpu.example.com"].memory.compareTo(quantity("40Gi")) >= 0`,
					}}},
					AllocationMode: resourcev1.DeviceAllocationModeExactCount, Count: 2,
					Tolerations: []resourcev1.DeviceToleration{{
						Key: "gpu.example.com/maintenance", Operator: resourcev1.DeviceTolerationOpExists,
						Effect: resourcev1.DeviceTaintEffectNoSchedule,
					}},
				}},
				{Name: "nic", FirstAvailable: []resourcev1.DeviceSubRequest{
					{Name: "rdma", DeviceClassName: "rdma.nic.example.com", AllocationMode: resourcev1.DeviceAllocationModeExactCount, Count: 1},
					{Name: "ethernet", DeviceClassName: "nic.example.com", AllocationMode: resourcev1.DeviceAllocationModeExactCount, Count: 1},
				}},
			},
			Constraints: []resourcev1.DeviceConstraint{{
				Requests: []string{"gpu", "nic"}, MatchAttribute: ptr(resourcev1.FullyQualifiedName("example.com/pcieRoot")),
			}},
			Config: []resourcev1.DeviceClaimConfiguration{{
				Requests: []string{"gpu"},
				DeviceConfiguration: resourcev1.DeviceConfiguration{Opaque: &resourcev1.OpaqueDeviceConfiguration{
					Driver: "gpu.example.com", Parameters: runtime.RawExtension{Raw: []byte(`{"sharing":{"strategy":"TimeSlicing"}}`)},
				}},
			}},
		}},
		Status: resourcev1.ResourceClaimStatus{
			Allocation: &resourcev1.AllocationResult{
				Devices: resourcev1.DeviceAllocationResult{
					Results: []resourcev1.DeviceRequestAllocationResult{
						{Request: "gpu", Driver: "gpu.example.com", Pool: "node-7", Device: "gpu-0"},
						{Request: "gpu", Driver: "gpu.example.com", Pool: "node-7", Device: "gpu-1"},
						{Request: "nic/rdma", Driver: "nic.example.com", Pool: "node-7", Device: "mlx5-0"},
					},
					Config: []resourcev1.DeviceAllocationConfiguration{{
						Source: resourcev1.AllocationConfigSourceClaim, Requests: []string{"gpu"},
						DeviceConfiguration: resourcev1.DeviceConfiguration{Opaque: &resourcev1.OpaqueDeviceConfiguration{
							Driver: "gpu.example.com", Parameters: runtime.RawExtension{Raw: []byte(`{"sharing":{"strategy":"TimeSlicing"}}`)},
						}},
					}},
				},
				NodeSelector: &corev1.NodeSelector{NodeSelectorTerms: []corev1.NodeSelectorTerm{{
					MatchFields: []corev1.NodeSelectorRequirement{{Key: "metadata.name", Operator: corev1.NodeSelectorOpIn, Values: []string{"node-7"}}},
				}}},
				AllocationTimestamp: &created,
			},
			ReservedFor: []resourcev1.ResourceClaimConsumerReference{
				{Resource: "pods", Name: "trainer-0", UID: types.UID("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0")},
			},
			Devices: []resourcev1.AllocatedDeviceStatus{{
				Driver: "nic.example.com", Pool: "node-7", Device: "mlx5-0",
				Conditions: []metav1.Condition{{
					Type: "Ready", Status: metav1.ConditionTrue, ObservedGeneration: 1,
					LastTransitionTime: created, Reason: "InterfaceConfigured", Message: "interface is up",
				}},
				NetworkData: &resourcev1.NetworkDeviceData{
					InterfaceName: "net1", IPs: []string{"10.20.30.40/24", "fd00:10:20::28/64"},
					HardwareAddress: "b8:ce:f6:12:34:56",
				},
			}},
		},
	}
}

// changedClaim is validClaim with one change, as the scheduler makes it: a second consumer.
func changedClaim() *resourcev1.ResourceClaim {
	c := validClaim()
	c.Status.ReservedFor = append(c.Status.ReservedFor, resourcev1.ResourceClaimConsumerReference{
		Resource: "pods", Name: "trainer-1", UID: types.UID("1a2b3c4d-5e6f-4a8b-9c0d-e1f2a3b4c5d6"),
	})
	return c
}

// invalidClaim is validClaim with five errors that the declarative validation of both generators
// reports (see TestSameErrors).
func invalidClaim() *resourcev1.ResourceClaim {
	c := validClaim()
	d := &c.Spec.Devices
	d.Requests = append(d.Requests, resourcev1.DeviceRequest{Name: "gpu", Exactly: &resourcev1.ExactDeviceRequest{
		DeviceClassName: "gpu.example.com", AllocationMode: resourcev1.DeviceAllocationModeAll,
	}}) // a duplicate request name
	d.Requests[0].Exactly.AllocationMode = "Most"                                                 // not an allocation mode
	d.Constraints[0].MatchAttribute = ptr(resourcev1.FullyQualifiedName("example.com/pcie-root")) // not a C identifier after the domain
	d.Config[0].Opaque.Driver = "GPU_example.com"                                                 // not a DNS subdomain
	c.Status.Allocation.Devices.Results[2].Pool = ""                                              // required
	return c
}

// metadataClaim is validClaim with five errors in the alpha checks of apimachinery's meta/v1
// (metav1.ObjectMeta and metav1.Condition), which upstream's validators call and this generator's
// apply where they are used: two immutable fields changed, a negative generation, and a device
// condition without a reason and with an unknown status.
func metadataClaim() *resourcev1.ResourceClaim {
	c := validClaim()
	c.UID = "6c3e2f4a-9d2b-4a6f-8b5c-3e7d8f9a0b12"
	c.CreationTimestamp = metav1.Date(2026, 11, 25, 11, 0, 0, 0, time.UTC)
	c.Generation = -1
	cond := &c.Status.Devices[0].Conditions[0]
	cond.Reason = ""
	cond.Status = "Maybe"
	return c
}
