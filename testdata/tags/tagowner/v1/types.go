// Package v1 shows that a tag belongs to exactly one declaration: the doc comment go/ast attaches
// to it, and for a type also Kubernetes' second block (one blank line above the doc comment) when
// no other declaration lies between. Short, Detached, Grouped, SecondBlock, BeforeDecl and the
// field Tagged carry a limit; the others, each just after one of them, carry none. CRD generation
// needs a version package, hence v1/.
//
// +groupName=tagowner.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient
// +genclient:nonNamespaced

// Zone takes +genclient:nonNamespaced from the block above its doc comment, as Kubernetes writes
// it: its CRD is cluster-scoped.
type Zone struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec ZoneSpec `json:"spec,omitempty"`
}

// +maxLength=3
type Short string
type AfterShort string

type Trailing string // +maxLength=4
type AfterTrailing string

// +maxLength=5
type Detached string

type AfterDetached string

type (
	// +maxLength=6
	Grouped      string
	AfterGrouped string
)

// +minLength=7

type SecondBlock string

// +minLength=8

type BeforeDecl string
type AfterDecl string

func helper() {
} // +minLength=9

type AfterFunc string

// ZoneSpec uses every type above, and shows that a field's doc comment is its own.
type ZoneSpec struct {
	Short         Short         `json:"short"`
	AfterShort    AfterShort    `json:"afterShort"`
	Trailing      Trailing      `json:"trailing"`
	AfterTrailing AfterTrailing `json:"afterTrailing"`
	Detached      Detached      `json:"detached"`
	AfterDetached AfterDetached `json:"afterDetached"`
	Grouped       Grouped       `json:"grouped"`
	AfterGrouped  AfterGrouped  `json:"afterGrouped"`
	SecondBlock   SecondBlock   `json:"secondBlock"`
	BeforeDecl    BeforeDecl    `json:"beforeDecl"`
	AfterDecl     AfterDecl     `json:"afterDecl"`
	AfterFunc     AfterFunc     `json:"afterFunc"`

	// +maxLength=10
	Tagged string `json:"tagged"`
	Next   string `json:"next"`

	Commented string `json:"commented"` // a trailing comment (with a tag, it is an error: errors/trailingcomment)
	Below     string `json:"below"`
}
