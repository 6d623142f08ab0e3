// Package celoptionaloldselfunused sets optionalOldSelf on a rule that never reads oldSelf.
package celoptionaloldselfunused

// Spec holds a version.
type Spec struct {
	// +validationRule=`self >= 1`,optionalOldSelf,message="version starts at 1"
	Version int64 `json:"version"`
}
