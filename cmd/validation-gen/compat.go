package main

import (
	"fmt"
	"sort"

	apiextfeatures "k8s.io/apiextensions-apiserver/pkg/features"
	"k8s.io/apimachinery/pkg/util/version"
	utilfeature "k8s.io/apiserver/pkg/util/feature"

	"github.com/validation-gen/validation-gen/celenv"
)

// compatRange returns the --compatibility-version values the pinned libraries answer for.
//
// The newest is the Kubernetes version of the pinned k8s.io/apiserver: its CEL environment and
// its list of formats know no later release, so a later version would silently be treated as this
// one. The oldest is the first version whose API server, with its default feature gates, accepts
// everything validation-gen writes into a CRD and enforces it as the generated validators do: the
// one that turns CRDValidationRatcheting on (ratcheting of updates, and optionalOldSelf, which that
// gate guards), read from the pinned k8s.io/apiextensions-apiserver. The CEL environment alone gives
// no floor: its history starts at an artificial 1.0.
func compatRange() (oldest, newest *version.Version, err error) {
	newest = celenv.DefaultVersion()
	specs := utilfeature.DefaultMutableFeatureGate.GetAllVersioned()[apiextfeatures.CRDValidationRatcheting]
	sort.Slice(specs, func(i, j int) bool { return specs[i].Version.LessThan(specs[j].Version) })
	for _, s := range specs {
		if s.Default {
			return version.MajorMinor(s.Version.Major(), s.Version.Minor()), newest, nil
		}
	}
	return nil, nil, fmt.Errorf("the pinned k8s.io/apiextensions-apiserver never enables %s by default", apiextfeatures.CRDValidationRatcheting)
}

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
