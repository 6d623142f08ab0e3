// Package consumer uses a type of ../types; its validators check it as ../external's do.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package consumer

import "validationgen.test/perpackage/types"

// Consumer holds a Part.
type Consumer struct {
	TypeMeta int `json:"typeMeta"`

	// +k8s:optional
	Shared *types.Part `json:"shared,omitempty"`
}
