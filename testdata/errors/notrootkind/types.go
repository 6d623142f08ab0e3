package notrootkind

// Spec is not a root kind: it does not embed metav1.TypeMeta, so tags for CRDs would do nothing.
//
// +plural=specs
// +storageversion
type Spec struct {
	Name string `json:"name"`
}
