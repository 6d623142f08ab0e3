package genruntime

import (
	"math/rand"
	"testing"

	"k8s.io/kube-openapi/pkg/validation/strfmt"
)

// TestStandardFormatFastPaths: a value the allocation-free recognizers accept, kube-openapi's
// format registry accepts too (the recognizers may say false of a valid value: the registry then
// decides), on hand-picked and random values; and valid values do not allocate.
func TestStandardFormatFastPaths(t *testing.T) {
	samples := []string{"", "1997-07-16", "1997-07-16T19:20:30Z", "1997-07-16t19:20:30z", "1997-07-16T19:20:30.45+01:00",
		"1997-07-16T24:00:00Z", "1997-07-16T23:60:00Z", "1997-07-16T23:59:60Z", "1997-02-30T00:00:00Z", "2024-02-29T00:00:00Z",
		"1997-07-16T19:20:30", "1997-07-16T19:20:30.Z", "1997-07-16T19:20:30+0100", "1997-07-16T19:20:30+01:00x", "1997-7-16",
		"1997-07-16 19:20:30Z", "1h", "1h2m3.004s", "-1.5h", "1d", "P1D", "0", "", "1.5", "1h1h", "x", "10000-01-01T00:00:00Z"}
	r := rand.New(rand.NewSource(1))
	alphabet := "0123456789-:T.Zz+tdhms "
	base := []byte("1997-07-16T19:20:30.45+01:00")
	for i := 0; i < 20000; i++ {
		b := append([]byte{}, base[:r.Intn(len(base)+1)]...)
		for j := r.Intn(3); j > 0 && len(b) > 0; j-- {
			b[r.Intn(len(b))] = alphabet[r.Intn(len(alphabet))]
		}
		samples = append(samples, string(b))
	}
	for _, s := range samples {
		for _, name := range []string{"date-time", "datetime", "date", "duration"} {
			if validStandardFormat(name, s) && !strfmt.Default.Validates(name, s) {
				t.Errorf("%s %q: the fast path accepts what the registry refuses", name, s)
			}
		}
	}
	for name, s := range map[string]string{"date-time": "1997-07-16T19:20:30.45+01:00", "date": "1997-07-16", "duration": "1h2m3s"} {
		if errs := StandardFormat(name, s); errs != nil {
			t.Fatalf("%s %q: %v", name, s, errs)
		}
		if !validStandardFormat(name, s) {
			t.Errorf("%s %q: no fast path", name, s)
		}
		if n := testing.AllocsPerRun(100, func() { StandardFormat(name, s) }); n != 0 {
			t.Errorf("%s %q: %v allocations", name, s, n)
		}
	}
}
