package boundoutofrange

// Spec has bounds that the Go type of their value cannot hold: the generated comparison would not
// compile, and the bound could never be reached.
type Spec struct {
	// +maximum=3000000000
	Replicas int32 `json:"replicas"`

	// +minimum=-1
	Count uint32 `json:"count"`

	// +maximum=300
	Small uint8 `json:"small"`

	// +maximum=1e39
	Ratio float32 `json:"ratio"`

	// +minimum=0x10
	Hex int64 `json:"hex"`

	// +maximum=9223372036854775807
	Max int64 `json:"max"`

	// +multipleOf=70000
	Short int16 `json:"short"`
}
