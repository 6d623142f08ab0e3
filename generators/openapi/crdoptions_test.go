package openapi

import (
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/validation-gen/validation-gen/model"
)

func TestParseCRDOptions(t *testing.T) {
	var o model.Options
	if err := ParseCRDOptions("crd:crdVersions={v1},maxDescLen=0,generateEmbeddedObjectMeta=true,allowDangerousTypes=true,ignoreUnexportedFields=true", &o); err != nil {
		t.Fatal(err)
	}
	if c := o.CRD; c.MaxDescLen == nil || *c.MaxDescLen != 0 || !o.EmbeddedObjectMeta || !c.AllowDangerousTypes || !c.IgnoreUnexportedFields {
		t.Errorf("got %+v", o)
	}
	o = model.Options{}
	if err := ParseCRDOptions("maxDescLen=10", &o); err != nil || *o.CRD.MaxDescLen != 10 || o.CRD.AllowDangerousTypes || o.EmbeddedObjectMeta {
		t.Errorf("without the crd: prefix: %+v, %v", o, err)
	}
	for in, want := range map[string]string{
		"maxDescLen=ten":              "expected integer",
		"maxDesclen=1":                `unknown argument "maxDesclen"`,
		"crdVersions=v1beta1":         `"v1beta1" is not supported`,
		"headerFile=hack/boiler.txt":  "headerFile and year are controller-gen's",
		"allowDangerousTypes=yes":     "expected true or false",
		"trivialVersions=true":        `unknown argument "trivialVersions"`,
		"generateEmbeddedObjectMeta=": "expected",
	} {
		if err := ParseCRDOptions(in, &model.Options{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one with %q", in, err, want)
		}
	}
}

// The descriptions controller-gen v0.21.0 writes with crd:maxDescLen, for the same input.
func TestTruncateDescriptions(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"Foo is a foo. It has a long description that goes on.", 40, "Foo is a foo."},
		{"APIVersion defines the versioned schema of this representation of an object.", 40, "APIVersion defines the versioned schema..."},
		{"Averyveryveryverylongwordwithoutanyblanks", 10, "Averyveryv..."},
		{"Short.", 40, "Short."},
		{"Anything", 0, ""},
		{"Anything at all", -1, "Anything at all"},
	} {
		s := &apiextv1.JSONSchemaProps{Description: c.in, Properties: map[string]apiextv1.JSONSchemaProps{"x": {Description: c.in}},
			Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{Description: c.in}}}
		truncateDescriptions(s, c.max)
		if s.Description != c.want || s.Properties["x"].Description != c.want || s.Items.Schema.Description != c.want {
			t.Errorf("%q at %d: got %q, %q, %q; want %q", c.in, c.max, s.Description, s.Properties["x"].Description, s.Items.Schema.Description, c.want)
		}
	}
}
