// Package enumexclude exercises +k8s:enumExclude: constants of a +k8s:enum type that are not values
// of the enum, always or while an option is enabled (disabled).
//
// +k8s:validation-gen=*
package enumexclude

// Mode is an enum with a retired value, which the schema does not list either.
//
// +k8s:enum
type Mode string

const (
	// ModeFast is fast.
	ModeFast Mode = "Fast"
	// ModeSlow is slow.
	ModeSlow Mode = "Slow"

	// ModeLegacy is retired: not a value of the enum.
	// +k8s:enumExclude
	ModeLegacy Mode = "Legacy"
)

// Stage is an enum whose values depend on options; the schema lists them all.
//
// +k8s:enum
type Stage string

const (
	// StageAlpha is excluded while Ga is enabled.
	// +k8s:ifEnabled(Ga)=+k8s:enumExclude
	StageAlpha Stage = "Alpha"

	// StageBeta is excluded while Betas is disabled.
	// +k8s:ifDisabled(Betas)=+k8s:enumExclude
	StageBeta Stage = "Beta"

	// StageGA is always a value.
	StageGA Stage = "GA"

	// StageOld is excluded while Ga is enabled or Betas is disabled.
	// +k8s:ifEnabled(Ga)=+k8s:enumExclude
	// +k8s:ifDisabled(Betas)=+k8s:enumExclude
	StageOld Stage = "Old"
)

// Spec uses the enums.
type Spec struct {
	// +k8s:optional
	Mode Mode `json:"mode,omitempty"`

	// +k8s:optional
	Stage *Stage `json:"stage,omitempty"`

	// +k8s:optional
	// +k8s:eachVal=+k8s:minLength=1
	Stages []Stage `json:"stages,omitempty"`
}
