package check

import (
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
)

// TestCostLimits keeps the cost limits equal to the API server's, which check spells out rather
// than import (see PerRuleCostLimit).
func TestCostLimits(t *testing.T) {
	if PerRuleCostLimit != validation.StaticEstimatedCostLimit {
		t.Errorf("PerRuleCostLimit = %d, the API server's StaticEstimatedCostLimit is %d", PerRuleCostLimit, validation.StaticEstimatedCostLimit)
	}
	if PerKindCostLimit != validation.StaticEstimatedCRDCostLimit {
		t.Errorf("PerKindCostLimit = %d, the API server's StaticEstimatedCRDCostLimit is %d", PerKindCostLimit, validation.StaticEstimatedCRDCostLimit)
	}
}
