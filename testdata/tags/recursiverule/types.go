package recursiverule

// Chain is recursive: its rule reads the recursive field, typed a few levels down (a recursive
// type cannot be a CRD, but its OpenAPI and its Go validators can carry rules).
// +validationRule="!has(self.next) || self.next.name != self.name",message="must differ from the next link"
type Chain struct {
	Name string `json:"name"`
	// +optional
	Next *Chain `json:"next,omitempty"`
}
