// Package packagetags has mistakes in its package tags.
//
// +groupName=a.example.com
// +groupName=b.example.com
// +grouName=c.example.com
// +maxLength=3
package packagetags

// Spec is a type.
type Spec struct {
	Name string `json:"name"`
}
