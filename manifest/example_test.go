package manifest_test

import (
	"fmt"
	"os"

	"github.com/validation-gen/validation-gen/manifest"
)

// An API author's test checks the sample manifests against the CRDs validation-gen generated, as
// the API server would check them: here a sample that breaks a CEL rule of the CRD.
func Example() {
	schemas := manifest.NewSchemas()
	if err := schemas.AddCRDs("../examples/api/crds"); err != nil {
		fmt.Println(err)
		return
	}
	v, err := manifest.New(schemas, manifest.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	report, err := v.ValidatePaths("testdata/samples")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range report.Documents {
		for _, e := range d.Errors {
			fmt.Printf("%s:%d:%d: %s\n", d.File, e.Line, e.Column, e.Text())
		}
	}
	_ = manifest.WriteReport(os.Stdout, report, "text") // the same, as validate prints it
	// Output:
	// testdata/samples/pool.yaml:11:7: spec.template.containers[0].image: Invalid value: "example.com/web:latest": image example.com/web:latest must name a version, not :latest
	// testdata/samples/pool.yaml:11:7: spec.template.containers[0].image: Invalid value: "example.com/web:latest": image example.com/web:latest must name a version, not :latest
}
