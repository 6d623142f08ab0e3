// Package own is written in this generator's own dialect and uses a type of ../types too.
package own

import "validationgen.test/perpackage/types"

// Holder holds a Part.
type Holder struct {
	// +maxLength=5
	Name string `json:"name"`

	Part types.Part `json:"part"`
}
