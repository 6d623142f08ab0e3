package badpattern

// Spec has patterns that do not compile.
type Spec struct {
	// +pattern=`^[a-z+$`
	Name string `json:"name"`

	// +pattern="^a**$"
	Other string `json:"other"`

	// Perl's look-ahead is not RE2.
	// +pattern=`^(?=x)`
	Third string `json:"third"`
}
