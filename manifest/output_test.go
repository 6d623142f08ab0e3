package manifest_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"testing"

	"github.com/validation-gen/validation-gen/manifest"
)

func report(t *testing.T, format string) []byte {
	t.Helper()
	v := newValidator(t, manifest.Options{})
	r, err := v.ValidatePaths("testdata/pools.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := manifest.WriteReport(&b, r, format); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestJSONContract reads -o json as a tool would: the documented fields, with their types.
func TestJSONContract(t *testing.T) {
	var r struct {
		Documents []struct {
			File       string `json:"file"`
			Index      *int   `json:"index"`
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Namespace  string `json:"namespace"`
			Name       string `json:"name"`
			Valid      *bool  `json:"valid"`
			Errors     []struct {
				Field, Type, Detail string
				Line, Column        int
				Related             []struct{ Line, Column int }
			} `json:"errors"`
			Warnings []json.RawMessage `json:"warnings"`
		} `json:"documents"`
	}
	if err := json.Unmarshal(report(t, "json"), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Documents) != 4 {
		t.Fatalf("%d documents, want 4", len(r.Documents))
	}
	for i, d := range r.Documents {
		if d.File != "testdata/pools.yaml" || d.Index == nil || *d.Index != i || d.Valid == nil || d.Warnings == nil || d.Errors == nil {
			t.Errorf("document %d: %+v", i, d)
		}
	}
	d := r.Documents[2]
	if *d.Valid || len(d.Errors) != 1 || d.Errors[0].Type != manifest.TypeDuplicateField || d.Errors[0].Field != "spec.replicas" ||
		d.Errors[0].Line != 37 || len(d.Errors[0].Related) != 1 || d.Errors[0].Related[0].Line != 36 || d.Name != "dup" || d.Namespace != "default" {
		t.Errorf("the duplicate field: %+v", d)
	}
}

// TestSARIF checks what SARIF 2.1.0 requires of the properties written: a version, a run with a
// named driver, results with a message, a level of the closed set, a rule index into the
// driver's rules, and physical locations with a URI and a region starting at line and column 1
// or more.
func TestSARIF(t *testing.T) {
	var log struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine, StartColumn int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(report(t, "sarif"), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || log.Schema == "" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name == "" {
		t.Fatalf("log: %+v", log)
	}
	run := log.Runs[0]
	if len(run.Results) != 3 {
		t.Errorf("%d results, want 3", len(run.Results))
	}
	for _, r := range run.Results {
		if r.Message.Text == "" || (r.Level != "error" && r.Level != "warning") || r.RuleIndex >= len(run.Tool.Driver.Rules) ||
			run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID || len(r.Locations) != 1 {
			t.Errorf("result: %+v", r)
			continue
		}
		l := r.Locations[0].PhysicalLocation
		if l.ArtifactLocation.URI != "testdata/pools.yaml" || l.Region.StartLine < 1 || l.Region.StartColumn < 1 {
			t.Errorf("location: %+v", l)
		}
	}
}

func TestJUnit(t *testing.T) {
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Text string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(report(t, "junit"), &suites); err != nil {
		t.Fatal(err)
	}
	if suites.Tests != 4 || suites.Failures != 3 || len(suites.Suites) != 1 || suites.Suites[0].Cases[0].Name != "WorkerPool default/web" {
		t.Errorf("junit: %+v", suites)
	}
}
