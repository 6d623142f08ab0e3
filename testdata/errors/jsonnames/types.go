package jsonnames

// Base is embedded; its Name is shadowed by Spec's own.
type Base struct {
	// +maxLength=10
	Name string `json:"name"`
	// Note is shadowed too, but validates nothing: encoding/json drops it silently, and so does
	// the generator.
	Note string `json:"note"`
}

// Other is embedded beside Base; its ID collides with Base2's at the same depth.
type Other struct {
	ID string `json:"id"`
}

// Base2 is embedded.
type Base2 struct {
	ID string `json:"id"`
}

// Spec has repeated JSON names and fields encoding/json never writes.
type Spec struct {
	Base  `json:",inline"`
	Other `json:",inline"`
	Base2 `json:",inline"`

	Name string `json:"name"`
	Note string `json:"note"`

	// +minLength=1
	Hidden string `json:"-"`

	// +minLength=1
	secret string

	// Dash is named "-" in JSON (the comma makes it a name, not the skip marker).
	// +maxLength=3
	Dash string `json:"-,"`
}
