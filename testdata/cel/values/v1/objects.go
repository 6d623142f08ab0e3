package v1

import (
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// CELDiffObjects are valid objects of the kinds (internal/celdiff checks them compiled to Go, in
// cel-go and on the API server, and that they validate without allocating where
// CELDiffAllocFree says so).
func CELDiffObjects() map[string][]any {
	http := intstr.FromString("http")
	timeout, day := "30s", "2024-02-29"
	return map[string][]any{
		"Durations": {&Durations{Spec: DurationsSpec{Val1: "1h2m3.004s", Plain: "1h2m3.004s", List: []string{"1h", "1h2m3.004s", "2h"},
			Go: metav1.Duration{Duration: 90 * time.Second}}}},
		"Dates": {&Dates{Spec: DatesSpec{D: "1997-07-16", DT: "1997-07-16T19:20:30Z", Plain: "1997-07-16T18:20:30Z",
			Dates: []string{"1997-07-01", "1997-07-16"}, Start: metav1.NewTime(time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC))}}},
		"Numbers": {&Numbers{Spec: NumbersSpec{Port: intstr.FromInt32(80), Size: resource.MustParse("1Gi"), Small: 1, Medium: 2, Big: 3}}},
		"Shapes": {&Shapes{Spec: ShapesSpec{Empty: []string{}, ByName: map[ResourceName]int32{"cpu": 2}, Set: []string{"a", "b"},
			Items:  []ShapeItem{{Name: "a"}, {Name: "b", Port: 80}},
			Atomic: []ShapeItem{{Name: "a"}, {Name: "b"}}, Name: "web"}}},
		"Root": {&Root{ObjectMeta: metav1.ObjectMeta{Name: "web-1"}, Spec: RootSpec{Prefix: "web"}}},
		"Typical": {&Typical{ObjectMeta: metav1.ObjectMeta{Name: "web", GenerateName: "web-"}, Spec: TypicalSpec{
			Timeout: "30s", NotBefore: "2024-02-29T00:00:00Z", NotAfter: &metav1.Time{Time: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
			Ports: []TypicalPort{{Name: "http", Port: 80, TargetPort: &http}, {Name: "metrics", Port: 9090}},
			Zones: []string{"a", "c"}, Name: "web", Memory: resource.MustParse("128Mi"), MaxSurge: intstr.FromString("25%")}}},
		"Payloads": {&Payloads{Spec: PayloadsSpec{Type: "Binary", Binary: []byte("hello"), Timeout: &timeout,
			Day: &day, At: "2024-02-29T00:00:00Z", Timeouts: map[string]Timeout{"a": "1s", "b": "1m"}, Binaries: [][]byte{[]byte("x"), {}}}}},
	}
}

// CELDiffAllocFree are the kinds whose valid objects validate without allocating, on create and
// on an unchanged update: their rules run compiled to Go and build no strings or lists. (A Go
// string of format byte is decoded, which allocates: the Payloads object leaves Blob unset; a
// []byte is read as it is.)
func CELDiffAllocFree() []string { return []string{"Numbers", "Shapes", "Root", "Typical", "Payloads"} }
