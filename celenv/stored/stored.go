// Package stored is the CEL environment in which the Kubernetes API server evaluates stored
// expressions (the x-kubernetes-validations of CRDs it has persisted), built from cel-go and the
// Kubernetes CEL libraries (k8s.io/apiserver/pkg/cel/library) alone.
//
// The API server gets this environment from k8s.io/apiserver/pkg/cel/environment
// (MustBaseEnvSet(v).StoredExpressionsEnv()): every library option of its base set that the pinned
// libraries have not removed, whatever the compatibility version. That package links the server's
// component-base metrics (Prometheus, OpenTelemetry) through its compatibility-version registry, so
// generated validators, which are imported by every client of an API package, cannot use it. This
// package lists the same options and nothing else; stored_test.go proves the two environments equal
// (functions, overloads, macros and behaviour on probe expressions), so bumping k8s.io/apiserver
// fails the test until the list follows.
//
// Package celenv (the generator's side) checks new rules in the API server's environment for new
// expressions at a compatibility version, which is this environment with the later libraries left
// out: a rule the generator accepts compiles here, as the API server compiles it after storing it.
package stored

import (
	"sync"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/checker"
	"github.com/google/cel-go/ext"
	"github.com/google/cel-go/interpreter"

	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/library"
)

// envOptions are the base environment's declarations and checker settings.
func envOptions() []cel.EnvOption {
	return []cel.EnvOption{
		// The checker's settings.
		cel.HomogeneousAggregateLiterals(),
		cel.EagerlyValidateDeclarations(true),
		cel.DefaultUTCTimeZone(true),
		cel.CrossTypeNumericComparisons(true),
		cel.OptionalTypes(),
		cel.ASTValidators(
			cel.ValidateDurationLiterals(),
			cel.ValidateTimestampLiterals(),
			cel.ValidateRegexLiterals(),
			cel.ValidateHomogeneousAggregateLiterals(),
		),
		cel.CostEstimatorOptions(checker.PresenceTestHasCost(false)),

		// cel-go's extension libraries.
		ext.Strings(ext.StringsVersion(2)),
		ext.Sets(),
		ext.TwoVarComprehensions(),
		ext.Lists(ext.ListsVersion(3)),

		// The Kubernetes libraries.
		library.URLs(),
		library.Regex(),
		library.Lists(library.ListsVersion(1)),
		library.Authz(),
		library.AuthzSelectors(),
		library.Quantity(),
		library.IP(),
		library.CIDR(),
		library.Format(),
		library.SemverLib(library.SemverVersion(1)),
	}
}

// ProgramOptions are the options of every program the API server plans from this environment:
// cost tracking with the Kubernetes libraries' cost model and the per-call cost limit
// (celconfig.PerCallLimit). Programs planned from Env get them without asking.
func ProgramOptions() []cel.ProgramOption {
	return []cel.ProgramOption{
		cel.EvalOptions(cel.OptOptimize, cel.OptTrackCost),
		cel.CostLimit(celconfig.PerCallLimit),
		cel.CostTrackerOptions(interpreter.PresenceTestHasCost(false)),
		cel.CostTracking(&library.CostEstimator{}),
	}
}

// programs carries ProgramOptions into every program of the environment, as a cel.Library does.
type programs struct{}

func (programs) CompileOptions() []cel.EnvOption     { return nil }
func (programs) ProgramOptions() []cel.ProgramOption { return ProgramOptions() }

var (
	once sync.Once
	env  *cel.Env
	err  error
)

// Env is the stored-expressions environment, built once per process. Extend it with the variables
// of a place (self, oldSelf) to compile rules.
func Env() (*cel.Env, error) {
	once.Do(func() {
		env, err = cel.NewEnv(append(envOptions(), cel.Lib(programs{}))...)
	})
	return env, err
}
