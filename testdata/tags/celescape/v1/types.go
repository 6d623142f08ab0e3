// Package v1 exercises the +k8s: rules the schema publishes about fields whose JSON names a CEL
// rule cannot write as they are: CEL's reserved words (namespace, in, return, package, var, let)
// and names with '-', '.', '/' or "__". The API server names such a property by its escaped form
// (__namespace__, x__dash__ref, a__dot__b, a__slash__b, a__underscores__b), and a rule's fieldPath
// names it in brackets where a dot would split it (['a.b']). Every rule below is published, so a
// CRD enforces what the Go validators do.
//
// +groupName=celescape.example.com
// +k8s:validation-gen=*
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a root kind.
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec has a field of every escaping class, each in a rule of another +k8s: tag. A rule written
// by hand names them escaped too, and the Go validators run it as the server does.
//
// +validationRule="!has(self.x__dash__ref) || size(self.x__dash__ref) <= 3",message="x-ref is too long",field="x-ref"
type Spec struct {
	// A reserved word, in +k8s:forbidden's rule.
	// +k8s:forbidden
	Namespace *string `json:"namespace,omitempty"`

	// A reserved word, in +k8s:update's transition rule.
	// +k8s:optional
	// +k8s:update=NoModify
	In string `json:"in,omitempty"`

	// Reserved words, members of a union.
	// +k8s:optional
	// +k8s:unionMember
	Return *string `json:"return,omitempty"`

	// +k8s:optional
	// +k8s:unionMember
	Package *string `json:"package,omitempty"`

	// Reserved words, in +k8s:dependentRequired's rule.
	// +k8s:optional
	// +k8s:dependentRequired("let")
	Var *string `json:"var,omitempty"`

	// +k8s:optional
	Let *string `json:"let,omitempty"`

	// A dash, in +k8s:update's transition rule.
	// +k8s:optional
	// +k8s:update=NoSet
	XRef *string `json:"x-ref,omitempty"`

	// A dot: a subfield's rule, reported at ['a.b'].
	// +k8s:optional
	// +k8s:subfield("a.b")=+k8s:maximum=3
	Dotted *Dotted `json:"dotted,omitempty"`

	// A discriminated union whose discriminator and member have dashes.
	// +k8s:optional
	Modes *Modes `json:"modes,omitempty"`

	// A slash and a double underscore, members of a union of at most one.
	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	Slashed *string `json:"a/b,omitempty"`

	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	Underscored *string `json:"a__b,omitempty"`

	// A list map whose key has a dash: +k8s:item selects items by it.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=key-name
	// +k8s:item(key-name: "fixed")=+k8s:subfield(value)=+k8s:maximum=1
	Items []Item `json:"items,omitempty"`
}

// Dotted has a field whose JSON name holds a dot.
type Dotted struct {
	// +k8s:optional
	AB int32 `json:"a.b,omitempty"`
}

// Modes is a discriminated union: mode-x names the member that is set.
type Modes struct {
	// +k8s:unionDiscriminator
	Mode string `json:"mode-x"`

	// +k8s:optional
	// +k8s:unionMember(memberName: "first-one")
	FirstOne *string `json:"first-one,omitempty"`

	// +k8s:optional
	// +k8s:unionMember(memberName: "second")
	Second *string `json:"second,omitempty"`
}

// Item is an item of a list map keyed by key-name.
type Item struct {
	// +k8s:required
	Key string `json:"key-name"`

	// +k8s:optional
	Value int32 `json:"value,omitempty"`
}
