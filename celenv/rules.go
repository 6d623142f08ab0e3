package celenv

import (
	"fmt"
	"sync"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"

	celmodel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/util/version"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

// RuleEnvs are the environments in which an API server of version server type-checks the new
// rules at a place whose CRD-style schema is schemaJSON: self of the schema's type (with
// apiVersion, kind and metadata at a resource root), oldSelf of the same type, or optional of it
// for rules with optionalOldSelf, as apiextensions' Compile declares them.
type RuleEnvs struct {
	OldSelf, OptionalOldSelf *cel.Env
}

var (
	ruleEnvsMu sync.Mutex
	ruleEnvs   = map[string]*RuleEnvs{}
)

// Envs returns the rule environments of a place, built once per schema, place kind and version.
func Envs(schemaJSON []byte, resourceRoot bool, server *version.Version) (*RuleEnvs, error) {
	key := fmt.Sprintf("%s|%v|%s", CELVersion(server), resourceRoot, schemaJSON)
	ruleEnvsMu.Lock()
	defer ruleEnvsMu.Unlock()
	if e, ok := ruleEnvs[key]; ok {
		return e, nil
	}
	ss, err := Structural(schemaJSON)
	if err != nil {
		return nil, err
	}
	declType := celmodel.SchemaDeclType(ss, resourceRoot)
	if declType == nil {
		return nil, fmt.Errorf("the schema has no CEL type")
	}
	self := declType.MaybeAssignTypeName("selfType")
	extend := func(oldSelf *cel.Type) (*cel.Env, error) {
		set, err := EnvSet(server).Extend(
			environment.VersionedOptions{
				IntroducedVersion: version.MajorMinor(1, 0),
				EnvOptions:        []cel.EnvOption{cel.Variable("self", self.CelType())},
				DeclTypes:         []*apiservercel.DeclType{self},
			},
			environment.VersionedOptions{
				IntroducedVersion: version.MajorMinor(1, 24),
				EnvOptions:        []cel.EnvOption{cel.Variable("oldSelf", oldSelf)},
			},
		)
		if err != nil {
			return nil, err
		}
		return set.NewExpressionsEnv(), nil
	}
	e := &RuleEnvs{}
	if e.OldSelf, err = extend(self.CelType()); err != nil {
		return nil, err
	}
	if e.OptionalOldSelf, err = extend(types.NewOptionalType(self.CelType())); err != nil {
		return nil, err
	}
	ruleEnvs[key] = e
	return e, nil
}
