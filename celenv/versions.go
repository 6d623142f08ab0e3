package celenv

import (
	"fmt"
	"sort"

	apiextfeatures "k8s.io/apiextensions-apiserver/pkg/features"
	"k8s.io/apimachinery/pkg/util/version"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
)

// Range returns the compatibility versions (--compatibility-version) the pinned libraries answer
// for, oldest first.
//
// The newest is the Kubernetes version of the pinned k8s.io/apiserver (DefaultVersion): its CEL
// environment and its list of formats know no later release, so a later version would silently be
// treated as this one. The oldest is the first version whose API server, with its default feature
// gates, accepts everything validation-gen writes into a CRD and enforces it as the generated
// validators do: the one that turns CRDValidationRatcheting on (ratcheting of updates, and
// optionalOldSelf, which that gate guards), read from the pinned k8s.io/apiextensions-apiserver.
// The CEL environment alone gives no floor: its history starts at an artificial 1.0.
func Range() (oldest, newest *version.Version, err error) {
	newest = DefaultVersion()
	specs := utilfeature.DefaultMutableFeatureGate.GetAllVersioned()[apiextfeatures.CRDValidationRatcheting]
	sort.Slice(specs, func(i, j int) bool { return specs[i].Version.LessThan(specs[j].Version) })
	for _, s := range specs {
		if s.Default {
			return version.MajorMinor(s.Version.Major(), s.Version.Minor()), newest, nil
		}
	}
	return nil, nil, fmt.Errorf("the pinned k8s.io/apiextensions-apiserver never enables %s by default", apiextfeatures.CRDValidationRatcheting)
}

// Versions lists every compatibility version of Range, oldest first.
func Versions() ([]*version.Version, error) {
	oldest, newest, err := Range()
	if err != nil {
		return nil, err
	}
	var out []*version.Version
	for v := oldest; !v.GreaterThan(newest); v = version.MajorMinor(v.Major(), v.Minor()+1) {
		out = append(out, v)
	}
	return out, nil
}
