// Package enumexclude exercises +k8s:enumExclude: a constant of an enum type whose value is not
// supported, always or (under +k8s:ifEnabled / +k8s:ifDisabled) only under a validation option.
//
// +k8s:validation-gen=*
package enumexclude

// Mode is an enum with excluded values.
//
// +k8s:enum
type Mode string

const (
	// ModeOn is always supported.
	ModeOn Mode = "On"
	// ModeLegacy is never supported, and not published.
	// +k8s:enumExclude
	ModeLegacy Mode = "Legacy"
	// ModeNew is supported only when the option New is enabled.
	// +k8s:ifDisabled(New)=+k8s:enumExclude
	ModeNew Mode = "New"
	// ModeOld is not supported once the option New is enabled.
	// +k8s:ifEnabled(New)=+k8s:enumExclude
	ModeOld Mode = "Old"
)

// Spec has a mode.
type Spec struct {
	Mode Mode `json:"mode"`
}
