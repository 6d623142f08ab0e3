// Package pattern exercises +pattern on fields, named types and alias chains.
//
// +groupName=pattern.example.com
package pattern

// Hex is a named type with a pattern, written back-quoted so that backslashes stay as they are.
//
// +pattern=`^[0-9a-f]+$`
type Hex string

// Digest adds a length to Hex; the pattern comes along the chain.
//
// +maxLength=64
type Digest = Hex

// Image uses +pattern on fields and through a named type and an alias.
type Image struct {
	// Repository has a double-quoted pattern: Go string escapes apply, so \\ is one backslash.
	// +pattern="^[a-z0-9]+(\\.[a-z0-9]+)*(/[a-z0-9]+)*$"
	Repository string `json:"repository"`

	// ID takes its pattern from Hex.
	ID Hex `json:"id"`

	// Digest takes its pattern from Hex and its length from Digest.
	Digest Digest `json:"digest"`

	// Tag may be empty or a word, on a pointer.
	// +pattern=`^(\w[\w.-]{0,127})?$`
	Tag *string `json:"tag,omitempty"`
}
