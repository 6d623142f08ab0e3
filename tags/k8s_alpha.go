package tags

import (
	"regexp"

	"github.com/validation-gen/validation-gen/model"
)

func init() { Register(levelDef("k8s:alpha", "Alpha")) }

// kubeVersion is the form of a stability level's since argument: <major>.<minor>.
var kubeVersion = regexp.MustCompile(`^[0-9]+\.[0-9]+$`)

// levelDef defines +k8s:alpha or +k8s:beta: the chained tag applies to the same value, and the
// errors it causes are marked with the stability level (field.Error.MarkAlpha / MarkBeta), as
// Kubernetes' validation-gen marks them.
func levelDef(name, level string) *Def {
	return &Def{
		Name: name, Scopes: ScopeType | ScopeField, Typed: true, Repeatable: true,
		Value: Arg{Kind: ArgTag, Doc: "the tag whose validation has this stability level"},
		Args:  []Param{{Key: "since", Arg: Arg{Kind: ArgString}, Doc: "the Kubernetes version (e.g. \"1.37\") that added the validation"}},
		Doc: "Applies another tag as a validation at the " + level + " stability level: it validates as usual, and " +
			"every error it causes is marked " + level + " (field.Error's ValidationStabilityLevel), as Kubernetes' " +
			"validation-gen marks it; the schema does not publish it. Applied in packages written for Kubernetes' " +
			"validation-gen (+k8s:validation-gen) only. An optional since argument names the Kubernetes version (<major>.<minor>).",
		OpenAPI: "nothing: Go only", Example: "+" + name + `(since: "1.37")=+k8s:minimum=1`,
		Apply: func(c *Context) error {
			if a, ok := c.Args["since"]; ok && !kubeVersion.MatchString(a.Value) {
				return c.Errorf("since: %q is not a Kubernetes version (<major>.<minor>, e.g. \"1.37\")", a.Value)
			}
			if c.Lookup != nil && !c.Lookup.Upstream() {
				// Kubernetes enforces a validation at a level only through its own validation-gen's
				// code, beside hand-written validation; in a package not written for it (apimachinery's
				// meta/v1 as a dependency) it would reject objects Kubernetes accepts: not applied.
				return nil
			}
			at := level
			if c.place.Level != "" {
				// Inside another level (+k8s:beta=+k8s:eachVal=+k8s:alpha=...): the outer one marks
				// every error last, as upstream's generated code does.
				at = c.place.Level
			}
			c.ApplyPayloadHere(at)
			return nil
		},
	}
}

// stableWins keeps a value declared twice, once at a stability level and once without
// (+required and +k8s:beta=+k8s:required), stable: what a level wraps is not published in the
// schema (see the builder), and the stable declaration is, for openapi-gen. A declaration gated
// on an option (+k8s:ifEnabled) is not published either: an ungated one wins over it.
//
// The +k8s: declaration is kept beside it (model.Origin.K8s): generated Go of a package written for
// Kubernetes' validation-gen reads that one, at its level.
func stableWins(o *model.Origin, by model.Origin) {
	k8s := o.K8s
	if k8s == nil {
		k8s = by.K8s
	} else if by.K8s != nil {
		stableWins(k8s, *by.K8s)
	}
	if by.Level == "" && len(by.Options) == 0 {
		o.Level, o.Options = "", nil
	}
	o.K8s = k8s
}

// pendingUpstream lists tags of Kubernetes' validation-gen that this generator does not implement
// yet and that k8s.io/api writes inside +k8s:alpha / +k8s:beta / +k8s:ifEnabled: there they are
// ignored with a warning (as the wrappers were before they were implemented); elsewhere they stay
// unknown. A registered tag of the same name takes precedence.
var pendingUpstream = map[string]bool{"k8s:modeDiscriminator": true, "k8s:ifMode": true,
	"k8s:dependentRequired": true, "k8s:dependentForbidden": true}
