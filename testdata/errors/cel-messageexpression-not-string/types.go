// Package celmessageexpressionnotstring has a messageExpression that computes a number, not a
// string.
package celmessageexpressionnotstring

// Spec holds replicas.
type Spec struct {
	// +validationRule=`self <= 10`,messageExpression=`self - 10`
	Replicas int32 `json:"replicas"`
}
