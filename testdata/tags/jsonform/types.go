// Package jsonform has string limits on values whose Go type is not a string but that marshal
// themselves as one (metav1.Time, metav1.Duration): the schema says string, and the generated
// validators check the limits on the value's JSON form, the string the API server sees.
package jsonform

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Spec holds the fields.
type Spec struct {
	// Since is an RFC 3339 time, 20 characters in UTC without fractions.
	// +maxLength=20
	// +optional
	Since *metav1.Time `json:"since,omitempty"`

	// Timeout is a whole number of seconds below a minute.
	// +pattern=`^[0-9]+s$`
	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty"`
}
