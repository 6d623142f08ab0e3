// Package v1 has values that marshal themselves as strings, with a type override and string
// limits, as controller-gen documents them, or as text: the CRD is controller-gen's, and the generated
// validators check the limits on the value's JSON form, what the API server sees.
//
// +groupName=typejson.example.com
package v1

import (
	"encoding/json"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Session is a kind.
//
// +kubebuilder:object:root=true
type Session struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec SessionSpec `json:"spec"`
}

// SessionSpec is the desired state.
type SessionSpec struct {
	// Token is written as id.secret.
	Token Token `json:"token"`

	// Interval is a duration, with controller-gen's spelling of its pattern.
	//
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:Pattern="^([0-9]+(\\.[0-9]+)?(ms|s|m|h))+$"
	// +optional
	Interval *metav1.Duration `json:"interval,omitempty"`

	// Pair is written as a:b, by its MarshalText: a string for encoding/json and controller-gen.
	// +optional
	Pair *Pair `json:"pair,omitempty"`
}

// Pair marshals itself as text.
//
// +kubebuilder:validation:MaxLength=5
type Pair struct {
	A, B string
}

// MarshalText writes a:b.
func (p Pair) MarshalText() ([]byte, error) { return []byte(p.A + ":" + p.B), nil }

// UnmarshalText reads a:b.
func (p *Pair) UnmarshalText(b []byte) error {
	p.A, p.B, _ = strings.Cut(string(b), ":")
	return nil
}

// Token is an id and a secret, written as one string.
//
// +kubebuilder:validation:Type=string
// +kubebuilder:validation:MinLength=3
// +kubebuilder:validation:MaxLength=12
type Token struct {
	ID, Secret string
}

// MarshalJSON writes the token as id.secret.
func (t Token) MarshalJSON() ([]byte, error) { return json.Marshal(t.ID + "." + t.Secret) }

// UnmarshalJSON reads id.secret.
func (t *Token) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	t.ID, t.Secret, _ = strings.Cut(s, ".")
	return nil
}
