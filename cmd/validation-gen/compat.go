package main

import (
	"fmt"

	apiextfeatures "k8s.io/apiextensions-apiserver/pkg/features"
	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
)

// compatRange returns the --compatibility-version values the pinned libraries answer for
// (celenv.Range says why these).
func compatRange() (oldest, newest *version.Version, err error) { return celenv.Range() }

// parseCompat parses --compatibility-version: major.minor (a patch version is accepted and
// ignored), within compatRange.
func parseCompat(s string) (*version.Version, error) {
	oldest, newest, err := compatRange()
	if err != nil {
		return nil, err
	}
	v, err := version.ParseMajorMinor(s)
	if err != nil {
		return nil, fmt.Errorf("%q is not a Kubernetes version: want major.minor, from %s to %s", s, oldest, newest)
	}
	switch {
	case v.GreaterThan(newest):
		return nil, fmt.Errorf("%s is newer than the pinned k8s.io/apiserver (%s), whose CEL environment and formats know "+
			"no later release; choose a version from %s to %s", v, newest, oldest, newest)
	case v.LessThan(oldest):
		return nil, fmt.Errorf("%s is older than %s, the first Kubernetes version whose API server accepts and enforces "+
			"what validation-gen writes (%s: ratcheting of updates and optionalOldSelf); choose a version from %s to %s",
			v, oldest, apiextfeatures.CRDValidationRatcheting, oldest, newest)
	}
	return v, nil
}
