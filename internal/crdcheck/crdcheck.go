// Package crdcheck validates CustomResourceDefinition YAML the way a real API server does on
// create: strict decoding (unknown or duplicate fields are errors), defaulting, conversion to the
// internal type and apiextensions' ValidateCustomResourceDefinition, which also compiles every
// CEL rule and checks its cost.
package crdcheck

import (
	"context"
	"fmt"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/validation-gen/validation-gen/internal/crserver"
)

var scheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	install.Install(s)
	return s
}()

// Validate decodes one CRD strictly and runs the API server's CRD validation on it. It returns
// the decoded CRD and every problem found.
func Validate(data []byte) (*apiextv1.CustomResourceDefinition, error) {
	crd, err := crserver.ReadCRD(data)
	if err != nil {
		return nil, err
	}
	var internal apiextensions.CustomResourceDefinition
	if err := scheme.Convert(crd, &internal, nil); err != nil {
		return nil, fmt.Errorf("converting: %w", err)
	}
	if errs := validation.ValidateCustomResourceDefinition(context.Background(), &internal); len(errs) > 0 {
		return crd, errs.ToAggregate()
	}
	return crd, nil
}
