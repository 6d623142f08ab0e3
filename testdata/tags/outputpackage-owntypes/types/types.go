// Package types declares the API types; their validators are generated into ../validation.
package types

// Widget is a kind.
type Widget struct {
	TypeMeta int `json:"typeMeta"`

	// +k8s:maxLength=3
	Name string `json:"name"`
}
