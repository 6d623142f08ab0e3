package defaultinvalid

// Spec has defaults that their own fields reject: every object omitting the field would be
// invalid, and the API server rejects such a CRD.
type Spec struct {
	// +default=100
	// +maximum=10
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// +default="TOOLONG"
	// +maxLength=3
	// +optional
	Code string `json:"code,omitempty"`

	// +default="b"
	// +validationRule="self == 'a'",message="must be a"
	// +optional
	Letter string `json:"letter,omitempty"`

	// +default="x"
	// +optional
	Mode Mode `json:"mode,omitempty"`

	// +default=5
	// +maximum=10
	// +optional
	Fine int32 `json:"fine,omitempty"`
}

// Mode is an enum.
// +enum
type Mode string

const (
	ModeA Mode = "a"
	ModeB Mode = "b"
)

// Huge has a default beyond float64.
type Huge struct {
	// +default=1e400
	// +optional
	Ratio float64 `json:"ratio,omitempty"`
}
