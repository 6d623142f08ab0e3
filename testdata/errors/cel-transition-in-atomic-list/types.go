// Package celtransitioninatomiclist has a transition rule on the items of an atomic list (the
// default list type) and of a set, where old and new items cannot be correlated.
package celtransitioninatomiclist

// Spec holds the lists.
type Spec struct {
	// +maxItems=16
	Steps []Step `json:"steps"`

	// +listType=set
	// +maxItems=16
	Tags []Tag `json:"tags"`
}

// Step may not change its image.
//
// +validationRule=`self.image == oldSelf.image`,message="image is immutable"
type Step struct {
	// +maxLength=512
	Image string `json:"image"`
}

// Tag may not change.
//
// +maxLength=63
// +immutable
type Tag string
