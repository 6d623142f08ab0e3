// Package listmapkey exercises +listMapKey: the key fields of the items of a +listType=map list.
//
// +groupName=listmapkey.example.com
package listmapkey

// Port is an item keyed by name, or by number and protocol.
type Port struct {
	// Name of the port.
	Name string `json:"name"`
	// Number of the port.
	Number int32 `json:"number"`
	// Protocol of the port; optional, but a key may be optional when it has a default.
	// +optional
	// +default="TCP"
	Protocol string `json:"protocol,omitempty"`
}

// PortList is a named map list: its key is declared on the type.
//
// +listType=map
// +listMapKey=name
type PortList []Port

// Service shows single and composite keys.
type Service struct {
	// Ports keyed by name.
	// +listType=map
	// +listMapKey=name
	Ports []Port `json:"ports"`

	// Bindings keyed by number and protocol (a composite key, in the +k8s: spelling).
	// +listType=map
	// +k8s:listMapKey=number
	// +k8s:listMapKey=protocol
	Bindings []Port `json:"bindings"`

	// Named takes its list type and key from PortList.
	Named PortList `json:"named"`
}
