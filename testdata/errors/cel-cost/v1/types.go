// Package v1 has a CRD kind with a rule whose estimated cost is over the API server's limit
// because the list it reads has no +maxItems.
//
// +groupName=celcost.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gateway is a root kind, so its rules are held to the API server's CRD cost limits.
type Gateway struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GatewaySpec `json:"spec"`
}

// GatewaySpec holds listeners.
type GatewaySpec struct {
	// +validationRule=`self.all(a, self.exists_one(b, b.port == a.port))`,message="ports must be unique"
	Listeners []Listener `json:"listeners"`
}

// Listener is one port.
type Listener struct {
	// +maxLength=63
	Name string `json:"name"`
	Port int32  `json:"port"`
}
